// Original file: proto/orch/admin/v1/project.proto

import type { Project as _orch_admin_v1_Project, Project__Output as _orch_admin_v1_Project__Output } from '../../../orch/admin/v1/Project.js';

/**
 * RegisterProject (admin): ALREADY_EXISTS for a taken id, INVALID_ARGUMENT for a bad id.
 */
export interface ProjectRegisterRequest {
  /**
   * The project to create: id required, domains empty, state ignored (a new project is ACTIVE).
   */
  'project'?: (_orch_admin_v1_Project | null);
}

/**
 * RegisterProject (admin): ALREADY_EXISTS for a taken id, INVALID_ARGUMENT for a bad id.
 */
export interface ProjectRegisterRequest__Output {
  /**
   * The project to create: id required, domains empty, state ignored (a new project is ACTIVE).
   */
  'project': (_orch_admin_v1_Project__Output | null);
}
