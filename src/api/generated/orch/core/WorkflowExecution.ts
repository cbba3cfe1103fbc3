// Original file: proto/orch/core/execution.proto


// Original file: proto/orch/core/execution.proto

export const _orch_core_WorkflowExecution_Phase = {
  UNDEFINED: 'UNDEFINED',
  QUEUED: 'QUEUED',
  RUNNING: 'RUNNING',
  SUCCEEDING: 'SUCCEEDING',
  SUCCEEDED: 'SUCCEEDED',
  FAILING: 'FAILING',
  FAILED: 'FAILED',
  ABORTED: 'ABORTED',
  TIMED_OUT: 'TIMED_OUT',
  ABORTING: 'ABORTING',
} as const;

export type _orch_core_WorkflowExecution_Phase =
  | 'UNDEFINED'
  | 0
  | 'QUEUED'
  | 1
  | 'RUNNING'
  | 2
  | 'SUCCEEDING'
  | 3
  | 'SUCCEEDED'
  | 4
  | 'FAILING'
  | 5
  | 'FAILED'
  | 6
  | 'ABORTED'
  | 7
  | 'TIMED_OUT'
  | 8
  | 'ABORTING'
  | 9

export type _orch_core_WorkflowExecution_Phase__Output = typeof _orch_core_WorkflowExecution_Phase[keyof typeof _orch_core_WorkflowExecution_Phase]

export interface WorkflowExecution {
}

export interface WorkflowExecution__Output {
}
