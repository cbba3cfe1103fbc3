// Original file: proto/orch/admin/auth_config.proto


/**
 * GetOAuth2Metadata (anonymous): no parameters.
 */
export interface OAuth2MetadataRequest {
}

/**
 * GetOAuth2Metadata (anonymous): no parameters.
 */
export interface OAuth2MetadataRequest__Output {
}
