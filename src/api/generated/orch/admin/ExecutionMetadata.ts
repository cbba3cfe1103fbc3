// Original file: proto/orch/admin/execution.proto


// Original file: proto/orch/admin/execution.proto

/**
 * What launched an execution.
 */
export const _orch_admin_ExecutionMetadata_ExecutionMode = {
  /**
   * A caller's CreateExecution.
   */
  MANUAL: 'MANUAL',
  /**
   * The schedule of an active launch plan.
   */
  SCHEDULED: 'SCHEDULED',
  /**
   * The server itself.
   */
  SYSTEM: 'SYSTEM',
  /**
   * RelaunchExecution.
   */
  RELAUNCH: 'RELAUNCH',
} as const;

/**
 * What launched an execution.
 */
export type _orch_admin_ExecutionMetadata_ExecutionMode =
  /**
   * A caller's CreateExecution.
   */
  | 'MANUAL'
  | 0
  /**
   * The schedule of an active launch plan.
   */
  | 'SCHEDULED'
  | 1
  /**
   * The server itself.
   */
  | 'SYSTEM'
  | 2
  /**
   * RelaunchExecution.
   */
  | 'RELAUNCH'
  | 3

/**
 * What launched an execution.
 */
export type _orch_admin_ExecutionMetadata_ExecutionMode__Output = typeof _orch_admin_ExecutionMetadata_ExecutionMode[keyof typeof _orch_admin_ExecutionMetadata_ExecutionMode]

/**
 * How and by whom an execution was launched.
 */
export interface ExecutionMetadata {
  /**
   * What launched it.
   */
  'mode'?: (_orch_admin_ExecutionMetadata_ExecutionMode);
  /**
   * Who launched it: the authenticated subject of the call, set by the server (what a request
   * claims is ignored); empty when anonymous or scheduled.
   */
  'principal'?: (string);
}

/**
 * How and by whom an execution was launched.
 */
export interface ExecutionMetadata__Output {
  /**
   * What launched it.
   */
  'mode': (_orch_admin_ExecutionMetadata_ExecutionMode__Output);
  /**
   * Who launched it: the authenticated subject of the call, set by the server (what a request
   * claims is ignored); empty when anonymous or scheduled.
   */
  'principal': (string);
}
