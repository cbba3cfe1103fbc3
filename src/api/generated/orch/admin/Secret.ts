// Original file: proto/orch/admin/secret.proto

import type { SecretIdentifier as _orch_admin_SecretIdentifier, SecretIdentifier__Output as _orch_admin_SecretIdentifier__Output } from '../../orch/admin/SecretIdentifier.js';
import type { SecretMetadata as _orch_admin_SecretMetadata, SecretMetadata__Output as _orch_admin_SecretMetadata__Output } from '../../orch/admin/SecretMetadata.js';

/**
 * A secret, without its value.
 */
export interface Secret {
  /**
   * Its name and scope.
   */
  'id'?: (_orch_admin_SecretIdentifier | null);
  /**
   * What the server tells about it.
   */
  'secret_metadata'?: (_orch_admin_SecretMetadata | null);
}

/**
 * A secret, without its value.
 */
export interface Secret__Output {
  /**
   * Its name and scope.
   */
  'id': (_orch_admin_SecretIdentifier__Output | null);
  /**
   * What the server tells about it.
   */
  'secret_metadata': (_orch_admin_SecretMetadata__Output | null);
}
