// Original file: proto/orch/admin/secret.proto

import type { Secret as _orch_admin_Secret, Secret__Output as _orch_admin_Secret__Output } from '../../orch/admin/Secret.js';

export interface ListSecretsResponse {
  'secrets'?: (_orch_admin_Secret)[];
  'token'?: (string);
}

export interface ListSecretsResponse__Output {
  'secrets': (_orch_admin_Secret__Output)[];
  'token': (string);
}
