// Original file: proto/orch/admin/execution.proto

import type { NodeExecutionIdentifier as _orch_core_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_NodeExecutionIdentifier__Output } from '../../orch/core/NodeExecutionIdentifier.js';
import type { NodeExecutionClosure as _orch_admin_NodeExecutionClosure, NodeExecutionClosure__Output as _orch_admin_NodeExecutionClosure__Output } from '../../orch/admin/NodeExecutionClosure.js';

export interface NodeExecution {
  'id'?: (_orch_core_NodeExecutionIdentifier | null);
  'closure'?: (_orch_admin_NodeExecutionClosure | null);
}

export interface NodeExecution__Output {
  'id': (_orch_core_NodeExecutionIdentifier__Output | null);
  'closure': (_orch_admin_NodeExecutionClosure__Output | null);
}
