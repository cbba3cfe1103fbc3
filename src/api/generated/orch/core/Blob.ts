// Original file: proto/orch/core/literals.proto


export interface Blob {
  'uri'?: (string);
}

export interface Blob__Output {
  'uri': (string);
}
