// Original file: proto/orch/admin/app.proto


export interface AppResources {
  'cpu'?: (string);
  'mem'?: (string);
}

export interface AppResources__Output {
  'cpu': (string);
  'mem': (string);
}
