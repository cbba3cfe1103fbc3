// Original file: proto/orch/admin/v1/identity.proto


/**
 * Empty: the key is gone.
 */
export interface DeleteApiKeyResponse {
}

/**
 * Empty: the key is gone.
 */
export interface DeleteApiKeyResponse__Output {
}
