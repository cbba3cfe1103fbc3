// Original file: proto/orch/admin/v1/common.proto

import type { NamedEntityIdentifier as _orch_admin_v1_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_v1_NamedEntityIdentifier__Output } from '../../../orch/admin/v1/NamedEntityIdentifier.js';

/**
 * A page of entity names.
 */
export interface NamedEntityIdentifierList {
  /**
   * The names of this page.
   */
  'entities'?: (_orch_admin_v1_NamedEntityIdentifier)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of entity names.
 */
export interface NamedEntityIdentifierList__Output {
  /**
   * The names of this page.
   */
  'entities': (_orch_admin_v1_NamedEntityIdentifier__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
