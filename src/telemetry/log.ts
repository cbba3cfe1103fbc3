import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';

/**
 * The logging seam every library takes: injected by the edge (a CLI, the admin server's entry, the
 * webhook's entry); a library never prints by itself. `fields` are structured (JSON values).
 */
export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (the default for tests and embedding). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** What `--logger.*` says (spec, "General" flags). */
export interface LogSettings {
  /** `--logger.formatter.type`: `json` (one JSON object a line) or `text` (one readable line). */
  formatter: { type: string };
  /**
   * `--logger.level`: the most verbose level written, on the scale of the reference tool (logrus):
   * 0 panic, 1 fatal, 2 error, 3 warning, 4 info, 5 debug, 6 and up trace. @default 3
   */
  level: number;
  /** `--logger.mute`: write nothing. */
  mute?: boolean;
  /** `--logger.show-source`: add `source: "<file>:<line>"` of the calling code to each record. */
  'show-source'?: boolean;
}

/** Thrown by {@link createLogger} for a `--logger.*` value it cannot use; the message names the flag. */
export class LogSettingsError extends Error {}

/**
 * pino's level for each `--logger.level` (the reference tool's logrus scale, where a record is written
 * when its level number is at most the configured one). Panic and fatal are both pino's `fatal`.
 */
export const LEVEL_SCALE: readonly pino.Level[] = [
  'fatal',
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
];

/** pino's level name for a `--logger.level` number. @throws LogSettingsError for a negative or fractional one. */
export function pinoLevel(level: number): pino.Level {
  if (!Number.isInteger(level) || level < 0) {
    throw new LogSettingsError(
      `--logger.level: expected a whole number from 0 (panic) to 6 (trace), got ${level}`,
    );
  }
  return LEVEL_SCALE[Math.min(level, LEVEL_SCALE.length - 1)] ?? 'trace';
}

/**
 * Field paths whose values the logger replaces with `[redacted]` whatever logs them: authorization
 * headers, cookies, bearer and refresh tokens, API keys, client secrets, passwords and secret values,
 * at the top level, one level down (`headers.authorization`, `request.token`) and in `headers`.
 */
export const REDACTED_KEYS = [
  'authorization',
  'Authorization',
  'proxy-authorization',
  'orch-authorization',
  'flyte-authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'x-hub-signature-256',
  'token',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'idToken',
  'bearer',
  'apiKey',
  'api_key',
  'apikey',
  'client_secret',
  'clientSecret',
  'password',
  'secret',
  'secret_value',
  'secretValue',
  'value',
  'string_value',
  'binary_value',
  'code_verifier',
  'device_code',
];

/** The redaction paths pino applies (see {@link REDACTED_KEYS}). */
export const REDACT_PATHS: readonly string[] = REDACTED_KEYS.flatMap((key) => {
  const path = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const member = path.startsWith('[') ? path : `.${path}`;
  return [path, `*${member}`, `headers${member}`, `*.headers${member}`];
});

/** The `source` of the first stack frame outside the logging code: `<file>:<line>`. */
function callerSource(): string | undefined {
  const stack = new Error().stack?.split('\n').slice(1) ?? [];
  const self = fileURLToPath(import.meta.url).replace(/\.[jt]s$/, '');
  for (const frame of stack) {
    if (frame.includes('node_modules') || frame.includes(self) || frame.includes('node:')) continue;
    const match = /\(?((?:file:\/\/)?[^\s()]+):(\d+):\d+\)?$/.exec(frame.trim());
    if (match?.[1]) return `${basename(match[1])}:${match[2]}`;
  }
  return undefined;
}

/** A destination: anything with `write(line)` (a stream, the CLI's stderr). */
export interface LogSink {
  write(chunk: string): unknown;
}

/** pino-pretty, loaded synchronously: `require` answers `any`, declared here as the package's own types. */
function loadPinoPretty(): typeof import('pino-pretty') {
  return createRequire(import.meta.url)('pino-pretty');
}

/**
 * Builds the process's pino logger from `--logger.*`, writing to `sink` (stderr at the edges): `json`
 * writes one JSON object a line (`level` as a name, `time` as RFC 3339, `msg`, then the fields);
 * `text` writes `[time] LEVEL: msg` followed by the fields (pino-pretty's formatter, synchronous).
 * Values under {@link REDACT_PATHS} are replaced by `[redacted]`.
 * @param base fields on every record (e.g. `{ service: "orch-webhook" }`).
 * @throws LogSettingsError naming the flag for an unknown formatter or a bad level.
 */
export function createPino(settings: LogSettings, sink: LogSink, base: Record<string, unknown> = {}): Pino {
  const type = settings.formatter.type;
  if (type !== 'json' && type !== 'text') {
    throw new LogSettingsError(`--logger.formatter.type: expected json or text, got "${type}"`);
  }
  const level = pinoLevel(settings.level);
  const pretty =
    type === 'text'
      ? // Loaded only for `text`: the default `json` needs none of it.
        loadPinoPretty().prettyFactory({
          colorize: false,
          singleLine: true,
          translateTime: 'SYS:standard',
          ignore: 'pid,hostname',
        })
      : undefined;
  const destination: DestinationStream = {
    write: pretty ? (line: string) => sink.write(pretty(line)) : (line: string) => sink.write(line),
  };
  return pino(
    {
      level: settings.mute ? 'silent' : level,
      base,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACT_PATHS], censor: '[redacted]' },
      ...(settings['show-source'] ? { mixin: () => ({ source: callerSource() }) } : {}),
    },
    destination,
  );
}

/** The {@link Logger} seam over a pino logger (fields become the record's own fields). */
export function loggerOf(log: Pino): Logger {
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}

/** {@link createPino} and {@link loggerOf} in one: the edge's logger. @throws LogSettingsError */
export function createLogger(
  settings: LogSettings,
  sink: LogSink,
  base: Record<string, unknown> = {},
): Logger {
  return loggerOf(createPino(settings, sink, base));
}

/** The edge's loggers: `logger` for everything, `access` for access records (see {@link createLoggers}). */
export interface Loggers {
  logger: Logger;
  access: Logger;
}

/**
 * The edge's logger and its access log: the same sink, format and redaction, but access records
 * (one per request: the webhook's, and the admin's with `--server.security.auditAccess`) are written
 * at `info` even when `--logger.level` is below 4, since an operator asked for them; only
 * `--logger.mute` silences them.
 * @throws LogSettingsError as {@link createPino} does.
 */
export function createLoggers(
  settings: LogSettings,
  sink: LogSink,
  base: Record<string, unknown> = {},
): Loggers {
  const root = createPino(settings, sink, base);
  const verbose = root.levelVal <= 30; // pino: info is 30, lower is more verbose
  const access = settings.mute || verbose ? root : root.child({}, { level: 'info' });
  return { logger: loggerOf(root), access: loggerOf(access) };
}
