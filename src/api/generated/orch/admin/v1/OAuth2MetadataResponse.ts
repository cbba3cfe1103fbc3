// Original file: proto/orch/admin/v1/auth_config.proto


/**
 * The authorization server's metadata (RFC 8414), served anonymously at
 * `GET /.well-known/oauth-authorization-server`. Field names and meanings are RFC 8414's.
 */
export interface OAuth2MetadataResponse {
  /**
   * The issuer URL of the access tokens.
   */
  'issuer'?: (string);
  /**
   * Where the browser is sent to authorize (authorization code flow).
   */
  'authorization_endpoint'?: (string);
  /**
   * Where codes, client credentials, device codes and ID tokens are exchanged for tokens.
   */
  'token_endpoint'?: (string);
  /**
   * The response types of the authorization endpoint, e.g. `code`.
   */
  'response_types_supported'?: (string)[];
  /**
   * The scopes the server knows.
   */
  'scopes_supported'?: (string)[];
  /**
   * How clients authenticate at the token endpoint, e.g. `client_secret_basic`.
   */
  'token_endpoint_auth_methods_supported'?: (string)[];
  /**
   * Where the keys that sign the access tokens are published.
   */
  'jwks_uri'?: (string);
  /**
   * PKCE methods, e.g. `S256`.
   */
  'code_challenge_methods_supported'?: (string)[];
  /**
   * The grant types of the token endpoint.
   */
  'grant_types_supported'?: (string)[];
  /**
   * Where the device authorization flow starts (RFC 8628).
   */
  'device_authorization_endpoint'?: (string);
}

/**
 * The authorization server's metadata (RFC 8414), served anonymously at
 * `GET /.well-known/oauth-authorization-server`. Field names and meanings are RFC 8414's.
 */
export interface OAuth2MetadataResponse__Output {
  /**
   * The issuer URL of the access tokens.
   */
  'issuer': (string);
  /**
   * Where the browser is sent to authorize (authorization code flow).
   */
  'authorization_endpoint': (string);
  /**
   * Where codes, client credentials, device codes and ID tokens are exchanged for tokens.
   */
  'token_endpoint': (string);
  /**
   * The response types of the authorization endpoint, e.g. `code`.
   */
  'response_types_supported': (string)[];
  /**
   * The scopes the server knows.
   */
  'scopes_supported': (string)[];
  /**
   * How clients authenticate at the token endpoint, e.g. `client_secret_basic`.
   */
  'token_endpoint_auth_methods_supported': (string)[];
  /**
   * Where the keys that sign the access tokens are published.
   */
  'jwks_uri': (string);
  /**
   * PKCE methods, e.g. `S256`.
   */
  'code_challenge_methods_supported': (string)[];
  /**
   * The grant types of the token endpoint.
   */
  'grant_types_supported': (string)[];
  /**
   * Where the device authorization flow starts (RFC 8628).
   */
  'device_authorization_endpoint': (string);
}
