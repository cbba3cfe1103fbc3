// Original file: proto/orch/admin/task.proto

import type { TaskTemplate as _orch_core_TaskTemplate, TaskTemplate__Output as _orch_core_TaskTemplate__Output } from '../../orch/core/TaskTemplate.js';

export interface TaskSpec {
  'template'?: (_orch_core_TaskTemplate | null);
}

export interface TaskSpec__Output {
  'template': (_orch_core_TaskTemplate__Output | null);
}
