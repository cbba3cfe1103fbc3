// Original file: proto/orch/admin/v1/secret.proto

import type { SecretIdentifier as _orch_admin_v1_SecretIdentifier, SecretIdentifier__Output as _orch_admin_v1_SecretIdentifier__Output } from '../../../orch/admin/v1/SecretIdentifier.js';

/**
 * DeleteSecret (admin): NOT_FOUND when absent.
 */
export interface DeleteSecretRequest {
  /**
   * Its name and scope.
   */
  'id'?: (_orch_admin_v1_SecretIdentifier | null);
}

/**
 * DeleteSecret (admin): NOT_FOUND when absent.
 */
export interface DeleteSecretRequest__Output {
  /**
   * Its name and scope.
   */
  'id': (_orch_admin_v1_SecretIdentifier__Output | null);
}
