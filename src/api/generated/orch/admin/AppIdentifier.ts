// Original file: proto/orch/admin/app.proto


export interface AppIdentifier {
  'name'?: (string);
  'project'?: (string);
  'domain'?: (string);
  'org'?: (string);
}

export interface AppIdentifier__Output {
  'name': (string);
  'project': (string);
  'domain': (string);
  'org': (string);
}
