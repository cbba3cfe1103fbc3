// Original file: proto/orch/admin/v1/secret.proto

import type { SecretIdentifier as _orch_admin_v1_SecretIdentifier, SecretIdentifier__Output as _orch_admin_v1_SecretIdentifier__Output } from '../../../orch/admin/v1/SecretIdentifier.js';
import type { SecretSpec as _orch_admin_v1_SecretSpec, SecretSpec__Output as _orch_admin_v1_SecretSpec__Output } from '../../../orch/admin/v1/SecretSpec.js';

/**
 * UpdateSecret (admin): INVALID_ARGUMENT as CreateSecret, NOT_FOUND when absent, FAILED_PRECONDITION
 * when the server has no sealing key.
 */
export interface UpdateSecretRequest {
  /**
   * Its name and scope.
   */
  'id'?: (_orch_admin_v1_SecretIdentifier | null);
  /**
   * Its new value and kind.
   */
  'secret_spec'?: (_orch_admin_v1_SecretSpec | null);
}

/**
 * UpdateSecret (admin): INVALID_ARGUMENT as CreateSecret, NOT_FOUND when absent, FAILED_PRECONDITION
 * when the server has no sealing key.
 */
export interface UpdateSecretRequest__Output {
  /**
   * Its name and scope.
   */
  'id': (_orch_admin_v1_SecretIdentifier__Output | null);
  /**
   * Its new value and kind.
   */
  'secret_spec': (_orch_admin_v1_SecretSpec__Output | null);
}
