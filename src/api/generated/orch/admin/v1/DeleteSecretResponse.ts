// Original file: proto/orch/admin/v1/secret.proto


/**
 * Empty: the secret is gone.
 */
export interface DeleteSecretResponse {
}

/**
 * Empty: the secret is gone.
 */
export interface DeleteSecretResponse__Output {
}
