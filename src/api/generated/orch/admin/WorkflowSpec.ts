// Original file: proto/orch/admin/workflow.proto

import type { WorkflowTemplate as _orch_core_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_WorkflowTemplate__Output } from '../../orch/core/WorkflowTemplate.js';

export interface WorkflowSpec {
  'template'?: (_orch_core_WorkflowTemplate | null);
}

export interface WorkflowSpec__Output {
  'template': (_orch_core_WorkflowTemplate__Output | null);
}
