// Original file: proto/orch/admin/secret.proto

import type { Secret as _orch_admin_Secret, Secret__Output as _orch_admin_Secret__Output } from '../../orch/admin/Secret.js';

export interface GetSecretResponse {
  'secret'?: (_orch_admin_Secret | null);
}

export interface GetSecretResponse__Output {
  'secret': (_orch_admin_Secret__Output | null);
}
