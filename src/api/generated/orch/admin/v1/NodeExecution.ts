// Original file: proto/orch/admin/v1/execution.proto

import type { NodeExecutionIdentifier as _orch_core_v1_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_v1_NodeExecutionIdentifier__Output } from '../../../orch/core/v1/NodeExecutionIdentifier.js';
import type { NodeExecutionClosure as _orch_admin_v1_NodeExecutionClosure, NodeExecutionClosure__Output as _orch_admin_v1_NodeExecutionClosure__Output } from '../../../orch/admin/v1/NodeExecutionClosure.js';

/**
 * One node of an execution.
 */
export interface NodeExecution {
  /**
   * The node's id within its execution.
   */
  'id'?: (_orch_core_v1_NodeExecutionIdentifier | null);
  /**
   * Where it stands.
   */
  'closure'?: (_orch_admin_v1_NodeExecutionClosure | null);
}

/**
 * One node of an execution.
 */
export interface NodeExecution__Output {
  /**
   * The node's id within its execution.
   */
  'id': (_orch_core_v1_NodeExecutionIdentifier__Output | null);
  /**
   * Where it stands.
   */
  'closure': (_orch_admin_v1_NodeExecutionClosure__Output | null);
}
