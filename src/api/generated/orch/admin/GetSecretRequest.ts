// Original file: proto/orch/admin/secret.proto

import type { SecretIdentifier as _orch_admin_SecretIdentifier, SecretIdentifier__Output as _orch_admin_SecretIdentifier__Output } from '../../orch/admin/SecretIdentifier.js';

/**
 * GetSecret (viewer): NOT_FOUND when absent.
 */
export interface GetSecretRequest {
  /**
   * Its name and scope.
   */
  'id'?: (_orch_admin_SecretIdentifier | null);
}

/**
 * GetSecret (viewer): NOT_FOUND when absent.
 */
export interface GetSecretRequest__Output {
  /**
   * Its name and scope.
   */
  'id': (_orch_admin_SecretIdentifier__Output | null);
}
