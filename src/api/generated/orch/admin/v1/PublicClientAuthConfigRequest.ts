// Original file: proto/orch/admin/v1/auth_config.proto


/**
 * GetPublicClientConfig (anonymous): no parameters.
 */
export interface PublicClientAuthConfigRequest {
}

/**
 * GetPublicClientConfig (anonymous): no parameters.
 */
export interface PublicClientAuthConfigRequest__Output {
}
