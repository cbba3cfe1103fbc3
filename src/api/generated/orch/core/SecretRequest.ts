// Original file: proto/orch/core/tasks.proto


export interface SecretRequest {
  'key'?: (string);
  'env_var'?: (string);
}

export interface SecretRequest__Output {
  'key': (string);
  'env_var': (string);
}
