// Original file: proto/orch/service/admin.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ActiveLaunchPlanRequest as _orch_admin_ActiveLaunchPlanRequest, ActiveLaunchPlanRequest__Output as _orch_admin_ActiveLaunchPlanRequest__Output } from '../../orch/admin/ActiveLaunchPlanRequest.js';
import type { CreateTrustPolicyRequest as _orch_admin_CreateTrustPolicyRequest, CreateTrustPolicyRequest__Output as _orch_admin_CreateTrustPolicyRequest__Output } from '../../orch/admin/CreateTrustPolicyRequest.js';
import type { CreateTrustPolicyResponse as _orch_admin_CreateTrustPolicyResponse, CreateTrustPolicyResponse__Output as _orch_admin_CreateTrustPolicyResponse__Output } from '../../orch/admin/CreateTrustPolicyResponse.js';
import type { DeleteTrustPolicyRequest as _orch_admin_DeleteTrustPolicyRequest, DeleteTrustPolicyRequest__Output as _orch_admin_DeleteTrustPolicyRequest__Output } from '../../orch/admin/DeleteTrustPolicyRequest.js';
import type { DeleteTrustPolicyResponse as _orch_admin_DeleteTrustPolicyResponse, DeleteTrustPolicyResponse__Output as _orch_admin_DeleteTrustPolicyResponse__Output } from '../../orch/admin/DeleteTrustPolicyResponse.js';
import type { EmptyResponse as _orch_admin_EmptyResponse, EmptyResponse__Output as _orch_admin_EmptyResponse__Output } from '../../orch/admin/EmptyResponse.js';
import type { Execution as _orch_admin_Execution, Execution__Output as _orch_admin_Execution__Output } from '../../orch/admin/Execution.js';
import type { ExecutionCreateRequest as _orch_admin_ExecutionCreateRequest, ExecutionCreateRequest__Output as _orch_admin_ExecutionCreateRequest__Output } from '../../orch/admin/ExecutionCreateRequest.js';
import type { ExecutionCreateResponse as _orch_admin_ExecutionCreateResponse, ExecutionCreateResponse__Output as _orch_admin_ExecutionCreateResponse__Output } from '../../orch/admin/ExecutionCreateResponse.js';
import type { ExecutionEvent as _orch_admin_ExecutionEvent, ExecutionEvent__Output as _orch_admin_ExecutionEvent__Output } from '../../orch/admin/ExecutionEvent.js';
import type { ExecutionList as _orch_admin_ExecutionList, ExecutionList__Output as _orch_admin_ExecutionList__Output } from '../../orch/admin/ExecutionList.js';
import type { ExecutionRelaunchRequest as _orch_admin_ExecutionRelaunchRequest, ExecutionRelaunchRequest__Output as _orch_admin_ExecutionRelaunchRequest__Output } from '../../orch/admin/ExecutionRelaunchRequest.js';
import type { ExecutionTerminateRequest as _orch_admin_ExecutionTerminateRequest, ExecutionTerminateRequest__Output as _orch_admin_ExecutionTerminateRequest__Output } from '../../orch/admin/ExecutionTerminateRequest.js';
import type { ExecutionTerminateResponse as _orch_admin_ExecutionTerminateResponse, ExecutionTerminateResponse__Output as _orch_admin_ExecutionTerminateResponse__Output } from '../../orch/admin/ExecutionTerminateResponse.js';
import type { GetDomainRequest as _orch_admin_GetDomainRequest, GetDomainRequest__Output as _orch_admin_GetDomainRequest__Output } from '../../orch/admin/GetDomainRequest.js';
import type { GetDomainsResponse as _orch_admin_GetDomainsResponse, GetDomainsResponse__Output as _orch_admin_GetDomainsResponse__Output } from '../../orch/admin/GetDomainsResponse.js';
import type { GetTrustPolicyRequest as _orch_admin_GetTrustPolicyRequest, GetTrustPolicyRequest__Output as _orch_admin_GetTrustPolicyRequest__Output } from '../../orch/admin/GetTrustPolicyRequest.js';
import type { GetTrustPolicyResponse as _orch_admin_GetTrustPolicyResponse, GetTrustPolicyResponse__Output as _orch_admin_GetTrustPolicyResponse__Output } from '../../orch/admin/GetTrustPolicyResponse.js';
import type { GetVersionRequest as _orch_admin_GetVersionRequest, GetVersionRequest__Output as _orch_admin_GetVersionRequest__Output } from '../../orch/admin/GetVersionRequest.js';
import type { GetVersionResponse as _orch_admin_GetVersionResponse, GetVersionResponse__Output as _orch_admin_GetVersionResponse__Output } from '../../orch/admin/GetVersionResponse.js';
import type { LaunchPlan as _orch_admin_LaunchPlan, LaunchPlan__Output as _orch_admin_LaunchPlan__Output } from '../../orch/admin/LaunchPlan.js';
import type { LaunchPlanCreateRequest as _orch_admin_LaunchPlanCreateRequest, LaunchPlanCreateRequest__Output as _orch_admin_LaunchPlanCreateRequest__Output } from '../../orch/admin/LaunchPlanCreateRequest.js';
import type { LaunchPlanList as _orch_admin_LaunchPlanList, LaunchPlanList__Output as _orch_admin_LaunchPlanList__Output } from '../../orch/admin/LaunchPlanList.js';
import type { LaunchPlanUpdateRequest as _orch_admin_LaunchPlanUpdateRequest, LaunchPlanUpdateRequest__Output as _orch_admin_LaunchPlanUpdateRequest__Output } from '../../orch/admin/LaunchPlanUpdateRequest.js';
import type { LaunchPlanUpdateResponse as _orch_admin_LaunchPlanUpdateResponse, LaunchPlanUpdateResponse__Output as _orch_admin_LaunchPlanUpdateResponse__Output } from '../../orch/admin/LaunchPlanUpdateResponse.js';
import type { ListTrustPoliciesRequest as _orch_admin_ListTrustPoliciesRequest, ListTrustPoliciesRequest__Output as _orch_admin_ListTrustPoliciesRequest__Output } from '../../orch/admin/ListTrustPoliciesRequest.js';
import type { ListTrustPoliciesResponse as _orch_admin_ListTrustPoliciesResponse, ListTrustPoliciesResponse__Output as _orch_admin_ListTrustPoliciesResponse__Output } from '../../orch/admin/ListTrustPoliciesResponse.js';
import type { NamedEntityIdentifierList as _orch_admin_NamedEntityIdentifierList, NamedEntityIdentifierList__Output as _orch_admin_NamedEntityIdentifierList__Output } from '../../orch/admin/NamedEntityIdentifierList.js';
import type { NamedEntityIdentifierListRequest as _orch_admin_NamedEntityIdentifierListRequest, NamedEntityIdentifierListRequest__Output as _orch_admin_NamedEntityIdentifierListRequest__Output } from '../../orch/admin/NamedEntityIdentifierListRequest.js';
import type { NodeExecutionGetDataRequest as _orch_admin_NodeExecutionGetDataRequest, NodeExecutionGetDataRequest__Output as _orch_admin_NodeExecutionGetDataRequest__Output } from '../../orch/admin/NodeExecutionGetDataRequest.js';
import type { NodeExecutionGetDataResponse as _orch_admin_NodeExecutionGetDataResponse, NodeExecutionGetDataResponse__Output as _orch_admin_NodeExecutionGetDataResponse__Output } from '../../orch/admin/NodeExecutionGetDataResponse.js';
import type { NodeExecutionList as _orch_admin_NodeExecutionList, NodeExecutionList__Output as _orch_admin_NodeExecutionList__Output } from '../../orch/admin/NodeExecutionList.js';
import type { NodeExecutionListRequest as _orch_admin_NodeExecutionListRequest, NodeExecutionListRequest__Output as _orch_admin_NodeExecutionListRequest__Output } from '../../orch/admin/NodeExecutionListRequest.js';
import type { ObjectGetRequest as _orch_admin_ObjectGetRequest, ObjectGetRequest__Output as _orch_admin_ObjectGetRequest__Output } from '../../orch/admin/ObjectGetRequest.js';
import type { Project as _orch_admin_Project, Project__Output as _orch_admin_Project__Output } from '../../orch/admin/Project.js';
import type { ProjectGetRequest as _orch_admin_ProjectGetRequest, ProjectGetRequest__Output as _orch_admin_ProjectGetRequest__Output } from '../../orch/admin/ProjectGetRequest.js';
import type { ProjectListRequest as _orch_admin_ProjectListRequest, ProjectListRequest__Output as _orch_admin_ProjectListRequest__Output } from '../../orch/admin/ProjectListRequest.js';
import type { ProjectRegisterRequest as _orch_admin_ProjectRegisterRequest, ProjectRegisterRequest__Output as _orch_admin_ProjectRegisterRequest__Output } from '../../orch/admin/ProjectRegisterRequest.js';
import type { ProjectUpdateResponse as _orch_admin_ProjectUpdateResponse, ProjectUpdateResponse__Output as _orch_admin_ProjectUpdateResponse__Output } from '../../orch/admin/ProjectUpdateResponse.js';
import type { Projects as _orch_admin_Projects, Projects__Output as _orch_admin_Projects__Output } from '../../orch/admin/Projects.js';
import type { ResourceListRequest as _orch_admin_ResourceListRequest, ResourceListRequest__Output as _orch_admin_ResourceListRequest__Output } from '../../orch/admin/ResourceListRequest.js';
import type { Task as _orch_admin_Task, Task__Output as _orch_admin_Task__Output } from '../../orch/admin/Task.js';
import type { TaskCreateRequest as _orch_admin_TaskCreateRequest, TaskCreateRequest__Output as _orch_admin_TaskCreateRequest__Output } from '../../orch/admin/TaskCreateRequest.js';
import type { TaskList as _orch_admin_TaskList, TaskList__Output as _orch_admin_TaskList__Output } from '../../orch/admin/TaskList.js';
import type { Workflow as _orch_admin_Workflow, Workflow__Output as _orch_admin_Workflow__Output } from '../../orch/admin/Workflow.js';
import type { WorkflowCreateRequest as _orch_admin_WorkflowCreateRequest, WorkflowCreateRequest__Output as _orch_admin_WorkflowCreateRequest__Output } from '../../orch/admin/WorkflowCreateRequest.js';
import type { WorkflowExecutionGetDataRequest as _orch_admin_WorkflowExecutionGetDataRequest, WorkflowExecutionGetDataRequest__Output as _orch_admin_WorkflowExecutionGetDataRequest__Output } from '../../orch/admin/WorkflowExecutionGetDataRequest.js';
import type { WorkflowExecutionGetDataResponse as _orch_admin_WorkflowExecutionGetDataResponse, WorkflowExecutionGetDataResponse__Output as _orch_admin_WorkflowExecutionGetDataResponse__Output } from '../../orch/admin/WorkflowExecutionGetDataResponse.js';
import type { WorkflowExecutionGetRequest as _orch_admin_WorkflowExecutionGetRequest, WorkflowExecutionGetRequest__Output as _orch_admin_WorkflowExecutionGetRequest__Output } from '../../orch/admin/WorkflowExecutionGetRequest.js';
import type { WorkflowList as _orch_admin_WorkflowList, WorkflowList__Output as _orch_admin_WorkflowList__Output } from '../../orch/admin/WorkflowList.js';

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
export interface AdminServiceClient extends grpc.Client {
  /**
   * Launches a launch plan (contributor). INVALID_ARGUMENT for a bad name or inputs that do not match
   * the launch plan, NOT_FOUND when the project or launch plan does not exist, ALREADY_EXISTS when the
   * execution name is taken.
   */
  CreateExecution(argument: _orch_admin_ExecutionCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  CreateExecution(argument: _orch_admin_ExecutionCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  CreateExecution(argument: _orch_admin_ExecutionCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  CreateExecution(argument: _orch_admin_ExecutionCreateRequest, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Launches a launch plan (contributor). INVALID_ARGUMENT for a bad name or inputs that do not match
   * the launch plan, NOT_FOUND when the project or launch plan does not exist, ALREADY_EXISTS when the
   * execution name is taken.
   */
  createExecution(argument: _orch_admin_ExecutionCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  createExecution(argument: _orch_admin_ExecutionCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  createExecution(argument: _orch_admin_ExecutionCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  createExecution(argument: _orch_admin_ExecutionCreateRequest, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Registers one launch plan version, inactive (contributor). INVALID_ARGUMENT when its workflow does
   * not exist, its inputs do not match the workflow's, its schedule is not a cron expression, or an
   * existing version has a different spec; ALREADY_EXISTS for the same spec registered again.
   */
  CreateLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Registers one launch plan version, inactive (contributor). INVALID_ARGUMENT when its workflow does
   * not exist, its inputs do not match the workflow's, its schedule is not a cron expression, or an
   * existing version has a different spec; ALREADY_EXISTS for the same spec registered again.
   */
  createLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createLaunchPlan(argument: _orch_admin_LaunchPlanCreateRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Registers one task version (contributor). INVALID_ARGUMENT for an invalid template or an existing
   * version with a different spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when
   * the project does not exist.
   */
  CreateTask(argument: _orch_admin_TaskCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateTask(argument: _orch_admin_TaskCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateTask(argument: _orch_admin_TaskCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateTask(argument: _orch_admin_TaskCreateRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Registers one task version (contributor). INVALID_ARGUMENT for an invalid template or an existing
   * version with a different spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when
   * the project does not exist.
   */
  createTask(argument: _orch_admin_TaskCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createTask(argument: _orch_admin_TaskCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createTask(argument: _orch_admin_TaskCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createTask(argument: _orch_admin_TaskCreateRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Creates a trust policy: which OIDC ID tokens the token endpoint exchanges for access tokens (admin).
   * INVALID_ARGUMENT for an unsafe or malformed policy, ALREADY_EXISTS for a taken name.
   */
  CreateTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  CreateTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  CreateTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  CreateTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a trust policy: which OIDC ID tokens the token endpoint exchanges for access tokens (admin).
   * INVALID_ARGUMENT for an unsafe or malformed policy, ALREADY_EXISTS for a taken name.
   */
  createTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  createTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  createTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  createTrustPolicy(argument: _orch_admin_CreateTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Registers one workflow version, compiling it against its tasks (contributor). INVALID_ARGUMENT when
   * it does not compile (a missing task, a cycle, a type mismatch) or an existing version has a different
   * spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when the project does not exist.
   */
  CreateWorkflow(argument: _orch_admin_WorkflowCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _orch_admin_WorkflowCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _orch_admin_WorkflowCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _orch_admin_WorkflowCreateRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Registers one workflow version, compiling it against its tasks (contributor). INVALID_ARGUMENT when
   * it does not compile (a missing task, a cycle, a type mismatch) or an existing version has a different
   * spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when the project does not exist.
   */
  createWorkflow(argument: _orch_admin_WorkflowCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _orch_admin_WorkflowCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _orch_admin_WorkflowCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _orch_admin_WorkflowCreateRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Deletes a trust policy; its exchanged tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  DeleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Deletes a trust policy; its exchanged tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  deleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteTrustPolicy(argument: _orch_admin_DeleteTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The active version of a launch plan name (viewer). NOT_FOUND when no version is active.
   */
  GetActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  /**
   * The active version of a launch plan name (viewer). NOT_FOUND when no version is active.
   */
  getActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getActiveLaunchPlan(argument: _orch_admin_ActiveLaunchPlanRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  
  /**
   * The domains every project has: development, staging, production (viewer).
   */
  GetDomains(argument: _orch_admin_GetDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  GetDomains(argument: _orch_admin_GetDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  GetDomains(argument: _orch_admin_GetDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  GetDomains(argument: _orch_admin_GetDomainRequest, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The domains every project has: development, staging, production (viewer).
   */
  getDomains(argument: _orch_admin_GetDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  getDomains(argument: _orch_admin_GetDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  getDomains(argument: _orch_admin_GetDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  getDomains(argument: _orch_admin_GetDomainRequest, callback: grpc.requestCallback<_orch_admin_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One execution (viewer). NOT_FOUND when absent.
   */
  GetExecution(argument: _orch_admin_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _orch_admin_WorkflowExecutionGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _orch_admin_WorkflowExecutionGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _orch_admin_WorkflowExecutionGetRequest, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  /**
   * One execution (viewer). NOT_FOUND when absent.
   */
  getExecution(argument: _orch_admin_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _orch_admin_WorkflowExecutionGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _orch_admin_WorkflowExecutionGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _orch_admin_WorkflowExecutionGetRequest, callback: grpc.requestCallback<_orch_admin_Execution__Output>): grpc.ClientUnaryCall;
  
  /**
   * An execution's inputs and outputs (viewer). NOT_FOUND when the execution does not exist.
   */
  GetExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  /**
   * An execution's inputs and outputs (viewer). NOT_FOUND when the execution does not exist.
   */
  getExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getExecutionData(argument: _orch_admin_WorkflowExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One launch plan version (viewer). NOT_FOUND when absent.
   */
  GetLaunchPlan(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetLaunchPlan(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetLaunchPlan(argument: _orch_admin_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetLaunchPlan(argument: _orch_admin_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  /**
   * One launch plan version (viewer). NOT_FOUND when absent.
   */
  getLaunchPlan(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getLaunchPlan(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getLaunchPlan(argument: _orch_admin_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getLaunchPlan(argument: _orch_admin_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlan__Output>): grpc.ClientUnaryCall;
  
  /**
   * A node's inputs and outputs (viewer). NOT_FOUND when the execution or the node does not exist.
   */
  GetNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A node's inputs and outputs (viewer). NOT_FOUND when the execution or the node does not exist.
   */
  getNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getNodeExecutionData(argument: _orch_admin_NodeExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One project (viewer). NOT_FOUND when no project has that id.
   */
  GetProject(argument: _orch_admin_ProjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _orch_admin_ProjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _orch_admin_ProjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _orch_admin_ProjectGetRequest, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  /**
   * One project (viewer). NOT_FOUND when no project has that id.
   */
  getProject(argument: _orch_admin_ProjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _orch_admin_ProjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _orch_admin_ProjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _orch_admin_ProjectGetRequest, callback: grpc.requestCallback<_orch_admin_Project__Output>): grpc.ClientUnaryCall;
  
  /**
   * One task version (viewer). NOT_FOUND when absent.
   */
  GetTask(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _orch_admin_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _orch_admin_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  /**
   * One task version (viewer). NOT_FOUND when absent.
   */
  getTask(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  getTask(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  getTask(argument: _orch_admin_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  getTask(argument: _orch_admin_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_Task__Output>): grpc.ClientUnaryCall;
  
  /**
   * One trust policy (admin). NOT_FOUND when absent.
   */
  GetTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  GetTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  GetTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  GetTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One trust policy (admin). NOT_FOUND when absent.
   */
  getTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  getTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  getTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  getTrustPolicy(argument: _orch_admin_GetTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The server's version (viewer).
   */
  GetVersion(argument: _orch_admin_GetVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _orch_admin_GetVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _orch_admin_GetVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _orch_admin_GetVersionRequest, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The server's version (viewer).
   */
  getVersion(argument: _orch_admin_GetVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _orch_admin_GetVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _orch_admin_GetVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _orch_admin_GetVersionRequest, callback: grpc.requestCallback<_orch_admin_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One workflow version, compiled (viewer). NOT_FOUND when absent.
   */
  GetWorkflow(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _orch_admin_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _orch_admin_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  /**
   * One workflow version, compiled (viewer). NOT_FOUND when absent.
   */
  getWorkflow(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _orch_admin_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _orch_admin_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _orch_admin_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_Workflow__Output>): grpc.ClientUnaryCall;
  
  /**
   * Executions of a project and domain, newest first unless sorted (viewer); filterable by `phase`,
   * `mode`, launch plan and workflow. INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListExecutions(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  /**
   * Executions of a project and domain, newest first unless sorted (viewer); filterable by `phase`,
   * `mode`, launch plan and workflow. INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  listExecutions(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_ExecutionList__Output>): grpc.ClientUnaryCall;
  
  /**
   * The names of the launch plans of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  /**
   * The names of the launch plans of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listLaunchPlanIds(argument: _orch_admin_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Launch plan versions of one name, or of a project and domain (viewer); filterable by `state`,
   * `workflow.name`, `workflow.version`. INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlans(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlans(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlans(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlans(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  /**
   * Launch plan versions of one name, or of a project and domain (viewer); filterable by `state`,
   * `workflow.name`, `workflow.version`. INVALID_ARGUMENT as ListTasks.
   */
  listLaunchPlans(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  listLaunchPlans(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  listLaunchPlans(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  listLaunchPlans(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  
  /**
   * The nodes of an execution, one page at a time (viewer). NOT_FOUND when the execution does not exist.
   */
  ListNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  ListNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  ListNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  ListNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  /**
   * The nodes of an execution, one page at a time (viewer). NOT_FOUND when the execution does not exist.
   */
  listNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  listNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  listNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  listNodeExecutions(argument: _orch_admin_NodeExecutionListRequest, callback: grpc.requestCallback<_orch_admin_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Projects by id, one page at a time (viewer). INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListProjects(argument: _orch_admin_ProjectListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _orch_admin_ProjectListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _orch_admin_ProjectListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _orch_admin_ProjectListRequest, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  /**
   * Projects by id, one page at a time (viewer). INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  listProjects(argument: _orch_admin_ProjectListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _orch_admin_ProjectListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _orch_admin_ProjectListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _orch_admin_ProjectListRequest, callback: grpc.requestCallback<_orch_admin_Projects__Output>): grpc.ClientUnaryCall;
  
  /**
   * The names of the tasks of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  /**
   * The names of the tasks of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listTaskIds(argument: _orch_admin_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Task versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT for a bad filter,
   * sort key or page token.
   */
  ListTasks(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  /**
   * Task versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT for a bad filter,
   * sort key or page token.
   */
  listTasks(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_TaskList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Trust policies by name, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  ListTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Trust policies by name, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  listTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listTrustPolicies(argument: _orch_admin_ListTrustPoliciesRequest, callback: grpc.requestCallback<_orch_admin_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The names of the workflows of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  /**
   * The names of the workflows of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listWorkflowIds(argument: _orch_admin_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Workflow versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflows(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  /**
   * Workflow versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listWorkflows(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _orch_admin_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _orch_admin_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _orch_admin_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_WorkflowList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Creates a project with the three domains (admin). INVALID_ARGUMENT when the id does not match
   * `^[a-z][a-z0-9-]*$` or a text is too long, ALREADY_EXISTS when the id is taken.
   */
  RegisterProject(argument: _orch_admin_ProjectRegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  RegisterProject(argument: _orch_admin_ProjectRegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  RegisterProject(argument: _orch_admin_ProjectRegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  RegisterProject(argument: _orch_admin_ProjectRegisterRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a project with the three domains (admin). INVALID_ARGUMENT when the id does not match
   * `^[a-z][a-z0-9-]*$` or a text is too long, ALREADY_EXISTS when the id is taken.
   */
  registerProject(argument: _orch_admin_ProjectRegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  registerProject(argument: _orch_admin_ProjectRegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  registerProject(argument: _orch_admin_ProjectRegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  registerProject(argument: _orch_admin_ProjectRegisterRequest, callback: grpc.requestCallback<_orch_admin_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Launches an execution's launch plan again with the same inputs (contributor). NOT_FOUND when the
   * execution does not exist, FAILED_PRECONDITION when its launch plan no longer exists, ALREADY_EXISTS
   * when the new name is taken.
   */
  RelaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  RelaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  RelaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  RelaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Launches an execution's launch plan again with the same inputs (contributor). NOT_FOUND when the
   * execution does not exist, FAILED_PRECONDITION when its launch plan no longer exists, ALREADY_EXISTS
   * when the new name is taken.
   */
  relaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  relaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  relaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  relaunchExecution(argument: _orch_admin_ExecutionRelaunchRequest, callback: grpc.requestCallback<_orch_admin_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Stops a running execution; it ends ABORTED (contributor). NOT_FOUND when absent,
   * FAILED_PRECONDITION when it already ended.
   */
  TerminateExecution(argument: _orch_admin_ExecutionTerminateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  TerminateExecution(argument: _orch_admin_ExecutionTerminateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  TerminateExecution(argument: _orch_admin_ExecutionTerminateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  TerminateExecution(argument: _orch_admin_ExecutionTerminateRequest, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Stops a running execution; it ends ABORTED (contributor). NOT_FOUND when absent,
   * FAILED_PRECONDITION when it already ended.
   */
  terminateExecution(argument: _orch_admin_ExecutionTerminateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  terminateExecution(argument: _orch_admin_ExecutionTerminateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  terminateExecution(argument: _orch_admin_ExecutionTerminateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  terminateExecution(argument: _orch_admin_ExecutionTerminateRequest, callback: grpc.requestCallback<_orch_admin_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Activates or deactivates one launch plan version (contributor). NOT_FOUND when the version does not exist.
   */
  UpdateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Activates or deactivates one launch plan version (contributor). NOT_FOUND when the version does not exist.
   */
  updateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateLaunchPlan(argument: _orch_admin_LaunchPlanUpdateRequest, callback: grpc.requestCallback<_orch_admin_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Replaces a project's name, description, labels and state (admin). INVALID_ARGUMENT for a bad state
   * or text, NOT_FOUND when no project has that id.
   */
  UpdateProject(argument: _orch_admin_Project, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _orch_admin_Project, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _orch_admin_Project, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _orch_admin_Project, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Replaces a project's name, description, labels and state (admin). INVALID_ARGUMENT for a bad state
   * or text, NOT_FOUND when no project has that id.
   */
  updateProject(argument: _orch_admin_Project, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _orch_admin_Project, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _orch_admin_Project, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _orch_admin_Project, callback: grpc.requestCallback<_orch_admin_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Streams an execution's phase changes (and its nodes') until it reaches a terminal phase (viewer).
   * INVALID_ARGUMENT when the id is incomplete, NOT_FOUND when the execution does not exist.
   */
  WatchExecution(argument: _orch_admin_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_ExecutionEvent__Output>;
  WatchExecution(argument: _orch_admin_WorkflowExecutionGetRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_ExecutionEvent__Output>;
  /**
   * Streams an execution's phase changes (and its nodes') until it reaches a terminal phase (viewer).
   * INVALID_ARGUMENT when the id is incomplete, NOT_FOUND when the execution does not exist.
   */
  watchExecution(argument: _orch_admin_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_ExecutionEvent__Output>;
  watchExecution(argument: _orch_admin_WorkflowExecutionGetRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_ExecutionEvent__Output>;
  
}

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
export interface AdminServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Launches a launch plan (contributor). INVALID_ARGUMENT for a bad name or inputs that do not match
   * the launch plan, NOT_FOUND when the project or launch plan does not exist, ALREADY_EXISTS when the
   * execution name is taken.
   */
  CreateExecution: grpc.handleUnaryCall<_orch_admin_ExecutionCreateRequest__Output, _orch_admin_ExecutionCreateResponse>;
  
  /**
   * Registers one launch plan version, inactive (contributor). INVALID_ARGUMENT when its workflow does
   * not exist, its inputs do not match the workflow's, its schedule is not a cron expression, or an
   * existing version has a different spec; ALREADY_EXISTS for the same spec registered again.
   */
  CreateLaunchPlan: grpc.handleUnaryCall<_orch_admin_LaunchPlanCreateRequest__Output, _orch_admin_EmptyResponse>;
  
  /**
   * Registers one task version (contributor). INVALID_ARGUMENT for an invalid template or an existing
   * version with a different spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when
   * the project does not exist.
   */
  CreateTask: grpc.handleUnaryCall<_orch_admin_TaskCreateRequest__Output, _orch_admin_EmptyResponse>;
  
  /**
   * Creates a trust policy: which OIDC ID tokens the token endpoint exchanges for access tokens (admin).
   * INVALID_ARGUMENT for an unsafe or malformed policy, ALREADY_EXISTS for a taken name.
   */
  CreateTrustPolicy: grpc.handleUnaryCall<_orch_admin_CreateTrustPolicyRequest__Output, _orch_admin_CreateTrustPolicyResponse>;
  
  /**
   * Registers one workflow version, compiling it against its tasks (contributor). INVALID_ARGUMENT when
   * it does not compile (a missing task, a cycle, a type mismatch) or an existing version has a different
   * spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when the project does not exist.
   */
  CreateWorkflow: grpc.handleUnaryCall<_orch_admin_WorkflowCreateRequest__Output, _orch_admin_EmptyResponse>;
  
  /**
   * Deletes a trust policy; its exchanged tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  DeleteTrustPolicy: grpc.handleUnaryCall<_orch_admin_DeleteTrustPolicyRequest__Output, _orch_admin_DeleteTrustPolicyResponse>;
  
  /**
   * The active version of a launch plan name (viewer). NOT_FOUND when no version is active.
   */
  GetActiveLaunchPlan: grpc.handleUnaryCall<_orch_admin_ActiveLaunchPlanRequest__Output, _orch_admin_LaunchPlan>;
  
  /**
   * The domains every project has: development, staging, production (viewer).
   */
  GetDomains: grpc.handleUnaryCall<_orch_admin_GetDomainRequest__Output, _orch_admin_GetDomainsResponse>;
  
  /**
   * One execution (viewer). NOT_FOUND when absent.
   */
  GetExecution: grpc.handleUnaryCall<_orch_admin_WorkflowExecutionGetRequest__Output, _orch_admin_Execution>;
  
  /**
   * An execution's inputs and outputs (viewer). NOT_FOUND when the execution does not exist.
   */
  GetExecutionData: grpc.handleUnaryCall<_orch_admin_WorkflowExecutionGetDataRequest__Output, _orch_admin_WorkflowExecutionGetDataResponse>;
  
  /**
   * One launch plan version (viewer). NOT_FOUND when absent.
   */
  GetLaunchPlan: grpc.handleUnaryCall<_orch_admin_ObjectGetRequest__Output, _orch_admin_LaunchPlan>;
  
  /**
   * A node's inputs and outputs (viewer). NOT_FOUND when the execution or the node does not exist.
   */
  GetNodeExecutionData: grpc.handleUnaryCall<_orch_admin_NodeExecutionGetDataRequest__Output, _orch_admin_NodeExecutionGetDataResponse>;
  
  /**
   * One project (viewer). NOT_FOUND when no project has that id.
   */
  GetProject: grpc.handleUnaryCall<_orch_admin_ProjectGetRequest__Output, _orch_admin_Project>;
  
  /**
   * One task version (viewer). NOT_FOUND when absent.
   */
  GetTask: grpc.handleUnaryCall<_orch_admin_ObjectGetRequest__Output, _orch_admin_Task>;
  
  /**
   * One trust policy (admin). NOT_FOUND when absent.
   */
  GetTrustPolicy: grpc.handleUnaryCall<_orch_admin_GetTrustPolicyRequest__Output, _orch_admin_GetTrustPolicyResponse>;
  
  /**
   * The server's version (viewer).
   */
  GetVersion: grpc.handleUnaryCall<_orch_admin_GetVersionRequest__Output, _orch_admin_GetVersionResponse>;
  
  /**
   * One workflow version, compiled (viewer). NOT_FOUND when absent.
   */
  GetWorkflow: grpc.handleUnaryCall<_orch_admin_ObjectGetRequest__Output, _orch_admin_Workflow>;
  
  /**
   * Executions of a project and domain, newest first unless sorted (viewer); filterable by `phase`,
   * `mode`, launch plan and workflow. INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListExecutions: grpc.handleUnaryCall<_orch_admin_ResourceListRequest__Output, _orch_admin_ExecutionList>;
  
  /**
   * The names of the launch plans of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlanIds: grpc.handleUnaryCall<_orch_admin_NamedEntityIdentifierListRequest__Output, _orch_admin_NamedEntityIdentifierList>;
  
  /**
   * Launch plan versions of one name, or of a project and domain (viewer); filterable by `state`,
   * `workflow.name`, `workflow.version`. INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlans: grpc.handleUnaryCall<_orch_admin_ResourceListRequest__Output, _orch_admin_LaunchPlanList>;
  
  /**
   * The nodes of an execution, one page at a time (viewer). NOT_FOUND when the execution does not exist.
   */
  ListNodeExecutions: grpc.handleUnaryCall<_orch_admin_NodeExecutionListRequest__Output, _orch_admin_NodeExecutionList>;
  
  /**
   * Projects by id, one page at a time (viewer). INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListProjects: grpc.handleUnaryCall<_orch_admin_ProjectListRequest__Output, _orch_admin_Projects>;
  
  /**
   * The names of the tasks of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListTaskIds: grpc.handleUnaryCall<_orch_admin_NamedEntityIdentifierListRequest__Output, _orch_admin_NamedEntityIdentifierList>;
  
  /**
   * Task versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT for a bad filter,
   * sort key or page token.
   */
  ListTasks: grpc.handleUnaryCall<_orch_admin_ResourceListRequest__Output, _orch_admin_TaskList>;
  
  /**
   * Trust policies by name, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  ListTrustPolicies: grpc.handleUnaryCall<_orch_admin_ListTrustPoliciesRequest__Output, _orch_admin_ListTrustPoliciesResponse>;
  
  /**
   * The names of the workflows of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflowIds: grpc.handleUnaryCall<_orch_admin_NamedEntityIdentifierListRequest__Output, _orch_admin_NamedEntityIdentifierList>;
  
  /**
   * Workflow versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflows: grpc.handleUnaryCall<_orch_admin_ResourceListRequest__Output, _orch_admin_WorkflowList>;
  
  /**
   * Creates a project with the three domains (admin). INVALID_ARGUMENT when the id does not match
   * `^[a-z][a-z0-9-]*$` or a text is too long, ALREADY_EXISTS when the id is taken.
   */
  RegisterProject: grpc.handleUnaryCall<_orch_admin_ProjectRegisterRequest__Output, _orch_admin_EmptyResponse>;
  
  /**
   * Launches an execution's launch plan again with the same inputs (contributor). NOT_FOUND when the
   * execution does not exist, FAILED_PRECONDITION when its launch plan no longer exists, ALREADY_EXISTS
   * when the new name is taken.
   */
  RelaunchExecution: grpc.handleUnaryCall<_orch_admin_ExecutionRelaunchRequest__Output, _orch_admin_ExecutionCreateResponse>;
  
  /**
   * Stops a running execution; it ends ABORTED (contributor). NOT_FOUND when absent,
   * FAILED_PRECONDITION when it already ended.
   */
  TerminateExecution: grpc.handleUnaryCall<_orch_admin_ExecutionTerminateRequest__Output, _orch_admin_ExecutionTerminateResponse>;
  
  /**
   * Activates or deactivates one launch plan version (contributor). NOT_FOUND when the version does not exist.
   */
  UpdateLaunchPlan: grpc.handleUnaryCall<_orch_admin_LaunchPlanUpdateRequest__Output, _orch_admin_LaunchPlanUpdateResponse>;
  
  /**
   * Replaces a project's name, description, labels and state (admin). INVALID_ARGUMENT for a bad state
   * or text, NOT_FOUND when no project has that id.
   */
  UpdateProject: grpc.handleUnaryCall<_orch_admin_Project__Output, _orch_admin_ProjectUpdateResponse>;
  
  /**
   * Streams an execution's phase changes (and its nodes') until it reaches a terminal phase (viewer).
   * INVALID_ARGUMENT when the id is incomplete, NOT_FOUND when the execution does not exist.
   */
  WatchExecution: grpc.handleServerStreamingCall<_orch_admin_WorkflowExecutionGetRequest__Output, _orch_admin_ExecutionEvent>;
  
}

export interface AdminServiceDefinition extends grpc.ServiceDefinition {
  CreateExecution: MethodDefinition<_orch_admin_ExecutionCreateRequest, _orch_admin_ExecutionCreateResponse, _orch_admin_ExecutionCreateRequest__Output, _orch_admin_ExecutionCreateResponse__Output>
  CreateLaunchPlan: MethodDefinition<_orch_admin_LaunchPlanCreateRequest, _orch_admin_EmptyResponse, _orch_admin_LaunchPlanCreateRequest__Output, _orch_admin_EmptyResponse__Output>
  CreateTask: MethodDefinition<_orch_admin_TaskCreateRequest, _orch_admin_EmptyResponse, _orch_admin_TaskCreateRequest__Output, _orch_admin_EmptyResponse__Output>
  CreateTrustPolicy: MethodDefinition<_orch_admin_CreateTrustPolicyRequest, _orch_admin_CreateTrustPolicyResponse, _orch_admin_CreateTrustPolicyRequest__Output, _orch_admin_CreateTrustPolicyResponse__Output>
  CreateWorkflow: MethodDefinition<_orch_admin_WorkflowCreateRequest, _orch_admin_EmptyResponse, _orch_admin_WorkflowCreateRequest__Output, _orch_admin_EmptyResponse__Output>
  DeleteTrustPolicy: MethodDefinition<_orch_admin_DeleteTrustPolicyRequest, _orch_admin_DeleteTrustPolicyResponse, _orch_admin_DeleteTrustPolicyRequest__Output, _orch_admin_DeleteTrustPolicyResponse__Output>
  GetActiveLaunchPlan: MethodDefinition<_orch_admin_ActiveLaunchPlanRequest, _orch_admin_LaunchPlan, _orch_admin_ActiveLaunchPlanRequest__Output, _orch_admin_LaunchPlan__Output>
  GetDomains: MethodDefinition<_orch_admin_GetDomainRequest, _orch_admin_GetDomainsResponse, _orch_admin_GetDomainRequest__Output, _orch_admin_GetDomainsResponse__Output>
  GetExecution: MethodDefinition<_orch_admin_WorkflowExecutionGetRequest, _orch_admin_Execution, _orch_admin_WorkflowExecutionGetRequest__Output, _orch_admin_Execution__Output>
  GetExecutionData: MethodDefinition<_orch_admin_WorkflowExecutionGetDataRequest, _orch_admin_WorkflowExecutionGetDataResponse, _orch_admin_WorkflowExecutionGetDataRequest__Output, _orch_admin_WorkflowExecutionGetDataResponse__Output>
  GetLaunchPlan: MethodDefinition<_orch_admin_ObjectGetRequest, _orch_admin_LaunchPlan, _orch_admin_ObjectGetRequest__Output, _orch_admin_LaunchPlan__Output>
  GetNodeExecutionData: MethodDefinition<_orch_admin_NodeExecutionGetDataRequest, _orch_admin_NodeExecutionGetDataResponse, _orch_admin_NodeExecutionGetDataRequest__Output, _orch_admin_NodeExecutionGetDataResponse__Output>
  GetProject: MethodDefinition<_orch_admin_ProjectGetRequest, _orch_admin_Project, _orch_admin_ProjectGetRequest__Output, _orch_admin_Project__Output>
  GetTask: MethodDefinition<_orch_admin_ObjectGetRequest, _orch_admin_Task, _orch_admin_ObjectGetRequest__Output, _orch_admin_Task__Output>
  GetTrustPolicy: MethodDefinition<_orch_admin_GetTrustPolicyRequest, _orch_admin_GetTrustPolicyResponse, _orch_admin_GetTrustPolicyRequest__Output, _orch_admin_GetTrustPolicyResponse__Output>
  GetVersion: MethodDefinition<_orch_admin_GetVersionRequest, _orch_admin_GetVersionResponse, _orch_admin_GetVersionRequest__Output, _orch_admin_GetVersionResponse__Output>
  GetWorkflow: MethodDefinition<_orch_admin_ObjectGetRequest, _orch_admin_Workflow, _orch_admin_ObjectGetRequest__Output, _orch_admin_Workflow__Output>
  ListExecutions: MethodDefinition<_orch_admin_ResourceListRequest, _orch_admin_ExecutionList, _orch_admin_ResourceListRequest__Output, _orch_admin_ExecutionList__Output>
  ListLaunchPlanIds: MethodDefinition<_orch_admin_NamedEntityIdentifierListRequest, _orch_admin_NamedEntityIdentifierList, _orch_admin_NamedEntityIdentifierListRequest__Output, _orch_admin_NamedEntityIdentifierList__Output>
  ListLaunchPlans: MethodDefinition<_orch_admin_ResourceListRequest, _orch_admin_LaunchPlanList, _orch_admin_ResourceListRequest__Output, _orch_admin_LaunchPlanList__Output>
  ListNodeExecutions: MethodDefinition<_orch_admin_NodeExecutionListRequest, _orch_admin_NodeExecutionList, _orch_admin_NodeExecutionListRequest__Output, _orch_admin_NodeExecutionList__Output>
  ListProjects: MethodDefinition<_orch_admin_ProjectListRequest, _orch_admin_Projects, _orch_admin_ProjectListRequest__Output, _orch_admin_Projects__Output>
  ListTaskIds: MethodDefinition<_orch_admin_NamedEntityIdentifierListRequest, _orch_admin_NamedEntityIdentifierList, _orch_admin_NamedEntityIdentifierListRequest__Output, _orch_admin_NamedEntityIdentifierList__Output>
  ListTasks: MethodDefinition<_orch_admin_ResourceListRequest, _orch_admin_TaskList, _orch_admin_ResourceListRequest__Output, _orch_admin_TaskList__Output>
  ListTrustPolicies: MethodDefinition<_orch_admin_ListTrustPoliciesRequest, _orch_admin_ListTrustPoliciesResponse, _orch_admin_ListTrustPoliciesRequest__Output, _orch_admin_ListTrustPoliciesResponse__Output>
  ListWorkflowIds: MethodDefinition<_orch_admin_NamedEntityIdentifierListRequest, _orch_admin_NamedEntityIdentifierList, _orch_admin_NamedEntityIdentifierListRequest__Output, _orch_admin_NamedEntityIdentifierList__Output>
  ListWorkflows: MethodDefinition<_orch_admin_ResourceListRequest, _orch_admin_WorkflowList, _orch_admin_ResourceListRequest__Output, _orch_admin_WorkflowList__Output>
  RegisterProject: MethodDefinition<_orch_admin_ProjectRegisterRequest, _orch_admin_EmptyResponse, _orch_admin_ProjectRegisterRequest__Output, _orch_admin_EmptyResponse__Output>
  RelaunchExecution: MethodDefinition<_orch_admin_ExecutionRelaunchRequest, _orch_admin_ExecutionCreateResponse, _orch_admin_ExecutionRelaunchRequest__Output, _orch_admin_ExecutionCreateResponse__Output>
  TerminateExecution: MethodDefinition<_orch_admin_ExecutionTerminateRequest, _orch_admin_ExecutionTerminateResponse, _orch_admin_ExecutionTerminateRequest__Output, _orch_admin_ExecutionTerminateResponse__Output>
  UpdateLaunchPlan: MethodDefinition<_orch_admin_LaunchPlanUpdateRequest, _orch_admin_LaunchPlanUpdateResponse, _orch_admin_LaunchPlanUpdateRequest__Output, _orch_admin_LaunchPlanUpdateResponse__Output>
  UpdateProject: MethodDefinition<_orch_admin_Project, _orch_admin_ProjectUpdateResponse, _orch_admin_Project__Output, _orch_admin_ProjectUpdateResponse__Output>
  WatchExecution: MethodDefinition<_orch_admin_WorkflowExecutionGetRequest, _orch_admin_ExecutionEvent, _orch_admin_WorkflowExecutionGetRequest__Output, _orch_admin_ExecutionEvent__Output>
}
