// Original file: proto/orch/admin/v1/identity.proto

import type { ApiKey as _orch_admin_v1_ApiKey, ApiKey__Output as _orch_admin_v1_ApiKey__Output } from '../../../orch/admin/v1/ApiKey.js';

/**
 * A page of keys, without secrets.
 */
export interface ListApiKeysResponse {
  /**
   * The keys of this page.
   */
  'keys'?: (_orch_admin_v1_ApiKey)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of keys, without secrets.
 */
export interface ListApiKeysResponse__Output {
  /**
   * The keys of this page.
   */
  'keys': (_orch_admin_v1_ApiKey__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
