import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { EmptyResponse as _orch_admin_EmptyResponse, EmptyResponse__Output as _orch_admin_EmptyResponse__Output } from './orch/admin/EmptyResponse.js';
import type { NamedEntityIdentifier as _orch_admin_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_NamedEntityIdentifier__Output } from './orch/admin/NamedEntityIdentifier.js';
import type { NamedEntityIdentifierList as _orch_admin_NamedEntityIdentifierList, NamedEntityIdentifierList__Output as _orch_admin_NamedEntityIdentifierList__Output } from './orch/admin/NamedEntityIdentifierList.js';
import type { NamedEntityIdentifierListRequest as _orch_admin_NamedEntityIdentifierListRequest, NamedEntityIdentifierListRequest__Output as _orch_admin_NamedEntityIdentifierListRequest__Output } from './orch/admin/NamedEntityIdentifierListRequest.js';
import type { ObjectGetRequest as _orch_admin_ObjectGetRequest, ObjectGetRequest__Output as _orch_admin_ObjectGetRequest__Output } from './orch/admin/ObjectGetRequest.js';
import type { ResourceListRequest as _orch_admin_ResourceListRequest, ResourceListRequest__Output as _orch_admin_ResourceListRequest__Output } from './orch/admin/ResourceListRequest.js';
import type { Sort as _orch_admin_Sort, Sort__Output as _orch_admin_Sort__Output } from './orch/admin/Sort.js';
import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from './orch/core/Identifier.js';
import type { NodeExecutionIdentifier as _orch_core_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_NodeExecutionIdentifier__Output } from './orch/core/NodeExecutionIdentifier.js';
import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from './orch/core/WorkflowExecutionIdentifier.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      EmptyResponse: MessageTypeDefinition<_orch_admin_EmptyResponse, _orch_admin_EmptyResponse__Output>
      NamedEntityIdentifier: MessageTypeDefinition<_orch_admin_NamedEntityIdentifier, _orch_admin_NamedEntityIdentifier__Output>
      NamedEntityIdentifierList: MessageTypeDefinition<_orch_admin_NamedEntityIdentifierList, _orch_admin_NamedEntityIdentifierList__Output>
      NamedEntityIdentifierListRequest: MessageTypeDefinition<_orch_admin_NamedEntityIdentifierListRequest, _orch_admin_NamedEntityIdentifierListRequest__Output>
      ObjectGetRequest: MessageTypeDefinition<_orch_admin_ObjectGetRequest, _orch_admin_ObjectGetRequest__Output>
      ResourceListRequest: MessageTypeDefinition<_orch_admin_ResourceListRequest, _orch_admin_ResourceListRequest__Output>
      Sort: MessageTypeDefinition<_orch_admin_Sort, _orch_admin_Sort__Output>
    }
    core: {
      Identifier: MessageTypeDefinition<_orch_core_Identifier, _orch_core_Identifier__Output>
      NodeExecutionIdentifier: MessageTypeDefinition<_orch_core_NodeExecutionIdentifier, _orch_core_NodeExecutionIdentifier__Output>
      ResourceType: EnumTypeDefinition
      WorkflowExecutionIdentifier: MessageTypeDefinition<_orch_core_WorkflowExecutionIdentifier, _orch_core_WorkflowExecutionIdentifier__Output>
    }
  }
}

