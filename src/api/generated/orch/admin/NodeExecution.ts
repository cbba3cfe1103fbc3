// Original file: proto/orch/admin/execution.proto

import type { NodeExecutionIdentifier as _orch_core_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_NodeExecutionIdentifier__Output } from '../../orch/core/NodeExecutionIdentifier.js';
import type { NodeExecutionClosure as _orch_admin_NodeExecutionClosure, NodeExecutionClosure__Output as _orch_admin_NodeExecutionClosure__Output } from '../../orch/admin/NodeExecutionClosure.js';

/**
 * One node of an execution.
 */
export interface NodeExecution {
  /**
   * The node's id within its execution.
   */
  'id'?: (_orch_core_NodeExecutionIdentifier | null);
  /**
   * Where it stands.
   */
  'closure'?: (_orch_admin_NodeExecutionClosure | null);
}

/**
 * One node of an execution.
 */
export interface NodeExecution__Output {
  /**
   * The node's id within its execution.
   */
  'id': (_orch_core_NodeExecutionIdentifier__Output | null);
  /**
   * Where it stands.
   */
  'closure': (_orch_admin_NodeExecutionClosure__Output | null);
}
