import { randomUUID } from 'node:crypto';
import { serveInSpan } from '../telemetry/tracing.js';
import { SIGNATURE_HEADER } from './auth.js';
import type { WebhookHandler } from './http.js';
import { clip, type Emit } from './log.js';
import type { WebhookMetrics } from './metrics.js';

/** Request headers whose values never reach a log. */
const REDACTED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', SIGNATURE_HEADER]);

/** What {@link accessLog} needs. */
export interface AccessLogOptions {
  /** Receives the `request` record of each request. */
  emit: Emit;
  /** Where requests are counted (`requests`) and timed (`requestSeconds`). */
  metrics: Pick<WebhookMetrics, 'requests' | 'requestSeconds'>;
  /** True once the app shuts down: every answer then closes its connection. */
  shuttingDown: () => boolean;
}

/**
 * The first middleware: gives the request its id (`res.locals.requestId`, answered as
 * `X-Request-Id`), names its route `unmatched` until a route names it, and when the answer is sent
 * or the connection closes writes one `request` record (level `error` for 5xx, status 499 when the
 * caller left first: id, method, path, route, status, `duration_ms`, remote address, principal,
 * execution, `replayed`, and the request headers with credentials redacted and values clipped to
 * 256 characters) and counts it in the request metrics. The request runs in a SERVER span
 * continuing the caller's trace (W3C traceparent).
 */
export function accessLog(options: AccessLogOptions): WebhookHandler {
  const { emit, metrics } = options;
  return (req, res, next) => {
    const requestId = randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.route = 'unmatched';
    res.set('X-Request-Id', requestId);
    if (options.shuttingDown()) res.set('Connection', 'close');
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = res.locals.route;
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.requests.inc({ method: req.method, route, status: String(status) });
      metrics.requestSeconds.observe({ route }, seconds);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
        headers[name] = REDACTED_HEADERS.has(name) ? '[redacted]' : clip(text);
      }
      emit(status >= 500 ? 'error' : 'info', 'request', {
        request_id: requestId,
        method: req.method,
        path: clip(req.path, 512),
        route,
        status,
        duration_ms: Math.round(seconds * 1e6) / 1e3,
        remote: req.socket.remoteAddress,
        principal: res.locals.principal,
        execution: res.locals.execution,
        replayed: res.locals.replayed,
        headers,
      });
    };
    res.once('finish', done);
    res.once('close', done);
    // The admin calls the request makes carry its trace on to the admin server.
    serveInSpan(req, res, { 'url.path': clip(req.path, 512), 'orch.request_id': requestId }, next, (span) =>
      span.setAttribute('http.route', res.locals.route),
    );
  };
}
