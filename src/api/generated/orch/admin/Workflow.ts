// Original file: proto/orch/admin/workflow.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { WorkflowClosure as _orch_admin_WorkflowClosure, WorkflowClosure__Output as _orch_admin_WorkflowClosure__Output } from '../../orch/admin/WorkflowClosure.js';

export interface Workflow {
  'id'?: (_orch_core_Identifier | null);
  'closure'?: (_orch_admin_WorkflowClosure | null);
}

export interface Workflow__Output {
  'id': (_orch_core_Identifier__Output | null);
  'closure': (_orch_admin_WorkflowClosure__Output | null);
}
