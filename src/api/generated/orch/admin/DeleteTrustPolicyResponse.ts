// Original file: proto/orch/admin/trust_policy.proto


export interface DeleteTrustPolicyResponse {
}

export interface DeleteTrustPolicyResponse__Output {
}
