// Original file: proto/orch/core/v1/execution.proto


// Original file: proto/orch/core/v1/execution.proto

/**
 * Whose fault an error is.
 */
export const _orch_core_v1_ExecutionError_ErrorKind = {
  /**
   * Not known. Named UNKNOWN rather than ERROR_KIND_UNSPECIFIED: the CLIs print the kind of an
   * error (`UNKNOWN <code>: <message>`).
   */
  UNKNOWN: 'UNKNOWN',
  /**
   * The task's or the caller's: a failing command, a bad input.
   */
  USER: 'USER',
  /**
   * The platform's: a runtime or storage failure, an interrupted admin.
   */
  SYSTEM: 'SYSTEM',
} as const;

/**
 * Whose fault an error is.
 */
export type _orch_core_v1_ExecutionError_ErrorKind =
  /**
   * Not known. Named UNKNOWN rather than ERROR_KIND_UNSPECIFIED: the CLIs print the kind of an
   * error (`UNKNOWN <code>: <message>`).
   */
  | 'UNKNOWN'
  | 0
  /**
   * The task's or the caller's: a failing command, a bad input.
   */
  | 'USER'
  | 1
  /**
   * The platform's: a runtime or storage failure, an interrupted admin.
   */
  | 'SYSTEM'
  | 2

/**
 * Whose fault an error is.
 */
export type _orch_core_v1_ExecutionError_ErrorKind__Output = typeof _orch_core_v1_ExecutionError_ErrorKind[keyof typeof _orch_core_v1_ExecutionError_ErrorKind]

/**
 * Why an execution, node or attempt did not succeed.
 */
export interface ExecutionError {
  /**
   * A short code, e.g. `Aborted` or `Interrupted`.
   */
  'code'?: (string);
  /**
   * What happened, for people.
   */
  'message'?: (string);
  /**
   * Whose fault it is.
   */
  'kind'?: (_orch_core_v1_ExecutionError_ErrorKind);
}

/**
 * Why an execution, node or attempt did not succeed.
 */
export interface ExecutionError__Output {
  /**
   * A short code, e.g. `Aborted` or `Interrupted`.
   */
  'code': (string);
  /**
   * What happened, for people.
   */
  'message': (string);
  /**
   * Whose fault it is.
   */
  'kind': (_orch_core_v1_ExecutionError_ErrorKind__Output);
}
