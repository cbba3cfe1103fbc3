// Original file: proto/orch/service/v1/api_key.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateApiKeyRequest as _orch_admin_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _orch_admin_v1_CreateApiKeyRequest__Output } from '../../../orch/admin/v1/CreateApiKeyRequest.js';
import type { CreateApiKeyResponse as _orch_admin_v1_CreateApiKeyResponse, CreateApiKeyResponse__Output as _orch_admin_v1_CreateApiKeyResponse__Output } from '../../../orch/admin/v1/CreateApiKeyResponse.js';
import type { DeleteApiKeyRequest as _orch_admin_v1_DeleteApiKeyRequest, DeleteApiKeyRequest__Output as _orch_admin_v1_DeleteApiKeyRequest__Output } from '../../../orch/admin/v1/DeleteApiKeyRequest.js';
import type { DeleteApiKeyResponse as _orch_admin_v1_DeleteApiKeyResponse, DeleteApiKeyResponse__Output as _orch_admin_v1_DeleteApiKeyResponse__Output } from '../../../orch/admin/v1/DeleteApiKeyResponse.js';
import type { ListApiKeysRequest as _orch_admin_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _orch_admin_v1_ListApiKeysRequest__Output } from '../../../orch/admin/v1/ListApiKeysRequest.js';
import type { ListApiKeysResponse as _orch_admin_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _orch_admin_v1_ListApiKeysResponse__Output } from '../../../orch/admin/v1/ListApiKeysResponse.js';

/**
 * API keys: confidential OAuth clients with a role, for headless callers (CI, apps). Every RPC needs
 * the admin role (PERMISSION_DENIED otherwise; UNAUTHENTICATED without valid credentials).
 * HTTP: POST /api/v1/api_keys, GET /api/v1/api_keys, DELETE /api/v1/api_keys/{name}.
 */
export interface ApiKeyServiceClient extends grpc.Client {
  /**
   * Creates a key and answers its secret, once (admin). INVALID_ARGUMENT for a bad or reserved name or
   * an unspecified role, ALREADY_EXISTS for a taken name.
   */
  CreateApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a key and answers its secret, once (admin). INVALID_ARGUMENT for a bad or reserved name or
   * an unspecified role, ALREADY_EXISTS for a taken name.
   */
  createApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _orch_admin_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Deletes a key; its tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  DeleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  DeleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  DeleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  DeleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Deletes a key; its tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  deleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _orch_admin_v1_DeleteApiKeyRequest, callback: grpc.requestCallback<_orch_admin_v1_DeleteApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The keys of an org, without secrets, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  ListApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The keys of an org, without secrets, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  listApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _orch_admin_v1_ListApiKeysRequest, callback: grpc.requestCallback<_orch_admin_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * API keys: confidential OAuth clients with a role, for headless callers (CI, apps). Every RPC needs
 * the admin role (PERMISSION_DENIED otherwise; UNAUTHENTICATED without valid credentials).
 * HTTP: POST /api/v1/api_keys, GET /api/v1/api_keys, DELETE /api/v1/api_keys/{name}.
 */
export interface ApiKeyServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Creates a key and answers its secret, once (admin). INVALID_ARGUMENT for a bad or reserved name or
   * an unspecified role, ALREADY_EXISTS for a taken name.
   */
  CreateApiKey: grpc.handleUnaryCall<_orch_admin_v1_CreateApiKeyRequest__Output, _orch_admin_v1_CreateApiKeyResponse>;
  
  /**
   * Deletes a key; its tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  DeleteApiKey: grpc.handleUnaryCall<_orch_admin_v1_DeleteApiKeyRequest__Output, _orch_admin_v1_DeleteApiKeyResponse>;
  
  /**
   * The keys of an org, without secrets, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  ListApiKeys: grpc.handleUnaryCall<_orch_admin_v1_ListApiKeysRequest__Output, _orch_admin_v1_ListApiKeysResponse>;
  
}

export interface ApiKeyServiceDefinition extends grpc.ServiceDefinition {
  CreateApiKey: MethodDefinition<_orch_admin_v1_CreateApiKeyRequest, _orch_admin_v1_CreateApiKeyResponse, _orch_admin_v1_CreateApiKeyRequest__Output, _orch_admin_v1_CreateApiKeyResponse__Output>
  DeleteApiKey: MethodDefinition<_orch_admin_v1_DeleteApiKeyRequest, _orch_admin_v1_DeleteApiKeyResponse, _orch_admin_v1_DeleteApiKeyRequest__Output, _orch_admin_v1_DeleteApiKeyResponse__Output>
  ListApiKeys: MethodDefinition<_orch_admin_v1_ListApiKeysRequest, _orch_admin_v1_ListApiKeysResponse, _orch_admin_v1_ListApiKeysRequest__Output, _orch_admin_v1_ListApiKeysResponse__Output>
}
