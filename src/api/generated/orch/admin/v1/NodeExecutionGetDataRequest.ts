// Original file: proto/orch/admin/v1/execution.proto

import type { NodeExecutionIdentifier as _orch_core_v1_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_v1_NodeExecutionIdentifier__Output } from '../../../orch/core/v1/NodeExecutionIdentifier.js';

/**
 * GetNodeExecutionData (viewer): NOT_FOUND when the execution or the node does not exist.
 */
export interface NodeExecutionGetDataRequest {
  /**
   * The node.
   */
  'id'?: (_orch_core_v1_NodeExecutionIdentifier | null);
}

/**
 * GetNodeExecutionData (viewer): NOT_FOUND when the execution or the node does not exist.
 */
export interface NodeExecutionGetDataRequest__Output {
  /**
   * The node.
   */
  'id': (_orch_core_v1_NodeExecutionIdentifier__Output | null);
}
