// Original file: proto/orch/core/compiler.proto

import type { CompiledWorkflow as _orch_core_CompiledWorkflow, CompiledWorkflow__Output as _orch_core_CompiledWorkflow__Output } from '../../orch/core/CompiledWorkflow.js';
import type { CompiledTask as _orch_core_CompiledTask, CompiledTask__Output as _orch_core_CompiledTask__Output } from '../../orch/core/CompiledTask.js';

export interface CompiledWorkflowClosure {
  'primary'?: (_orch_core_CompiledWorkflow | null);
  'tasks'?: (_orch_core_CompiledTask)[];
}

export interface CompiledWorkflowClosure__Output {
  'primary': (_orch_core_CompiledWorkflow__Output | null);
  'tasks': (_orch_core_CompiledTask__Output)[];
}
