// Original file: proto/orch/admin/project.proto

import type { Project as _orch_admin_Project, Project__Output as _orch_admin_Project__Output } from '../../orch/admin/Project.js';

/**
 * A page of projects.
 */
export interface Projects {
  /**
   * The projects of this page.
   */
  'projects'?: (_orch_admin_Project)[];
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
  'projects': (_orch_admin_Project__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
