// Original file: proto/orch/admin/v1/auth_config.proto


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
