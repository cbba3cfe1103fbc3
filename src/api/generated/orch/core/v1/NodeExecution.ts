// Original file: proto/orch/core/v1/execution.proto


// Original file: proto/orch/core/v1/execution.proto

/**
 * The phases of a node: QUEUED, RUNNING, then SUCCEEDED, FAILING and FAILED, ABORTED, SKIPPED or
 * TIMED_OUT. SUCCEEDED, FAILED, ABORTED, SKIPPED and TIMED_OUT are terminal.
 */
export const _orch_core_v1_NodeExecution_Phase = {
  /**
   * No phase yet (named UNDEFINED for the reasons of WorkflowExecution.Phase.UNDEFINED).
   */
  UNDEFINED: 'UNDEFINED',
  /**
   * Waiting for its upstream nodes or a runtime slot.
   */
  QUEUED: 'QUEUED',
  /**
   * Its task is running.
   */
  RUNNING: 'RUNNING',
  /**
   * Its task ended with outputs (terminal).
   */
  SUCCEEDED: 'SUCCEEDED',
  /**
   * Its task failed; a retry may follow.
   */
  FAILING: 'FAILING',
  /**
   * Its task failed with no retry left (terminal).
   */
  FAILED: 'FAILED',
  /**
   * Stopped because its execution was terminated or failed (terminal).
   */
  ABORTED: 'ABORTED',
  /**
   * Not run, because an upstream node did not succeed (terminal).
   */
  SKIPPED: 'SKIPPED',
  /**
   * Its task ran longer than its timeout (terminal).
   */
  TIMED_OUT: 'TIMED_OUT',
} as const;

/**
 * The phases of a node: QUEUED, RUNNING, then SUCCEEDED, FAILING and FAILED, ABORTED, SKIPPED or
 * TIMED_OUT. SUCCEEDED, FAILED, ABORTED, SKIPPED and TIMED_OUT are terminal.
 */
export type _orch_core_v1_NodeExecution_Phase =
  /**
   * No phase yet (named UNDEFINED for the reasons of WorkflowExecution.Phase.UNDEFINED).
   */
  | 'UNDEFINED'
  | 0
  /**
   * Waiting for its upstream nodes or a runtime slot.
   */
  | 'QUEUED'
  | 1
  /**
   * Its task is running.
   */
  | 'RUNNING'
  | 2
  /**
   * Its task ended with outputs (terminal).
   */
  | 'SUCCEEDED'
  | 3
  /**
   * Its task failed; a retry may follow.
   */
  | 'FAILING'
  | 4
  /**
   * Its task failed with no retry left (terminal).
   */
  | 'FAILED'
  | 5
  /**
   * Stopped because its execution was terminated or failed (terminal).
   */
  | 'ABORTED'
  | 6
  /**
   * Not run, because an upstream node did not succeed (terminal).
   */
  | 'SKIPPED'
  | 7
  /**
   * Its task ran longer than its timeout (terminal).
   */
  | 'TIMED_OUT'
  | 8

/**
 * The phases of a node: QUEUED, RUNNING, then SUCCEEDED, FAILING and FAILED, ABORTED, SKIPPED or
 * TIMED_OUT. SUCCEEDED, FAILED, ABORTED, SKIPPED and TIMED_OUT are terminal.
 */
export type _orch_core_v1_NodeExecution_Phase__Output = typeof _orch_core_v1_NodeExecution_Phase[keyof typeof _orch_core_v1_NodeExecution_Phase]

/**
 * Holds the phases of a node and of a task attempt.
 */
export interface NodeExecution {
}

/**
 * Holds the phases of a node and of a task attempt.
 */
export interface NodeExecution__Output {
}
