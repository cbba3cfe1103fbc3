// Original file: proto/orch/core/v1/tasks.proto


/**
 * Resource limits of a task (the workflow file's `limits: {cpu, mem}`, like an app's).
 */
export interface TaskResources {
  /**
   * A CPU quantity, e.g. `1` or `500m`.
   */
  'cpu'?: (string);
  /**
   * A memory quantity, e.g. `256Mi`.
   */
  'mem'?: (string);
}

/**
 * Resource limits of a task (the workflow file's `limits: {cpu, mem}`, like an app's).
 */
export interface TaskResources__Output {
  /**
   * A CPU quantity, e.g. `1` or `500m`.
   */
  'cpu': (string);
  /**
   * A memory quantity, e.g. `256Mi`.
   */
  'mem': (string);
}
