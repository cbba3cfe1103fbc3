// Original file: proto/orch/admin/v1/secret.proto

import type { Secret as _orch_admin_v1_Secret, Secret__Output as _orch_admin_v1_Secret__Output } from '../../../orch/admin/v1/Secret.js';

/**
 * A secret's metadata.
 */
export interface GetSecretResponse {
  /**
   * The secret, without its value.
   */
  'secret'?: (_orch_admin_v1_Secret | null);
}

/**
 * A secret's metadata.
 */
export interface GetSecretResponse__Output {
  /**
   * The secret, without its value.
   */
  'secret': (_orch_admin_v1_Secret__Output | null);
}
