// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

/**
 * ListNodeExecutions (viewer): NOT_FOUND when the execution does not exist, INVALID_ARGUMENT for a bad
 * page token.
 */
export interface NodeExecutionListRequest {
  /**
   * The execution whose nodes are listed.
   */
  'workflow_execution_id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
  /**
   * At most this many nodes in the page; 0 for 100, capped at 1000.
   */
  'limit'?: (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token'?: (string);
  /**
   * Not applied: every node of the page is answered.
   */
  'filters'?: (string);
}

/**
 * ListNodeExecutions (viewer): NOT_FOUND when the execution does not exist, INVALID_ARGUMENT for a bad
 * page token.
 */
export interface NodeExecutionListRequest__Output {
  /**
   * The execution whose nodes are listed.
   */
  'workflow_execution_id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
  /**
   * At most this many nodes in the page; 0 for 100, capped at 1000.
   */
  'limit': (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token': (string);
  /**
   * Not applied: every node of the page is answered.
   */
  'filters': (string);
}
