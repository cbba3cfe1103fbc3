// Original file: proto/orch/admin/version.proto


export interface Version {
  'build'?: (string);
  'version'?: (string);
  'build_time'?: (string);
}

export interface Version__Output {
  'build': (string);
  'version': (string);
  'build_time': (string);
}
