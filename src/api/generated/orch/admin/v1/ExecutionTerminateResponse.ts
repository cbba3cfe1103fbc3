// Original file: proto/orch/admin/v1/execution.proto


/**
 * Empty: the execution is stopping (ABORTING, then ABORTED).
 */
export interface ExecutionTerminateResponse {
}

/**
 * Empty: the execution is stopping (ABORTING, then ABORTED).
 */
export interface ExecutionTerminateResponse__Output {
}
