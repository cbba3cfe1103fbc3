// Original file: proto/orch/admin/trust_policy.proto


export interface GetTrustPolicyRequest {
  'name'?: (string);
  'org'?: (string);
}

export interface GetTrustPolicyRequest__Output {
  'name': (string);
  'org': (string);
}
