// Original file: proto/orch/core/compiler.proto

import type { TaskTemplate as _orch_core_TaskTemplate, TaskTemplate__Output as _orch_core_TaskTemplate__Output } from '../../orch/core/TaskTemplate.js';

export interface CompiledTask {
  'template'?: (_orch_core_TaskTemplate | null);
}

export interface CompiledTask__Output {
  'template': (_orch_core_TaskTemplate__Output | null);
}
