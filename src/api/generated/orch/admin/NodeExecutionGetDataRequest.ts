// Original file: proto/orch/admin/execution.proto

import type { NodeExecutionIdentifier as _orch_core_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_NodeExecutionIdentifier__Output } from '../../orch/core/NodeExecutionIdentifier.js';

export interface NodeExecutionGetDataRequest {
  'id'?: (_orch_core_NodeExecutionIdentifier | null);
}

export interface NodeExecutionGetDataRequest__Output {
  'id': (_orch_core_NodeExecutionIdentifier__Output | null);
}
