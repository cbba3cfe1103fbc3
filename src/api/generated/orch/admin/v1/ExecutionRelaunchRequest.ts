// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

/**
 * RelaunchExecution (contributor): launches the same launch plan with the same inputs again, under a
 * new (or the given) name. NOT_FOUND when the execution does not exist, FAILED_PRECONDITION when its
 * launch plan no longer exists, ALREADY_EXISTS when the name is taken.
 */
export interface ExecutionRelaunchRequest {
  /**
   * The execution to launch again.
   */
  'id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
  /**
   * The new execution's name; generated when empty.
   */
  'name'?: (string);
}

/**
 * RelaunchExecution (contributor): launches the same launch plan with the same inputs again, under a
 * new (or the given) name. NOT_FOUND when the execution does not exist, FAILED_PRECONDITION when its
 * launch plan no longer exists, ALREADY_EXISTS when the name is taken.
 */
export interface ExecutionRelaunchRequest__Output {
  /**
   * The execution to launch again.
   */
  'id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
  /**
   * The new execution's name; generated when empty.
   */
  'name': (string);
}
