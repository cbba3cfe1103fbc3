// Original file: proto/orch/admin/trust_policy.proto

import type { TrustPolicy as _orch_admin_TrustPolicy, TrustPolicy__Output as _orch_admin_TrustPolicy__Output } from '../../orch/admin/TrustPolicy.js';

export interface CreateTrustPolicyRequest {
  'policy'?: (_orch_admin_TrustPolicy | null);
}

export interface CreateTrustPolicyRequest__Output {
  'policy': (_orch_admin_TrustPolicy__Output | null);
}
