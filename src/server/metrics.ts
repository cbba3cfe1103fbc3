import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { GrpcServerMetrics, metricPrefix } from '../telemetry/metrics.js';

/** Where the execution and queue gauges read their values when scraped. */
export interface MetricSources {
  /** Executions in each unfinished phase (a database count over the executions in flight). */
  unfinishedExecutions(): Promise<Record<string, number>>;
  /** Executions waiting for an executor slot, and running in one. */
  executor(): { queued: number; running: number };
}

/**
 * The admin server's Prometheus metrics, on a registry of its own, every name prefixed with
 * `--sharedservice.metrics.scope` (default `service:`):
 * - `grpc_server_started_total`, `grpc_server_handled_total`, `grpc_server_handling_seconds`: see
 *   {@link GrpcServerMetrics} (the histogram with `--sharedservice.metrics.enableGrpcHistograms` or
 *   `--server.grpc.enableGrpcLatencyMetrics`);
 * - `executions{phase}`: executions in each unfinished phase (UNDEFINED, QUEUED, RUNNING, SUCCEEDING,
 *   FAILING, ABORTING; 0 when none), counted in the database at scrape time through a partial index;
 * - `executions_finished_total{phase}`: executions this server moved to a terminal phase since it
 *   started (a counter, to `rate()`; several replicas are summed). Finished executions are not a
 *   gauge: counting them meant scanning every execution ever run on each scrape (about 300 ms, with
 *   SQLite's statements blocking the server, at a million);
 * - `executor_queue_depth`: executions waiting for a slot of the local executor;
 *   `executor_running`: executions holding one;
 * - prom-client's process metrics (`process_cpu_seconds_total`, `nodejs_eventloop_lag_seconds`...).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly grpc: GrpcServerMetrics;
  private sources: MetricSources | undefined;
  private readonly finished: Counter<'phase'>;

  /** @param histograms time served gRPC calls (see the class comment). */
  constructor(scope: string, histograms: boolean) {
    const prefix = metricPrefix(scope);
    this.grpc = new GrpcServerMetrics(this.registry, prefix, histograms);
    const self = this;
    new Gauge({
      name: `${prefix}executions`,
      help: 'executions in each phase',
      labelNames: ['phase'] as const,
      registers: [this.registry],
      async collect() {
        if (!self.sources) return;
        // Every unfinished phase comes back (0 when none), so each scrape overwrites every label.
        for (const [phase, count] of Object.entries(await self.sources.unfinishedExecutions())) {
          this.set({ phase }, count);
        }
      },
    });
    this.finished = new Counter({
      name: `${prefix}executions_finished_total`,
      help: 'executions this server moved to a terminal phase since it started',
      labelNames: ['phase'] as const,
      registers: [this.registry],
    });
    new Gauge({
      name: `${prefix}executor_queue_depth`,
      help: 'executions waiting for a slot of the local executor',
      registers: [this.registry],
      collect() {
        if (self.sources) this.set(self.sources.executor().queued);
      },
    });
    new Gauge({
      name: `${prefix}executor_running`,
      help: 'executions running in the local executor',
      registers: [this.registry],
      collect() {
        if (self.sources) this.set(self.sources.executor().running);
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix });
  }

  /** Connects the gauges to the running server's database and executor. */
  attach(sources: MetricSources): void {
    this.sources = sources;
  }

  /** Counts one execution that reached terminal `phase` (SUCCEEDED, FAILED, ABORTED, TIMED_OUT). */
  executionFinished(phase: string): void {
    this.finished.inc({ phase });
  }
}
