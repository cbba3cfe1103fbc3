// Original file: proto/orch/admin/v1/trust_policy.proto

import type { TrustPolicy as _orch_admin_v1_TrustPolicy, TrustPolicy__Output as _orch_admin_v1_TrustPolicy__Output } from '../../../orch/admin/v1/TrustPolicy.js';

/**
 * One policy.
 */
export interface GetTrustPolicyResponse {
  /**
   * The policy asked for.
   */
  'policy'?: (_orch_admin_v1_TrustPolicy | null);
}

/**
 * One policy.
 */
export interface GetTrustPolicyResponse__Output {
  /**
   * The policy asked for.
   */
  'policy': (_orch_admin_v1_TrustPolicy__Output | null);
}
