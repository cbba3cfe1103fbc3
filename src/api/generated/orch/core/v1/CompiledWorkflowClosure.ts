// Original file: proto/orch/core/v1/compiler.proto

import type { CompiledWorkflow as _orch_core_v1_CompiledWorkflow, CompiledWorkflow__Output as _orch_core_v1_CompiledWorkflow__Output } from '../../../orch/core/v1/CompiledWorkflow.js';
import type { CompiledTask as _orch_core_v1_CompiledTask, CompiledTask__Output as _orch_core_v1_CompiledTask__Output } from '../../../orch/core/v1/CompiledTask.js';

/**
 * A workflow with every reference resolved: the server's compilation result.
 */
export interface CompiledWorkflowClosure {
  /**
   * The workflow.
   */
  'primary'?: (_orch_core_v1_CompiledWorkflow | null);
  /**
   * Every task version its nodes run.
   */
  'tasks'?: (_orch_core_v1_CompiledTask)[];
}

/**
 * A workflow with every reference resolved: the server's compilation result.
 */
export interface CompiledWorkflowClosure__Output {
  /**
   * The workflow.
   */
  'primary': (_orch_core_v1_CompiledWorkflow__Output | null);
  /**
   * Every task version its nodes run.
   */
  'tasks': (_orch_core_v1_CompiledTask__Output)[];
}
