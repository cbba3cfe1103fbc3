// Original file: proto/orch/service/v1/secret.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateSecretRequest as _orch_admin_v1_CreateSecretRequest, CreateSecretRequest__Output as _orch_admin_v1_CreateSecretRequest__Output } from '../../../orch/admin/v1/CreateSecretRequest.js';
import type { CreateSecretResponse as _orch_admin_v1_CreateSecretResponse, CreateSecretResponse__Output as _orch_admin_v1_CreateSecretResponse__Output } from '../../../orch/admin/v1/CreateSecretResponse.js';
import type { DeleteSecretRequest as _orch_admin_v1_DeleteSecretRequest, DeleteSecretRequest__Output as _orch_admin_v1_DeleteSecretRequest__Output } from '../../../orch/admin/v1/DeleteSecretRequest.js';
import type { DeleteSecretResponse as _orch_admin_v1_DeleteSecretResponse, DeleteSecretResponse__Output as _orch_admin_v1_DeleteSecretResponse__Output } from '../../../orch/admin/v1/DeleteSecretResponse.js';
import type { GetSecretRequest as _orch_admin_v1_GetSecretRequest, GetSecretRequest__Output as _orch_admin_v1_GetSecretRequest__Output } from '../../../orch/admin/v1/GetSecretRequest.js';
import type { GetSecretResponse as _orch_admin_v1_GetSecretResponse, GetSecretResponse__Output as _orch_admin_v1_GetSecretResponse__Output } from '../../../orch/admin/v1/GetSecretResponse.js';
import type { ListSecretsRequest as _orch_admin_v1_ListSecretsRequest, ListSecretsRequest__Output as _orch_admin_v1_ListSecretsRequest__Output } from '../../../orch/admin/v1/ListSecretsRequest.js';
import type { ListSecretsResponse as _orch_admin_v1_ListSecretsResponse, ListSecretsResponse__Output as _orch_admin_v1_ListSecretsResponse__Output } from '../../../orch/admin/v1/ListSecretsResponse.js';
import type { UpdateSecretRequest as _orch_admin_v1_UpdateSecretRequest, UpdateSecretRequest__Output as _orch_admin_v1_UpdateSecretRequest__Output } from '../../../orch/admin/v1/UpdateSecretRequest.js';
import type { UpdateSecretResponse as _orch_admin_v1_UpdateSecretResponse, UpdateSecretResponse__Output as _orch_admin_v1_UpdateSecretResponse__Output } from '../../../orch/admin/v1/UpdateSecretResponse.js';

/**
 * Platform secrets, encrypted at rest; no RPC ever returns a value. Every RPC answers UNAUTHENTICATED
 * without valid credentials (when authentication is on) and PERMISSION_DENIED when the caller's role
 * lacks the permission named.
 * HTTP: POST /api/v1/secrets, PUT /api/v1/secrets, GET /api/v1/secrets/{name}, GET /api/v1/secrets,
 * DELETE /api/v1/secrets/{name} (scope in the query: org, domain, project).
 */
