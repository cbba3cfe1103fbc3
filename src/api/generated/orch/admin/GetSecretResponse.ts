// Original file: proto/orch/admin/secret.proto

import type { Secret as _orch_admin_Secret, Secret__Output as _orch_admin_Secret__Output } from '../../orch/admin/Secret.js';

/**
 * A secret's metadata.
 */
export interface GetSecretResponse {
  /**
   * The secret, without its value.
   */
  'secret'?: (_orch_admin_Secret | null);
}

/**
 * A secret's metadata.
 */
export interface GetSecretResponse__Output {
  /**
   * The secret, without its value.
   */
  'secret': (_orch_admin_Secret__Output | null);
}
