// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';

/**
 * The execution that was created.
 */
export interface ExecutionCreateResponse {
  /**
   * Its id.
   */
  'id'?: (_orch_core_WorkflowExecutionIdentifier | null);
}

/**
 * The execution that was created.
 */
export interface ExecutionCreateResponse__Output {
  /**
   * Its id.
   */
  'id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
}
