import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateSecretRequest as _orch_admin_CreateSecretRequest, CreateSecretRequest__Output as _orch_admin_CreateSecretRequest__Output } from './orch/admin/CreateSecretRequest.js';
import type { CreateSecretResponse as _orch_admin_CreateSecretResponse, CreateSecretResponse__Output as _orch_admin_CreateSecretResponse__Output } from './orch/admin/CreateSecretResponse.js';
import type { DeleteSecretRequest as _orch_admin_DeleteSecretRequest, DeleteSecretRequest__Output as _orch_admin_DeleteSecretRequest__Output } from './orch/admin/DeleteSecretRequest.js';
import type { DeleteSecretResponse as _orch_admin_DeleteSecretResponse, DeleteSecretResponse__Output as _orch_admin_DeleteSecretResponse__Output } from './orch/admin/DeleteSecretResponse.js';
import type { GetSecretRequest as _orch_admin_GetSecretRequest, GetSecretRequest__Output as _orch_admin_GetSecretRequest__Output } from './orch/admin/GetSecretRequest.js';
import type { GetSecretResponse as _orch_admin_GetSecretResponse, GetSecretResponse__Output as _orch_admin_GetSecretResponse__Output } from './orch/admin/GetSecretResponse.js';
import type { ListSecretsRequest as _orch_admin_ListSecretsRequest, ListSecretsRequest__Output as _orch_admin_ListSecretsRequest__Output } from './orch/admin/ListSecretsRequest.js';
import type { ListSecretsResponse as _orch_admin_ListSecretsResponse, ListSecretsResponse__Output as _orch_admin_ListSecretsResponse__Output } from './orch/admin/ListSecretsResponse.js';
import type { Secret as _orch_admin_Secret, Secret__Output as _orch_admin_Secret__Output } from './orch/admin/Secret.js';
import type { SecretIdentifier as _orch_admin_SecretIdentifier, SecretIdentifier__Output as _orch_admin_SecretIdentifier__Output } from './orch/admin/SecretIdentifier.js';
import type { SecretMetadata as _orch_admin_SecretMetadata, SecretMetadata__Output as _orch_admin_SecretMetadata__Output } from './orch/admin/SecretMetadata.js';
import type { SecretSpec as _orch_admin_SecretSpec, SecretSpec__Output as _orch_admin_SecretSpec__Output } from './orch/admin/SecretSpec.js';
import type { UpdateSecretRequest as _orch_admin_UpdateSecretRequest, UpdateSecretRequest__Output as _orch_admin_UpdateSecretRequest__Output } from './orch/admin/UpdateSecretRequest.js';
import type { UpdateSecretResponse as _orch_admin_UpdateSecretResponse, UpdateSecretResponse__Output as _orch_admin_UpdateSecretResponse__Output } from './orch/admin/UpdateSecretResponse.js';
import type { SecretServiceClient as _orch_service_SecretServiceClient, SecretServiceDefinition as _orch_service_SecretServiceDefinition } from './orch/service/SecretService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      CreateSecretRequest: MessageTypeDefinition<_orch_admin_CreateSecretRequest, _orch_admin_CreateSecretRequest__Output>
      CreateSecretResponse: MessageTypeDefinition<_orch_admin_CreateSecretResponse, _orch_admin_CreateSecretResponse__Output>
      DeleteSecretRequest: MessageTypeDefinition<_orch_admin_DeleteSecretRequest, _orch_admin_DeleteSecretRequest__Output>
      DeleteSecretResponse: MessageTypeDefinition<_orch_admin_DeleteSecretResponse, _orch_admin_DeleteSecretResponse__Output>
      GetSecretRequest: MessageTypeDefinition<_orch_admin_GetSecretRequest, _orch_admin_GetSecretRequest__Output>
      GetSecretResponse: MessageTypeDefinition<_orch_admin_GetSecretResponse, _orch_admin_GetSecretResponse__Output>
      ListSecretsRequest: MessageTypeDefinition<_orch_admin_ListSecretsRequest, _orch_admin_ListSecretsRequest__Output>
      ListSecretsResponse: MessageTypeDefinition<_orch_admin_ListSecretsResponse, _orch_admin_ListSecretsResponse__Output>
      Secret: MessageTypeDefinition<_orch_admin_Secret, _orch_admin_Secret__Output>
      SecretIdentifier: MessageTypeDefinition<_orch_admin_SecretIdentifier, _orch_admin_SecretIdentifier__Output>
      SecretMetadata: MessageTypeDefinition<_orch_admin_SecretMetadata, _orch_admin_SecretMetadata__Output>
      SecretSpec: MessageTypeDefinition<_orch_admin_SecretSpec, _orch_admin_SecretSpec__Output>
      UpdateSecretRequest: MessageTypeDefinition<_orch_admin_UpdateSecretRequest, _orch_admin_UpdateSecretRequest__Output>
      UpdateSecretResponse: MessageTypeDefinition<_orch_admin_UpdateSecretResponse, _orch_admin_UpdateSecretResponse__Output>
    }
    service: {
      /**
       * Platform secrets, encrypted at rest; no RPC ever returns a value. Every RPC answers UNAUTHENTICATED
       * without valid credentials (when authentication is on) and PERMISSION_DENIED when the caller's role
       * lacks the permission named.
       * HTTP: POST /api/v1/secrets, PUT /api/v1/secrets, GET /api/v1/secrets/{name}, GET /api/v1/secrets,
       * DELETE /api/v1/secrets/{name} (scope in the query: org, domain, project).
       */
      SecretService: SubtypeConstructor<typeof grpc.Client, _orch_service_SecretServiceClient> & { service: _orch_service_SecretServiceDefinition }
    }
  }
}

