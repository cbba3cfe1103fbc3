// Original file: proto/orch/admin/v1/trust_policy.proto

import type { TrustPolicy as _orch_admin_v1_TrustPolicy, TrustPolicy__Output as _orch_admin_v1_TrustPolicy__Output } from '../../../orch/admin/v1/TrustPolicy.js';

/**
 * The policy as stored.
 */
export interface CreateTrustPolicyResponse {
  /**
   * The created policy, with its server-set fields.
   */
  'policy'?: (_orch_admin_v1_TrustPolicy | null);
}

/**
 * The policy as stored.
 */
export interface CreateTrustPolicyResponse__Output {
  /**
   * The created policy, with its server-set fields.
   */
  'policy': (_orch_admin_v1_TrustPolicy__Output | null);
}
