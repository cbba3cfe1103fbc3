import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ApiKey as _orch_admin_ApiKey, ApiKey__Output as _orch_admin_ApiKey__Output } from './orch/admin/ApiKey.js';
import type { CreateApiKeyRequest as _orch_admin_CreateApiKeyRequest, CreateApiKeyRequest__Output as _orch_admin_CreateApiKeyRequest__Output } from './orch/admin/CreateApiKeyRequest.js';
import type { CreateApiKeyResponse as _orch_admin_CreateApiKeyResponse, CreateApiKeyResponse__Output as _orch_admin_CreateApiKeyResponse__Output } from './orch/admin/CreateApiKeyResponse.js';
import type { DeleteApiKeyRequest as _orch_admin_DeleteApiKeyRequest, DeleteApiKeyRequest__Output as _orch_admin_DeleteApiKeyRequest__Output } from './orch/admin/DeleteApiKeyRequest.js';
import type { DeleteApiKeyResponse as _orch_admin_DeleteApiKeyResponse, DeleteApiKeyResponse__Output as _orch_admin_DeleteApiKeyResponse__Output } from './orch/admin/DeleteApiKeyResponse.js';
import type { ListApiKeysRequest as _orch_admin_ListApiKeysRequest, ListApiKeysRequest__Output as _orch_admin_ListApiKeysRequest__Output } from './orch/admin/ListApiKeysRequest.js';
import type { ListApiKeysResponse as _orch_admin_ListApiKeysResponse, ListApiKeysResponse__Output as _orch_admin_ListApiKeysResponse__Output } from './orch/admin/ListApiKeysResponse.js';
import type { UserInfoRequest as _orch_admin_UserInfoRequest, UserInfoRequest__Output as _orch_admin_UserInfoRequest__Output } from './orch/admin/UserInfoRequest.js';
import type { UserInfoResponse as _orch_admin_UserInfoResponse, UserInfoResponse__Output as _orch_admin_UserInfoResponse__Output } from './orch/admin/UserInfoResponse.js';
import type { IdentityServiceClient as _orch_service_IdentityServiceClient, IdentityServiceDefinition as _orch_service_IdentityServiceDefinition } from './orch/service/IdentityService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      ApiKey: MessageTypeDefinition<_orch_admin_ApiKey, _orch_admin_ApiKey__Output>
      CreateApiKeyRequest: MessageTypeDefinition<_orch_admin_CreateApiKeyRequest, _orch_admin_CreateApiKeyRequest__Output>
      CreateApiKeyResponse: MessageTypeDefinition<_orch_admin_CreateApiKeyResponse, _orch_admin_CreateApiKeyResponse__Output>
      DeleteApiKeyRequest: MessageTypeDefinition<_orch_admin_DeleteApiKeyRequest, _orch_admin_DeleteApiKeyRequest__Output>
      DeleteApiKeyResponse: MessageTypeDefinition<_orch_admin_DeleteApiKeyResponse, _orch_admin_DeleteApiKeyResponse__Output>
      ListApiKeysRequest: MessageTypeDefinition<_orch_admin_ListApiKeysRequest, _orch_admin_ListApiKeysRequest__Output>
      ListApiKeysResponse: MessageTypeDefinition<_orch_admin_ListApiKeysResponse, _orch_admin_ListApiKeysResponse__Output>
      Role: EnumTypeDefinition
      UserInfoRequest: MessageTypeDefinition<_orch_admin_UserInfoRequest, _orch_admin_UserInfoRequest__Output>
      UserInfoResponse: MessageTypeDefinition<_orch_admin_UserInfoResponse, _orch_admin_UserInfoResponse__Output>
    }
    service: {
      /**
       * Who is calling. HTTP: GET /me.
       */
      IdentityService: SubtypeConstructor<typeof grpc.Client, _orch_service_IdentityServiceClient> & { service: _orch_service_IdentityServiceDefinition }
    }
  }
}

