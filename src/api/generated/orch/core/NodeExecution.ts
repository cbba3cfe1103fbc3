// Original file: proto/orch/core/execution.proto


// Original file: proto/orch/core/execution.proto

export const _orch_core_NodeExecution_Phase = {
  UNDEFINED: 'UNDEFINED',
  QUEUED: 'QUEUED',
  RUNNING: 'RUNNING',
  SUCCEEDED: 'SUCCEEDED',
  FAILING: 'FAILING',
  FAILED: 'FAILED',
  ABORTED: 'ABORTED',
  SKIPPED: 'SKIPPED',
  TIMED_OUT: 'TIMED_OUT',
} as const;

export type _orch_core_NodeExecution_Phase =
  | 'UNDEFINED'
  | 0
  | 'QUEUED'
  | 1
  | 'RUNNING'
  | 2
  | 'SUCCEEDED'
  | 3
  | 'FAILING'
  | 4
  | 'FAILED'
  | 5
  | 'ABORTED'
  | 6
  | 'SKIPPED'
  | 7
  | 'TIMED_OUT'
  | 8

export type _orch_core_NodeExecution_Phase__Output = typeof _orch_core_NodeExecution_Phase[keyof typeof _orch_core_NodeExecution_Phase]

export interface NodeExecution {
}

export interface NodeExecution__Output {
}
