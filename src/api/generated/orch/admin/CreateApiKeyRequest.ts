// Original file: proto/orch/admin/identity.proto

import type { Role as _orch_admin_Role, Role__Output as _orch_admin_Role__Output } from '../../orch/admin/Role.js';

export interface CreateApiKeyRequest {
  'name'?: (string);
  'role'?: (_orch_admin_Role);
  'org'?: (string);
}

export interface CreateApiKeyRequest__Output {
  'name': (string);
  'role': (_orch_admin_Role__Output);
  'org': (string);
}
