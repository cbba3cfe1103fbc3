// Original file: proto/orch/admin/v1/workflow.proto

import type { WorkflowTemplate as _orch_core_v1_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_v1_WorkflowTemplate__Output } from '../../../orch/core/v1/WorkflowTemplate.js';

/**
 * What a workflow registration gives.
 */
export interface WorkflowSpec {
  /**
   * The workflow: its interface, nodes and outputs.
   */
  'template'?: (_orch_core_v1_WorkflowTemplate | null);
}

/**
 * What a workflow registration gives.
 */
export interface WorkflowSpec__Output {
  /**
   * The workflow: its interface, nodes and outputs.
   */
  'template': (_orch_core_v1_WorkflowTemplate__Output | null);
}
