// Original file: proto/orch/admin/v1/trust_policy.proto

import type { TrustPolicy as _orch_admin_v1_TrustPolicy, TrustPolicy__Output as _orch_admin_v1_TrustPolicy__Output } from '../../../orch/admin/v1/TrustPolicy.js';

/**
 * CreateTrustPolicy (admin only): AlreadyExists for a taken name, InvalidArgument for an unsafe policy.
 */
export interface CreateTrustPolicyRequest {
  /**
   * The policy to create; its org defaults to the server's, created_at_ms and created_by are set by the server.
   */
  'policy'?: (_orch_admin_v1_TrustPolicy | null);
}

/**
 * CreateTrustPolicy (admin only): AlreadyExists for a taken name, InvalidArgument for an unsafe policy.
 */
export interface CreateTrustPolicyRequest__Output {
  /**
   * The policy to create; its org defaults to the server's, created_at_ms and created_by are set by the server.
   */
  'policy': (_orch_admin_v1_TrustPolicy__Output | null);
}
