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
  const tracing = startTracing(settings.otel, service, logger);
  return { logger, access, tracing };
}
