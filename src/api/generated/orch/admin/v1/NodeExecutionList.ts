// Original file: proto/orch/admin/v1/execution.proto

import type { NodeExecution as _orch_admin_v1_NodeExecution, NodeExecution__Output as _orch_admin_v1_NodeExecution__Output } from '../../../orch/admin/v1/NodeExecution.js';

/**
 * A page of nodes.
 */
export interface NodeExecutionList {
  /**
   * The nodes of this page.
   */
  'node_executions'?: (_orch_admin_v1_NodeExecution)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of nodes.
 */
export interface NodeExecutionList__Output {
  /**
   * The nodes of this page.
   */
  'node_executions': (_orch_admin_v1_NodeExecution__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
