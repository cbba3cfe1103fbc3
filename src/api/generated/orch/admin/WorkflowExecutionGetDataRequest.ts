// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';

/**
 * GetExecutionData (viewer): NOT_FOUND when the execution does not exist.
 */
export interface WorkflowExecutionGetDataRequest {
  /**
   * The execution.
   */
  'id'?: (_orch_core_WorkflowExecutionIdentifier | null);
}

/**
 * GetExecutionData (viewer): NOT_FOUND when the execution does not exist.
 */
export interface WorkflowExecutionGetDataRequest__Output {
  /**
   * The execution.
   */
  'id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
}
