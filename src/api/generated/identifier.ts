import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from './orch/core/Identifier.js';
import type { NodeExecutionIdentifier as _orch_core_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_NodeExecutionIdentifier__Output } from './orch/core/NodeExecutionIdentifier.js';
import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from './orch/core/WorkflowExecutionIdentifier.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    core: {
      Identifier: MessageTypeDefinition<_orch_core_Identifier, _orch_core_Identifier__Output>
      NodeExecutionIdentifier: MessageTypeDefinition<_orch_core_NodeExecutionIdentifier, _orch_core_NodeExecutionIdentifier__Output>
      ResourceType: EnumTypeDefinition
      WorkflowExecutionIdentifier: MessageTypeDefinition<_orch_core_WorkflowExecutionIdentifier, _orch_core_WorkflowExecutionIdentifier__Output>
    }
  }
}

