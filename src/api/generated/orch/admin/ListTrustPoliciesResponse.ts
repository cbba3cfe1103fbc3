// Original file: proto/orch/admin/trust_policy.proto

import type { TrustPolicy as _orch_admin_TrustPolicy, TrustPolicy__Output as _orch_admin_TrustPolicy__Output } from '../../orch/admin/TrustPolicy.js';

export interface ListTrustPoliciesResponse {
  'policies'?: (_orch_admin_TrustPolicy)[];
  'token'?: (string);
}

export interface ListTrustPoliciesResponse__Output {
  'policies': (_orch_admin_TrustPolicy__Output)[];
  'token': (string);
}
