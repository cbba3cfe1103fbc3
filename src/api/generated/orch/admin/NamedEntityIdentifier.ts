// Original file: proto/orch/admin/common.proto


export interface NamedEntityIdentifier {
  'project'?: (string);
  'domain'?: (string);
  'name'?: (string);
  'org'?: (string);
}

export interface NamedEntityIdentifier__Output {
  'project': (string);
  'domain': (string);
  'name': (string);
  'org': (string);
}
