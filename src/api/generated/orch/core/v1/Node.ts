// Original file: proto/orch/core/v1/workflow.proto

import type { Binding as _orch_core_v1_Binding, Binding__Output as _orch_core_v1_Binding__Output } from '../../../orch/core/v1/Binding.js';
import type { TaskNode as _orch_core_v1_TaskNode, TaskNode__Output as _orch_core_v1_TaskNode__Output } from '../../../orch/core/v1/TaskNode.js';

/**
 * One step of a workflow.
 */
export interface Node {
  /**
   * Unique in the workflow; `start-node` and `end-node` are reserved.
   */
  'id'?: (string);
  /**
   * Where each input of its task takes its value from.
   */
  'inputs'?: (_orch_core_v1_Binding)[];
  /**
   * Filled in by compilation from the promises in `inputs`.
   */
  'upstream_node_ids'?: (string)[];
  /**
   * A task.
   */
  'task_node'?: (_orch_core_v1_TaskNode | null);
  /**
   * What the node runs.
   */
  'target'?: "task_node";
}

/**
 * One step of a workflow.
 */
export interface Node__Output {
  /**
   * Unique in the workflow; `start-node` and `end-node` are reserved.
   */
  'id': (string);
  /**
   * Where each input of its task takes its value from.
   */
  'inputs': (_orch_core_v1_Binding__Output)[];
  /**
   * Filled in by compilation from the promises in `inputs`.
   */
  'upstream_node_ids': (string)[];
  /**
   * A task.
   */
  'task_node'?: (_orch_core_v1_TaskNode__Output | null);
  /**
   * What the node runs.
   */
  'target'?: "task_node";
}
