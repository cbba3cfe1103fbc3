import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateSecretRequest as _orch_admin_v1_CreateSecretRequest, CreateSecretRequest__Output as _orch_admin_v1_CreateSecretRequest__Output } from './orch/admin/v1/CreateSecretRequest.js';
import type { CreateSecretResponse as _orch_admin_v1_CreateSecretResponse, CreateSecretResponse__Output as _orch_admin_v1_CreateSecretResponse__Output } from './orch/admin/v1/CreateSecretResponse.js';
import type { DeleteSecretRequest as _orch_admin_v1_DeleteSecretRequest, DeleteSecretRequest__Output as _orch_admin_v1_DeleteSecretRequest__Output } from './orch/admin/v1/DeleteSecretRequest.js';
import type { DeleteSecretResponse as _orch_admin_v1_DeleteSecretResponse, DeleteSecretResponse__Output as _orch_admin_v1_DeleteSecretResponse__Output } from './orch/admin/v1/DeleteSecretResponse.js';
import type { GetSecretRequest as _orch_admin_v1_GetSecretRequest, GetSecretRequest__Output as _orch_admin_v1_GetSecretRequest__Output } from './orch/admin/v1/GetSecretRequest.js';
import type { GetSecretResponse as _orch_admin_v1_GetSecretResponse, GetSecretResponse__Output as _orch_admin_v1_GetSecretResponse__Output } from './orch/admin/v1/GetSecretResponse.js';
import type { ListSecretsRequest as _orch_admin_v1_ListSecretsRequest, ListSecretsRequest__Output as _orch_admin_v1_ListSecretsRequest__Output } from './orch/admin/v1/ListSecretsRequest.js';
import type { ListSecretsResponse as _orch_admin_v1_ListSecretsResponse, ListSecretsResponse__Output as _orch_admin_v1_ListSecretsResponse__Output } from './orch/admin/v1/ListSecretsResponse.js';
import type { Secret as _orch_admin_v1_Secret, Secret__Output as _orch_admin_v1_Secret__Output } from './orch/admin/v1/Secret.js';
import type { SecretIdentifier as _orch_admin_v1_SecretIdentifier, SecretIdentifier__Output as _orch_admin_v1_SecretIdentifier__Output } from './orch/admin/v1/SecretIdentifier.js';
import type { SecretMetadata as _orch_admin_v1_SecretMetadata, SecretMetadata__Output as _orch_admin_v1_SecretMetadata__Output } from './orch/admin/v1/SecretMetadata.js';
import type { SecretSpec as _orch_admin_v1_SecretSpec, SecretSpec__Output as _orch_admin_v1_SecretSpec__Output } from './orch/admin/v1/SecretSpec.js';
import type { UpdateSecretRequest as _orch_admin_v1_UpdateSecretRequest, UpdateSecretRequest__Output as _orch_admin_v1_UpdateSecretRequest__Output } from './orch/admin/v1/UpdateSecretRequest.js';
import type { UpdateSecretResponse as _orch_admin_v1_UpdateSecretResponse, UpdateSecretResponse__Output as _orch_admin_v1_UpdateSecretResponse__Output } from './orch/admin/v1/UpdateSecretResponse.js';
import type { SecretServiceClient as _orch_service_v1_SecretServiceClient, SecretServiceDefinition as _orch_service_v1_SecretServiceDefinition } from './orch/service/v1/SecretService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      v1: {
        CreateSecretRequest: MessageTypeDefinition<_orch_admin_v1_CreateSecretRequest, _orch_admin_v1_CreateSecretRequest__Output>
        CreateSecretResponse: MessageTypeDefinition<_orch_admin_v1_CreateSecretResponse, _orch_admin_v1_CreateSecretResponse__Output>
        DeleteSecretRequest: MessageTypeDefinition<_orch_admin_v1_DeleteSecretRequest, _orch_admin_v1_DeleteSecretRequest__Output>
        DeleteSecretResponse: MessageTypeDefinition<_orch_admin_v1_DeleteSecretResponse, _orch_admin_v1_DeleteSecretResponse__Output>
        GetSecretRequest: MessageTypeDefinition<_orch_admin_v1_GetSecretRequest, _orch_admin_v1_GetSecretRequest__Output>
        GetSecretResponse: MessageTypeDefinition<_orch_admin_v1_GetSecretResponse, _orch_admin_v1_GetSecretResponse__Output>
        ListSecretsRequest: MessageTypeDefinition<_orch_admin_v1_ListSecretsRequest, _orch_admin_v1_ListSecretsRequest__Output>
        ListSecretsResponse: MessageTypeDefinition<_orch_admin_v1_ListSecretsResponse, _orch_admin_v1_ListSecretsResponse__Output>
        Secret: MessageTypeDefinition<_orch_admin_v1_Secret, _orch_admin_v1_Secret__Output>
        SecretIdentifier: MessageTypeDefinition<_orch_admin_v1_SecretIdentifier, _orch_admin_v1_SecretIdentifier__Output>
        SecretMetadata: MessageTypeDefinition<_orch_admin_v1_SecretMetadata, _orch_admin_v1_SecretMetadata__Output>
        SecretSpec: MessageTypeDefinition<_orch_admin_v1_SecretSpec, _orch_admin_v1_SecretSpec__Output>
        UpdateSecretRequest: MessageTypeDefinition<_orch_admin_v1_UpdateSecretRequest, _orch_admin_v1_UpdateSecretRequest__Output>
        UpdateSecretResponse: MessageTypeDefinition<_orch_admin_v1_UpdateSecretResponse, _orch_admin_v1_UpdateSecretResponse__Output>
      }
    }
    service: {
      v1: {
        /**
         * Platform secrets, encrypted at rest; no RPC ever returns a value. Every RPC answers UNAUTHENTICATED
         * without valid credentials (when authentication is on) and PERMISSION_DENIED when the caller's role
         * lacks the permission named.
         * HTTP: POST /api/v1/secrets, PUT /api/v1/secrets, GET /api/v1/secrets/{name}, GET /api/v1/secrets,
         * DELETE /api/v1/secrets/{name} (scope in the query: org, domain, project).
         */
        SecretService: SubtypeConstructor<typeof grpc.Client, _orch_service_v1_SecretServiceClient> & { service: _orch_service_v1_SecretServiceDefinition }
      }
    }
  }
}

