// Original file: proto/orch/admin/secret.proto


export interface SecretIdentifier {
  'name'?: (string);
  'org'?: (string);
  'domain'?: (string);
  'project'?: (string);
}

export interface SecretIdentifier__Output {
  'name': (string);
  'org': (string);
  'domain': (string);
  'project': (string);
}
