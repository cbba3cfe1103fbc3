// Original file: proto/orch/admin/identity.proto

import type { ApiKey as _orch_admin_ApiKey, ApiKey__Output as _orch_admin_ApiKey__Output } from '../../orch/admin/ApiKey.js';

export interface ListApiKeysResponse {
  'keys'?: (_orch_admin_ApiKey)[];
  'token'?: (string);
}

export interface ListApiKeysResponse__Output {
  'keys': (_orch_admin_ApiKey__Output)[];
  'token': (string);
}
