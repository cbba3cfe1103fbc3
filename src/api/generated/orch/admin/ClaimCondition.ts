// Original file: proto/orch/admin/trust_policy.proto


export interface ClaimCondition {
  'claim'?: (string);
  'pattern'?: (string);
  'glob'?: (boolean);
}

export interface ClaimCondition__Output {
  'claim': (string);
  'pattern': (string);
  'glob': (boolean);
}
