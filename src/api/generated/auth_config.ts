import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { PublicClientAuthConfigRequest as _orch_admin_PublicClientAuthConfigRequest, PublicClientAuthConfigRequest__Output as _orch_admin_PublicClientAuthConfigRequest__Output } from './orch/admin/PublicClientAuthConfigRequest.js';
import type { PublicClientAuthConfigResponse as _orch_admin_PublicClientAuthConfigResponse, PublicClientAuthConfigResponse__Output as _orch_admin_PublicClientAuthConfigResponse__Output } from './orch/admin/PublicClientAuthConfigResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      PublicClientAuthConfigRequest: MessageTypeDefinition<_orch_admin_PublicClientAuthConfigRequest, _orch_admin_PublicClientAuthConfigRequest__Output>
      PublicClientAuthConfigResponse: MessageTypeDefinition<_orch_admin_PublicClientAuthConfigResponse, _orch_admin_PublicClientAuthConfigResponse__Output>
    }
  }
}

