// Original file: proto/orch/core/types.proto


export interface EnumType {
  'values'?: (string)[];
}

export interface EnumType__Output {
  'values': (string)[];
}
