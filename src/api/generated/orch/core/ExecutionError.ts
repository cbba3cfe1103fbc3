// Original file: proto/orch/core/execution.proto


// Original file: proto/orch/core/execution.proto

export const _orch_core_ExecutionError_ErrorKind = {
  UNKNOWN: 'UNKNOWN',
  USER: 'USER',
  SYSTEM: 'SYSTEM',
} as const;

export type _orch_core_ExecutionError_ErrorKind =
  | 'UNKNOWN'
  | 0
  | 'USER'
  | 1
  | 'SYSTEM'
  | 2

export type _orch_core_ExecutionError_ErrorKind__Output = typeof _orch_core_ExecutionError_ErrorKind[keyof typeof _orch_core_ExecutionError_ErrorKind]

export interface ExecutionError {
  'code'?: (string);
  'message'?: (string);
  'kind'?: (_orch_core_ExecutionError_ErrorKind);
}

export interface ExecutionError__Output {
  'code': (string);
  'message': (string);
  'kind': (_orch_core_ExecutionError_ErrorKind__Output);
}
