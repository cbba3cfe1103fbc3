import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Domain as _orch_admin_Domain, Domain__Output as _orch_admin_Domain__Output } from './orch/admin/Domain.js';
import type { EmptyResponse as _orch_admin_EmptyResponse, EmptyResponse__Output as _orch_admin_EmptyResponse__Output } from './orch/admin/EmptyResponse.js';
import type { GetDomainRequest as _orch_admin_GetDomainRequest, GetDomainRequest__Output as _orch_admin_GetDomainRequest__Output } from './orch/admin/GetDomainRequest.js';
import type { GetDomainsResponse as _orch_admin_GetDomainsResponse, GetDomainsResponse__Output as _orch_admin_GetDomainsResponse__Output } from './orch/admin/GetDomainsResponse.js';
import type { NamedEntityIdentifier as _orch_admin_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_NamedEntityIdentifier__Output } from './orch/admin/NamedEntityIdentifier.js';
import type { NamedEntityIdentifierList as _orch_admin_NamedEntityIdentifierList, NamedEntityIdentifierList__Output as _orch_admin_NamedEntityIdentifierList__Output } from './orch/admin/NamedEntityIdentifierList.js';
import type { NamedEntityIdentifierListRequest as _orch_admin_NamedEntityIdentifierListRequest, NamedEntityIdentifierListRequest__Output as _orch_admin_NamedEntityIdentifierListRequest__Output } from './orch/admin/NamedEntityIdentifierListRequest.js';
import type { ObjectGetRequest as _orch_admin_ObjectGetRequest, ObjectGetRequest__Output as _orch_admin_ObjectGetRequest__Output } from './orch/admin/ObjectGetRequest.js';
import type { Project as _orch_admin_Project, Project__Output as _orch_admin_Project__Output } from './orch/admin/Project.js';
import type { ProjectGetRequest as _orch_admin_ProjectGetRequest, ProjectGetRequest__Output as _orch_admin_ProjectGetRequest__Output } from './orch/admin/ProjectGetRequest.js';
import type { ProjectListRequest as _orch_admin_ProjectListRequest, ProjectListRequest__Output as _orch_admin_ProjectListRequest__Output } from './orch/admin/ProjectListRequest.js';
import type { ProjectRegisterRequest as _orch_admin_ProjectRegisterRequest, ProjectRegisterRequest__Output as _orch_admin_ProjectRegisterRequest__Output } from './orch/admin/ProjectRegisterRequest.js';
import type { Projects as _orch_admin_Projects, Projects__Output as _orch_admin_Projects__Output } from './orch/admin/Projects.js';
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
      Domain: MessageTypeDefinition<_orch_admin_Domain, _orch_admin_Domain__Output>
      EmptyResponse: MessageTypeDefinition<_orch_admin_EmptyResponse, _orch_admin_EmptyResponse__Output>
      GetDomainRequest: MessageTypeDefinition<_orch_admin_GetDomainRequest, _orch_admin_GetDomainRequest__Output>
      GetDomainsResponse: MessageTypeDefinition<_orch_admin_GetDomainsResponse, _orch_admin_GetDomainsResponse__Output>
      NamedEntityIdentifier: MessageTypeDefinition<_orch_admin_NamedEntityIdentifier, _orch_admin_NamedEntityIdentifier__Output>
      NamedEntityIdentifierList: MessageTypeDefinition<_orch_admin_NamedEntityIdentifierList, _orch_admin_NamedEntityIdentifierList__Output>
      NamedEntityIdentifierListRequest: MessageTypeDefinition<_orch_admin_NamedEntityIdentifierListRequest, _orch_admin_NamedEntityIdentifierListRequest__Output>
      ObjectGetRequest: MessageTypeDefinition<_orch_admin_ObjectGetRequest, _orch_admin_ObjectGetRequest__Output>
      Project: MessageTypeDefinition<_orch_admin_Project, _orch_admin_Project__Output>
      ProjectGetRequest: MessageTypeDefinition<_orch_admin_ProjectGetRequest, _orch_admin_ProjectGetRequest__Output>
      ProjectListRequest: MessageTypeDefinition<_orch_admin_ProjectListRequest, _orch_admin_ProjectListRequest__Output>
      ProjectRegisterRequest: MessageTypeDefinition<_orch_admin_ProjectRegisterRequest, _orch_admin_ProjectRegisterRequest__Output>
      Projects: MessageTypeDefinition<_orch_admin_Projects, _orch_admin_Projects__Output>
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

