import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets of gRPC calls, in seconds (1 ms to 10 s). */
export const GRPC_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metric name prefix of `--sharedservice.metrics.scope` (default `service:`): characters a
 * Prometheus metric name cannot hold become `_`, so `service:` gives `service:grpc_server_handled_total`.
 */
export function metricPrefix(scope: string): string {
  const prefix = scope.replace(/[^a-zA-Z0-9_:]/g, '_');
  return /^[0-9]/.test(prefix) ? `_${prefix}` : prefix;
}

/** `orch.service.v1.AdminService/CreateExecution` → service and method labels. */
function splitRpc(fullMethod: string): { grpc_service: string; grpc_method: string } {
  const slash = fullMethod.lastIndexOf('/');
  return { grpc_service: fullMethod.slice(0, slash), grpc_method: fullMethod.slice(slash + 1) };
}

/**
 * Metrics of served gRPC calls, named as go-grpc-prometheus names them so existing dashboards work:
 * `<prefix>grpc_server_started_total`, `<prefix>grpc_server_handled_total{grpc_code}` and, when
 * histograms are on, `<prefix>grpc_server_handling_seconds` (labels `grpc_type` unary or
 * server_stream, `grpc_service`, `grpc_method`).
 */
export class GrpcServerMetrics {
  private readonly started: Counter<'grpc_type' | 'grpc_service' | 'grpc_method'>;
  private readonly handled: Counter<'grpc_type' | 'grpc_service' | 'grpc_method' | 'grpc_code'>;
  private readonly seconds: Histogram<'grpc_type' | 'grpc_service' | 'grpc_method' | 'grpc_code'> | undefined;

  /** @param histograms also time each call (`--sharedservice.metrics.enableGrpcHistograms`). */
  constructor(registry: Registry, prefix: string, histograms: boolean) {
    const labelNames = ['grpc_type', 'grpc_service', 'grpc_method'] as const;
    this.started = new Counter({
      name: `${prefix}grpc_server_started_total`,
      help: 'gRPC calls started on the server',
      labelNames,
      registers: [registry],
    });
    this.handled = new Counter({
      name: `${prefix}grpc_server_handled_total`,
      help: 'gRPC calls completed on the server, by status code name',
      labelNames: [...labelNames, 'grpc_code'],
      registers: [registry],
    });
    this.seconds = histograms
      ? new Histogram({
          name: `${prefix}grpc_server_handling_seconds`,
          help: 'time to answer a gRPC call on the server, in seconds',
          labelNames: [...labelNames, 'grpc_code'],
          buckets: GRPC_SECONDS_BUCKETS,
          registers: [registry],
        })
      : undefined;
  }

  /** Counts a call as started; the returned function records its end with the status code name. */
  start(fullMethod: string, type: 'unary' | 'server_stream'): (code: string) => void {
    const labels = { grpc_type: type, ...splitRpc(fullMethod) };
    this.started.inc(labels);
    const began = process.hrtime.bigint();
    return (code) => {
      this.handled.inc({ ...labels, grpc_code: code });
      this.seconds?.observe({ ...labels, grpc_code: code }, Number(process.hrtime.bigint() - began) / 1e9);
    };
  }
}

/**
 * Metrics of gRPC calls a client makes (each attempt), go-grpc-prometheus style:
 * `<prefix>grpc_client_handled_total{grpc_service, grpc_method, grpc_code}` and, when histograms are
 * on (`--sharedservice.metrics.enableClientGrpcHistograms`), `<prefix>grpc_client_handling_seconds`.
 */
export class GrpcClientMetrics {
  private readonly handled: Counter<'grpc_type' | 'grpc_service' | 'grpc_method' | 'grpc_code'>;
  private readonly seconds: Histogram<'grpc_type' | 'grpc_service' | 'grpc_method' | 'grpc_code'> | undefined;

