// Original file: proto/orch/admin/v1/trust_policy.proto


/**
 * GetTrustPolicy (admin only): NotFound when no policy has that name.
 */
export interface GetTrustPolicyRequest {
  /**
   * The policy's name.
   */
  'name'?: (string);
  /**
   * Its org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * GetTrustPolicy (admin only): NotFound when no policy has that name.
 */
export interface GetTrustPolicyRequest__Output {
  /**
   * The policy's name.
   */
  'name': (string);
  /**
   * Its org; empty for the server's own.
   */
  'org': (string);
}
