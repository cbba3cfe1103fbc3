// Original file: proto/orch/core/workflow.proto

import type { Binding as _orch_core_Binding, Binding__Output as _orch_core_Binding__Output } from '../../orch/core/Binding.js';
import type { TaskNode as _orch_core_TaskNode, TaskNode__Output as _orch_core_TaskNode__Output } from '../../orch/core/TaskNode.js';

export interface Node {
  'id'?: (string);
  'inputs'?: (_orch_core_Binding)[];
  'upstream_node_ids'?: (string)[];
  'task_node'?: (_orch_core_TaskNode | null);
  'target'?: "task_node";
}

export interface Node__Output {
  'id': (string);
  'inputs': (_orch_core_Binding__Output)[];
  'upstream_node_ids': (string)[];
  'task_node'?: (_orch_core_TaskNode__Output | null);
  'target'?: "task_node";
}
