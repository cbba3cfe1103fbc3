// Original file: proto/orch/admin/secret.proto

import type { SecretIdentifier as _orch_admin_SecretIdentifier, SecretIdentifier__Output as _orch_admin_SecretIdentifier__Output } from '../../orch/admin/SecretIdentifier.js';

export interface DeleteSecretRequest {
  'id'?: (_orch_admin_SecretIdentifier | null);
}

export interface DeleteSecretRequest__Output {
  'id': (_orch_admin_SecretIdentifier__Output | null);
}