export interface SecretServiceClient extends grpc.Client {
  /**
   * Stores a new secret (admin). INVALID_ARGUMENT for a bad name or scope or an empty or too large value,
   * ALREADY_EXISTS when it exists, FAILED_PRECONDITION when the server has no sealing key.
   */
  CreateSecret(argument: _orch_admin_v1_CreateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  CreateSecret(argument: _orch_admin_v1_CreateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  CreateSecret(argument: _orch_admin_v1_CreateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  CreateSecret(argument: _orch_admin_v1_CreateSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Stores a new secret (admin). INVALID_ARGUMENT for a bad name or scope or an empty or too large value,
   * ALREADY_EXISTS when it exists, FAILED_PRECONDITION when the server has no sealing key.
   */
  createSecret(argument: _orch_admin_v1_CreateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  createSecret(argument: _orch_admin_v1_CreateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  createSecret(argument: _orch_admin_v1_CreateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  createSecret(argument: _orch_admin_v1_CreateSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Deletes a secret (admin). NOT_FOUND when absent.
   */
  DeleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  DeleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  DeleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  DeleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Deletes a secret (admin). NOT_FOUND when absent.
   */
  deleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  deleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  deleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  deleteSecret(argument: _orch_admin_v1_DeleteSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A secret's metadata, never its value (viewer). NOT_FOUND when absent.
   */
  GetSecret(argument: _orch_admin_v1_GetSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _orch_admin_v1_GetSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _orch_admin_v1_GetSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _orch_admin_v1_GetSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A secret's metadata, never its value (viewer). NOT_FOUND when absent.
   */
  getSecret(argument: _orch_admin_v1_GetSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _orch_admin_v1_GetSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _orch_admin_v1_GetSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _orch_admin_v1_GetSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The secrets of a scope, metadata only (viewer). INVALID_ARGUMENT for a project without a domain or
   * a bad page token.
   */
  ListSecrets(argument: _orch_admin_v1_ListSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  ListSecrets(argument: _orch_admin_v1_ListSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  ListSecrets(argument: _orch_admin_v1_ListSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  ListSecrets(argument: _orch_admin_v1_ListSecretsRequest, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The secrets of a scope, metadata only (viewer). INVALID_ARGUMENT for a project without a domain or
   * a bad page token.
   */
  listSecrets(argument: _orch_admin_v1_ListSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  listSecrets(argument: _orch_admin_v1_ListSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  listSecrets(argument: _orch_admin_v1_ListSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  listSecrets(argument: _orch_admin_v1_ListSecretsRequest, callback: grpc.requestCallback<_orch_admin_v1_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Replaces an existing secret's value (admin). INVALID_ARGUMENT as CreateSecret, NOT_FOUND when
   * absent, FAILED_PRECONDITION when the server has no sealing key.
   */
  UpdateSecret(argument: _orch_admin_v1_UpdateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  UpdateSecret(argument: _orch_admin_v1_UpdateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  UpdateSecret(argument: _orch_admin_v1_UpdateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  UpdateSecret(argument: _orch_admin_v1_UpdateSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Replaces an existing secret's value (admin). INVALID_ARGUMENT as CreateSecret, NOT_FOUND when
   * absent, FAILED_PRECONDITION when the server has no sealing key.
   */
  updateSecret(argument: _orch_admin_v1_UpdateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  updateSecret(argument: _orch_admin_v1_UpdateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  updateSecret(argument: _orch_admin_v1_UpdateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  updateSecret(argument: _orch_admin_v1_UpdateSecretRequest, callback: grpc.requestCallback<_orch_admin_v1_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Platform secrets, encrypted at rest; no RPC ever returns a value. Every RPC answers UNAUTHENTICATED
 * without valid credentials (when authentication is on) and PERMISSION_DENIED when the caller's role
 * lacks the permission named.
 * HTTP: POST /api/v1/secrets, PUT /api/v1/secrets, GET /api/v1/secrets/{name}, GET /api/v1/secrets,
 * DELETE /api/v1/secrets/{name} (scope in the query: org, domain, project).
 */
export interface SecretServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Stores a new secret (admin). INVALID_ARGUMENT for a bad name or scope or an empty or too large value,
   * ALREADY_EXISTS when it exists, FAILED_PRECONDITION when the server has no sealing key.
   */
  CreateSecret: grpc.handleUnaryCall<_orch_admin_v1_CreateSecretRequest__Output, _orch_admin_v1_CreateSecretResponse>;
  
  /**
   * Deletes a secret (admin). NOT_FOUND when absent.
   */
  DeleteSecret: grpc.handleUnaryCall<_orch_admin_v1_DeleteSecretRequest__Output, _orch_admin_v1_DeleteSecretResponse>;
  
  /**
   * A secret's metadata, never its value (viewer). NOT_FOUND when absent.
   */
  GetSecret: grpc.handleUnaryCall<_orch_admin_v1_GetSecretRequest__Output, _orch_admin_v1_GetSecretResponse>;
  
  /**
   * The secrets of a scope, metadata only (viewer). INVALID_ARGUMENT for a project without a domain or
   * a bad page token.
   */
  ListSecrets: grpc.handleUnaryCall<_orch_admin_v1_ListSecretsRequest__Output, _orch_admin_v1_ListSecretsResponse>;
  
  /**
   * Replaces an existing secret's value (admin). INVALID_ARGUMENT as CreateSecret, NOT_FOUND when
   * absent, FAILED_PRECONDITION when the server has no sealing key.
   */
  UpdateSecret: grpc.handleUnaryCall<_orch_admin_v1_UpdateSecretRequest__Output, _orch_admin_v1_UpdateSecretResponse>;
  
}

export interface SecretServiceDefinition extends grpc.ServiceDefinition {
  CreateSecret: MethodDefinition<_orch_admin_v1_CreateSecretRequest, _orch_admin_v1_CreateSecretResponse, _orch_admin_v1_CreateSecretRequest__Output, _orch_admin_v1_CreateSecretResponse__Output>
  DeleteSecret: MethodDefinition<_orch_admin_v1_DeleteSecretRequest, _orch_admin_v1_DeleteSecretResponse, _orch_admin_v1_DeleteSecretRequest__Output, _orch_admin_v1_DeleteSecretResponse__Output>
  GetSecret: MethodDefinition<_orch_admin_v1_GetSecretRequest, _orch_admin_v1_GetSecretResponse, _orch_admin_v1_GetSecretRequest__Output, _orch_admin_v1_GetSecretResponse__Output>
  ListSecrets: MethodDefinition<_orch_admin_v1_ListSecretsRequest, _orch_admin_v1_ListSecretsResponse, _orch_admin_v1_ListSecretsRequest__Output, _orch_admin_v1_ListSecretsResponse__Output>
  UpdateSecret: MethodDefinition<_orch_admin_v1_UpdateSecretRequest, _orch_admin_v1_UpdateSecretResponse, _orch_admin_v1_UpdateSecretRequest__Output, _orch_admin_v1_UpdateSecretResponse__Output>
}
