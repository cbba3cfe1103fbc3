import { format } from 'node:util';
import { setLogger } from '@grpc/grpc-js';
import { createLoggers, type Logger, type LogSettings, type LogSink } from './log.js';
import { startTracing, type TraceSettings, type Tracing } from './start-tracing.js';

/** What an edge (`orch serve`, `orch sandbox start`, `orch-webhook`) reports through. */
export interface Observability {
  /** Everything but access records, at `--logger.level`. */
  logger: Logger;
  /** Access records (see `createLoggers`). */
  access: Logger;
  /** The process's tracing; shut it down last, so the final spans are exported. */
  tracing: Tracing;
}

/**
 * Builds an edge's loggers from `--logger.*` (writing to `sink`, the process's stderr) and starts its
 * tracing from `--otel.*` with `service.name` = `service`.
 * @throws LogSettingsError or TraceSettingsError naming the flag that is wrong.
 */
export function startObservability(
  settings: { logger: LogSettings; otel: TraceSettings },
  sink: LogSink,
  service: string,
): Observability {
  const { logger, access } = createLoggers(settings.logger, sink, { service });
  routeGrpcLogs(logger);
  const tracing = startTracing(settings.otel, service, logger);
  return { logger, access, tracing };
}

/**
 * Sends grpc-js's own log lines (it writes them with `console.error` by default, such as
 * `E No address added out of total 1 resolved` when a port is taken) through `logger`, so the edge's
 * stderr holds only its formatted, redacted records. grpc-js's logger is process-wide: only an edge
 * may set it.
 */
export function routeGrpcLogs(logger: Logger): void {
  const line = (args: unknown[]) => ({ message: format(...args).trim() });
  setLogger({
    error: (...args: unknown[]) => logger.error('grpc', line(args)),
    info: (...args: unknown[]) => logger.info('grpc', line(args)),
    debug: (...args: unknown[]) => logger.debug?.('grpc', line(args)),
  });
}
