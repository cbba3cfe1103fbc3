// Original file: proto/orch/admin/secret.proto


export interface ListSecretsRequest {
  'org'?: (string);
  'domain'?: (string);
  'project'?: (string);
  'limit'?: (number);
  'token'?: (string);
}

export interface ListSecretsRequest__Output {
  'org': (string);
  'domain': (string);
  'project': (string);
  'limit': (number);
  'token': (string);
}
