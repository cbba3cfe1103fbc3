// Original file: proto/orch/admin/secret.proto

import type { SecretIdentifier as _orch_admin_SecretIdentifier, SecretIdentifier__Output as _orch_admin_SecretIdentifier__Output } from '../../orch/admin/SecretIdentifier.js';
import type { SecretSpec as _orch_admin_SecretSpec, SecretSpec__Output as _orch_admin_SecretSpec__Output } from '../../orch/admin/SecretSpec.js';

export interface UpdateSecretRequest {
  'id'?: (_orch_admin_SecretIdentifier | null);
  'secret_spec'?: (_orch_admin_SecretSpec | null);
}

export interface UpdateSecretRequest__Output {
  'id': (_orch_admin_SecretIdentifier__Output | null);
  'secret_spec': (_orch_admin_SecretSpec__Output | null);
}
