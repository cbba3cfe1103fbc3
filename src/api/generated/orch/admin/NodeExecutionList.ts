// Original file: proto/orch/admin/execution.proto

import type { NodeExecution as _orch_admin_NodeExecution, NodeExecution__Output as _orch_admin_NodeExecution__Output } from '../../orch/admin/NodeExecution.js';

export interface NodeExecutionList {
  'node_executions'?: (_orch_admin_NodeExecution)[];
  'token'?: (string);
}

export interface NodeExecutionList__Output {
  'node_executions': (_orch_admin_NodeExecution__Output)[];
  'token': (string);
}
