/** The server's logging seam: injected by the edge; the server never prints by itself. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (the default for tests and embedding). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
