/**
 * Errors of the Action: one class per failure the entry reports differently. Each message is
 * user-facing and never holds a secret (an input's value is named, never quoted, when it is secret).
 */

/** One invalid input: the input's name and what is wrong with it. */
export interface InputProblem {
  input: string;
  message: string;
}

/** Thrown by `readSettings` when inputs are missing or malformed; lists every problem at once. */
export class ActionInputError extends Error {
  constructor(readonly problems: readonly InputProblem[]) {
    super(
      `${problems.length === 1 ? 'an input is' : `${problems.length} inputs are`} invalid:\n${problems
        .map((p) => `  - ${p.input}: ${p.message}`)
        .join('\n')}`,
    );
    this.name = 'ActionInputError';
  }
}

/** Thrown by `run` when the launch plan (or the asked version of it) does not exist. */
export class LaunchPlanNotFoundError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LaunchPlanNotFoundError';
  }
}

/**
 * Thrown by `run` with `wait: true` when the execution ended in a phase other than SUCCEEDED; the
 * message names the failing node and its error when known, e.g.
 * `execution abc ended FAILED: node n0: task exited with code 3 (https://.../executions/abc)`.
 */
export class ExecutionFailedError extends Error {
  constructor(
    readonly executionName: string,
    readonly phase: string,
    readonly url: string,
    /** Why it failed, e.g. `node n0: task exited with code 3`. */
    readonly reason?: string,
  ) {
    super(`execution ${executionName} ended ${phase}: ${reason ? `${reason} (${url})` : url}`);
    this.name = 'ExecutionFailedError';
  }
}

/** Thrown by `run` with `wait: true` when the execution is still running after `wait-timeout`. */
export class WaitTimeoutError extends Error {
  constructor(
    readonly executionName: string,
    readonly phase: string,
    readonly seconds: number,
  ) {
    super(
      `execution ${executionName} is still ${phase} after ${seconds} s (wait-timeout); it keeps running on the server`,
    );
    this.name = 'WaitTimeoutError';
  }
}

/**
 * Thrown by `create-secret`, `create-api-key` and `deploy-app` when the admin API has no service for
 * them (`orch.service.v1.SecretService`, `orch.service.v1.ApiKeyService`, `orch.service.v1.AppService`).
 */
export class ServiceNotOfferedError extends Error {
  constructor(
    readonly command: string,
    readonly service: string,
  ) {
    super(
      `command "${command}" cannot run: this admin server does not offer ${service} yet. ` +
        'The inputs were checked; the step will work once the server provides that service.',
    );
    this.name = 'ServiceNotOfferedError';
  }
}
