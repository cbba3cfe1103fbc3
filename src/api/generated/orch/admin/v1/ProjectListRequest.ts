// Original file: proto/orch/admin/v1/project.proto

import type { Sort as _orch_admin_v1_Sort, Sort__Output as _orch_admin_v1_Sort__Output } from '../../../orch/admin/v1/Sort.js';

/**
 * ListProjects (viewer): projects by id unless sorted otherwise.
 */
export interface ProjectListRequest {
  /**
   * At most this many projects in the page; 0 for 100, capped at 1000.
   */
  'limit'?: (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token'?: (string);
  /**
   * A filter expression over id, name, description, created_at and state, e.g. `eq(state,ARCHIVED)`.
   */
  'filters'?: (string);
  /**
   * The order; unset for `id` ascending.
   */
  'sort_by'?: (_orch_admin_v1_Sort | null);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * ListProjects (viewer): projects by id unless sorted otherwise.
 */
export interface ProjectListRequest__Output {
  /**
   * At most this many projects in the page; 0 for 100, capped at 1000.
   */
  'limit': (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token': (string);
  /**
   * A filter expression over id, name, description, created_at and state, e.g. `eq(state,ARCHIVED)`.
   */
  'filters': (string);
  /**
   * The order; unset for `id` ascending.
   */
  'sort_by': (_orch_admin_v1_Sort__Output | null);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
