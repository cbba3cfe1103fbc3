import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
import type { ActiveLaunchPlanRequest as _orch_admin_v1_ActiveLaunchPlanRequest, ActiveLaunchPlanRequest__Output as _orch_admin_v1_ActiveLaunchPlanRequest__Output } from './orch/admin/v1/ActiveLaunchPlanRequest.js';
import type { ApiKey as _orch_admin_v1_ApiKey, ApiKey__Output as _orch_admin_v1_ApiKey__Output } from './orch/admin/v1/ApiKey.js';
import type { AuthRole as _orch_admin_v1_AuthRole, AuthRole__Output as _orch_admin_v1_AuthRole__Output } from './orch/admin/v1/AuthRole.js';
import type { ClaimCondition as _orch_admin_v1_ClaimCondition, ClaimCondition__Output as _orch_admin_v1_ClaimCondition__Output } from './orch/admin/v1/ClaimCondition.js';
import type { CreateApiKeyRequest as _orch_admin_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _orch_admin_v1_CreateApiKeyRequest__Output } from './orch/admin/v1/CreateApiKeyRequest.js';
import type { CreateApiKeyResponse as _orch_admin_v1_CreateApiKeyResponse, CreateApiKeyResponse__Output as _orch_admin_v1_CreateApiKeyResponse__Output } from './orch/admin/v1/CreateApiKeyResponse.js';
import type { CreateTrustPolicyRequest as _orch_admin_v1_CreateTrustPolicyRequest, CreateTrustPolicyRequest__Output as _orch_admin_v1_CreateTrustPolicyRequest__Output } from './orch/admin/v1/CreateTrustPolicyRequest.js';
import type { CreateTrustPolicyResponse as _orch_admin_v1_CreateTrustPolicyResponse, CreateTrustPolicyResponse__Output as _orch_admin_v1_CreateTrustPolicyResponse__Output } from './orch/admin/v1/CreateTrustPolicyResponse.js';
import type { CronSchedule as _orch_admin_v1_CronSchedule, CronSchedule__Output as _orch_admin_v1_CronSchedule__Output } from './orch/admin/v1/CronSchedule.js';
import type { DeleteApiKeyRequest as _orch_admin_v1_DeleteApiKeyRequest, DeleteApiKeyRequest__Output as _orch_admin_v1_DeleteApiKeyRequest__Output } from './orch/admin/v1/DeleteApiKeyRequest.js';
import type { DeleteApiKeyResponse as _orch_admin_v1_DeleteApiKeyResponse, DeleteApiKeyResponse__Output as _orch_admin_v1_DeleteApiKeyResponse__Output } from './orch/admin/v1/DeleteApiKeyResponse.js';
import type { DeleteTrustPolicyRequest as _orch_admin_v1_DeleteTrustPolicyRequest, DeleteTrustPolicyRequest__Output as _orch_admin_v1_DeleteTrustPolicyRequest__Output } from './orch/admin/v1/DeleteTrustPolicyRequest.js';
import type { DeleteTrustPolicyResponse as _orch_admin_v1_DeleteTrustPolicyResponse, DeleteTrustPolicyResponse__Output as _orch_admin_v1_DeleteTrustPolicyResponse__Output } from './orch/admin/v1/DeleteTrustPolicyResponse.js';
import type { Domain as _orch_admin_v1_Domain, Domain__Output as _orch_admin_v1_Domain__Output } from './orch/admin/v1/Domain.js';
import type { EmptyResponse as _orch_admin_v1_EmptyResponse, EmptyResponse__Output as _orch_admin_v1_EmptyResponse__Output } from './orch/admin/v1/EmptyResponse.js';
import type { Execution as _orch_admin_v1_Execution, Execution__Output as _orch_admin_v1_Execution__Output } from './orch/admin/v1/Execution.js';
import type { ExecutionClosure as _orch_admin_v1_ExecutionClosure, ExecutionClosure__Output as _orch_admin_v1_ExecutionClosure__Output } from './orch/admin/v1/ExecutionClosure.js';
import type { ExecutionCreateRequest as _orch_admin_v1_ExecutionCreateRequest, ExecutionCreateRequest__Output as _orch_admin_v1_ExecutionCreateRequest__Output } from './orch/admin/v1/ExecutionCreateRequest.js';
import type { ExecutionCreateResponse as _orch_admin_v1_ExecutionCreateResponse, ExecutionCreateResponse__Output as _orch_admin_v1_ExecutionCreateResponse__Output } from './orch/admin/v1/ExecutionCreateResponse.js';
import type { ExecutionEvent as _orch_admin_v1_ExecutionEvent, ExecutionEvent__Output as _orch_admin_v1_ExecutionEvent__Output } from './orch/admin/v1/ExecutionEvent.js';
import type { ExecutionList as _orch_admin_v1_ExecutionList, ExecutionList__Output as _orch_admin_v1_ExecutionList__Output } from './orch/admin/v1/ExecutionList.js';
import type { ExecutionMetadata as _orch_admin_v1_ExecutionMetadata, ExecutionMetadata__Output as _orch_admin_v1_ExecutionMetadata__Output } from './orch/admin/v1/ExecutionMetadata.js';
import type { ExecutionRelaunchRequest as _orch_admin_v1_ExecutionRelaunchRequest, ExecutionRelaunchRequest__Output as _orch_admin_v1_ExecutionRelaunchRequest__Output } from './orch/admin/v1/ExecutionRelaunchRequest.js';
import type { ExecutionSpec as _orch_admin_v1_ExecutionSpec, ExecutionSpec__Output as _orch_admin_v1_ExecutionSpec__Output } from './orch/admin/v1/ExecutionSpec.js';
import type { ExecutionTerminateRequest as _orch_admin_v1_ExecutionTerminateRequest, ExecutionTerminateRequest__Output as _orch_admin_v1_ExecutionTerminateRequest__Output } from './orch/admin/v1/ExecutionTerminateRequest.js';
import type { ExecutionTerminateResponse as _orch_admin_v1_ExecutionTerminateResponse, ExecutionTerminateResponse__Output as _orch_admin_v1_ExecutionTerminateResponse__Output } from './orch/admin/v1/ExecutionTerminateResponse.js';
import type { GetDomainRequest as _orch_admin_v1_GetDomainRequest, GetDomainRequest__Output as _orch_admin_v1_GetDomainRequest__Output } from './orch/admin/v1/GetDomainRequest.js';
import type { GetDomainsResponse as _orch_admin_v1_GetDomainsResponse, GetDomainsResponse__Output as _orch_admin_v1_GetDomainsResponse__Output } from './orch/admin/v1/GetDomainsResponse.js';
import type { GetTrustPolicyRequest as _orch_admin_v1_GetTrustPolicyRequest, GetTrustPolicyRequest__Output as _orch_admin_v1_GetTrustPolicyRequest__Output } from './orch/admin/v1/GetTrustPolicyRequest.js';
import type { GetTrustPolicyResponse as _orch_admin_v1_GetTrustPolicyResponse, GetTrustPolicyResponse__Output as _orch_admin_v1_GetTrustPolicyResponse__Output } from './orch/admin/v1/GetTrustPolicyResponse.js';
import type { GetVersionRequest as _orch_admin_v1_GetVersionRequest, GetVersionRequest__Output as _orch_admin_v1_GetVersionRequest__Output } from './orch/admin/v1/GetVersionRequest.js';
import type { GetVersionResponse as _orch_admin_v1_GetVersionResponse, GetVersionResponse__Output as _orch_admin_v1_GetVersionResponse__Output } from './orch/admin/v1/GetVersionResponse.js';
import type { LaunchPlan as _orch_admin_v1_LaunchPlan, LaunchPlan__Output as _orch_admin_v1_LaunchPlan__Output } from './orch/admin/v1/LaunchPlan.js';
import type { LaunchPlanClosure as _orch_admin_v1_LaunchPlanClosure, LaunchPlanClosure__Output as _orch_admin_v1_LaunchPlanClosure__Output } from './orch/admin/v1/LaunchPlanClosure.js';
import type { LaunchPlanCreateRequest as _orch_admin_v1_LaunchPlanCreateRequest, LaunchPlanCreateRequest__Output as _orch_admin_v1_LaunchPlanCreateRequest__Output } from './orch/admin/v1/LaunchPlanCreateRequest.js';
import type { LaunchPlanList as _orch_admin_v1_LaunchPlanList, LaunchPlanList__Output as _orch_admin_v1_LaunchPlanList__Output } from './orch/admin/v1/LaunchPlanList.js';
import type { LaunchPlanSpec as _orch_admin_v1_LaunchPlanSpec, LaunchPlanSpec__Output as _orch_admin_v1_LaunchPlanSpec__Output } from './orch/admin/v1/LaunchPlanSpec.js';
import type { LaunchPlanUpdateRequest as _orch_admin_v1_LaunchPlanUpdateRequest, LaunchPlanUpdateRequest__Output as _orch_admin_v1_LaunchPlanUpdateRequest__Output } from './orch/admin/v1/LaunchPlanUpdateRequest.js';
import type { LaunchPlanUpdateResponse as _orch_admin_v1_LaunchPlanUpdateResponse, LaunchPlanUpdateResponse__Output as _orch_admin_v1_LaunchPlanUpdateResponse__Output } from './orch/admin/v1/LaunchPlanUpdateResponse.js';
import type { ListApiKeysRequest as _orch_admin_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _orch_admin_v1_ListApiKeysRequest__Output } from './orch/admin/v1/ListApiKeysRequest.js';
import type { ListApiKeysResponse as _orch_admin_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _orch_admin_v1_ListApiKeysResponse__Output } from './orch/admin/v1/ListApiKeysResponse.js';
import type { ListTrustPoliciesRequest as _orch_admin_v1_ListTrustPoliciesRequest, ListTrustPoliciesRequest__Output as _orch_admin_v1_ListTrustPoliciesRequest__Output } from './orch/admin/v1/ListTrustPoliciesRequest.js';
import type { ListTrustPoliciesResponse as _orch_admin_v1_ListTrustPoliciesResponse, ListTrustPoliciesResponse__Output as _orch_admin_v1_ListTrustPoliciesResponse__Output } from './orch/admin/v1/ListTrustPoliciesResponse.js';
import type { NamedEntityIdentifier as _orch_admin_v1_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_v1_NamedEntityIdentifier__Output } from './orch/admin/v1/NamedEntityIdentifier.js';
import type { NamedEntityIdentifierList as _orch_admin_v1_NamedEntityIdentifierList, NamedEntityIdentifierList__Output as _orch_admin_v1_NamedEntityIdentifierList__Output } from './orch/admin/v1/NamedEntityIdentifierList.js';
import type { NamedEntityIdentifierListRequest as _orch_admin_v1_NamedEntityIdentifierListRequest, NamedEntityIdentifierListRequest__Output as _orch_admin_v1_NamedEntityIdentifierListRequest__Output } from './orch/admin/v1/NamedEntityIdentifierListRequest.js';
import type { NodeExecution as _orch_admin_v1_NodeExecution, NodeExecution__Output as _orch_admin_v1_NodeExecution__Output } from './orch/admin/v1/NodeExecution.js';
import type { NodeExecutionClosure as _orch_admin_v1_NodeExecutionClosure, NodeExecutionClosure__Output as _orch_admin_v1_NodeExecutionClosure__Output } from './orch/admin/v1/NodeExecutionClosure.js';
import type { NodeExecutionGetDataRequest as _orch_admin_v1_NodeExecutionGetDataRequest, NodeExecutionGetDataRequest__Output as _orch_admin_v1_NodeExecutionGetDataRequest__Output } from './orch/admin/v1/NodeExecutionGetDataRequest.js';
import type { NodeExecutionGetDataResponse as _orch_admin_v1_NodeExecutionGetDataResponse, NodeExecutionGetDataResponse__Output as _orch_admin_v1_NodeExecutionGetDataResponse__Output } from './orch/admin/v1/NodeExecutionGetDataResponse.js';
import type { NodeExecutionList as _orch_admin_v1_NodeExecutionList, NodeExecutionList__Output as _orch_admin_v1_NodeExecutionList__Output } from './orch/admin/v1/NodeExecutionList.js';
import type { NodeExecutionListRequest as _orch_admin_v1_NodeExecutionListRequest, NodeExecutionListRequest__Output as _orch_admin_v1_NodeExecutionListRequest__Output } from './orch/admin/v1/NodeExecutionListRequest.js';
import type { ObjectGetRequest as _orch_admin_v1_ObjectGetRequest, ObjectGetRequest__Output as _orch_admin_v1_ObjectGetRequest__Output } from './orch/admin/v1/ObjectGetRequest.js';
import type { Project as _orch_admin_v1_Project, Project__Output as _orch_admin_v1_Project__Output } from './orch/admin/v1/Project.js';
import type { ProjectGetRequest as _orch_admin_v1_ProjectGetRequest, ProjectGetRequest__Output as _orch_admin_v1_ProjectGetRequest__Output } from './orch/admin/v1/ProjectGetRequest.js';
import type { ProjectListRequest as _orch_admin_v1_ProjectListRequest, ProjectListRequest__Output as _orch_admin_v1_ProjectListRequest__Output } from './orch/admin/v1/ProjectListRequest.js';
import type { ProjectRegisterRequest as _orch_admin_v1_ProjectRegisterRequest, ProjectRegisterRequest__Output as _orch_admin_v1_ProjectRegisterRequest__Output } from './orch/admin/v1/ProjectRegisterRequest.js';
import type { ProjectUpdateResponse as _orch_admin_v1_ProjectUpdateResponse, ProjectUpdateResponse__Output as _orch_admin_v1_ProjectUpdateResponse__Output } from './orch/admin/v1/ProjectUpdateResponse.js';
import type { Projects as _orch_admin_v1_Projects, Projects__Output as _orch_admin_v1_Projects__Output } from './orch/admin/v1/Projects.js';
import type { RawOutputDataConfig as _orch_admin_v1_RawOutputDataConfig, RawOutputDataConfig__Output as _orch_admin_v1_RawOutputDataConfig__Output } from './orch/admin/v1/RawOutputDataConfig.js';
import type { ResourceListRequest as _orch_admin_v1_ResourceListRequest, ResourceListRequest__Output as _orch_admin_v1_ResourceListRequest__Output } from './orch/admin/v1/ResourceListRequest.js';
import type { Schedule as _orch_admin_v1_Schedule, Schedule__Output as _orch_admin_v1_Schedule__Output } from './orch/admin/v1/Schedule.js';
import type { Sort as _orch_admin_v1_Sort, Sort__Output as _orch_admin_v1_Sort__Output } from './orch/admin/v1/Sort.js';
import type { Task as _orch_admin_v1_Task, Task__Output as _orch_admin_v1_Task__Output } from './orch/admin/v1/Task.js';
import type { TaskAttempt as _orch_admin_v1_TaskAttempt, TaskAttempt__Output as _orch_admin_v1_TaskAttempt__Output } from './orch/admin/v1/TaskAttempt.js';
import type { TaskClosure as _orch_admin_v1_TaskClosure, TaskClosure__Output as _orch_admin_v1_TaskClosure__Output } from './orch/admin/v1/TaskClosure.js';
import type { TaskCreateRequest as _orch_admin_v1_TaskCreateRequest, TaskCreateRequest__Output as _orch_admin_v1_TaskCreateRequest__Output } from './orch/admin/v1/TaskCreateRequest.js';
import type { TaskList as _orch_admin_v1_TaskList, TaskList__Output as _orch_admin_v1_TaskList__Output } from './orch/admin/v1/TaskList.js';
import type { TaskSpec as _orch_admin_v1_TaskSpec, TaskSpec__Output as _orch_admin_v1_TaskSpec__Output } from './orch/admin/v1/TaskSpec.js';
import type { TrustPolicy as _orch_admin_v1_TrustPolicy, TrustPolicy__Output as _orch_admin_v1_TrustPolicy__Output } from './orch/admin/v1/TrustPolicy.js';
import type { UserInfoRequest as _orch_admin_v1_UserInfoRequest, UserInfoRequest__Output as _orch_admin_v1_UserInfoRequest__Output } from './orch/admin/v1/UserInfoRequest.js';
import type { UserInfoResponse as _orch_admin_v1_UserInfoResponse, UserInfoResponse__Output as _orch_admin_v1_UserInfoResponse__Output } from './orch/admin/v1/UserInfoResponse.js';
import type { Version as _orch_admin_v1_Version, Version__Output as _orch_admin_v1_Version__Output } from './orch/admin/v1/Version.js';
import type { Workflow as _orch_admin_v1_Workflow, Workflow__Output as _orch_admin_v1_Workflow__Output } from './orch/admin/v1/Workflow.js';
import type { WorkflowClosure as _orch_admin_v1_WorkflowClosure, WorkflowClosure__Output as _orch_admin_v1_WorkflowClosure__Output } from './orch/admin/v1/WorkflowClosure.js';
import type { WorkflowCreateRequest as _orch_admin_v1_WorkflowCreateRequest, WorkflowCreateRequest__Output as _orch_admin_v1_WorkflowCreateRequest__Output } from './orch/admin/v1/WorkflowCreateRequest.js';
import type { WorkflowExecutionGetDataRequest as _orch_admin_v1_WorkflowExecutionGetDataRequest, WorkflowExecutionGetDataRequest__Output as _orch_admin_v1_WorkflowExecutionGetDataRequest__Output } from './orch/admin/v1/WorkflowExecutionGetDataRequest.js';
import type { WorkflowExecutionGetDataResponse as _orch_admin_v1_WorkflowExecutionGetDataResponse, WorkflowExecutionGetDataResponse__Output as _orch_admin_v1_WorkflowExecutionGetDataResponse__Output } from './orch/admin/v1/WorkflowExecutionGetDataResponse.js';
import type { WorkflowExecutionGetRequest as _orch_admin_v1_WorkflowExecutionGetRequest, WorkflowExecutionGetRequest__Output as _orch_admin_v1_WorkflowExecutionGetRequest__Output } from './orch/admin/v1/WorkflowExecutionGetRequest.js';
import type { WorkflowList as _orch_admin_v1_WorkflowList, WorkflowList__Output as _orch_admin_v1_WorkflowList__Output } from './orch/admin/v1/WorkflowList.js';
import type { WorkflowSpec as _orch_admin_v1_WorkflowSpec, WorkflowSpec__Output as _orch_admin_v1_WorkflowSpec__Output } from './orch/admin/v1/WorkflowSpec.js';
import type { Binding as _orch_core_v1_Binding, Binding__Output as _orch_core_v1_Binding__Output } from './orch/core/v1/Binding.js';
import type { BindingData as _orch_core_v1_BindingData, BindingData__Output as _orch_core_v1_BindingData__Output } from './orch/core/v1/BindingData.js';
import type { BindingDataCollection as _orch_core_v1_BindingDataCollection, BindingDataCollection__Output as _orch_core_v1_BindingDataCollection__Output } from './orch/core/v1/BindingDataCollection.js';
import type { BindingDataMap as _orch_core_v1_BindingDataMap, BindingDataMap__Output as _orch_core_v1_BindingDataMap__Output } from './orch/core/v1/BindingDataMap.js';
import type { Blob as _orch_core_v1_Blob, Blob__Output as _orch_core_v1_Blob__Output } from './orch/core/v1/Blob.js';
import type { CompiledTask as _orch_core_v1_CompiledTask, CompiledTask__Output as _orch_core_v1_CompiledTask__Output } from './orch/core/v1/CompiledTask.js';
import type { CompiledWorkflow as _orch_core_v1_CompiledWorkflow, CompiledWorkflow__Output as _orch_core_v1_CompiledWorkflow__Output } from './orch/core/v1/CompiledWorkflow.js';
import type { CompiledWorkflowClosure as _orch_core_v1_CompiledWorkflowClosure, CompiledWorkflowClosure__Output as _orch_core_v1_CompiledWorkflowClosure__Output } from './orch/core/v1/CompiledWorkflowClosure.js';
import type { ConnectionSet as _orch_core_v1_ConnectionSet, ConnectionSet__Output as _orch_core_v1_ConnectionSet__Output } from './orch/core/v1/ConnectionSet.js';
import type { Container as _orch_core_v1_Container, Container__Output as _orch_core_v1_Container__Output } from './orch/core/v1/Container.js';
import type { EnumType as _orch_core_v1_EnumType, EnumType__Output as _orch_core_v1_EnumType__Output } from './orch/core/v1/EnumType.js';
import type { ExecutionError as _orch_core_v1_ExecutionError, ExecutionError__Output as _orch_core_v1_ExecutionError__Output } from './orch/core/v1/ExecutionError.js';
import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from './orch/core/v1/Identifier.js';
import type { KeyValuePair as _orch_core_v1_KeyValuePair, KeyValuePair__Output as _orch_core_v1_KeyValuePair__Output } from './orch/core/v1/KeyValuePair.js';
import type { Literal as _orch_core_v1_Literal, Literal__Output as _orch_core_v1_Literal__Output } from './orch/core/v1/Literal.js';
import type { LiteralCollection as _orch_core_v1_LiteralCollection, LiteralCollection__Output as _orch_core_v1_LiteralCollection__Output } from './orch/core/v1/LiteralCollection.js';
import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from './orch/core/v1/LiteralMap.js';
import type { LiteralType as _orch_core_v1_LiteralType, LiteralType__Output as _orch_core_v1_LiteralType__Output } from './orch/core/v1/LiteralType.js';
import type { Node as _orch_core_v1_Node, Node__Output as _orch_core_v1_Node__Output } from './orch/core/v1/Node.js';
import type { NodeExecution as _orch_core_v1_NodeExecution, NodeExecution__Output as _orch_core_v1_NodeExecution__Output } from './orch/core/v1/NodeExecution.js';
import type { NodeExecutionIdentifier as _orch_core_v1_NodeExecutionIdentifier, NodeExecutionIdentifier__Output as _orch_core_v1_NodeExecutionIdentifier__Output } from './orch/core/v1/NodeExecutionIdentifier.js';
import type { OutputReference as _orch_core_v1_OutputReference, OutputReference__Output as _orch_core_v1_OutputReference__Output } from './orch/core/v1/OutputReference.js';
import type { Parameter as _orch_core_v1_Parameter, Parameter__Output as _orch_core_v1_Parameter__Output } from './orch/core/v1/Parameter.js';
import type { ParameterMap as _orch_core_v1_ParameterMap, ParameterMap__Output as _orch_core_v1_ParameterMap__Output } from './orch/core/v1/ParameterMap.js';
import type { Primitive as _orch_core_v1_Primitive, Primitive__Output as _orch_core_v1_Primitive__Output } from './orch/core/v1/Primitive.js';
import type { RetryStrategy as _orch_core_v1_RetryStrategy, RetryStrategy__Output as _orch_core_v1_RetryStrategy__Output } from './orch/core/v1/RetryStrategy.js';
import type { Scalar as _orch_core_v1_Scalar, Scalar__Output as _orch_core_v1_Scalar__Output } from './orch/core/v1/Scalar.js';
import type { SecretRequest as _orch_core_v1_SecretRequest, SecretRequest__Output as _orch_core_v1_SecretRequest__Output } from './orch/core/v1/SecretRequest.js';
import type { SecurityContext as _orch_core_v1_SecurityContext, SecurityContext__Output as _orch_core_v1_SecurityContext__Output } from './orch/core/v1/SecurityContext.js';
import type { TaskMetadata as _orch_core_v1_TaskMetadata, TaskMetadata__Output as _orch_core_v1_TaskMetadata__Output } from './orch/core/v1/TaskMetadata.js';
import type { TaskNode as _orch_core_v1_TaskNode, TaskNode__Output as _orch_core_v1_TaskNode__Output } from './orch/core/v1/TaskNode.js';
import type { TaskResources as _orch_core_v1_TaskResources, TaskResources__Output as _orch_core_v1_TaskResources__Output } from './orch/core/v1/TaskResources.js';
import type { TaskTemplate as _orch_core_v1_TaskTemplate, TaskTemplate__Output as _orch_core_v1_TaskTemplate__Output } from './orch/core/v1/TaskTemplate.js';
import type { TypedInterface as _orch_core_v1_TypedInterface, TypedInterface__Output as _orch_core_v1_TypedInterface__Output } from './orch/core/v1/TypedInterface.js';
import type { Variable as _orch_core_v1_Variable, Variable__Output as _orch_core_v1_Variable__Output } from './orch/core/v1/Variable.js';
import type { VariableMap as _orch_core_v1_VariableMap, VariableMap__Output as _orch_core_v1_VariableMap__Output } from './orch/core/v1/VariableMap.js';
import type { Void as _orch_core_v1_Void, Void__Output as _orch_core_v1_Void__Output } from './orch/core/v1/Void.js';
import type { WorkflowExecution as _orch_core_v1_WorkflowExecution, WorkflowExecution__Output as _orch_core_v1_WorkflowExecution__Output } from './orch/core/v1/WorkflowExecution.js';
import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from './orch/core/v1/WorkflowExecutionIdentifier.js';
import type { WorkflowTemplate as _orch_core_v1_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_v1_WorkflowTemplate__Output } from './orch/core/v1/WorkflowTemplate.js';
import type { AdminServiceClient as _orch_service_v1_AdminServiceClient, AdminServiceDefinition as _orch_service_v1_AdminServiceDefinition } from './orch/service/v1/AdminService.js';

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
      v1: {
        ActiveLaunchPlanRequest: MessageTypeDefinition<_orch_admin_v1_ActiveLaunchPlanRequest, _orch_admin_v1_ActiveLaunchPlanRequest__Output>
        ApiKey: MessageTypeDefinition<_orch_admin_v1_ApiKey, _orch_admin_v1_ApiKey__Output>
        AuthRole: MessageTypeDefinition<_orch_admin_v1_AuthRole, _orch_admin_v1_AuthRole__Output>
        CacheStatus: EnumTypeDefinition
        ClaimCondition: MessageTypeDefinition<_orch_admin_v1_ClaimCondition, _orch_admin_v1_ClaimCondition__Output>
        CreateApiKeyRequest: MessageTypeDefinition<_orch_admin_v1_CreateApiKeyRequest, _orch_admin_v1_CreateApiKeyRequest__Output>
        CreateApiKeyResponse: MessageTypeDefinition<_orch_admin_v1_CreateApiKeyResponse, _orch_admin_v1_CreateApiKeyResponse__Output>
        CreateTrustPolicyRequest: MessageTypeDefinition<_orch_admin_v1_CreateTrustPolicyRequest, _orch_admin_v1_CreateTrustPolicyRequest__Output>
        CreateTrustPolicyResponse: MessageTypeDefinition<_orch_admin_v1_CreateTrustPolicyResponse, _orch_admin_v1_CreateTrustPolicyResponse__Output>
        CronSchedule: MessageTypeDefinition<_orch_admin_v1_CronSchedule, _orch_admin_v1_CronSchedule__Output>
        DeleteApiKeyRequest: MessageTypeDefinition<_orch_admin_v1_DeleteApiKeyRequest, _orch_admin_v1_DeleteApiKeyRequest__Output>
        DeleteApiKeyResponse: MessageTypeDefinition<_orch_admin_v1_DeleteApiKeyResponse, _orch_admin_v1_DeleteApiKeyResponse__Output>
        DeleteTrustPolicyRequest: MessageTypeDefinition<_orch_admin_v1_DeleteTrustPolicyRequest, _orch_admin_v1_DeleteTrustPolicyRequest__Output>
        DeleteTrustPolicyResponse: MessageTypeDefinition<_orch_admin_v1_DeleteTrustPolicyResponse, _orch_admin_v1_DeleteTrustPolicyResponse__Output>
        Domain: MessageTypeDefinition<_orch_admin_v1_Domain, _orch_admin_v1_Domain__Output>
        EmptyResponse: MessageTypeDefinition<_orch_admin_v1_EmptyResponse, _orch_admin_v1_EmptyResponse__Output>
        Execution: MessageTypeDefinition<_orch_admin_v1_Execution, _orch_admin_v1_Execution__Output>
        ExecutionClosure: MessageTypeDefinition<_orch_admin_v1_ExecutionClosure, _orch_admin_v1_ExecutionClosure__Output>
        ExecutionCreateRequest: MessageTypeDefinition<_orch_admin_v1_ExecutionCreateRequest, _orch_admin_v1_ExecutionCreateRequest__Output>
        ExecutionCreateResponse: MessageTypeDefinition<_orch_admin_v1_ExecutionCreateResponse, _orch_admin_v1_ExecutionCreateResponse__Output>
        ExecutionEvent: MessageTypeDefinition<_orch_admin_v1_ExecutionEvent, _orch_admin_v1_ExecutionEvent__Output>
        ExecutionList: MessageTypeDefinition<_orch_admin_v1_ExecutionList, _orch_admin_v1_ExecutionList__Output>
        ExecutionMetadata: MessageTypeDefinition<_orch_admin_v1_ExecutionMetadata, _orch_admin_v1_ExecutionMetadata__Output>
        ExecutionRelaunchRequest: MessageTypeDefinition<_orch_admin_v1_ExecutionRelaunchRequest, _orch_admin_v1_ExecutionRelaunchRequest__Output>
        ExecutionSpec: MessageTypeDefinition<_orch_admin_v1_ExecutionSpec, _orch_admin_v1_ExecutionSpec__Output>
        ExecutionTerminateRequest: MessageTypeDefinition<_orch_admin_v1_ExecutionTerminateRequest, _orch_admin_v1_ExecutionTerminateRequest__Output>
        ExecutionTerminateResponse: MessageTypeDefinition<_orch_admin_v1_ExecutionTerminateResponse, _orch_admin_v1_ExecutionTerminateResponse__Output>
        GetDomainRequest: MessageTypeDefinition<_orch_admin_v1_GetDomainRequest, _orch_admin_v1_GetDomainRequest__Output>
        GetDomainsResponse: MessageTypeDefinition<_orch_admin_v1_GetDomainsResponse, _orch_admin_v1_GetDomainsResponse__Output>
        GetTrustPolicyRequest: MessageTypeDefinition<_orch_admin_v1_GetTrustPolicyRequest, _orch_admin_v1_GetTrustPolicyRequest__Output>
        GetTrustPolicyResponse: MessageTypeDefinition<_orch_admin_v1_GetTrustPolicyResponse, _orch_admin_v1_GetTrustPolicyResponse__Output>
        GetVersionRequest: MessageTypeDefinition<_orch_admin_v1_GetVersionRequest, _orch_admin_v1_GetVersionRequest__Output>
        GetVersionResponse: MessageTypeDefinition<_orch_admin_v1_GetVersionResponse, _orch_admin_v1_GetVersionResponse__Output>
        LaunchPlan: MessageTypeDefinition<_orch_admin_v1_LaunchPlan, _orch_admin_v1_LaunchPlan__Output>
        LaunchPlanClosure: MessageTypeDefinition<_orch_admin_v1_LaunchPlanClosure, _orch_admin_v1_LaunchPlanClosure__Output>
        LaunchPlanCreateRequest: MessageTypeDefinition<_orch_admin_v1_LaunchPlanCreateRequest, _orch_admin_v1_LaunchPlanCreateRequest__Output>
        LaunchPlanList: MessageTypeDefinition<_orch_admin_v1_LaunchPlanList, _orch_admin_v1_LaunchPlanList__Output>
        LaunchPlanSpec: MessageTypeDefinition<_orch_admin_v1_LaunchPlanSpec, _orch_admin_v1_LaunchPlanSpec__Output>
        LaunchPlanState: EnumTypeDefinition
        LaunchPlanUpdateRequest: MessageTypeDefinition<_orch_admin_v1_LaunchPlanUpdateRequest, _orch_admin_v1_LaunchPlanUpdateRequest__Output>
        LaunchPlanUpdateResponse: MessageTypeDefinition<_orch_admin_v1_LaunchPlanUpdateResponse, _orch_admin_v1_LaunchPlanUpdateResponse__Output>
        ListApiKeysRequest: MessageTypeDefinition<_orch_admin_v1_ListApiKeysRequest, _orch_admin_v1_ListApiKeysRequest__Output>
        ListApiKeysResponse: MessageTypeDefinition<_orch_admin_v1_ListApiKeysResponse, _orch_admin_v1_ListApiKeysResponse__Output>
        ListTrustPoliciesRequest: MessageTypeDefinition<_orch_admin_v1_ListTrustPoliciesRequest, _orch_admin_v1_ListTrustPoliciesRequest__Output>
        ListTrustPoliciesResponse: MessageTypeDefinition<_orch_admin_v1_ListTrustPoliciesResponse, _orch_admin_v1_ListTrustPoliciesResponse__Output>
        NamedEntityIdentifier: MessageTypeDefinition<_orch_admin_v1_NamedEntityIdentifier, _orch_admin_v1_NamedEntityIdentifier__Output>
        NamedEntityIdentifierList: MessageTypeDefinition<_orch_admin_v1_NamedEntityIdentifierList, _orch_admin_v1_NamedEntityIdentifierList__Output>
        NamedEntityIdentifierListRequest: MessageTypeDefinition<_orch_admin_v1_NamedEntityIdentifierListRequest, _orch_admin_v1_NamedEntityIdentifierListRequest__Output>
        NodeExecution: MessageTypeDefinition<_orch_admin_v1_NodeExecution, _orch_admin_v1_NodeExecution__Output>
        NodeExecutionClosure: MessageTypeDefinition<_orch_admin_v1_NodeExecutionClosure, _orch_admin_v1_NodeExecutionClosure__Output>
        NodeExecutionGetDataRequest: MessageTypeDefinition<_orch_admin_v1_NodeExecutionGetDataRequest, _orch_admin_v1_NodeExecutionGetDataRequest__Output>
        NodeExecutionGetDataResponse: MessageTypeDefinition<_orch_admin_v1_NodeExecutionGetDataResponse, _orch_admin_v1_NodeExecutionGetDataResponse__Output>
        NodeExecutionList: MessageTypeDefinition<_orch_admin_v1_NodeExecutionList, _orch_admin_v1_NodeExecutionList__Output>
        NodeExecutionListRequest: MessageTypeDefinition<_orch_admin_v1_NodeExecutionListRequest, _orch_admin_v1_NodeExecutionListRequest__Output>
        ObjectGetRequest: MessageTypeDefinition<_orch_admin_v1_ObjectGetRequest, _orch_admin_v1_ObjectGetRequest__Output>
        Project: MessageTypeDefinition<_orch_admin_v1_Project, _orch_admin_v1_Project__Output>
        ProjectGetRequest: MessageTypeDefinition<_orch_admin_v1_ProjectGetRequest, _orch_admin_v1_ProjectGetRequest__Output>
        ProjectListRequest: MessageTypeDefinition<_orch_admin_v1_ProjectListRequest, _orch_admin_v1_ProjectListRequest__Output>
        ProjectRegisterRequest: MessageTypeDefinition<_orch_admin_v1_ProjectRegisterRequest, _orch_admin_v1_ProjectRegisterRequest__Output>
        ProjectUpdateResponse: MessageTypeDefinition<_orch_admin_v1_ProjectUpdateResponse, _orch_admin_v1_ProjectUpdateResponse__Output>
        Projects: MessageTypeDefinition<_orch_admin_v1_Projects, _orch_admin_v1_Projects__Output>
        RawOutputDataConfig: MessageTypeDefinition<_orch_admin_v1_RawOutputDataConfig, _orch_admin_v1_RawOutputDataConfig__Output>
        ResourceListRequest: MessageTypeDefinition<_orch_admin_v1_ResourceListRequest, _orch_admin_v1_ResourceListRequest__Output>
        Role: EnumTypeDefinition
        Schedule: MessageTypeDefinition<_orch_admin_v1_Schedule, _orch_admin_v1_Schedule__Output>
        Sort: MessageTypeDefinition<_orch_admin_v1_Sort, _orch_admin_v1_Sort__Output>
        Task: MessageTypeDefinition<_orch_admin_v1_Task, _orch_admin_v1_Task__Output>
        TaskAttempt: MessageTypeDefinition<_orch_admin_v1_TaskAttempt, _orch_admin_v1_TaskAttempt__Output>
        TaskClosure: MessageTypeDefinition<_orch_admin_v1_TaskClosure, _orch_admin_v1_TaskClosure__Output>
        TaskCreateRequest: MessageTypeDefinition<_orch_admin_v1_TaskCreateRequest, _orch_admin_v1_TaskCreateRequest__Output>
        TaskList: MessageTypeDefinition<_orch_admin_v1_TaskList, _orch_admin_v1_TaskList__Output>
        TaskSpec: MessageTypeDefinition<_orch_admin_v1_TaskSpec, _orch_admin_v1_TaskSpec__Output>
        TrustPolicy: MessageTypeDefinition<_orch_admin_v1_TrustPolicy, _orch_admin_v1_TrustPolicy__Output>
        UserInfoRequest: MessageTypeDefinition<_orch_admin_v1_UserInfoRequest, _orch_admin_v1_UserInfoRequest__Output>
        UserInfoResponse: MessageTypeDefinition<_orch_admin_v1_UserInfoResponse, _orch_admin_v1_UserInfoResponse__Output>
        Version: MessageTypeDefinition<_orch_admin_v1_Version, _orch_admin_v1_Version__Output>
        Workflow: MessageTypeDefinition<_orch_admin_v1_Workflow, _orch_admin_v1_Workflow__Output>
        WorkflowClosure: MessageTypeDefinition<_orch_admin_v1_WorkflowClosure, _orch_admin_v1_WorkflowClosure__Output>
        WorkflowCreateRequest: MessageTypeDefinition<_orch_admin_v1_WorkflowCreateRequest, _orch_admin_v1_WorkflowCreateRequest__Output>
        WorkflowExecutionGetDataRequest: MessageTypeDefinition<_orch_admin_v1_WorkflowExecutionGetDataRequest, _orch_admin_v1_WorkflowExecutionGetDataRequest__Output>
        WorkflowExecutionGetDataResponse: MessageTypeDefinition<_orch_admin_v1_WorkflowExecutionGetDataResponse, _orch_admin_v1_WorkflowExecutionGetDataResponse__Output>
        WorkflowExecutionGetRequest: MessageTypeDefinition<_orch_admin_v1_WorkflowExecutionGetRequest, _orch_admin_v1_WorkflowExecutionGetRequest__Output>
        WorkflowList: MessageTypeDefinition<_orch_admin_v1_WorkflowList, _orch_admin_v1_WorkflowList__Output>
        WorkflowSpec: MessageTypeDefinition<_orch_admin_v1_WorkflowSpec, _orch_admin_v1_WorkflowSpec__Output>
      }
    }
    core: {
      v1: {
        Binding: MessageTypeDefinition<_orch_core_v1_Binding, _orch_core_v1_Binding__Output>
        BindingData: MessageTypeDefinition<_orch_core_v1_BindingData, _orch_core_v1_BindingData__Output>
        BindingDataCollection: MessageTypeDefinition<_orch_core_v1_BindingDataCollection, _orch_core_v1_BindingDataCollection__Output>
        BindingDataMap: MessageTypeDefinition<_orch_core_v1_BindingDataMap, _orch_core_v1_BindingDataMap__Output>
        Blob: MessageTypeDefinition<_orch_core_v1_Blob, _orch_core_v1_Blob__Output>
        CompiledTask: MessageTypeDefinition<_orch_core_v1_CompiledTask, _orch_core_v1_CompiledTask__Output>
        CompiledWorkflow: MessageTypeDefinition<_orch_core_v1_CompiledWorkflow, _orch_core_v1_CompiledWorkflow__Output>
        CompiledWorkflowClosure: MessageTypeDefinition<_orch_core_v1_CompiledWorkflowClosure, _orch_core_v1_CompiledWorkflowClosure__Output>
        ConnectionSet: MessageTypeDefinition<_orch_core_v1_ConnectionSet, _orch_core_v1_ConnectionSet__Output>
        Container: MessageTypeDefinition<_orch_core_v1_Container, _orch_core_v1_Container__Output>
        EnumType: MessageTypeDefinition<_orch_core_v1_EnumType, _orch_core_v1_EnumType__Output>
        ExecutionError: MessageTypeDefinition<_orch_core_v1_ExecutionError, _orch_core_v1_ExecutionError__Output>
        Identifier: MessageTypeDefinition<_orch_core_v1_Identifier, _orch_core_v1_Identifier__Output>
        KeyValuePair: MessageTypeDefinition<_orch_core_v1_KeyValuePair, _orch_core_v1_KeyValuePair__Output>
        Literal: MessageTypeDefinition<_orch_core_v1_Literal, _orch_core_v1_Literal__Output>
        LiteralCollection: MessageTypeDefinition<_orch_core_v1_LiteralCollection, _orch_core_v1_LiteralCollection__Output>
        LiteralMap: MessageTypeDefinition<_orch_core_v1_LiteralMap, _orch_core_v1_LiteralMap__Output>
        LiteralType: MessageTypeDefinition<_orch_core_v1_LiteralType, _orch_core_v1_LiteralType__Output>
        Node: MessageTypeDefinition<_orch_core_v1_Node, _orch_core_v1_Node__Output>
        NodeExecution: MessageTypeDefinition<_orch_core_v1_NodeExecution, _orch_core_v1_NodeExecution__Output>
        NodeExecutionIdentifier: MessageTypeDefinition<_orch_core_v1_NodeExecutionIdentifier, _orch_core_v1_NodeExecutionIdentifier__Output>
        OutputReference: MessageTypeDefinition<_orch_core_v1_OutputReference, _orch_core_v1_OutputReference__Output>
        Parameter: MessageTypeDefinition<_orch_core_v1_Parameter, _orch_core_v1_Parameter__Output>
        ParameterMap: MessageTypeDefinition<_orch_core_v1_ParameterMap, _orch_core_v1_ParameterMap__Output>
        Primitive: MessageTypeDefinition<_orch_core_v1_Primitive, _orch_core_v1_Primitive__Output>
        ResourceType: EnumTypeDefinition
        RetryStrategy: MessageTypeDefinition<_orch_core_v1_RetryStrategy, _orch_core_v1_RetryStrategy__Output>
        Scalar: MessageTypeDefinition<_orch_core_v1_Scalar, _orch_core_v1_Scalar__Output>
        SecretRequest: MessageTypeDefinition<_orch_core_v1_SecretRequest, _orch_core_v1_SecretRequest__Output>
        SecurityContext: MessageTypeDefinition<_orch_core_v1_SecurityContext, _orch_core_v1_SecurityContext__Output>
        SimpleType: EnumTypeDefinition
        TaskMetadata: MessageTypeDefinition<_orch_core_v1_TaskMetadata, _orch_core_v1_TaskMetadata__Output>
        TaskNode: MessageTypeDefinition<_orch_core_v1_TaskNode, _orch_core_v1_TaskNode__Output>
        TaskResources: MessageTypeDefinition<_orch_core_v1_TaskResources, _orch_core_v1_TaskResources__Output>
        TaskTemplate: MessageTypeDefinition<_orch_core_v1_TaskTemplate, _orch_core_v1_TaskTemplate__Output>
        TypedInterface: MessageTypeDefinition<_orch_core_v1_TypedInterface, _orch_core_v1_TypedInterface__Output>
        Variable: MessageTypeDefinition<_orch_core_v1_Variable, _orch_core_v1_Variable__Output>
        VariableMap: MessageTypeDefinition<_orch_core_v1_VariableMap, _orch_core_v1_VariableMap__Output>
        Void: MessageTypeDefinition<_orch_core_v1_Void, _orch_core_v1_Void__Output>
        WorkflowExecution: MessageTypeDefinition<_orch_core_v1_WorkflowExecution, _orch_core_v1_WorkflowExecution__Output>
        WorkflowExecutionIdentifier: MessageTypeDefinition<_orch_core_v1_WorkflowExecutionIdentifier, _orch_core_v1_WorkflowExecutionIdentifier__Output>
        WorkflowTemplate: MessageTypeDefinition<_orch_core_v1_WorkflowTemplate, _orch_core_v1_WorkflowTemplate__Output>
      }
    }
    service: {
      v1: {
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
        AdminService: SubtypeConstructor<typeof grpc.Client, _orch_service_v1_AdminServiceClient> & { service: _orch_service_v1_AdminServiceDefinition }
      }
    }
  }
}

