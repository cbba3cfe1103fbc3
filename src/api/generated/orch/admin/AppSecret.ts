// Original file: proto/orch/admin/app.proto


export interface AppSecret {
  'key'?: (string);
  'env_var'?: (string);
}

export interface AppSecret__Output {
  'key': (string);
  'env_var': (string);
}
