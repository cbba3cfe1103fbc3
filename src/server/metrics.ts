import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { GrpcServerMetrics, metricPrefix } from '../telemetry/metrics.js';

/** Where the execution and queue gauges read their values when scraped. */
export interface MetricSources {
  /** Executions per phase (a database count). */
  executionsByPhase(): Promise<Record<string, number>>;
  /** Executions waiting for an executor slot, and running in one. */
  executor(): { queued: number; running: number };
}

/**
 * The admin server's Prometheus metrics, on a registry of its own, every name prefixed with
 * `--sharedservice.metrics.scope` (default `service:`):
 * - `grpc_server_started_total`, `grpc_server_handled_total`, `grpc_server_handling_seconds`: see
 *   {@link GrpcServerMetrics} (the histogram with `--sharedservice.metrics.enableGrpcHistograms` or
 *   `--server.grpc.enableGrpcLatencyMetrics`);
 * - `executions{phase}`: executions in each phase, counted in the database at scrape time;
 * - `executor_queue_depth`: executions waiting for a slot of the local executor;
 *   `executor_running`: executions holding one;
 * - prom-client's process metrics (`process_cpu_seconds_total`, `nodejs_eventloop_lag_seconds`...).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly grpc: GrpcServerMetrics;
  private sources: MetricSources | undefined;

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
        this.reset();
        for (const [phase, count] of Object.entries(await self.sources.executionsByPhase())) {
          this.set({ phase }, count);
        }
      },
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
}
