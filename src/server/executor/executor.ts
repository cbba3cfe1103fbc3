/**
 * Runs launched executions. The services only record an execution and hand its database id to the
 * executor, so another runtime (a worker fleet, Kubernetes pods) can be added without touching them
 * (DESIGN.md, "Where tasks and apps run").
 */
export interface Executor {
  /** Starts running the execution with this database id in the background; returns at once. */
  submit(executionId: number): void;
  /**
   * Stops an execution: kills its running task processes and records it ABORTED with `cause`.
   * Resolves once the phase is recorded; false when the execution had already finished.
   */
  abort(executionId: number, cause: string): Promise<boolean>;
  /** Picks up executions an earlier server left unfinished (QUEUED or RUNNING). */
  resume(): Promise<void>;
  /** Stops accepting work, kills running task processes and waits for the bookkeeping to finish. */
  close(): Promise<void>;
}
