// Original file: proto/orch/admin/trust_policy.proto


export interface DeleteTrustPolicyRequest {
  'name'?: (string);
  'org'?: (string);
}

export interface DeleteTrustPolicyRequest__Output {
  'name': (string);
  'org': (string);
}
