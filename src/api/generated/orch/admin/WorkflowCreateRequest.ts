// Original file: proto/orch/admin/workflow.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { WorkflowSpec as _orch_admin_WorkflowSpec, WorkflowSpec__Output as _orch_admin_WorkflowSpec__Output } from '../../orch/admin/WorkflowSpec.js';

export interface WorkflowCreateRequest {
  'id'?: (_orch_core_Identifier | null);
  'spec'?: (_orch_admin_WorkflowSpec | null);
}

export interface WorkflowCreateRequest__Output {
  'id': (_orch_core_Identifier__Output | null);
  'spec': (_orch_admin_WorkflowSpec__Output | null);
}
