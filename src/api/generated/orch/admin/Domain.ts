// Original file: proto/orch/admin/project.proto


export interface Domain {
  'id'?: (string);
  'name'?: (string);
}

export interface Domain__Output {
  'id': (string);
  'name': (string);
}
