// Original file: proto/orch/admin/identity.proto


export interface UserInfoRequest {
}

export interface UserInfoRequest__Output {
}
