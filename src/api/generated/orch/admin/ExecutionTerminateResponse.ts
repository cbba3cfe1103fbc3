// Original file: proto/orch/admin/execution.proto


export interface ExecutionTerminateResponse {
}

export interface ExecutionTerminateResponse__Output {
}
