// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

/**
 * GetExecution and WatchExecution (viewer): NOT_FOUND when the execution does not exist.
 */
export interface WorkflowExecutionGetRequest {
  /**
   * The execution: project, domain and name (all required).
   */
  'id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
}

/**
 * GetExecution and WatchExecution (viewer): NOT_FOUND when the execution does not exist.
 */
export interface WorkflowExecutionGetRequest__Output {
  /**
   * The execution: project, domain and name (all required).
   */
  'id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
}
