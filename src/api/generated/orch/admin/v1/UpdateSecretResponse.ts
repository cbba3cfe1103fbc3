// Original file: proto/orch/admin/v1/secret.proto


/**
 * Empty: the value is replaced.
 */
export interface UpdateSecretResponse {
}

/**
 * Empty: the value is replaced.
 */
export interface UpdateSecretResponse__Output {
}
