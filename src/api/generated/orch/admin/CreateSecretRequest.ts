// Original file: proto/orch/admin/secret.proto

import type { SecretIdentifier as _orch_admin_SecretIdentifier, SecretIdentifier__Output as _orch_admin_SecretIdentifier__Output } from '../../orch/admin/SecretIdentifier.js';
import type { SecretSpec as _orch_admin_SecretSpec, SecretSpec__Output as _orch_admin_SecretSpec__Output } from '../../orch/admin/SecretSpec.js';

/**
 * CreateSecret (admin): INVALID_ARGUMENT for a bad name or scope or an empty or too large value,
 * ALREADY_EXISTS when it exists, FAILED_PRECONDITION when the server has no sealing key.
 */
export interface CreateSecretRequest {
  /**
   * Its name and scope.
   */
  'id'?: (_orch_admin_SecretIdentifier | null);
  /**
   * Its value and kind.
   */
  'secret_spec'?: (_orch_admin_SecretSpec | null);
}

/**
 * CreateSecret (admin): INVALID_ARGUMENT for a bad name or scope or an empty or too large value,
 * ALREADY_EXISTS when it exists, FAILED_PRECONDITION when the server has no sealing key.
 */
export interface CreateSecretRequest__Output {
  /**
   * Its name and scope.
   */
  'id': (_orch_admin_SecretIdentifier__Output | null);
  /**
   * Its value and kind.
   */
  'secret_spec': (_orch_admin_SecretSpec__Output | null);
}
