// Original file: proto/orch/admin/v1/trust_policy.proto

import type { TrustPolicy as _orch_admin_v1_TrustPolicy, TrustPolicy__Output as _orch_admin_v1_TrustPolicy__Output } from '../../../orch/admin/v1/TrustPolicy.js';

/**
 * A page of policies.
 */
export interface ListTrustPoliciesResponse {
  /**
   * The policies of this page.
   */
  'policies'?: (_orch_admin_v1_TrustPolicy)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of policies.
 */
export interface ListTrustPoliciesResponse__Output {
  /**
   * The policies of this page.
   */
  'policies': (_orch_admin_v1_TrustPolicy__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
