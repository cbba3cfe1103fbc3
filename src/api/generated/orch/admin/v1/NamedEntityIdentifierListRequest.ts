// Original file: proto/orch/admin/v1/common.proto

import type { Sort as _orch_admin_v1_Sort, Sort__Output as _orch_admin_v1_Sort__Output } from '../../../orch/admin/v1/Sort.js';

/**
 * Lists the names of the entities of one kind in a project and domain.
 */
export interface NamedEntityIdentifierListRequest {
  /**
   * The project (required).
   */
  'project'?: (string);
  /**
   * The domain (required): development, staging or production.
   */
  'domain'?: (string);
  /**
   * At most this many names in the page; 0 for 100, capped at 1000.
   */
  'limit'?: (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token'?: (string);
  /**
   * The order; unset for `created_at` descending.
   */
  'sort_by'?: (_orch_admin_v1_Sort | null);
  /**
   * A filter expression such as `eq(name,foo)`; empty for none.
   */
  'filters'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * Lists the names of the entities of one kind in a project and domain.
 */
export interface NamedEntityIdentifierListRequest__Output {
  /**
   * The project (required).
   */
  'project': (string);
  /**
   * The domain (required): development, staging or production.
   */
  'domain': (string);
  /**
   * At most this many names in the page; 0 for 100, capped at 1000.
   */
  'limit': (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token': (string);
  /**
   * The order; unset for `created_at` descending.
   */
  'sort_by': (_orch_admin_v1_Sort__Output | null);
  /**
   * A filter expression such as `eq(name,foo)`; empty for none.
   */
  'filters': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
