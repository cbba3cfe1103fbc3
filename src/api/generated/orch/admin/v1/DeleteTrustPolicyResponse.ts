// Original file: proto/orch/admin/v1/trust_policy.proto


/**
 * Empty: the policy is gone.
 */
export interface DeleteTrustPolicyResponse {
}

/**
 * Empty: the policy is gone.
 */
export interface DeleteTrustPolicyResponse__Output {
}
