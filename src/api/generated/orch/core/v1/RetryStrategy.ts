// Original file: proto/orch/core/v1/tasks.proto


/**
 * How often a failed task runs again.
 */
export interface RetryStrategy {
  /**
   * Runs after the first one; 0 for none.
   */
  'retries'?: (number);
}

/**
 * How often a failed task runs again.
 */
export interface RetryStrategy__Output {
  /**
   * Runs after the first one; 0 for none.
   */
  'retries': (number);
}
