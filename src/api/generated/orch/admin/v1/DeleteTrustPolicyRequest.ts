// Original file: proto/orch/admin/v1/trust_policy.proto


/**
 * DeleteTrustPolicy (admin only): its exchanged tokens are refused from the next call; NotFound when absent.
 */
export interface DeleteTrustPolicyRequest {
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
 * DeleteTrustPolicy (admin only): its exchanged tokens are refused from the next call; NotFound when absent.
 */
export interface DeleteTrustPolicyRequest__Output {
  /**
   * The policy's name.
   */
  'name': (string);
  /**
   * Its org; empty for the server's own.
   */
  'org': (string);
}
