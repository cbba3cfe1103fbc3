// Original file: proto/orch/core/literals.proto


export interface KeyValuePair {
  'key'?: (string);
  'value'?: (string);
}

export interface KeyValuePair__Output {
  'key': (string);
  'value': (string);
}
