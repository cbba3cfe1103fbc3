// Original file: proto/orch/admin/v1/auth_config.proto


/**
 * What a client needs to know before it authenticates (HTTP `GET /config/v1/orch_client`).
 */
export interface PublicClientAuthConfigResponse {
  /**
   * The OAuth client id of the CLIs (a public client).
   */
  'client_id'?: (string);
  /**
   * Where the authorization code flow sends the browser back to.
   */
  'redirect_uri'?: (string);
  /**
   * The scopes to ask for.
   */
  'scopes'?: (string)[];
  /**
   * The metadata key that carries the access token.
   */
  'authorization_metadata_key'?: (string);
  /**
   * The admin's public HTTP address; console URLs start with it unless the console has its own endpoint.
   */
  'service_http_endpoint'?: (string);
  /**
   * The audience of the access tokens.
   */
  'audience'?: (string);
}

/**
 * What a client needs to know before it authenticates (HTTP `GET /config/v1/orch_client`).
 */
export interface PublicClientAuthConfigResponse__Output {
  /**
   * The OAuth client id of the CLIs (a public client).
   */
  'client_id': (string);
  /**
   * Where the authorization code flow sends the browser back to.
   */
  'redirect_uri': (string);
  /**
   * The scopes to ask for.
   */
  'scopes': (string)[];
  /**
   * The metadata key that carries the access token.
   */
  'authorization_metadata_key': (string);
  /**
   * The admin's public HTTP address; console URLs start with it unless the console has its own endpoint.
   */
  'service_http_endpoint': (string);
  /**
   * The audience of the access tokens.
   */
  'audience': (string);
}
