// Original file: proto/orch/admin/project.proto

import type { Project as _orch_admin_Project, Project__Output as _orch_admin_Project__Output } from '../../orch/admin/Project.js';

export interface ProjectRegisterRequest {
  'project'?: (_orch_admin_Project | null);
}

export interface ProjectRegisterRequest__Output {
  'project': (_orch_admin_Project__Output | null);
}
