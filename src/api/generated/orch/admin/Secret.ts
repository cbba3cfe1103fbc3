// Original file: proto/orch/admin/secret.proto

import type { SecretIdentifier as _orch_admin_SecretIdentifier, SecretIdentifier__Output as _orch_admin_SecretIdentifier__Output } from '../../orch/admin/SecretIdentifier.js';
import type { SecretMetadata as _orch_admin_SecretMetadata, SecretMetadata__Output as _orch_admin_SecretMetadata__Output } from '../../orch/admin/SecretMetadata.js';

export interface Secret {
  'id'?: (_orch_admin_SecretIdentifier | null);
  'secret_metadata'?: (_orch_admin_SecretMetadata | null);
}

export interface Secret__Output {
  'id': (_orch_admin_SecretIdentifier__Output | null);
  'secret_metadata': (_orch_admin_SecretMetadata__Output | null);
}
