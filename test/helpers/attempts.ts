import { Registry } from 'prom-client';
import { GrpcClientMetrics } from '../../src/telemetry/metrics.js';

/** What {@link attemptCounter} answers. */
export interface AttemptCounter {
  /** Pass as the client's `metrics` (AdminClientOptions or ClientSetup). */
  metrics: GrpcClientMetrics;
  /** gRPC attempts finished so far: of every method, or of `method` alone (e.g. `GetVersion`). */
  count(method?: string): Promise<number>;
}

/**
 * Counts the gRPC attempts an AdminClient makes through the client's own per-attempt metrics
 * (`grpc_client_handled_total`), so a test asserts how many attempts a call made without the client
 * keeping state for tests.
 */
export function attemptCounter(): AttemptCounter {
  const registry = new Registry();
  const metrics = new GrpcClientMetrics(registry, 'test_', false);
  return {
    metrics,
    async count(method?: string): Promise<number> {
      const metric = await registry.getSingleMetric('test_grpc_client_handled_total')?.get();
      return (metric?.values ?? [])
        .filter((v) => method === undefined || v.labels.grpc_method === method)
        .reduce((sum, v) => sum + v.value, 0);
    },
  };
}
