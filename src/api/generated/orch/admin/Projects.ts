// Original file: proto/orch/admin/project.proto

import type { Project as _orch_admin_Project, Project__Output as _orch_admin_Project__Output } from '../../orch/admin/Project.js';

export interface Projects {
  'projects'?: (_orch_admin_Project)[];
  'token'?: (string);
}

export interface Projects__Output {
  'projects': (_orch_admin_Project__Output)[];
  'token': (string);
}
