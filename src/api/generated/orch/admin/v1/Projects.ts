// Original file: proto/orch/admin/v1/project.proto

import type { Project as _orch_admin_v1_Project, Project__Output as _orch_admin_v1_Project__Output } from '../../../orch/admin/v1/Project.js';

/**
 * A page of projects.
 */
export interface Projects {
  /**
   * The projects of this page.
   */
  'projects'?: (_orch_admin_v1_Project)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of projects.
 */
export interface Projects__Output {
  /**
   * The projects of this page.
   */
  'projects': (_orch_admin_v1_Project__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
