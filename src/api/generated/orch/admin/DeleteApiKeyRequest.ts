// Original file: proto/orch/admin/identity.proto


export interface DeleteApiKeyRequest {
  'name'?: (string);
  'org'?: (string);
}

export interface DeleteApiKeyRequest__Output {
  'name': (string);
  'org': (string);
}
