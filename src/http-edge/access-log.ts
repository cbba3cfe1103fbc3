import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Counter, Histogram } from 'prom-client';
import { serveInSpan } from '../telemetry/tracing.js';
import { SIGNATURE_HEADER } from './auth.js';
import { clip, type Emit } from './log.js';
import type { EdgeHandler, EdgeLocals, EdgeResponse } from './problem.js';

/** Request headers whose values never reach a log. */
const REDACTED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', SIGNATURE_HEADER]);

/** The request metrics the access log counts in (see `httpRequestMetrics` of telemetry). */
export interface RequestMetrics {
  /** `{method, route, status}`: requests answered. */
  requests: Pick<Counter<'method' | 'route' | 'status'>, 'inc'>;
  /** `{route}`: time to answer, in seconds. */
  requestSeconds: Pick<Histogram<'route'>, 'observe'>;
}

/** What {@link accessLog} needs. */
export interface AccessLogOptions<L extends EdgeLocals> {
  /** Receives the `request` record of each request. */
  emit: Emit;
  /** Where requests are counted and timed. */
  metrics: RequestMetrics;
  /** True once the app shuts down: every answer then closes its connection. */
  shuttingDown: () => boolean;
  /** Fields of the app's own added to each record (after `remote`), read when the answer is done. */
  fields: (res: EdgeResponse<L>) => Record<string, unknown>;
  /**
   * Also log the request headers of a refused or failed request (status 400 and above, 499
   * included), credentials redacted and values clipped to 256 characters. A success's record goes
   * without them: they are what tells a caller's mistake apart, and building and writing them for
   * every launch was a measurable share of the webhook's own work per launch (docs/performance.md).
   */
  headers: boolean;
}

/** The request's headers for a log record: credentials `[redacted]`, each value clipped. */
function loggedHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
    headers[name] = REDACTED_HEADERS.has(name) ? '[redacted]' : clip(text);
  }
  return headers;
}

/**
 * The first middleware of an app on the edge: gives the request its id (`res.locals.requestId`,
 * answered as `X-Request-Id`), names its route `unmatched` until a route names it, and when the
 * response closes (once the answer is sent, or the caller left first) writes one `request` record and
 * counts it in the request metrics. The record (level `error` for 5xx) holds the id, method, path
 * (clipped to 512 characters), route, status (499 when the caller left first), `duration_ms`, remote
 * address and the app's `fields`, and with `headers` the request headers of an answer of 400 and
 * above. The request runs in a SERVER span continuing the caller's trace
 * (W3C traceparent), so the admin calls it makes carry that trace on.
 */
export function accessLog<L extends EdgeLocals>(options: AccessLogOptions<L>): EdgeHandler<L> {
  const { emit, metrics, fields } = options;
  return (req, res, next) => {
    const requestId = randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.route = 'unmatched';
    res.setHeader('X-Request-Id', requestId);
    if (options.shuttingDown()) res.setHeader('Connection', 'close');
    const path = clip(req.path, 512);
    // 'close' comes after every answer, one tick after 'finish', and alone when the caller left
    // first: one listener sees both ends.
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = res.locals.route;
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.requests.inc({ method: req.method, route, status: String(status) });
      metrics.requestSeconds.observe({ route }, seconds);
      const record: Record<string, unknown> = {
        request_id: requestId,
        method: req.method,
        path,
        route,
        status,
        duration_ms: Math.round(seconds * 1e6) / 1e3,
        remote: req.socket.remoteAddress,
        ...fields(res),
      };
      if (options.headers && status >= 400) record.headers = loggedHeaders(req);
      emit(status >= 500 ? 'error' : 'info', 'request', record);
    });
    serveInSpan(req, res, { 'url.path': path, 'orch.request_id': requestId }, next, (span) =>
      span.setAttribute('http.route', res.locals.route),
    );
  };
}
