// Original file: proto/orch/admin/app.proto


export interface StopAppResponse {
}

export interface StopAppResponse__Output {
}
