// Original file: proto/orch/core/identifier.proto


export interface WorkflowExecutionIdentifier {
  'project'?: (string);
  'domain'?: (string);
  'name'?: (string);
  'org'?: (string);
}

export interface WorkflowExecutionIdentifier__Output {
  'project': (string);
  'domain': (string);
  'name': (string);
  'org': (string);
}
