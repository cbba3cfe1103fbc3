// Original file: proto/orch/admin/identity.proto

import type { Role as _orch_admin_Role, Role__Output as _orch_admin_Role__Output } from '../../orch/admin/Role.js';
import type { Long } from '@grpc/proto-loader';

export interface ApiKey {
  'client_id'?: (string);
  'name'?: (string);
  'role'?: (_orch_admin_Role);
  'org'?: (string);
  'created_at_ms'?: (number | string | Long);
  'created_by'?: (string);
}

export interface ApiKey__Output {
  'client_id': (string);
  'name': (string);
  'role': (_orch_admin_Role__Output);
  'org': (string);
  'created_at_ms': (string);
  'created_by': (string);
}
