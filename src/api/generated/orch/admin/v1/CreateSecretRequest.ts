// Original file: proto/orch/admin/v1/secret.proto

import type { SecretIdentifier as _orch_admin_v1_SecretIdentifier, SecretIdentifier__Output as _orch_admin_v1_SecretIdentifier__Output } from '../../../orch/admin/v1/SecretIdentifier.js';
import type { SecretSpec as _orch_admin_v1_SecretSpec, SecretSpec__Output as _orch_admin_v1_SecretSpec__Output } from '../../../orch/admin/v1/SecretSpec.js';

/**
 * CreateSecret (admin): INVALID_ARGUMENT for a bad name or scope or an empty or too large value,
 * ALREADY_EXISTS when it exists, FAILED_PRECONDITION when the server has no sealing key.
 */
export interface CreateSecretRequest {
  /**
   * Its name and scope.
   */
  'id'?: (_orch_admin_v1_SecretIdentifier | null);
  /**
   * Its value and kind.
   */
  'secret_spec'?: (_orch_admin_v1_SecretSpec | null);
}

/**
 * CreateSecret (admin): INVALID_ARGUMENT for a bad name or scope or an empty or too large value,
 * ALREADY_EXISTS when it exists, FAILED_PRECONDITION when the server has no sealing key.
 */
export interface CreateSecretRequest__Output {
  /**
   * Its name and scope.
   */
  'id': (_orch_admin_v1_SecretIdentifier__Output | null);
  /**
   * Its value and kind.
   */
  'secret_spec': (_orch_admin_v1_SecretSpec__Output | null);
}
