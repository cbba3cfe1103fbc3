// Original file: proto/orch/admin/trust_policy.proto


export interface ListTrustPoliciesRequest {
  'org'?: (string);
  'limit'?: (number);
  'token'?: (string);
}

export interface ListTrustPoliciesRequest__Output {
  'org': (string);
  'limit': (number);
  'token': (string);
}
