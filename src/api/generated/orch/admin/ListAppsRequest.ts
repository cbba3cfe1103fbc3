// Original file: proto/orch/admin/app.proto


export interface ListAppsRequest {
  'project'?: (string);
  'domain'?: (string);
  'org'?: (string);
  'limit'?: (number);
  'token'?: (string);
}

export interface ListAppsRequest__Output {
  'project': (string);
  'domain': (string);
  'org': (string);
  'limit': (number);
  'token': (string);
}
