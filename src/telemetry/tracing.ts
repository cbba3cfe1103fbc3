import {
  type Attributes,
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api';
import { ORCH_VERSION } from '../api/version.js';

/** Whether `startTracing` registered a provider; until then {@link inSpan} only runs its function. */
let recording = false;

/** Called by `startTracing` (on) and its shutdown (off); nothing else should. */
export function setRecording(on: boolean): void {
  recording = on;
}
/** The span {@link inSpan} hands its function under `noop`: records nothing. */
const NOOP_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Name of the tracer (instrumentation scope) of orch's own spans. */
export const TRACER_NAME = 'orch';

/**
 * Runs `fn` inside a new span that is the active span for everything `fn` starts (its awaits
 * included): the span ends when `fn` settles; a throw records the exception and sets status ERROR
 * (and is rethrown). Under `noop` (no `startTracing` provider) `fn` runs directly with a
 * non-recording span.
 * @param options.parent the parent context, e.g. one extracted from incoming metadata; default the
 *   active one (`ROOT_CONTEXT` starts a new trace). `links` relate it to spans of other traces.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context; links?: Link[] },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  // noop: no span object, no context switch; the call costs what `fn` costs.
  if (!recording) return fn(NOOP_SPAN);
  const tracer = trace.getTracer(TRACER_NAME, ORCH_VERSION);
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Records `error` on `span` and marks it failed (message only: never request data). */
export function failSpan(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** A carrier of string headers: gRPC metadata (`get` gives every value of a key) or HTTP headers. */
interface MetadataLike {
  get(key: string): unknown[];
  set(key: string, value: string): void;
  getMap(): Record<string, unknown>;
}

const metadataSetter: TextMapSetter<MetadataLike> = { set: (carrier, key, value) => carrier.set(key, value) };
const metadataGetter: TextMapGetter<MetadataLike> = {
  get: (carrier, key) => {
    const values = carrier.get(key).map(String);
    return values.length ? values : undefined;
  },
  keys: (carrier) => Object.keys(carrier.getMap()),
};

/** Writes the active trace context into gRPC metadata (`traceparent`, `tracestate`; W3C Trace Context). */
export function injectTraceContext(metadata: MetadataLike): void {
  propagation.inject(context.active(), metadata, metadataSetter);
}

/** The trace context a caller sent in gRPC metadata (W3C Trace Context), or none. */
export function extractTraceContext(metadata: MetadataLike): Context {
  return propagation.extract(ROOT_CONTEXT, metadata, metadataGetter);
}

/** The trace context a caller sent in HTTP headers (`traceparent`, `tracestate`), or none. */
export function extractHttpTraceContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

export { context as traceContext, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace };
