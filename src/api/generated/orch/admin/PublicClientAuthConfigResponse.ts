// Original file: proto/orch/admin/auth_config.proto


export interface PublicClientAuthConfigResponse {
  'client_id'?: (string);
  'redirect_uri'?: (string);
  'scopes'?: (string)[];
  'authorization_metadata_key'?: (string);
  'service_http_endpoint'?: (string);
  'audience'?: (string);
}

export interface PublicClientAuthConfigResponse__Output {
  'client_id': (string);
  'redirect_uri': (string);
  'scopes': (string)[];
  'authorization_metadata_key': (string);
  'service_http_endpoint': (string);
  'audience': (string);
}
