// Original file: proto/orch/admin/v1/task.proto

import type { TaskTemplate as _orch_core_v1_TaskTemplate, TaskTemplate__Output as _orch_core_v1_TaskTemplate__Output } from '../../../orch/core/v1/TaskTemplate.js';

/**
 * What a task registration gives.
 */
export interface TaskSpec {
  /**
   * The task: its interface, container and metadata.
   */
  'template'?: (_orch_core_v1_TaskTemplate | null);
}

/**
 * What a task registration gives.
 */
export interface TaskSpec__Output {
  /**
   * The task: its interface, container and metadata.
   */
  'template': (_orch_core_v1_TaskTemplate__Output | null);
}
