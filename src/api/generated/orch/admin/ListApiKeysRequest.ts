// Original file: proto/orch/admin/identity.proto


export interface ListApiKeysRequest {
  'org'?: (string);
  'limit'?: (number);
  'token'?: (string);
}

export interface ListApiKeysRequest__Output {
  'org': (string);
  'limit': (number);
  'token': (string);
}
