// Original file: proto/orch/admin/secret.proto


export interface UpdateSecretResponse {
}

export interface UpdateSecretResponse__Output {
}
