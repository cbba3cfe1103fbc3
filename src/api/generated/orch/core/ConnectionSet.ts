// Original file: proto/orch/core/compiler.proto


export interface _orch_core_ConnectionSet_IdList {
  'ids'?: (string)[];
}

export interface _orch_core_ConnectionSet_IdList__Output {
  'ids': (string)[];
}

export interface ConnectionSet {
  'downstream'?: ({[key: string]: _orch_core_ConnectionSet_IdList});
  'upstream'?: ({[key: string]: _orch_core_ConnectionSet_IdList});
}

export interface ConnectionSet__Output {
  'downstream': ({[key: string]: _orch_core_ConnectionSet_IdList__Output});
  'upstream': ({[key: string]: _orch_core_ConnectionSet_IdList__Output});
}
