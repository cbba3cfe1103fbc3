import { inSpan, isTracing, SpanKind } from '../../telemetry/tracing.js';
import type { BlobBackend, BlobLocation } from './blob-store.js';

/** The backend calls that reach storage (and so get a span); `close` and `scheme` do not. */
const TRACED = new Set(['ensureContainer', 'write', 'writeStream', 'stat', 'read', 'openRead', 'presign']);

/**
 * `backend` with a CLIENT span around each storage call: named `storage.<call>` (`storage.read`,
 * `storage.write`...), with `orch.storage.scheme`, `orch.storage.container` and `orch.storage.key`
 * (object keys name executions and nodes, never secrets). A failed call marks its span failed.
 */
export function tracedBackend(backend: BlobBackend): BlobBackend {
  return new Proxy(backend, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || typeof property !== 'string' || !TRACED.has(property)) {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (...args: unknown[]) => {
        const call = (): Promise<unknown> => Reflect.apply(value, target, args);
        if (!isTracing()) return call();
        const first = args[0];
        const location: BlobLocation =
          first && typeof first === 'object' && 'container' in first
            ? { container: String(first.container), key: 'key' in first ? String(first.key) : '' }
            : { container: String(first), key: '' };
        return inSpan(
          `storage.${property}`,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'orch.storage.scheme': target.scheme,
              'orch.storage.container': location.container,
              ...(location.key ? { 'orch.storage.key': location.key } : {}),
            },
          },
          call,
        );
      };
    },
  });
}
