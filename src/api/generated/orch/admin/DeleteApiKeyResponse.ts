// Original file: proto/orch/admin/identity.proto


export interface DeleteApiKeyResponse {
}

export interface DeleteApiKeyResponse__Output {
}
