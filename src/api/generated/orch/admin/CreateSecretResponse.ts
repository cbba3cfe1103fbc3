// Original file: proto/orch/admin/secret.proto


export interface CreateSecretResponse {
}

export interface CreateSecretResponse__Output {
}
