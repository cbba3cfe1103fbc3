// Original file: proto/orch/admin/trust_policy.proto

import type { TrustPolicy as _orch_admin_TrustPolicy, TrustPolicy__Output as _orch_admin_TrustPolicy__Output } from '../../orch/admin/TrustPolicy.js';

export interface CreateTrustPolicyResponse {
  'policy'?: (_orch_admin_TrustPolicy | null);
}

export interface CreateTrustPolicyResponse__Output {
  'policy': (_orch_admin_TrustPolicy__Output | null);
}
