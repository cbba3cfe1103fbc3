// Original file: proto/orch/core/v1/compiler.proto

import type { TaskTemplate as _orch_core_v1_TaskTemplate, TaskTemplate__Output as _orch_core_v1_TaskTemplate__Output } from '../../../orch/core/v1/TaskTemplate.js';

/**
 * A task as compiled into a workflow.
 */
export interface CompiledTask {
  /**
   * The task version's template.
   */
  'template'?: (_orch_core_v1_TaskTemplate | null);
}

/**
 * A task as compiled into a workflow.
 */
export interface CompiledTask__Output {
  /**
   * The task version's template.
   */
  'template': (_orch_core_v1_TaskTemplate__Output | null);
}
