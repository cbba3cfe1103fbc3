import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetVersionRequest as _orch_admin_GetVersionRequest, GetVersionRequest__Output as _orch_admin_GetVersionRequest__Output } from './orch/admin/GetVersionRequest.js';
import type { GetVersionResponse as _orch_admin_GetVersionResponse, GetVersionResponse__Output as _orch_admin_GetVersionResponse__Output } from './orch/admin/GetVersionResponse.js';
import type { Version as _orch_admin_Version, Version__Output as _orch_admin_Version__Output } from './orch/admin/Version.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      GetVersionRequest: MessageTypeDefinition<_orch_admin_GetVersionRequest, _orch_admin_GetVersionRequest__Output>
      GetVersionResponse: MessageTypeDefinition<_orch_admin_GetVersionResponse, _orch_admin_GetVersionResponse__Output>
      Version: MessageTypeDefinition<_orch_admin_Version, _orch_admin_Version__Output>
    }
  }
}

