// Original file: proto/orch/admin/task.proto

import type { TaskTemplate as _orch_core_TaskTemplate, TaskTemplate__Output as _orch_core_TaskTemplate__Output } from '../../orch/core/TaskTemplate.js';

/**
 * What a task registration gives.
 */
export interface TaskSpec {
  /**
   * The task: its interface, container and metadata.
   */
  'template'?: (_orch_core_TaskTemplate | null);
}

/**
 * What a task registration gives.
 */
export interface TaskSpec__Output {
  /**
   * The task: its interface, container and metadata.
   */
  'template': (_orch_core_TaskTemplate__Output | null);
}
