import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ApiKey as _orch_admin_v1_ApiKey, ApiKey__Output as _orch_admin_v1_ApiKey__Output } from './orch/admin/v1/ApiKey.js';
import type { CreateApiKeyRequest as _orch_admin_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _orch_admin_v1_CreateApiKeyRequest__Output } from './orch/admin/v1/CreateApiKeyRequest.js';
import type { CreateApiKeyResponse as _orch_admin_v1_CreateApiKeyResponse, CreateApiKeyResponse__Output as _orch_admin_v1_CreateApiKeyResponse__Output } from './orch/admin/v1/CreateApiKeyResponse.js';
import type { DeleteApiKeyRequest as _orch_admin_v1_DeleteApiKeyRequest, DeleteApiKeyRequest__Output as _orch_admin_v1_DeleteApiKeyRequest__Output } from './orch/admin/v1/DeleteApiKeyRequest.js';
import type { DeleteApiKeyResponse as _orch_admin_v1_DeleteApiKeyResponse, DeleteApiKeyResponse__Output as _orch_admin_v1_DeleteApiKeyResponse__Output } from './orch/admin/v1/DeleteApiKeyResponse.js';
import type { ListApiKeysRequest as _orch_admin_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _orch_admin_v1_ListApiKeysRequest__Output } from './orch/admin/v1/ListApiKeysRequest.js';
import type { ListApiKeysResponse as _orch_admin_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _orch_admin_v1_ListApiKeysResponse__Output } from './orch/admin/v1/ListApiKeysResponse.js';
import type { UserInfoRequest as _orch_admin_v1_UserInfoRequest, UserInfoRequest__Output as _orch_admin_v1_UserInfoRequest__Output } from './orch/admin/v1/UserInfoRequest.js';
import type { UserInfoResponse as _orch_admin_v1_UserInfoResponse, UserInfoResponse__Output as _orch_admin_v1_UserInfoResponse__Output } from './orch/admin/v1/UserInfoResponse.js';
import type { IdentityServiceClient as _orch_service_v1_IdentityServiceClient, IdentityServiceDefinition as _orch_service_v1_IdentityServiceDefinition } from './orch/service/v1/IdentityService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      v1: {
        ApiKey: MessageTypeDefinition<_orch_admin_v1_ApiKey, _orch_admin_v1_ApiKey__Output>
        CreateApiKeyRequest: MessageTypeDefinition<_orch_admin_v1_CreateApiKeyRequest, _orch_admin_v1_CreateApiKeyRequest__Output>
        CreateApiKeyResponse: MessageTypeDefinition<_orch_admin_v1_CreateApiKeyResponse, _orch_admin_v1_CreateApiKeyResponse__Output>
        DeleteApiKeyRequest: MessageTypeDefinition<_orch_admin_v1_DeleteApiKeyRequest, _orch_admin_v1_DeleteApiKeyRequest__Output>
        DeleteApiKeyResponse: MessageTypeDefinition<_orch_admin_v1_DeleteApiKeyResponse, _orch_admin_v1_DeleteApiKeyResponse__Output>
        ListApiKeysRequest: MessageTypeDefinition<_orch_admin_v1_ListApiKeysRequest, _orch_admin_v1_ListApiKeysRequest__Output>
        ListApiKeysResponse: MessageTypeDefinition<_orch_admin_v1_ListApiKeysResponse, _orch_admin_v1_ListApiKeysResponse__Output>
        Role: EnumTypeDefinition
        UserInfoRequest: MessageTypeDefinition<_orch_admin_v1_UserInfoRequest, _orch_admin_v1_UserInfoRequest__Output>
        UserInfoResponse: MessageTypeDefinition<_orch_admin_v1_UserInfoResponse, _orch_admin_v1_UserInfoResponse__Output>
      }
    }
    service: {
      v1: {
        /**
         * Who is calling. HTTP: GET /me.
         */
        IdentityService: SubtypeConstructor<typeof grpc.Client, _orch_service_v1_IdentityServiceClient> & { service: _orch_service_v1_IdentityServiceDefinition }
      }
    }
  }
}

