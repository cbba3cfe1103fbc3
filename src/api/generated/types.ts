import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { EnumType as _orch_core_EnumType, EnumType__Output as _orch_core_EnumType__Output } from './orch/core/EnumType.js';
import type { LiteralType as _orch_core_LiteralType, LiteralType__Output as _orch_core_LiteralType__Output } from './orch/core/LiteralType.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    core: {
      EnumType: MessageTypeDefinition<_orch_core_EnumType, _orch_core_EnumType__Output>
      LiteralType: MessageTypeDefinition<_orch_core_LiteralType, _orch_core_LiteralType__Output>
      SimpleType: EnumTypeDefinition
    }
  }
}

