// Original file: proto/orch/admin/identity.proto

import type { ApiKey as _orch_admin_ApiKey, ApiKey__Output as _orch_admin_ApiKey__Output } from '../../orch/admin/ApiKey.js';

export interface CreateApiKeyResponse {
  'key'?: (_orch_admin_ApiKey | null);
  'client_secret'?: (string);
}

export interface CreateApiKeyResponse__Output {
  'key': (_orch_admin_ApiKey__Output | null);
  'client_secret': (string);
}
