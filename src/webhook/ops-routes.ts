import { Router } from 'express';
import type { AdminClient } from '../client/admin-client.js';
import type { WebhookResponse } from './http.js';
import type { WebhookMetrics } from './metrics.js';
import { WEBHOOK_OPENAPI } from './openapi.js';

/** What {@link operationalRoutes} needs. */
export interface OperationalRouteOptions {
  /** Probed by `/readyz` (GetVersion). */
  client: Pick<AdminClient, 'getVersion'>;
  /** Served at `/metrics`. */
  metrics: Pick<WebhookMetrics, 'registry'>;
  /** How long `/readyz` reuses its last probe of the admin, in milliseconds. */
  readyCacheMs: number;
  /** The request timeout in milliseconds; a probe's deadline is the smaller of it and 5 s. */
  requestTimeoutMs: number;
  /** `Retry-After` of a 503 `/readyz`, in seconds. */
  retryAfterSeconds: number;
  /** True once the app shuts down: `/readyz` then answers 503. */
  shuttingDown: () => boolean;
}

/**
 * The unauthenticated routes of operators, each naming its route for metrics and logs:
 * `GET /healthz` and `/healthcheck` (200 `{"status": "ok"}`, liveness); `GET /readyz` (200
 * `{"status": "ready"}` while the admin answers GetVersion, 503 `admin unreachable` with
 * `Retry-After` otherwise, 503 `shutting down` once shutdown began); `GET /metrics` (Prometheus
 * text); `GET /openapi.json` (the webhook's OpenAPI document).
 */
export function operationalRoutes(options: OperationalRouteOptions): Router {
  const router = Router();
  const health = (res: WebhookResponse) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  };
  router.get('/healthz', (_req, res: WebhookResponse) => {
    res.locals.route = 'healthz';
    health(res);
  });
  router.get('/healthcheck', (_req, res: WebhookResponse) => {
    res.locals.route = 'healthcheck';
    health(res);
  });

  const probeAdmin = adminProbe(options);
  router.get('/readyz', async (_req, res: WebhookResponse) => {
    res.locals.route = 'readyz';
    res.set('Cache-Control', 'no-store');
    if (options.shuttingDown()) {
      res.status(503).json({ status: 'shutting down', request_id: res.locals.requestId });
      return;
    }
    const ok = await probeAdmin();
    if (ok) res.json({ status: 'ready' });
    else {
      res
        .status(503)
        .set('Retry-After', String(options.retryAfterSeconds))
        .json({ status: 'admin unreachable', request_id: res.locals.requestId });
    }
  });

  const { registry } = options.metrics;
  router.get('/metrics', async (_req, res: WebhookResponse) => {
    res.locals.route = 'metrics';
    const text = await registry.metrics();
    res.set('Content-Type', registry.contentType).send(text);
  });

  const openapiText = JSON.stringify(WEBHOOK_OPENAPI);
  router.get('/openapi.json', (_req, res: WebhookResponse) => {
    res.locals.route = 'openapi';
    res.type('application/json').send(openapiText);
  });
  return router;
}

/**
 * Whether the admin answers GetVersion, probed at most once per `readyCacheMs`; concurrent callers
 * share one probe.
 */
function adminProbe(
  options: Pick<OperationalRouteOptions, 'client' | 'readyCacheMs' | 'requestTimeoutMs'>,
): () => Promise<boolean> {
  let readiness: { ok: boolean; at: number } | undefined;
  let probe: Promise<boolean> | undefined;
  return () => {
    if (readiness && Date.now() - readiness.at < options.readyCacheMs) return Promise.resolve(readiness.ok);
    probe ??= options.client
      .getVersion({ deadline: new Date(Date.now() + Math.min(options.requestTimeoutMs, 5000)) })
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        readiness = { ok, at: Date.now() };
        probe = undefined;
        return ok;
      });
    return probe;
  };
}
