// Original file: proto/orch/admin/v1/common.proto

import type { NamedEntityIdentifier as _orch_admin_v1_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_v1_NamedEntityIdentifier__Output } from '../../../orch/admin/v1/NamedEntityIdentifier.js';
import type { Sort as _orch_admin_v1_Sort, Sort__Output as _orch_admin_v1_Sort__Output } from '../../../orch/admin/v1/Sort.js';

/**
 * Lists the versions of one named entity (or, without a name, of every entity in the project and domain).
 */
export interface ResourceListRequest {
  /**
   * The project and domain (required) and optionally the name.
   */
  'id'?: (_orch_admin_v1_NamedEntityIdentifier | null);
  /**
   * At most this many items in the page; 0 for 100, capped at 1000.
   */
  'limit'?: (number);
  /**
   * Opaque page token from a previous answer; empty for the first page.
   */
  'token'?: (string);
  /**
   * A filter expression such as `eq(name,foo)+value_in(phase,RUNNING;QUEUED)`; empty for none.
   */
  'filters'?: (string);
  /**
   * The order; unset for `created_at` descending.
   */
  'sort_by'?: (_orch_admin_v1_Sort | null);
}

/**
 * Lists the versions of one named entity (or, without a name, of every entity in the project and domain).
 */
export interface ResourceListRequest__Output {
  /**
   * The project and domain (required) and optionally the name.
   */
  'id': (_orch_admin_v1_NamedEntityIdentifier__Output | null);
  /**
   * At most this many items in the page; 0 for 100, capped at 1000.
   */
  'limit': (number);
  /**
   * Opaque page token from a previous answer; empty for the first page.
   */
  'token': (string);
  /**
   * A filter expression such as `eq(name,foo)+value_in(phase,RUNNING;QUEUED)`; empty for none.
   */
  'filters': (string);
  /**
   * The order; unset for `created_at` descending.
   */
  'sort_by': (_orch_admin_v1_Sort__Output | null);
}
