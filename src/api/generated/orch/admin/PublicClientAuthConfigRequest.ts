// Original file: proto/orch/admin/auth_config.proto


export interface PublicClientAuthConfigRequest {
}

export interface PublicClientAuthConfigRequest__Output {
}