  constructor(registry: Registry, prefix: string, histograms: boolean) {
    const labelNames = ['grpc_type', 'grpc_service', 'grpc_method', 'grpc_code'] as const;
    this.handled = new Counter({
      name: `${prefix}grpc_client_handled_total`,
      help: 'gRPC call attempts completed by the client, by status code name',
      labelNames,
      registers: [registry],
    });
    this.seconds = histograms
      ? new Histogram({
          name: `${prefix}grpc_client_handling_seconds`,
          help: 'time of a gRPC call attempt made by the client, in seconds',
          labelNames,
          buckets: GRPC_SECONDS_BUCKETS,
          registers: [registry],
        })
      : undefined;
  }

  /** Records one finished attempt: `code` is the status code name (`OK`, `UNAVAILABLE`...). */
  observe(fullMethod: string, code: string, seconds: number): void {
    const labels = { grpc_type: 'unary', ...splitRpc(fullMethod), grpc_code: code };
    this.handled.inc(labels);
    this.seconds?.observe(labels, seconds);
  }
}

/**
 * The request metrics every HTTP edge of orch keeps (the webhook, the bot), on `registry`:
 * `<prefix>http_requests_total{method, route, status}` (requests answered; `route` is a route name,
 * never the raw path) and `<prefix>http_request_duration_seconds{route}` (time to answer, in seconds).
 * @param buckets the histogram's buckets, in seconds.
 */
export function httpRequestMetrics(registry: Registry, prefix: string, buckets: readonly number[]) {
  return {
    requests: new Counter({
      name: `${prefix}http_requests_total`,
      help: 'HTTP requests answered, by method, route name and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: `${prefix}http_request_duration_seconds`,
      help: 'time to answer an HTTP request, in seconds, by route name',
      labelNames: ['route'] as const,
      buckets: [...buckets],
      registers: [registry],
    }),
  };
}

/** Options of {@link EdgeMetrics}. */
export interface EdgeMetricsOptions {
  /** Also collect prom-client's process metrics (CPU, memory, event loop lag). @default false */
  processMetrics?: boolean;
  /** Time the admin client's calls (`--sharedservice.metrics.enableClientGrpcHistograms`). @default true */
  clientHistograms?: boolean;
}

/**
 * The metrics every HTTP edge of orch that calls the admin (the webhook, the bot) keeps, on a
 * registry of its own (never prom-client's global one, so two apps in one process do not collide):
 * the request metrics of {@link httpRequestMetrics}, the admin client's calls
 * ({@link GrpcClientMetrics}) and, when asked, prom-client's process metrics; every name starts with
 * `prefix` (`orch_webhook_`). Each edge extends it with its own metrics on {@link registry}.
 * @param buckets the request histogram's buckets, in seconds.
 */
export class EdgeMetrics {
  readonly registry = new Registry();
  /** `<prefix>http_requests_total{method, route, status}`. */
  readonly requests: ReturnType<typeof httpRequestMetrics>['requests'];
  /** `<prefix>http_request_duration_seconds{route}`. */
  readonly requestSeconds: ReturnType<typeof httpRequestMetrics>['requestSeconds'];
  /** The admin client's calls; hand it to the client (`ClientSetup.metrics`). */
  readonly client: GrpcClientMetrics;

  constructor(
    private readonly prefix: string,
    buckets: readonly number[],
    options: EdgeMetricsOptions,
  ) {
    const http = httpRequestMetrics(this.registry, prefix, buckets);
    this.requests = http.requests;
    this.requestSeconds = http.requestSeconds;
    this.client = new GrpcClientMetrics(this.registry, prefix, options.clientHistograms ?? true);
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix });
  }

  /** A counter `<prefix><name>` on this registry, with labels `labelNames`. */
  protected counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name: this.prefix + name, help, labelNames, registers: [this.registry] });
  }

  /** A histogram `<prefix><name>` on this registry, with labels `labelNames` and `buckets` (seconds). */
  protected histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: readonly number[],
  ): Histogram<L> {
    return new Histogram({
      name: this.prefix + name,
      help,
      labelNames,
      buckets: [...buckets],
      registers: [this.registry],
    });
  }

  /** A gauge `<prefix><name>` on this registry, without labels. */
  protected gauge(name: string, help: string): Gauge {
    return new Gauge({ name: this.prefix + name, help, registers: [this.registry] });
  }
}
