// Original file: proto/orch/admin/common.proto


export interface EmptyResponse {
}

export interface EmptyResponse__Output {
}
