// Original file: proto/orch/core/v1/compiler.proto

import type { WorkflowTemplate as _orch_core_v1_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_v1_WorkflowTemplate__Output } from '../../../orch/core/v1/WorkflowTemplate.js';
import type { ConnectionSet as _orch_core_v1_ConnectionSet, ConnectionSet__Output as _orch_core_v1_ConnectionSet__Output } from '../../../orch/core/v1/ConnectionSet.js';

/**
 * A workflow with its graph.
 */
export interface CompiledWorkflow {
  /**
   * The workflow's template, with upstream_node_ids filled in.
   */
  'template'?: (_orch_core_v1_WorkflowTemplate | null);
  /**
   * Its graph.
   */
  'connections'?: (_orch_core_v1_ConnectionSet | null);
}

/**
 * A workflow with its graph.
 */
export interface CompiledWorkflow__Output {
  /**
   * The workflow's template, with upstream_node_ids filled in.
   */
  'template': (_orch_core_v1_WorkflowTemplate__Output | null);
  /**
   * Its graph.
   */
  'connections': (_orch_core_v1_ConnectionSet__Output | null);
}
