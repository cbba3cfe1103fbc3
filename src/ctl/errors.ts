/**
 * Errors of `orchctl` commands that are not usage errors (those are ConfigErrors, exit 2). Light to
 * import: the program maps them to exit codes before any command module is loaded.
 */

/**
 * Thrown by `orchctl get` when the one item asked for does not exist (a name, `--version` or
 * `--latest` that matches nothing). The message is `<kind> <identifier> not found ...`; exit code 1.
 */
export class ResourceNotFoundError extends Error {
  constructor(
    message: string,
    /** What the user may try instead, e.g. the command that lists the versions of the name. */
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ResourceNotFoundError';
  }
}
