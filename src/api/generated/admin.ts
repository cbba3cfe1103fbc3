import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
import type { ActiveLaunchPlanRequest as _orch_admin_ActiveLaunchPlanRequest, ActiveLaunchPlanRequest__Output as _orch_admin_ActiveLaunchPlanRequest__Output } from './orch/admin/ActiveLaunchPlanRequest.js';
import type { ApiKey as _orch_admin_ApiKey, ApiKey__Output as _orch_admin_ApiKey__Output } from './orch/admin/ApiKey.js';
import type { AuthRole as _orch_admin_AuthRole, AuthRole__Output as _orch_admin_AuthRole__Output } from './orch/admin/AuthRole.js';
import type { ClaimCondition as _orch_admin_ClaimCondition, ClaimCondition__Output as _orch_admin_ClaimCondition__Output } from './orch/admin/ClaimCondition.js';
import type { CreateApiKeyRequest as _orch_admin_CreateApiKeyRequest, CreateApiKeyRequest__Output as _orch_admin_CreateApiKeyRequest__Output } from './orch/admin/CreateApiKeyRequest.js';
import type { CreateApiKeyResponse as _orch_admin_CreateApiKeyResponse, CreateApiKeyResponse__Output as _orch_admin_CreateApiKeyResponse__Output } from './orch/admin/CreateApiKeyResponse.js';
import type { CreateTrustPolicyRequest as _orch_admin_CreateTrustPolicyRequest, CreateTrustPolicyRequest__Output as _orch_admin_CreateTrustPolicyRequest__Output } from './orch/admin/CreateTrustPolicyRequest.js';
import type { CreateTrustPolicyResponse as _orch_admin_CreateTrustPolicyResponse, CreateTrustPolicyResponse__Output as _orch_admin_CreateTrustPolicyResponse__Output } from './orch/admin/CreateTrustPolicyResponse.js';
import type { CronSchedule as _orch_admin_CronSchedule, CronSchedule__Output as _orch_admin_CronSchedule__Output } from './orch/admin/CronSchedule.js';
import type { DeleteApiKeyRequest as _orch_admin_DeleteApiKeyRequest, DeleteApiKeyRequest__Output as _orch_admin_DeleteApiKeyRequest__Output } from './orch/admin/DeleteApiKeyRequest.js';
import type { DeleteApiKeyResponse as _orch_admin_DeleteApiKeyResponse, DeleteApiKeyResponse__Output as _orch_admin_DeleteApiKeyResponse__Output } from './orch/admin/DeleteApiKeyResponse.js';
import type { DeleteTrustPolicyRequest as _orch_admin_DeleteTrustPolicyRequest, DeleteTrustPolicyRequest__Output as _orch_admin_DeleteTrustPolicyRequest__Output } from './orch/admin/DeleteTrustPolicyRequest.js';
import type { DeleteTrustPolicyResponse as _orch_admin_DeleteTrustPolicyResponse, DeleteTrustPolicyResponse__Output as _orch_admin_DeleteTrustPolicyResponse__Output } from './orch/admin/DeleteTrustPolicyResponse.js';
import type { Domain as _orch_admin_Domain, Domain__Output as _orch_admin_Domain__Output } from './orch/admin/Domain.js';
import type { EmptyResponse as _orch_admin_EmptyResponse, EmptyResponse__Output as _orch_admin_EmptyResponse__Output } from './orch/admin/EmptyResponse.js';
import type { Execution as _orch_admin_Execution, Execution__Output as _orch_admin_Execution__Output } from './orch/admin/Execution.js';
import type { ExecutionClosure as _orch_admin_ExecutionClosure, ExecutionClosure__Output as _orch_admin_ExecutionClosure__Output } from './orch/admin/ExecutionClosure.js';
import type { ExecutionCreateRequest as _orch_admin_ExecutionCreateRequest, ExecutionCreateRequest__Output as _orch_admin_ExecutionCreateRequest__Output } from './orch/admin/ExecutionCreateRequest.js';
import type { ExecutionCreateResponse as _orch_admin_ExecutionCreateResponse, ExecutionCreateResponse__Output as _orch_admin_ExecutionCreateResponse__Output } from './orch/admin/ExecutionCreateResponse.js';
import type { ExecutionEvent as _orch_admin_ExecutionEvent, ExecutionEvent__Output as _orch_admin_ExecutionEvent__Output } from './orch/admin/ExecutionEvent.js';
import type { ExecutionList as _orch_admin_ExecutionList, ExecutionList__Output as _orch_admin_ExecutionList__Output } from './orch/admin/ExecutionList.js';
import type { ExecutionMetadata as _orch_admin_ExecutionMetadata, ExecutionMetadata__Output as _orch_admin_ExecutionMetadata__Output } from './orch/admin/ExecutionMetadata.js';
import type { ExecutionRelaunchRequest as _orch_admin_ExecutionRelaunchRequest, ExecutionRelaunchRequest__Output as _orch_admin_ExecutionRelaunchRequest__Output } from './orch/admin/ExecutionRelaunchRequest.js';
import type { ExecutionSpec as _orch_admin_ExecutionSpec, ExecutionSpec__Output as _orch_admin_ExecutionSpec__Output } from './orch/admin/ExecutionSpec.js';
import type { ExecutionTerminateRequest as _orch_admin_ExecutionTerminateRequest, ExecutionTerminateRequest__Output as _orch_admin_ExecutionTerminateRequest__Output } from './orch/admin/ExecutionTerminateRequest.js';
import type { ExecutionTerminateResponse as _orch_admin_ExecutionTerminateResponse, ExecutionTerminateResponse__Output as _orch_admin_ExecutionTerminateResponse__Output } from './orch/admin/ExecutionTerminateResponse.js';
import type { GetDomainRequest as _orch_admin_GetDomainRequest, GetDomainRequest__Output as _orch_admin_GetDomainRequest__Output } from './orch/admin/GetDomainRequest.js';
import type { GetDomainsResponse as _orch_admin_GetDomainsResponse, GetDomainsResponse__Output as _orch_admin_GetDomainsResponse__Output } from './orch/admin/GetDomainsResponse.js';
import type { GetTrustPolicyRequest as _orch_admin_GetTrustPolicyRequest, GetTrustPolicyRequest__Output as _orch_admin_GetTrustPolicyRequest__Output } from './orch/admin/GetTrustPolicyRequest.js';
import type { GetTrustPolicyResponse as _orch_admin_GetTrustPolicyResponse, GetTrustPolicyResponse__Output as _orch_admin_GetTrustPolicyResponse__Output } from './orch/admin/GetTrustPolicyResponse.js';
import type { GetVersionRequest as _orch_admin_GetVersionRequest, GetVersionRequest__Output as _orch_admin_GetVersionRequest__Output } from './orch/admin/GetVersionRequest.js';
import type { GetVersionResponse as _orch_admin_GetVersionResponse, GetVersionResponse__Output as _orch_admin_GetVersionResponse__Output } from './orch/admin/GetVersionResponse.js';
import type { LaunchPlan as _orch_admin_LaunchPlan, LaunchPlan__Output as _orch_admin_LaunchPlan__Output } from './orch/admin/LaunchPlan.js';
import type { LaunchPlanClosure as _orch_admin_LaunchPlanClosure, LaunchPlanClosure__Output as _orch_admin_LaunchPlanClosure__Output } from './orch/admin/LaunchPlanClosure.js';
import type { LaunchPlanCreateRequest as _orch_admin_LaunchPlanCreateRequest, LaunchPlanCreateRequest__Output as _orch_admin_LaunchPlanCreateRequest__Output } from './orch/admin/LaunchPlanCreateRequest.js';
import type { LaunchPlanList as _orch_admin_LaunchPlanList, LaunchPlanList__Output as _orch_admin_LaunchPlanList__Output } from './orch/admin/LaunchPlanList.js';
import type { LaunchPlanSpec as _orch_admin_LaunchPlanSpec, LaunchPlanSpec__Output as _orch_admin_LaunchPlanSpec__Output } from './orch/admin/LaunchPlanSpec.js';
import type { LaunchPlanUpdateRequest as _orch_admin_LaunchPlanUpdateRequest, LaunchPlanUpdateRequest__Output as _orch_admin_LaunchPlanUpdateRequest__Output } from './orch/admin/LaunchPlanUpdateRequest.js';
import type { LaunchPlanUpdateResponse as _orch_admin_LaunchPlanUpdateResponse, LaunchPlanUpdateResponse__Output as _orch_admin_LaunchPlanUpdateResponse__Output } from './orch/admin/LaunchPlanUpdateResponse.js';
import type { ListApiKeysRequest as _orch_admin_ListApiKeysRequest, ListApiKeysRequest__Output as _orch_admin_ListApiKeysRequest__Output } from './orch/admin/ListApiKeysRequest.js';
import type { ListApiKeysResponse as _orch_admin_ListApiKeysResponse, ListApiKeysResponse__Output as _orch_admin_ListApiKeysResponse__Output } from './orch/admin/ListApiKeysResponse.js';
import type { ListTrustPoliciesRequest as _orch_admin_ListTrustPoliciesRequest, ListTrustPoliciesRequest__Output as _orch_admin_ListTrustPoliciesRequest__Output } from './orch/admin/ListTrustPoliciesRequest.js';
import type { ListTrustPoliciesResponse as _orch_admin_ListTrustPoliciesResponse, ListTrustPoliciesResponse__Output as _orch_admin_ListTrustPoliciesResponse__Output } from './orch/admin/ListTrustPoliciesResponse.js';
import type { NamedEntityIdentifier as _orch_admin_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_NamedEntityIdentifier__Output } from './orch/admin/NamedEntityIdentifier.js';
import type { NamedEntityIdentifierList as _orch_admin_NamedEntityIdentifierList, NamedEntityIdentifierList__Output as _orch_admin_NamedEntityIdentifierList__Output } from './orch/admin/NamedEntityIdentifierList.js';
import type { NamedEntityIdentifierListRequest as _orch_admin_NamedEntityIdentifierListRequest, NamedEntityIdentifierListRequest__Output as _orch_admin_NamedEntityIdentifierListRequest__Output } from './orch/admin/NamedEntityIdentifierListRequest.js';
import type { NodeExecution as _orch_admin_NodeExecution, NodeExecution__Output as _orch_admin_NodeExecution__Output } from './orch/admin/NodeExecution.js';
import type { NodeExecutionClosure as _orch_admin_NodeExecutionClosure, NodeExecutionClosure__Output as _orch_admin_NodeExecutionClosure__Output } from './orch/admin/NodeExecutionClosure.js';
import type { NodeExecutionGetDataRequest as _orch_admin_NodeExecutionGetDataRequest, NodeExecutionGetDataRequest__Output as _orch_admin_NodeExecutionGetDataRequest__Output } from './orch/admin/NodeExecutionGetDataRequest.js';
import type { NodeExecutionGetDataResponse as _orch_admin_NodeExecutionGetDataResponse, NodeExecutionGetDataResponse__Output as _orch_admin_NodeExecutionGetDataResponse__Output } from './orch/admin/NodeExecutionGetDataResponse.js';
import type { NodeExecutionList as _orch_admin_NodeExecutionList, NodeExecutionList__Output as _orch_admin_NodeExecutionList__Output } from './orch/admin/NodeExecutionList.js';
import type { NodeExecutionListRequest as _orch_admin_NodeExecutionListRequest, NodeExecutionListRequest__Output as _orch_admin_NodeExecutionListRequest__Output } from './orch/admin/NodeExecutionListRequest.js';
import type { ObjectGetRequest as _orch_admin_ObjectGetRequest, ObjectGetRequest__Output as _orch_admin_ObjectGetRequest__Output } from './orch/admin/ObjectGetRequest.js';
import type { Project as _orch_admin_Project, Project__Output as _orch_admin_Project__Output } from './orch/admin/Project.js';
import type { ProjectGetRequest as _orch_admin_ProjectGetRequest, ProjectGetRequest__Output as _orch_admin_ProjectGetRequest__Output } from './orch/admin/ProjectGetRequest.js';
import type { ProjectListRequest as _orch_admin_ProjectListRequest, ProjectListRequest__Output as _orch_admin_ProjectListRequest__Output } from './orch/admin/ProjectListRequest.js';
import type { ProjectRegisterRequest as _orch_admin_ProjectRegisterRequest, ProjectRegisterRequest__Output as _orch_admin_ProjectRegisterRequest__Output } from './orch/admin/ProjectRegisterRequest.js';
import type { ProjectUpdateResponse as _orch_admin_ProjectUpdateResponse, ProjectUpdateResponse__Output as _orch_admin_ProjectUpdateResponse__Output } from './orch/admin/ProjectUpdateResponse.js';
import type { Projects as _orch_admin_Projects, Projects__Output as _orch_admin_Projects__Output } from './orch/admin/Projects.js';
import type { RawOutputDataConfig as _orch_admin_RawOutputDataConfig, RawOutputDataConfig__Output as _orch_admin_RawOutputDataConfig__Output } from './orch/admin/RawOutputDataConfig.js';
import type { ResourceListRequest as _orch_admin_ResourceListRequest, ResourceListRequest__Output as _orch_admin_ResourceListRequest__Output } from './orch/admin/ResourceListRequest.js';
import type { Schedule as _orch_admin_Schedule, Schedule__Output as _orch_admin_Schedule__Output } from './orch/admin/Schedule.js';
import type { Sort as _orch_admin_Sort, Sort__Output as _orch_admin_Sort__Output } from './orch/admin/Sort.js';
import type { Task as _orch_admin_Task, Task__Output as _orch_admin_Task__Output } from './orch/admin/Task.js';
import type { TaskAttempt as _orch_admin_TaskAttempt, TaskAttempt__Output as _orch_admin_TaskAttempt__Output } from './orch/admin/TaskAttempt.js';
import type { TaskClosure as _orch_admin_TaskClosure, TaskClosure__Output as _orch_admin_TaskClosure__Output } from './orch/admin/TaskClosure.js';
import type { TaskCreateRequest as _orch_admin_TaskCreateRequest, TaskCreateRequest__Output as _orch_admin_TaskCreateRequest__Output } from './orch/admin/TaskCreateRequest.js';
import type { TaskList as _orch_admin_TaskList, TaskList__Output as _orch_admin_TaskList__Output } from './orch/admin/TaskList.js';
import type { TaskSpec as _orch_admin_TaskSpec, TaskSpec__Output as _orch_admin_TaskSpec__Output } from './orch/admin/TaskSpec.js';
import type { TrustPolicy as _orch_admin_TrustPolicy, TrustPolicy__Output as _orch_admin_TrustPolicy__Output } from './orch/admin/TrustPolicy.js';
import type { UserInfoRequest as _orch_admin_UserInfoRequest, UserInfoRequest__Output as _orch_admin_UserInfoRequest__Output } from './orch/admin/UserInfoRequest.js';
import type { UserInfoResponse as _orch_admin_UserInfoResponse, UserInfoResponse__Output as _orch_admin_UserInfoResponse__Output } from './orch/admin/UserInfoResponse.js';
import type { Version as _orch_admin_Version, Version__Output as _orch_admin_Version__Output } from './orch/admin/Version.js';
import type { Workflow as _orch_admin_Workflow, Workflow__Output as _orch_admin_Workflow__Output } from './orch/admin/Workflow.js';
import type { WorkflowClosure as _orch_admin_WorkflowClosure, WorkflowClosure__Output as _orch_admin_WorkflowClosure__Output } from './orch/admin/WorkflowClosure.js';
import type { WorkflowCreateRequest as _orch_admin_WorkflowCreateRequest, WorkflowCreateRequest__Output as _orch_admin_WorkflowCreateRequest__Output } from './orch/admin/WorkflowCreateRequest.js';
import type { WorkflowExecutionGetDataRequest as _orch_admin_WorkflowExecutionGetDataRequest, WorkflowExecutionGetDataRequest__Output as _orch_admin_WorkflowExecutionGetDataRequest__Output } from './orch/admin/WorkflowExecutionGetDataRequest.js';
import type { WorkflowExecutionGetDataResponse as _orch_admin_WorkflowExecutionGetDataResponse, WorkflowExecutionGetDataResponse__Output as _orch_admin_WorkflowExecutionGetDataResponse__Output } from './orch/admin/WorkflowExecutionGetDataResponse.js';
import type { WorkflowExecutionGetRequest as _orch_admin_WorkflowExecutionGetRequest, WorkflowExecutionGetRequest__Output as _orch_admin_WorkflowExecutionGetRequest__Output } from './orch/admin/WorkflowExecutionGetRequest.js';
import type { WorkflowList as _orch_admin_WorkflowList, WorkflowList__Output as _orch_admin_WorkflowList__Output } from './orch/admin/WorkflowList.js';
import type { WorkflowSpec as _orch_admin_WorkflowSpec, WorkflowSpec__Output as _orch_admin_WorkflowSpec__Output } from './orch/admin/WorkflowSpec.js';
import type { Binding as _orch_core_Binding, Binding__Output as _orch_core_Binding__Output } from './orch/core/Binding.js';
import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from './orch/core/BindingData.js';
import type { BindingDataCollection as _orch_core_BindingDataCollection, BindingDataCollection__Output as _orch_core_BindingDataCollection__Output } from './orch/core/BindingDataCollection.js';
import type { BindingDataMap as _orch_core_BindingDataMap, BindingDataMap__Output as _orch_core_BindingDataMap__Output } from './orch/core/BindingDataMap.js';
import type { Blob as _orch_core_Blob, Blob__Output as _orch_core_Blob__Output } from './orch/core/Blob.js';
import type { CompiledTask as _orch_core_CompiledTask, CompiledTask__Output as _orch_core_CompiledTask__Output } from './orch/core/CompiledTask.js';
import type { CompiledWorkflow as _orch_core_CompiledWorkflow, CompiledWorkflow__Output as _orch_core_CompiledWorkflow__Output } from './orch/core/CompiledWorkflow.js';
import type { CompiledWorkflowClosure as _orch_core_CompiledWorkflowClosure, CompiledWorkflowClosure__Output as _orch_core_CompiledWorkflowClosure__Output } from './orch/core/CompiledWorkflowClosure.js';
import type { ConnectionSet as _orch_core_ConnectionSet, ConnectionSet__Output as _orch_core_ConnectionSet__Output } from './orch/core/ConnectionSet.js';
import type { Container as _orch_core_Container, Container__Output as _orch_core_Container__Output } from './orch/core/Container.js';
import type { EnumType as _orch_core_EnumType, EnumType__Output as _orch_core_EnumType__Output } from './orch/core/EnumType.js';
import type { ExecutionError as _orch_core_ExecutionError, ExecutionError__Output as _orch_core_ExecutionError__Output } from './orch/core/ExecutionError.js';
import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from './orch/core/Identifier.js';
import type { KeyValuePair as _orch_core_KeyValuePair, KeyValuePair__Output as _orch_core_KeyValuePair__Output } from './orch/core/KeyValuePair.js';
import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from './orch/core/Literal.js';
import type { LiteralCollection as _orch_core_LiteralCollection, LiteralCollection__Output as _orch_core_LiteralCollection__Output } from './orch/core/LiteralCollection.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from './orch/core/LiteralMap.js';
import type { LiteralType as _orch_core_LiteralType, LiteralType__Output as _orch_core_LiteralType__Output } from './orch/core/LiteralType.js';
import type { Node as _orch_core_Node, Node__Output as _orch_core_Node__Output } from './orch/core/Node.js';
import type { NodeExecution as _orch_core_NodeExecution, NodeExecution__Output as _orch_core_NodeExecution__Output } from './orch/core/NodeExecution.js';
import type { NodeExecutionIdentifier as _orch_core_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_NodeExecutionIdentifier__Output } from './orch/core/NodeExecutionIdentifier.js';
import type { OutputReference as _orch_core_OutputReference, OutputReference__Output as _orch_core_OutputReference__Output } from './orch/core/OutputReference.js';
import type { Parameter as _orch_core_Parameter, Parameter__Output as _orch_core_Parameter__Output } from './orch/core/Parameter.js';
import type { ParameterMap as _orch_core_ParameterMap, ParameterMap__Output as _orch_core_ParameterMap__Output } from './orch/core/ParameterMap.js';
import type { Primitive as _orch_core_Primitive, Primitive__Output as _orch_core_Primitive__Output } from './orch/core/Primitive.js';
import type { RetryStrategy as _orch_core_RetryStrategy, RetryStrategy__Output as _orch_core_RetryStrategy__Output } from './orch/core/RetryStrategy.js';
import type { Scalar as _orch_core_Scalar, Scalar__Output as _orch_core_Scalar__Output } from './orch/core/Scalar.js';
import type { SecretRequest as _orch_core_SecretRequest, SecretRequest__Output as _orch_core_SecretRequest__Output } from './orch/core/SecretRequest.js';
import type { SecurityContext as _orch_core_SecurityContext, SecurityContext__Output as _orch_core_SecurityContext__Output } from './orch/core/SecurityContext.js';
import type { TaskMetadata as _orch_core_TaskMetadata, TaskMetadata__Output as _orch_core_TaskMetadata__Output } from './orch/core/TaskMetadata.js';
import type { TaskNode as _orch_core_TaskNode, TaskNode__Output as _orch_core_TaskNode__Output } from './orch/core/TaskNode.js';
import type { TaskResources as _orch_core_TaskResources, TaskResources__Output as _orch_core_TaskResources__Output } from './orch/core/TaskResources.js';
import type { TaskTemplate as _orch_core_TaskTemplate, TaskTemplate__Output as _orch_core_TaskTemplate__Output } from './orch/core/TaskTemplate.js';
import type { TypedInterface as _orch_core_TypedInterface, TypedInterface__Output as _orch_core_TypedInterface__Output } from './orch/core/TypedInterface.js';
import type { Variable as _orch_core_Variable, Variable__Output as _orch_core_Variable__Output } from './orch/core/Variable.js';
import type { VariableMap as _orch_core_VariableMap, VariableMap__Output as _orch_core_VariableMap__Output } from './orch/core/VariableMap.js';
import type { Void as _orch_core_Void, Void__Output as _orch_core_Void__Output } from './orch/core/Void.js';
import type { WorkflowExecution as _orch_core_WorkflowExecution, WorkflowExecution__Output as _orch_core_WorkflowExecution__Output } from './orch/core/WorkflowExecution.js';
import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from './orch/core/WorkflowExecutionIdentifier.js';
import type { WorkflowTemplate as _orch_core_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_WorkflowTemplate__Output } from './orch/core/WorkflowTemplate.js';
import type { AdminServiceClient as _orch_service_AdminServiceClient, AdminServiceDefinition as _orch_service_AdminServiceDefinition } from './orch/service/AdminService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    protobuf: {
      Duration: MessageTypeDefinition<_google_protobuf_Duration, _google_protobuf_Duration__Output>
      Timestamp: MessageTypeDefinition<_google_protobuf_Timestamp, _google_protobuf_Timestamp__Output>
    }
  }
  orch: {
    admin: {
      ActiveLaunchPlanRequest: MessageTypeDefinition<_orch_admin_ActiveLaunchPlanRequest, _orch_admin_ActiveLaunchPlanRequest__Output>
      ApiKey: MessageTypeDefinition<_orch_admin_ApiKey, _orch_admin_ApiKey__Output>
      AuthRole: MessageTypeDefinition<_orch_admin_AuthRole, _orch_admin_AuthRole__Output>
      CacheStatus: EnumTypeDefinition
      ClaimCondition: MessageTypeDefinition<_orch_admin_ClaimCondition, _orch_admin_ClaimCondition__Output>
      CreateApiKeyRequest: MessageTypeDefinition<_orch_admin_CreateApiKeyRequest, _orch_admin_CreateApiKeyRequest__Output>
      CreateApiKeyResponse: MessageTypeDefinition<_orch_admin_CreateApiKeyResponse, _orch_admin_CreateApiKeyResponse__Output>
      CreateTrustPolicyRequest: MessageTypeDefinition<_orch_admin_CreateTrustPolicyRequest, _orch_admin_CreateTrustPolicyRequest__Output>
      CreateTrustPolicyResponse: MessageTypeDefinition<_orch_admin_CreateTrustPolicyResponse, _orch_admin_CreateTrustPolicyResponse__Output>
      CronSchedule: MessageTypeDefinition<_orch_admin_CronSchedule, _orch_admin_CronSchedule__Output>
      DeleteApiKeyRequest: MessageTypeDefinition<_orch_admin_DeleteApiKeyRequest, _orch_admin_DeleteApiKeyRequest__Output>
      DeleteApiKeyResponse: MessageTypeDefinition<_orch_admin_DeleteApiKeyResponse, _orch_admin_DeleteApiKeyResponse__Output>
      DeleteTrustPolicyRequest: MessageTypeDefinition<_orch_admin_DeleteTrustPolicyRequest, _orch_admin_DeleteTrustPolicyRequest__Output>
      DeleteTrustPolicyResponse: MessageTypeDefinition<_orch_admin_DeleteTrustPolicyResponse, _orch_admin_DeleteTrustPolicyResponse__Output>
      Domain: MessageTypeDefinition<_orch_admin_Domain, _orch_admin_Domain__Output>
      EmptyResponse: MessageTypeDefinition<_orch_admin_EmptyResponse, _orch_admin_EmptyResponse__Output>
      Execution: MessageTypeDefinition<_orch_admin_Execution, _orch_admin_Execution__Output>
      ExecutionClosure: MessageTypeDefinition<_orch_admin_ExecutionClosure, _orch_admin_ExecutionClosure__Output>
      ExecutionCreateRequest: MessageTypeDefinition<_orch_admin_ExecutionCreateRequest, _orch_admin_ExecutionCreateRequest__Output>
      ExecutionCreateResponse: MessageTypeDefinition<_orch_admin_ExecutionCreateResponse, _orch_admin_ExecutionCreateResponse__Output>
      ExecutionEvent: MessageTypeDefinition<_orch_admin_ExecutionEvent, _orch_admin_ExecutionEvent__Output>
      ExecutionList: MessageTypeDefinition<_orch_admin_ExecutionList, _orch_admin_ExecutionList__Output>
      ExecutionMetadata: MessageTypeDefinition<_orch_admin_ExecutionMetadata, _orch_admin_ExecutionMetadata__Output>
      ExecutionRelaunchRequest: MessageTypeDefinition<_orch_admin_ExecutionRelaunchRequest, _orch_admin_ExecutionRelaunchRequest__Output>
      ExecutionSpec: MessageTypeDefinition<_orch_admin_ExecutionSpec, _orch_admin_ExecutionSpec__Output>
      ExecutionTerminateRequest: MessageTypeDefinition<_orch_admin_ExecutionTerminateRequest, _orch_admin_ExecutionTerminateRequest__Output>
      ExecutionTerminateResponse: MessageTypeDefinition<_orch_admin_ExecutionTerminateResponse, _orch_admin_ExecutionTerminateResponse__Output>
      GetDomainRequest: MessageTypeDefinition<_orch_admin_GetDomainRequest, _orch_admin_GetDomainRequest__Output>
      GetDomainsResponse: MessageTypeDefinition<_orch_admin_GetDomainsResponse, _orch_admin_GetDomainsResponse__Output>
      GetTrustPolicyRequest: MessageTypeDefinition<_orch_admin_GetTrustPolicyRequest, _orch_admin_GetTrustPolicyRequest__Output>
      GetTrustPolicyResponse: MessageTypeDefinition<_orch_admin_GetTrustPolicyResponse, _orch_admin_GetTrustPolicyResponse__Output>
      GetVersionRequest: MessageTypeDefinition<_orch_admin_GetVersionRequest, _orch_admin_GetVersionRequest__Output>
      GetVersionResponse: MessageTypeDefinition<_orch_admin_GetVersionResponse, _orch_admin_GetVersionResponse__Output>
      LaunchPlan: MessageTypeDefinition<_orch_admin_LaunchPlan, _orch_admin_LaunchPlan__Output>
      LaunchPlanClosure: MessageTypeDefinition<_orch_admin_LaunchPlanClosure, _orch_admin_LaunchPlanClosure__Output>
      LaunchPlanCreateRequest: MessageTypeDefinition<_orch_admin_LaunchPlanCreateRequest, _orch_admin_LaunchPlanCreateRequest__Output>
      LaunchPlanList: MessageTypeDefinition<_orch_admin_LaunchPlanList, _orch_admin_LaunchPlanList__Output>
      LaunchPlanSpec: MessageTypeDefinition<_orch_admin_LaunchPlanSpec, _orch_admin_LaunchPlanSpec__Output>
      LaunchPlanState: EnumTypeDefinition
      LaunchPlanUpdateRequest: MessageTypeDefinition<_orch_admin_LaunchPlanUpdateRequest, _orch_admin_LaunchPlanUpdateRequest__Output>
      LaunchPlanUpdateResponse: MessageTypeDefinition<_orch_admin_LaunchPlanUpdateResponse, _orch_admin_LaunchPlanUpdateResponse__Output>
      ListApiKeysRequest: MessageTypeDefinition<_orch_admin_ListApiKeysRequest, _orch_admin_ListApiKeysRequest__Output>
      ListApiKeysResponse: MessageTypeDefinition<_orch_admin_ListApiKeysResponse, _orch_admin_ListApiKeysResponse__Output>
      ListTrustPoliciesRequest: MessageTypeDefinition<_orch_admin_ListTrustPoliciesRequest, _orch_admin_ListTrustPoliciesRequest__Output>
      ListTrustPoliciesResponse: MessageTypeDefinition<_orch_admin_ListTrustPoliciesResponse, _orch_admin_ListTrustPoliciesResponse__Output>
      NamedEntityIdentifier: MessageTypeDefinition<_orch_admin_NamedEntityIdentifier, _orch_admin_NamedEntityIdentifier__Output>
      NamedEntityIdentifierList: MessageTypeDefinition<_orch_admin_NamedEntityIdentifierList, _orch_admin_NamedEntityIdentifierList__Output>
      NamedEntityIdentifierListRequest: MessageTypeDefinition<_orch_admin_NamedEntityIdentifierListRequest, _orch_admin_NamedEntityIdentifierListRequest__Output>
      NodeExecution: MessageTypeDefinition<_orch_admin_NodeExecution, _orch_admin_NodeExecution__Output>
      NodeExecutionClosure: MessageTypeDefinition<_orch_admin_NodeExecutionClosure, _orch_admin_NodeExecutionClosure__Output>
      NodeExecutionGetDataRequest: MessageTypeDefinition<_orch_admin_NodeExecutionGetDataRequest, _orch_admin_NodeExecutionGetDataRequest__Output>
      NodeExecutionGetDataResponse: MessageTypeDefinition<_orch_admin_NodeExecutionGetDataResponse, _orch_admin_NodeExecutionGetDataResponse__Output>
      NodeExecutionList: MessageTypeDefinition<_orch_admin_NodeExecutionList, _orch_admin_NodeExecutionList__Output>
      NodeExecutionListRequest: MessageTypeDefinition<_orch_admin_NodeExecutionListRequest, _orch_admin_NodeExecutionListRequest__Output>
      ObjectGetRequest: MessageTypeDefinition<_orch_admin_ObjectGetRequest, _orch_admin_ObjectGetRequest__Output>
      Project: MessageTypeDefinition<_orch_admin_Project, _orch_admin_Project__Output>
      ProjectGetRequest: MessageTypeDefinition<_orch_admin_ProjectGetRequest, _orch_admin_ProjectGetRequest__Output>
      ProjectListRequest: MessageTypeDefinition<_orch_admin_ProjectListRequest, _orch_admin_ProjectListRequest__Output>
      ProjectRegisterRequest: MessageTypeDefinition<_orch_admin_ProjectRegisterRequest, _orch_admin_ProjectRegisterRequest__Output>
      ProjectUpdateResponse: MessageTypeDefinition<_orch_admin_ProjectUpdateResponse, _orch_admin_ProjectUpdateResponse__Output>
      Projects: MessageTypeDefinition<_orch_admin_Projects, _orch_admin_Projects__Output>
      RawOutputDataConfig: MessageTypeDefinition<_orch_admin_RawOutputDataConfig, _orch_admin_RawOutputDataConfig__Output>
      ResourceListRequest: MessageTypeDefinition<_orch_admin_ResourceListRequest, _orch_admin_ResourceListRequest__Output>
      Role: EnumTypeDefinition
      Schedule: MessageTypeDefinition<_orch_admin_Schedule, _orch_admin_Schedule__Output>
      Sort: MessageTypeDefinition<_orch_admin_Sort, _orch_admin_Sort__Output>
      Task: MessageTypeDefinition<_orch_admin_Task, _orch_admin_Task__Output>
      TaskAttempt: MessageTypeDefinition<_orch_admin_TaskAttempt, _orch_admin_TaskAttempt__Output>
      TaskClosure: MessageTypeDefinition<_orch_admin_TaskClosure, _orch_admin_TaskClosure__Output>
      TaskCreateRequest: MessageTypeDefinition<_orch_admin_TaskCreateRequest, _orch_admin_TaskCreateRequest__Output>
      TaskList: MessageTypeDefinition<_orch_admin_TaskList, _orch_admin_TaskList__Output>
      TaskSpec: MessageTypeDefinition<_orch_admin_TaskSpec, _orch_admin_TaskSpec__Output>
      TrustPolicy: MessageTypeDefinition<_orch_admin_TrustPolicy, _orch_admin_TrustPolicy__Output>
      UserInfoRequest: MessageTypeDefinition<_orch_admin_UserInfoRequest, _orch_admin_UserInfoRequest__Output>
      UserInfoResponse: MessageTypeDefinition<_orch_admin_UserInfoResponse, _orch_admin_UserInfoResponse__Output>
      Version: MessageTypeDefinition<_orch_admin_Version, _orch_admin_Version__Output>
      Workflow: MessageTypeDefinition<_orch_admin_Workflow, _orch_admin_Workflow__Output>
      WorkflowClosure: MessageTypeDefinition<_orch_admin_WorkflowClosure, _orch_admin_WorkflowClosure__Output>
      WorkflowCreateRequest: MessageTypeDefinition<_orch_admin_WorkflowCreateRequest, _orch_admin_WorkflowCreateRequest__Output>
      WorkflowExecutionGetDataRequest: MessageTypeDefinition<_orch_admin_WorkflowExecutionGetDataRequest, _orch_admin_WorkflowExecutionGetDataRequest__Output>
      WorkflowExecutionGetDataResponse: MessageTypeDefinition<_orch_admin_WorkflowExecutionGetDataResponse, _orch_admin_WorkflowExecutionGetDataResponse__Output>
      WorkflowExecutionGetRequest: MessageTypeDefinition<_orch_admin_WorkflowExecutionGetRequest, _orch_admin_WorkflowExecutionGetRequest__Output>
      WorkflowList: MessageTypeDefinition<_orch_admin_WorkflowList, _orch_admin_WorkflowList__Output>
      WorkflowSpec: MessageTypeDefinition<_orch_admin_WorkflowSpec, _orch_admin_WorkflowSpec__Output>
    }
    core: {
      Binding: MessageTypeDefinition<_orch_core_Binding, _orch_core_Binding__Output>
      BindingData: MessageTypeDefinition<_orch_core_BindingData, _orch_core_BindingData__Output>
      BindingDataCollection: MessageTypeDefinition<_orch_core_BindingDataCollection, _orch_core_BindingDataCollection__Output>
      BindingDataMap: MessageTypeDefinition<_orch_core_BindingDataMap, _orch_core_BindingDataMap__Output>
      Blob: MessageTypeDefinition<_orch_core_Blob, _orch_core_Blob__Output>
      CompiledTask: MessageTypeDefinition<_orch_core_CompiledTask, _orch_core_CompiledTask__Output>
      CompiledWorkflow: MessageTypeDefinition<_orch_core_CompiledWorkflow, _orch_core_CompiledWorkflow__Output>
      CompiledWorkflowClosure: MessageTypeDefinition<_orch_core_CompiledWorkflowClosure, _orch_core_CompiledWorkflowClosure__Output>
      ConnectionSet: MessageTypeDefinition<_orch_core_ConnectionSet, _orch_core_ConnectionSet__Output>
      Container: MessageTypeDefinition<_orch_core_Container, _orch_core_Container__Output>
      EnumType: MessageTypeDefinition<_orch_core_EnumType, _orch_core_EnumType__Output>
      ExecutionError: MessageTypeDefinition<_orch_core_ExecutionError, _orch_core_ExecutionError__Output>
      Identifier: MessageTypeDefinition<_orch_core_Identifier, _orch_core_Identifier__Output>
      KeyValuePair: MessageTypeDefinition<_orch_core_KeyValuePair, _orch_core_KeyValuePair__Output>
      Literal: MessageTypeDefinition<_orch_core_Literal, _orch_core_Literal__Output>
      LiteralCollection: MessageTypeDefinition<_orch_core_LiteralCollection, _orch_core_LiteralCollection__Output>
      LiteralMap: MessageTypeDefinition<_orch_core_LiteralMap, _orch_core_LiteralMap__Output>
      LiteralType: MessageTypeDefinition<_orch_core_LiteralType, _orch_core_LiteralType__Output>
      Node: MessageTypeDefinition<_orch_core_Node, _orch_core_Node__Output>
      NodeExecution: MessageTypeDefinition<_orch_core_NodeExecution, _orch_core_NodeExecution__Output>
      NodeExecutionIdentifier: MessageTypeDefinition<_orch_core_NodeExecutionIdentifier, _orch_core_NodeExecutionIdentifier__Output>
      OutputReference: MessageTypeDefinition<_orch_core_OutputReference, _orch_core_OutputReference__Output>
      Parameter: MessageTypeDefinition<_orch_core_Parameter, _orch_core_Parameter__Output>
      ParameterMap: MessageTypeDefinition<_orch_core_ParameterMap, _orch_core_ParameterMap__Output>
      Primitive: MessageTypeDefinition<_orch_core_Primitive, _orch_core_Primitive__Output>
      ResourceType: EnumTypeDefinition
      RetryStrategy: MessageTypeDefinition<_orch_core_RetryStrategy, _orch_core_RetryStrategy__Output>
      Scalar: MessageTypeDefinition<_orch_core_Scalar, _orch_core_Scalar__Output>
      SecretRequest: MessageTypeDefinition<_orch_core_SecretRequest, _orch_core_SecretRequest__Output>
      SecurityContext: MessageTypeDefinition<_orch_core_SecurityContext, _orch_core_SecurityContext__Output>
      SimpleType: EnumTypeDefinition
      TaskMetadata: MessageTypeDefinition<_orch_core_TaskMetadata, _orch_core_TaskMetadata__Output>
      TaskNode: MessageTypeDefinition<_orch_core_TaskNode, _orch_core_TaskNode__Output>
      TaskResources: MessageTypeDefinition<_orch_core_TaskResources, _orch_core_TaskResources__Output>
      TaskTemplate: MessageTypeDefinition<_orch_core_TaskTemplate, _orch_core_TaskTemplate__Output>
      TypedInterface: MessageTypeDefinition<_orch_core_TypedInterface, _orch_core_TypedInterface__Output>
      Variable: MessageTypeDefinition<_orch_core_Variable, _orch_core_Variable__Output>
      VariableMap: MessageTypeDefinition<_orch_core_VariableMap, _orch_core_VariableMap__Output>
      Void: MessageTypeDefinition<_orch_core_Void, _orch_core_Void__Output>
      WorkflowExecution: MessageTypeDefinition<_orch_core_WorkflowExecution, _orch_core_WorkflowExecution__Output>
      WorkflowExecutionIdentifier: MessageTypeDefinition<_orch_core_WorkflowExecutionIdentifier, _orch_core_WorkflowExecutionIdentifier__Output>
      WorkflowTemplate: MessageTypeDefinition<_orch_core_WorkflowTemplate, _orch_core_WorkflowTemplate__Output>
    }
    service: {
      /**
       * The admin API: projects, the versioned entities a registration creates (tasks, workflows, launch
       * plans), executions and trust policies. Every RPC is also served as JSON under /api/v1 on the admin's
       * HTTP port.
       * 
       * Roles (src/server/auth/authorizer.ts): viewer reads; contributor also registers, launches, relaunches
       * and terminates; admin also manages projects and trust policies. Every RPC answers UNAUTHENTICATED
       * when authentication is on and the caller has no valid credentials, PERMISSION_DENIED when the
       * caller's role lacks the RPC's permission, and INVALID_ARGUMENT for a malformed identifier (a
       * missing or blank part, more than 255 characters, characters other than letters, digits and `_ . : @ -`,
       * a domain other than development, staging, production).
       */
      AdminService: SubtypeConstructor<typeof grpc.Client, _orch_service_AdminServiceClient> & { service: _orch_service_AdminServiceDefinition }
    }
  }
}

