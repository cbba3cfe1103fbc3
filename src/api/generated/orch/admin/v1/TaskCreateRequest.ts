// Original file: proto/orch/admin/v1/task.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { TaskSpec as _orch_admin_v1_TaskSpec, TaskSpec__Output as _orch_admin_v1_TaskSpec__Output } from '../../../orch/admin/v1/TaskSpec.js';

/**
 * CreateTask (contributor): ALREADY_EXISTS for the same spec again, INVALID_ARGUMENT for an invalid
 * template or a different spec under an existing version, NOT_FOUND for an unknown project.
 */
export interface TaskCreateRequest {
  /**
   * The version to create: resource type TASK, project, domain, name and version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * The task.
   */
  'spec'?: (_orch_admin_v1_TaskSpec | null);
}

/**
 * CreateTask (contributor): ALREADY_EXISTS for the same spec again, INVALID_ARGUMENT for an invalid
 * template or a different spec under an existing version, NOT_FOUND for an unknown project.
 */
export interface TaskCreateRequest__Output {
  /**
   * The version to create: resource type TASK, project, domain, name and version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * The task.
   */
  'spec': (_orch_admin_v1_TaskSpec__Output | null);
}
