// Original file: proto/orch/admin/trust_policy.proto

import type { ClaimCondition as _orch_admin_ClaimCondition, ClaimCondition__Output as _orch_admin_ClaimCondition__Output } from '../../orch/admin/ClaimCondition.js';
import type { Role as _orch_admin_Role, Role__Output as _orch_admin_Role__Output } from '../../orch/admin/Role.js';
import type { Long } from '@grpc/proto-loader';

export interface TrustPolicy {
  'name'?: (string);
  'issuer'?: (string);
  'conditions'?: (_orch_admin_ClaimCondition)[];
  'role'?: (_orch_admin_Role);
  'projects'?: (string)[];
  'domains'?: (string)[];
  'org'?: (string);
  'created_at_ms'?: (number | string | Long);
  'created_by'?: (string);
}

export interface TrustPolicy__Output {
  'name': (string);
  'issuer': (string);
  'conditions': (_orch_admin_ClaimCondition__Output)[];
  'role': (_orch_admin_Role__Output);
  'projects': (string)[];
  'domains': (string)[];
  'org': (string);
  'created_at_ms': (string);
  'created_by': (string);
}
