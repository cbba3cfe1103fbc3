// Original file: proto/orch/admin/task.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { TaskSpec as _orch_admin_TaskSpec, TaskSpec__Output as _orch_admin_TaskSpec__Output } from '../../orch/admin/TaskSpec.js';

export interface TaskCreateRequest {
  'id'?: (_orch_core_Identifier | null);
  'spec'?: (_orch_admin_TaskSpec | null);
}

export interface TaskCreateRequest__Output {
  'id': (_orch_core_Identifier__Output | null);
  'spec': (_orch_admin_TaskSpec__Output | null);
}
