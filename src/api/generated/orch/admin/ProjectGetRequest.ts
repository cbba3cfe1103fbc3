// Original file: proto/orch/admin/project.proto


export interface ProjectGetRequest {
  'id'?: (string);
  'org'?: (string);
}

export interface ProjectGetRequest__Output {
  'id': (string);
  'org': (string);
}
