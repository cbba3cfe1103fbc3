import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { OAuth2MetadataRequest as _orch_admin_v1_OAuth2MetadataRequest, OAuth2MetadataRequest__Output as _orch_admin_v1_OAuth2MetadataRequest__Output } from './orch/admin/v1/OAuth2MetadataRequest.js';
import type { OAuth2MetadataResponse as _orch_admin_v1_OAuth2MetadataResponse, OAuth2MetadataResponse__Output as _orch_admin_v1_OAuth2MetadataResponse__Output } from './orch/admin/v1/OAuth2MetadataResponse.js';
import type { PublicClientAuthConfigRequest as _orch_admin_v1_PublicClientAuthConfigRequest, PublicClientAuthConfigRequest__Output as _orch_admin_v1_PublicClientAuthConfigRequest__Output } from './orch/admin/v1/PublicClientAuthConfigRequest.js';
import type { PublicClientAuthConfigResponse as _orch_admin_v1_PublicClientAuthConfigResponse, PublicClientAuthConfigResponse__Output as _orch_admin_v1_PublicClientAuthConfigResponse__Output } from './orch/admin/v1/PublicClientAuthConfigResponse.js';
import type { AuthMetadataServiceClient as _orch_service_v1_AuthMetadataServiceClient, AuthMetadataServiceDefinition as _orch_service_v1_AuthMetadataServiceDefinition } from './orch/service/v1/AuthMetadataService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      v1: {
        OAuth2MetadataRequest: MessageTypeDefinition<_orch_admin_v1_OAuth2MetadataRequest, _orch_admin_v1_OAuth2MetadataRequest__Output>
        OAuth2MetadataResponse: MessageTypeDefinition<_orch_admin_v1_OAuth2MetadataResponse, _orch_admin_v1_OAuth2MetadataResponse__Output>
        PublicClientAuthConfigRequest: MessageTypeDefinition<_orch_admin_v1_PublicClientAuthConfigRequest, _orch_admin_v1_PublicClientAuthConfigRequest__Output>
        PublicClientAuthConfigResponse: MessageTypeDefinition<_orch_admin_v1_PublicClientAuthConfigResponse, _orch_admin_v1_PublicClientAuthConfigResponse__Output>
      }
    }
    service: {
      v1: {
        /**
         * Anonymous discovery of how to authenticate: anyone may call it, with or without credentials.
         */
        AuthMetadataService: SubtypeConstructor<typeof grpc.Client, _orch_service_v1_AuthMetadataServiceClient> & { service: _orch_service_v1_AuthMetadataServiceDefinition }
      }
    }
  }
}

