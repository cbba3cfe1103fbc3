// Original file: proto/orch/admin/version.proto


export interface GetVersionRequest {
}

export interface GetVersionRequest__Output {
}
