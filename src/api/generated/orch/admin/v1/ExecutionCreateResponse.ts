// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

/**
 * The execution that was created.
 */
export interface ExecutionCreateResponse {
  /**
   * Its id.
   */
  'id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
}

/**
 * The execution that was created.
 */
export interface ExecutionCreateResponse__Output {
  /**
   * Its id.
   */
  'id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
}
