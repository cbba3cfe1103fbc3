// Original file: proto/orch/admin/auth_config.proto


export interface OAuth2MetadataResponse {
  'issuer'?: (string);
  'authorization_endpoint'?: (string);
  'token_endpoint'?: (string);
  'response_types_supported'?: (string)[];
  'scopes_supported'?: (string)[];
  'token_endpoint_auth_methods_supported'?: (string)[];
  'jwks_uri'?: (string);
  'code_challenge_methods_supported'?: (string)[];
  'grant_types_supported'?: (string)[];
  'device_authorization_endpoint'?: (string);
}

export interface OAuth2MetadataResponse__Output {
  'issuer': (string);
  'authorization_endpoint': (string);
  'token_endpoint': (string);
  'response_types_supported': (string)[];
  'scopes_supported': (string)[];
  'token_endpoint_auth_methods_supported': (string)[];
  'jwks_uri': (string);
  'code_challenge_methods_supported': (string)[];
  'grant_types_supported': (string)[];
  'device_authorization_endpoint': (string);
}
