// Original file: proto/orch/admin/identity.proto

import type { Role as _orch_admin_Role, Role__Output as _orch_admin_Role__Output } from '../../orch/admin/Role.js';

export interface UserInfoResponse {
  'subject'?: (string);
  'name'?: (string);
  'preferred_username'?: (string);
  'email'?: (string);
  'client_id'?: (string);
  'org'?: (string);
  'role'?: (_orch_admin_Role);
  'method'?: (string);
}

export interface UserInfoResponse__Output {
  'subject': (string);
  'name': (string);
  'preferred_username': (string);
  'email': (string);
  'client_id': (string);
  'org': (string);
  'role': (_orch_admin_Role__Output);
  'method': (string);
}
