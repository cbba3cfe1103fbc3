// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

/**
 * TerminateExecution (contributor): stops a running execution; it ends ABORTED with the cause recorded.
 * NOT_FOUND when absent, FAILED_PRECONDITION when it already ended, INVALID_ARGUMENT for a cause
 * longer than 1024 characters.
 */
export interface ExecutionTerminateRequest {
  /**
   * The execution.
   */
  'id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
  /**
   * Why it is stopped, at most 1024 characters; recorded as its error's message; empty for
   * `terminated by request`.
   */
  'cause'?: (string);
}

/**
 * TerminateExecution (contributor): stops a running execution; it ends ABORTED with the cause recorded.
 * NOT_FOUND when absent, FAILED_PRECONDITION when it already ended, INVALID_ARGUMENT for a cause
 * longer than 1024 characters.
 */
export interface ExecutionTerminateRequest__Output {
  /**
   * The execution.
   */
  'id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
  /**
   * Why it is stopped, at most 1024 characters; recorded as its error's message; empty for
   * `terminated by request`.
   */
  'cause': (string);
}
