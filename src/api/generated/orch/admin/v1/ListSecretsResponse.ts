// Original file: proto/orch/admin/v1/secret.proto

import type { Secret as _orch_admin_v1_Secret, Secret__Output as _orch_admin_v1_Secret__Output } from '../../../orch/admin/v1/Secret.js';

/**
 * A page of secrets, without values.
 */
export interface ListSecretsResponse {
  /**
   * The secrets of this page.
   */
  'secrets'?: (_orch_admin_v1_Secret)[];
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
  'secrets': (_orch_admin_v1_Secret__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
