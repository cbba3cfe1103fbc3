// Original file: proto/orch/service/v1/auth_metadata.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { OAuth2MetadataRequest as _orch_admin_v1_OAuth2MetadataRequest, OAuth2MetadataRequest__Output as _orch_admin_v1_OAuth2MetadataRequest__Output } from '../../../orch/admin/v1/OAuth2MetadataRequest.js';
import type { OAuth2MetadataResponse as _orch_admin_v1_OAuth2MetadataResponse, OAuth2MetadataResponse__Output as _orch_admin_v1_OAuth2MetadataResponse__Output } from '../../../orch/admin/v1/OAuth2MetadataResponse.js';
import type { PublicClientAuthConfigRequest as _orch_admin_v1_PublicClientAuthConfigRequest, PublicClientAuthConfigRequest__Output as _orch_admin_v1_PublicClientAuthConfigRequest__Output } from '../../../orch/admin/v1/PublicClientAuthConfigRequest.js';
import type { PublicClientAuthConfigResponse as _orch_admin_v1_PublicClientAuthConfigResponse, PublicClientAuthConfigResponse__Output as _orch_admin_v1_PublicClientAuthConfigResponse__Output } from '../../../orch/admin/v1/PublicClientAuthConfigResponse.js';

/**
 * Anonymous discovery of how to authenticate: anyone may call it, with or without credentials.
 */
export interface AuthMetadataServiceClient extends grpc.Client {
  /**
   * The authorization server's metadata (RFC 8414) (anonymous).
   * HTTP: GET /.well-known/oauth-authorization-server
   */
  GetOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  GetOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  GetOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  GetOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The authorization server's metadata (RFC 8414) (anonymous).
   * HTTP: GET /.well-known/oauth-authorization-server
   */
  getOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  getOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  getOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  getOAuth2Metadata(argument: _orch_admin_v1_OAuth2MetadataRequest, callback: grpc.requestCallback<_orch_admin_v1_OAuth2MetadataResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * What a public client (the CLIs) needs before it authenticates (anonymous).
   * HTTP: GET /config/v1/orch_client
   */
  GetPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  GetPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  GetPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  GetPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  /**
   * What a public client (the CLIs) needs before it authenticates (anonymous).
   * HTTP: GET /config/v1/orch_client
   */
  getPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  getPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  getPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  getPublicClientConfig(argument: _orch_admin_v1_PublicClientAuthConfigRequest, callback: grpc.requestCallback<_orch_admin_v1_PublicClientAuthConfigResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Anonymous discovery of how to authenticate: anyone may call it, with or without credentials.
 */
export interface AuthMetadataServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The authorization server's metadata (RFC 8414) (anonymous).
   * HTTP: GET /.well-known/oauth-authorization-server
   */
  GetOAuth2Metadata: grpc.handleUnaryCall<_orch_admin_v1_OAuth2MetadataRequest__Output, _orch_admin_v1_OAuth2MetadataResponse>;
  
  /**
   * What a public client (the CLIs) needs before it authenticates (anonymous).
   * HTTP: GET /config/v1/orch_client
   */
  GetPublicClientConfig: grpc.handleUnaryCall<_orch_admin_v1_PublicClientAuthConfigRequest__Output, _orch_admin_v1_PublicClientAuthConfigResponse>;
  
}

export interface AuthMetadataServiceDefinition extends grpc.ServiceDefinition {
  GetOAuth2Metadata: MethodDefinition<_orch_admin_v1_OAuth2MetadataRequest, _orch_admin_v1_OAuth2MetadataResponse, _orch_admin_v1_OAuth2MetadataRequest__Output, _orch_admin_v1_OAuth2MetadataResponse__Output>
  GetPublicClientConfig: MethodDefinition<_orch_admin_v1_PublicClientAuthConfigRequest, _orch_admin_v1_PublicClientAuthConfigResponse, _orch_admin_v1_PublicClientAuthConfigRequest__Output, _orch_admin_v1_PublicClientAuthConfigResponse__Output>
}
