// Original file: proto/orch/admin/workflow.proto

import type { WorkflowTemplate as _orch_core_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_WorkflowTemplate__Output } from '../../orch/core/WorkflowTemplate.js';

/**
 * What a workflow registration gives.
 */
export interface WorkflowSpec {
  /**
   * The workflow: its interface, nodes and outputs.
   */
  'template'?: (_orch_core_WorkflowTemplate | null);
}

/**
 * What a workflow registration gives.
 */
export interface WorkflowSpec__Output {
  /**
   * The workflow: its interface, nodes and outputs.
   */
  'template': (_orch_core_WorkflowTemplate__Output | null);
}
