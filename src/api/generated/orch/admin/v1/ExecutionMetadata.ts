// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

// Original file: proto/orch/admin/v1/execution.proto

/**
 * What launched an execution.
 */
export const _orch_admin_v1_ExecutionMetadata_ExecutionMode = {
  /**
   * Not given: CreateExecution takes it as MANUAL; never answered.
   */
  EXECUTION_MODE_UNSPECIFIED: 'EXECUTION_MODE_UNSPECIFIED',
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
export type _orch_admin_v1_ExecutionMetadata_ExecutionMode =
  /**
   * Not given: CreateExecution takes it as MANUAL; never answered.
   */
  | 'EXECUTION_MODE_UNSPECIFIED'
  | 0
  /**
   * A caller's CreateExecution.
   */
  | 'MANUAL'
  | 1
  /**
   * The schedule of an active launch plan.
   */
  | 'SCHEDULED'
  | 2
  /**
   * The server itself.
   */
  | 'SYSTEM'
  | 3
  /**
   * RelaunchExecution.
   */
  | 'RELAUNCH'
  | 4

/**
 * What launched an execution.
 */
export type _orch_admin_v1_ExecutionMetadata_ExecutionMode__Output = typeof _orch_admin_v1_ExecutionMetadata_ExecutionMode[keyof typeof _orch_admin_v1_ExecutionMetadata_ExecutionMode]

/**
 * How and by whom an execution was launched.
 */
export interface ExecutionMetadata {
  /**
   * What launched it; unset in CreateExecution for MANUAL.
   */
  'mode'?: (_orch_admin_v1_ExecutionMetadata_ExecutionMode);
  /**
   * Who launched it: the authenticated subject of the call, set by the server (what a request
   * claims is ignored); empty when anonymous or scheduled.
   */
  'principal'?: (string);
  /**
   * The execution this one relaunched (set by RelaunchExecution; empty otherwise).
   */
  'reference_execution'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
}

/**
 * How and by whom an execution was launched.
 */
export interface ExecutionMetadata__Output {
  /**
   * What launched it; unset in CreateExecution for MANUAL.
   */
  'mode': (_orch_admin_v1_ExecutionMetadata_ExecutionMode__Output);
  /**
   * Who launched it: the authenticated subject of the call, set by the server (what a request
   * claims is ignored); empty when anonymous or scheduled.
   */
  'principal': (string);
  /**
   * The execution this one relaunched (set by RelaunchExecution; empty otherwise).
   */
  'reference_execution': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
}
