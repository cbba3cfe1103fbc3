// Original file: proto/orch/service/secret.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateSecretRequest as _orch_admin_CreateSecretRequest, CreateSecretRequest__Output as _orch_admin_CreateSecretRequest__Output } from '../../orch/admin/CreateSecretRequest.js';
import type { CreateSecretResponse as _orch_admin_CreateSecretResponse, CreateSecretResponse__Output as _orch_admin_CreateSecretResponse__Output } from '../../orch/admin/CreateSecretResponse.js';
import type { DeleteSecretRequest as _orch_admin_DeleteSecretRequest, DeleteSecretRequest__Output as _orch_admin_DeleteSecretRequest__Output } from '../../orch/admin/DeleteSecretRequest.js';
import type { DeleteSecretResponse as _orch_admin_DeleteSecretResponse, DeleteSecretResponse__Output as _orch_admin_DeleteSecretResponse__Output } from '../../orch/admin/DeleteSecretResponse.js';
import type { GetSecretRequest as _orch_admin_GetSecretRequest, GetSecretRequest__Output as _orch_admin_GetSecretRequest__Output } from '../../orch/admin/GetSecretRequest.js';
import type { GetSecretResponse as _orch_admin_GetSecretResponse, GetSecretResponse__Output as _orch_admin_GetSecretResponse__Output } from '../../orch/admin/GetSecretResponse.js';
import type { ListSecretsRequest as _orch_admin_ListSecretsRequest, ListSecretsRequest__Output as _orch_admin_ListSecretsRequest__Output } from '../../orch/admin/ListSecretsRequest.js';
import type { ListSecretsResponse as _orch_admin_ListSecretsResponse, ListSecretsResponse__Output as _orch_admin_ListSecretsResponse__Output } from '../../orch/admin/ListSecretsResponse.js';
import type { UpdateSecretRequest as _orch_admin_UpdateSecretRequest, UpdateSecretRequest__Output as _orch_admin_UpdateSecretRequest__Output } from '../../orch/admin/UpdateSecretRequest.js';
import type { UpdateSecretResponse as _orch_admin_UpdateSecretResponse, UpdateSecretResponse__Output as _orch_admin_UpdateSecretResponse__Output } from '../../orch/admin/UpdateSecretResponse.js';

export interface SecretServiceClient extends grpc.Client {
  CreateSecret(argument: _orch_admin_CreateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  CreateSecret(argument: _orch_admin_CreateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  CreateSecret(argument: _orch_admin_CreateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  CreateSecret(argument: _orch_admin_CreateSecretRequest, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  createSecret(argument: _orch_admin_CreateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  createSecret(argument: _orch_admin_CreateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  createSecret(argument: _orch_admin_CreateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  createSecret(argument: _orch_admin_CreateSecretRequest, callback: grpc.requestCallback<_orch_admin_CreateSecretResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteSecret(argument: _orch_admin_DeleteSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  DeleteSecret(argument: _orch_admin_DeleteSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  DeleteSecret(argument: _orch_admin_DeleteSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  DeleteSecret(argument: _orch_admin_DeleteSecretRequest, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  deleteSecret(argument: _orch_admin_DeleteSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  deleteSecret(argument: _orch_admin_DeleteSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  deleteSecret(argument: _orch_admin_DeleteSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  deleteSecret(argument: _orch_admin_DeleteSecretRequest, callback: grpc.requestCallback<_orch_admin_DeleteSecretResponse__Output>): grpc.ClientUnaryCall;
  
  GetSecret(argument: _orch_admin_GetSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _orch_admin_GetSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _orch_admin_GetSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _orch_admin_GetSecretRequest, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _orch_admin_GetSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _orch_admin_GetSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _orch_admin_GetSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _orch_admin_GetSecretRequest, callback: grpc.requestCallback<_orch_admin_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  
  ListSecrets(argument: _orch_admin_ListSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  ListSecrets(argument: _orch_admin_ListSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  ListSecrets(argument: _orch_admin_ListSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  ListSecrets(argument: _orch_admin_ListSecretsRequest, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  listSecrets(argument: _orch_admin_ListSecretsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  listSecrets(argument: _orch_admin_ListSecretsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  listSecrets(argument: _orch_admin_ListSecretsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  listSecrets(argument: _orch_admin_ListSecretsRequest, callback: grpc.requestCallback<_orch_admin_ListSecretsResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateSecret(argument: _orch_admin_UpdateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  UpdateSecret(argument: _orch_admin_UpdateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  UpdateSecret(argument: _orch_admin_UpdateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  UpdateSecret(argument: _orch_admin_UpdateSecretRequest, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  updateSecret(argument: _orch_admin_UpdateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  updateSecret(argument: _orch_admin_UpdateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  updateSecret(argument: _orch_admin_UpdateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  updateSecret(argument: _orch_admin_UpdateSecretRequest, callback: grpc.requestCallback<_orch_admin_UpdateSecretResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface SecretServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateSecret: grpc.handleUnaryCall<_orch_admin_CreateSecretRequest__Output, _orch_admin_CreateSecretResponse>;
  
  DeleteSecret: grpc.handleUnaryCall<_orch_admin_DeleteSecretRequest__Output, _orch_admin_DeleteSecretResponse>;
  
  GetSecret: grpc.handleUnaryCall<_orch_admin_GetSecretRequest__Output, _orch_admin_GetSecretResponse>;
  
  ListSecrets: grpc.handleUnaryCall<_orch_admin_ListSecretsRequest__Output, _orch_admin_ListSecretsResponse>;
  
  UpdateSecret: grpc.handleUnaryCall<_orch_admin_UpdateSecretRequest__Output, _orch_admin_UpdateSecretResponse>;
  
}

export interface SecretServiceDefinition extends grpc.ServiceDefinition {
  CreateSecret: MethodDefinition<_orch_admin_CreateSecretRequest, _orch_admin_CreateSecretResponse, _orch_admin_CreateSecretRequest__Output, _orch_admin_CreateSecretResponse__Output>
  DeleteSecret: MethodDefinition<_orch_admin_DeleteSecretRequest, _orch_admin_DeleteSecretResponse, _orch_admin_DeleteSecretRequest__Output, _orch_admin_DeleteSecretResponse__Output>
  GetSecret: MethodDefinition<_orch_admin_GetSecretRequest, _orch_admin_GetSecretResponse, _orch_admin_GetSecretRequest__Output, _orch_admin_GetSecretResponse__Output>
  ListSecrets: MethodDefinition<_orch_admin_ListSecretsRequest, _orch_admin_ListSecretsResponse, _orch_admin_ListSecretsRequest__Output, _orch_admin_ListSecretsResponse__Output>
  UpdateSecret: MethodDefinition<_orch_admin_UpdateSecretRequest, _orch_admin_UpdateSecretResponse, _orch_admin_UpdateSecretRequest__Output, _orch_admin_UpdateSecretResponse__Output>
}
