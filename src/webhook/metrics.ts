import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The webhook's Prometheus metrics, on a registry of its own (never prom-client's global one, so two
 * apps in one process do not collide):
 * - `orch_webhook_http_requests_total{method, route, status}`: requests answered; `route` is the route
 *   name (`run-workflow`, `healthz`, ..., `unmatched`), never the raw path.
 * - `orch_webhook_http_request_duration_seconds{route}`: time to answer, in seconds.
 * - `orch_webhook_launch_duration_seconds{outcome}`: time of a launch from the first admin call to the
 *   answer, in seconds; `outcome` is `created`, `replayed`, `conflict`, `invalid`, `not_found`,
 *   `unavailable` or `failed`.
 */
export class WebhookMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'orch_webhook_http_requests_total',
    help: 'HTTP requests answered, by method, route name and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'orch_webhook_http_request_duration_seconds',
    help: 'time to answer an HTTP request, in seconds, by route name',
    labelNames: ['route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly launchSeconds = new Histogram({
    name: 'orch_webhook_launch_duration_seconds',
    help: 'time of a launch through the admin service, in seconds, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** @param processMetrics also collect prom-client's process metrics (CPU, memory, event loop lag). */
  constructor(processMetrics = false) {
    if (processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'orch_webhook_' });
  }
}
