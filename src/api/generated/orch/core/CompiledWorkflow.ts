// Original file: proto/orch/core/compiler.proto

import type { WorkflowTemplate as _orch_core_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_WorkflowTemplate__Output } from '../../orch/core/WorkflowTemplate.js';
import type { ConnectionSet as _orch_core_ConnectionSet, ConnectionSet__Output as _orch_core_ConnectionSet__Output } from '../../orch/core/ConnectionSet.js';

/**
 * A workflow with its graph.
 */
export interface CompiledWorkflow {
  /**
   * The workflow's template, with upstream_node_ids filled in.
   */
  'template'?: (_orch_core_WorkflowTemplate | null);
  /**
   * Its graph.
   */
  'connections'?: (_orch_core_ConnectionSet | null);
}

/**
 * A workflow with its graph.
 */
export interface CompiledWorkflow__Output {
  /**
   * The workflow's template, with upstream_node_ids filled in.
   */
  'template': (_orch_core_WorkflowTemplate__Output | null);
  /**
   * Its graph.
   */
  'connections': (_orch_core_ConnectionSet__Output | null);
}
