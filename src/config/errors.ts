/** Thrown when configuration (a flag, an environment variable or a config file) is invalid. */
export class ConfigError extends Error {
  constructor(
    message: string,
    /** Where the bad value came from: `--server.httpPort`, `ORCHCTL_ADMIN_ENDPOINT`, `config.yaml:3:5`. */
    readonly source: string,
    options?: { cause?: unknown },
  ) {
    super(`${source}: ${message}`, options);
    this.name = 'ConfigError';
  }
}
