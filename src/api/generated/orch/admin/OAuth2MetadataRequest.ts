// Original file: proto/orch/admin/auth_config.proto


export interface OAuth2MetadataRequest {
}

export interface OAuth2MetadataRequest__Output {
}
