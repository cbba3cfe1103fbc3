// Original file: proto/orch/core/literals.proto


export interface OutputReference {
  'node_id'?: (string);
  'var'?: (string);
}

export interface OutputReference__Output {
  'node_id': (string);
  'var': (string);
}
