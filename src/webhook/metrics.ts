import { EdgeMetrics, type EdgeMetricsOptions, GRPC_SECONDS_BUCKETS } from '../telemetry/metrics.js';

/**
 * The webhook's Prometheus metrics, on a registry of its own (never prom-client's global one, so two
 * apps in one process do not collide):
 * - `orch_webhook_http_requests_total{method, route, status}`: requests answered; `route` is the route
 *   name (`run-workflow`, `healthz`, ..., `unmatched`), never the raw path.
 * - `orch_webhook_http_request_duration_seconds{route}`: time to answer, in seconds.
 * - `orch_webhook_launch_duration_seconds{outcome}`: time of a launch from the first admin call to the
 *   answer, in seconds; `outcome` is `created`, `replayed`, `conflict`, `invalid`, `not_found`,
 *   `unavailable` or `failed`.
 * - `orch_webhook_launches_total{outcome}`: launch requests answered, by the same outcomes.
 * - `orch_webhook_grpc_client_handled_total`, `orch_webhook_grpc_client_handling_seconds`: the admin
 *   client's call attempts (see `GrpcClientMetrics`; the histogram with client histograms on).
 */
export class WebhookMetrics extends EdgeMetrics {
  readonly launchSeconds = this.histogram(
    'launch_duration_seconds',
    'time of a launch through the admin service, in seconds, by outcome',
    ['outcome'],
    GRPC_SECONDS_BUCKETS,
  );
  readonly launches = this.counter('launches_total', 'launch requests answered, by outcome', ['outcome']);

  /**
   * @param options.processMetrics also collect prom-client's process metrics (CPU, memory, event loop lag).
   * @param options.clientHistograms time the admin client's calls (`--sharedservice.metrics.enableClientGrpcHistograms`).
   */
  constructor(options: EdgeMetricsOptions = {}) {
    super('orch_webhook_', GRPC_SECONDS_BUCKETS, options);
  }
}
