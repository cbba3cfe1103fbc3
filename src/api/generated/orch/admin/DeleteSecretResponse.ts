// Original file: proto/orch/admin/secret.proto


export interface DeleteSecretResponse {
}

export interface DeleteSecretResponse__Output {
}
