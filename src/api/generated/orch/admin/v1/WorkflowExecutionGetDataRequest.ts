// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

/**
 * GetExecutionData (viewer): NOT_FOUND when the execution does not exist.
 */
export interface WorkflowExecutionGetDataRequest {
  /**
   * The execution.
   */
  'id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
}

/**
 * GetExecutionData (viewer): NOT_FOUND when the execution does not exist.
 */
export interface WorkflowExecutionGetDataRequest__Output {
  /**
   * The execution.
   */
  'id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
}
