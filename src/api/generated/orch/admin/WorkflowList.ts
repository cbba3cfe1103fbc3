// Original file: proto/orch/admin/workflow.proto

import type { Workflow as _orch_admin_Workflow, Workflow__Output as _orch_admin_Workflow__Output } from '../../orch/admin/Workflow.js';

export interface WorkflowList {
  'workflows'?: (_orch_admin_Workflow)[];
  'token'?: (string);
}

export interface WorkflowList__Output {
  'workflows': (_orch_admin_Workflow__Output)[];
  'token': (string);
}
