// Original file: proto/orch/core/v1/execution.proto


// Original file: proto/orch/core/v1/execution.proto

/**
 * The phases of an execution: QUEUED, RUNNING, then SUCCEEDING and SUCCEEDED, FAILING and FAILED,
 * ABORTING and ABORTED, or TIMED_OUT. SUCCEEDED, FAILED, ABORTED and TIMED_OUT are terminal.
 */
export const _orch_core_v1_WorkflowExecution_Phase = {
  /**
   * No phase yet. Named UNDEFINED rather than PHASE_UNSPECIFIED: stored rows, filters
   * (`value_in(phase,UNDEFINED;QUEUED)`) and the CLI's output use the name.
   */
  UNDEFINED: 'UNDEFINED',
  /**
   * Created, waiting for the executor.
   */
  QUEUED: 'QUEUED',
  /**
   * Its nodes are running.
   */
  RUNNING: 'RUNNING',
  /**
   * Every node succeeded; its outputs are being written.
   */
  SUCCEEDING: 'SUCCEEDING',
  /**
   * Ended with its outputs (terminal).
   */
  SUCCEEDED: 'SUCCEEDED',
  /**
   * A node failed; the others are being stopped.
   */
  FAILING: 'FAILING',
  /**
   * Ended with an error (terminal).
   */
  FAILED: 'FAILED',
  /**
   * Ended by TerminateExecution (terminal).
   */
  ABORTED: 'ABORTED',
  /**
   * Ended because it ran longer than allowed (terminal).
   */
  TIMED_OUT: 'TIMED_OUT',
  /**
   * TerminateExecution was called; its nodes are being stopped.
   */
  ABORTING: 'ABORTING',
} as const;

/**
 * The phases of an execution: QUEUED, RUNNING, then SUCCEEDING and SUCCEEDED, FAILING and FAILED,
 * ABORTING and ABORTED, or TIMED_OUT. SUCCEEDED, FAILED, ABORTED and TIMED_OUT are terminal.
 */
export type _orch_core_v1_WorkflowExecution_Phase =
  /**
   * No phase yet. Named UNDEFINED rather than PHASE_UNSPECIFIED: stored rows, filters
   * (`value_in(phase,UNDEFINED;QUEUED)`) and the CLI's output use the name.
   */
  | 'UNDEFINED'
  | 0
  /**
   * Created, waiting for the executor.
   */
  | 'QUEUED'
  | 1
  /**
   * Its nodes are running.
   */
  | 'RUNNING'
  | 2
  /**
   * Every node succeeded; its outputs are being written.
   */
  | 'SUCCEEDING'
  | 3
  /**
   * Ended with its outputs (terminal).
   */
  | 'SUCCEEDED'
  | 4
  /**
   * A node failed; the others are being stopped.
   */
  | 'FAILING'
  | 5
  /**
   * Ended with an error (terminal).
   */
  | 'FAILED'
  | 6
  /**
   * Ended by TerminateExecution (terminal).
   */
  | 'ABORTED'
  | 7
  /**
   * Ended because it ran longer than allowed (terminal).
   */
  | 'TIMED_OUT'
  | 8
  /**
   * TerminateExecution was called; its nodes are being stopped.
   */
  | 'ABORTING'
  | 9

/**
 * The phases of an execution: QUEUED, RUNNING, then SUCCEEDING and SUCCEEDED, FAILING and FAILED,
 * ABORTING and ABORTED, or TIMED_OUT. SUCCEEDED, FAILED, ABORTED and TIMED_OUT are terminal.
 */
export type _orch_core_v1_WorkflowExecution_Phase__Output = typeof _orch_core_v1_WorkflowExecution_Phase[keyof typeof _orch_core_v1_WorkflowExecution_Phase]

/**
 * Holds the phases of an execution.
 */
export interface WorkflowExecution {
}

/**
 * Holds the phases of an execution.
 */
export interface WorkflowExecution__Output {
}
