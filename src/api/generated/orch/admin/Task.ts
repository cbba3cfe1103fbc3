// Original file: proto/orch/admin/task.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { TaskClosure as _orch_admin_TaskClosure, TaskClosure__Output as _orch_admin_TaskClosure__Output } from '../../orch/admin/TaskClosure.js';

export interface Task {
  'id'?: (_orch_core_Identifier | null);
  'closure'?: (_orch_admin_TaskClosure | null);
}

export interface Task__Output {
  'id': (_orch_core_Identifier__Output | null);
  'closure': (_orch_admin_TaskClosure__Output | null);
}
