import type { Logger } from '../telemetry/log.js';

/** One structured log record: `level`, `msg` and fields; the entry writes it as a JSON line. */
export interface LogRecord {
  time: string;
  level: 'info' | 'warn' | 'error';
  msg: string;
  [field: string]: unknown;
}

/** Writes one record of `level` with message `msg` and `fields` (which never hold a secret). */
export type Emit = (level: LogRecord['level'], msg: string, fields: Record<string, unknown>) => void;

/** An {@link Emit} that stamps each record with the time (RFC 3339) and hands it to `log`. */
export function emitterOf(log: ((record: LogRecord) => void) | undefined): Emit {
  if (!log) return () => {};
  return (level, msg, fields) => log({ time: new Date().toISOString(), level, msg, ...fields });
}

/** An {@link Emit} that writes through `logger` at the record's level. */
export function emitterTo(logger: Logger): Emit {
  return (level, msg, fields) => logger[level](msg, fields);
}

/** `text` cut to `max` characters (and `…`) for a log field. */
export const clip = (text: string, max = 256): string =>
  text.length > max ? `${text.slice(0, max)}…` : text;
