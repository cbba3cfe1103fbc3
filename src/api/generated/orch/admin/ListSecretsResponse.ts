// Original file: proto/orch/admin/secret.proto

import type { Secret as _orch_admin_Secret, Secret__Output as _orch_admin_Secret__Output } from '../../orch/admin/Secret.js';

/**
 * A page of secrets, without values.
 */
export interface ListSecretsResponse {
  /**
   * The secrets of this page.
   */
  'secrets'?: (_orch_admin_Secret)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of secrets, without values.
 */
export interface ListSecretsResponse__Output {
  /**
   * The secrets of this page.
   */
  'secrets': (_orch_admin_Secret__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
