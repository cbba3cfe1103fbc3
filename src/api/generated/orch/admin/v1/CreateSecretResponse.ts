// Original file: proto/orch/admin/v1/secret.proto


/**
 * Empty: the secret is stored.
 */
export interface CreateSecretResponse {
}

/**
 * Empty: the secret is stored.
 */
export interface CreateSecretResponse__Output {
}
