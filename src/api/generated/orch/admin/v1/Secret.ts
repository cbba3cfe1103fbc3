// Original file: proto/orch/admin/v1/secret.proto

import type { SecretIdentifier as _orch_admin_v1_SecretIdentifier, SecretIdentifier__Output as _orch_admin_v1_SecretIdentifier__Output } from '../../../orch/admin/v1/SecretIdentifier.js';
import type { SecretMetadata as _orch_admin_v1_SecretMetadata, SecretMetadata__Output as _orch_admin_v1_SecretMetadata__Output } from '../../../orch/admin/v1/SecretMetadata.js';

/**
 * A secret, without its value.
 */
export interface Secret {
  /**
   * Its name and scope.
   */
  'id'?: (_orch_admin_v1_SecretIdentifier | null);
  /**
   * What the server tells about it.
   */
  'secret_metadata'?: (_orch_admin_v1_SecretMetadata | null);
}

/**
 * A secret, without its value.
 */
export interface Secret__Output {
  /**
   * Its name and scope.
   */
  'id': (_orch_admin_v1_SecretIdentifier__Output | null);
  /**
   * What the server tells about it.
   */
  'secret_metadata': (_orch_admin_v1_SecretMetadata__Output | null);
}
