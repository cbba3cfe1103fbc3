// Original file: proto/orch/service/v1/admin.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ActiveLaunchPlanRequest as _orch_admin_v1_ActiveLaunchPlanRequest, ActiveLaunchPlanRequest__Output as _orch_admin_v1_ActiveLaunchPlanRequest__Output } from '../../../orch/admin/v1/ActiveLaunchPlanRequest.js';
import type { CreateTrustPolicyRequest as _orch_admin_v1_CreateTrustPolicyRequest, CreateTrustPolicyRequest__Output as _orch_admin_v1_CreateTrustPolicyRequest__Output } from '../../../orch/admin/v1/CreateTrustPolicyRequest.js';
import type { CreateTrustPolicyResponse as _orch_admin_v1_CreateTrustPolicyResponse, CreateTrustPolicyResponse__Output as _orch_admin_v1_CreateTrustPolicyResponse__Output } from '../../../orch/admin/v1/CreateTrustPolicyResponse.js';
import type { DeleteTrustPolicyRequest as _orch_admin_v1_DeleteTrustPolicyRequest, DeleteTrustPolicyRequest__Output as _orch_admin_v1_DeleteTrustPolicyRequest__Output } from '../../../orch/admin/v1/DeleteTrustPolicyRequest.js';
import type { DeleteTrustPolicyResponse as _orch_admin_v1_DeleteTrustPolicyResponse, DeleteTrustPolicyResponse__Output as _orch_admin_v1_DeleteTrustPolicyResponse__Output } from '../../../orch/admin/v1/DeleteTrustPolicyResponse.js';
import type { EmptyResponse as _orch_admin_v1_EmptyResponse, EmptyResponse__Output as _orch_admin_v1_EmptyResponse__Output } from '../../../orch/admin/v1/EmptyResponse.js';
import type { Execution as _orch_admin_v1_Execution, Execution__Output as _orch_admin_v1_Execution__Output } from '../../../orch/admin/v1/Execution.js';
import type { ExecutionCreateRequest as _orch_admin_v1_ExecutionCreateRequest, ExecutionCreateRequest__Output as _orch_admin_v1_ExecutionCreateRequest__Output } from '../../../orch/admin/v1/ExecutionCreateRequest.js';
import type { ExecutionCreateResponse as _orch_admin_v1_ExecutionCreateResponse, ExecutionCreateResponse__Output as _orch_admin_v1_ExecutionCreateResponse__Output } from '../../../orch/admin/v1/ExecutionCreateResponse.js';
import type { ExecutionEvent as _orch_admin_v1_ExecutionEvent, ExecutionEvent__Output as _orch_admin_v1_ExecutionEvent__Output } from '../../../orch/admin/v1/ExecutionEvent.js';
import type { ExecutionList as _orch_admin_v1_ExecutionList, ExecutionList__Output as _orch_admin_v1_ExecutionList__Output } from '../../../orch/admin/v1/ExecutionList.js';
import type { ExecutionRelaunchRequest as _orch_admin_v1_ExecutionRelaunchRequest, ExecutionRelaunchRequest__Output as _orch_admin_v1_ExecutionRelaunchRequest__Output } from '../../../orch/admin/v1/ExecutionRelaunchRequest.js';
import type { ExecutionTerminateRequest as _orch_admin_v1_ExecutionTerminateRequest, ExecutionTerminateRequest__Output as _orch_admin_v1_ExecutionTerminateRequest__Output } from '../../../orch/admin/v1/ExecutionTerminateRequest.js';
import type { ExecutionTerminateResponse as _orch_admin_v1_ExecutionTerminateResponse, ExecutionTerminateResponse__Output as _orch_admin_v1_ExecutionTerminateResponse__Output } from '../../../orch/admin/v1/ExecutionTerminateResponse.js';
import type { GetDomainRequest as _orch_admin_v1_GetDomainRequest, GetDomainRequest__Output as _orch_admin_v1_GetDomainRequest__Output } from '../../../orch/admin/v1/GetDomainRequest.js';
import type { GetDomainsResponse as _orch_admin_v1_GetDomainsResponse, GetDomainsResponse__Output as _orch_admin_v1_GetDomainsResponse__Output } from '../../../orch/admin/v1/GetDomainsResponse.js';
import type { GetTrustPolicyRequest as _orch_admin_v1_GetTrustPolicyRequest, GetTrustPolicyRequest__Output as _orch_admin_v1_GetTrustPolicyRequest__Output } from '../../../orch/admin/v1/GetTrustPolicyRequest.js';
import type { GetTrustPolicyResponse as _orch_admin_v1_GetTrustPolicyResponse, GetTrustPolicyResponse__Output as _orch_admin_v1_GetTrustPolicyResponse__Output } from '../../../orch/admin/v1/GetTrustPolicyResponse.js';
import type { GetVersionRequest as _orch_admin_v1_GetVersionRequest, GetVersionRequest__Output as _orch_admin_v1_GetVersionRequest__Output } from '../../../orch/admin/v1/GetVersionRequest.js';
import type { GetVersionResponse as _orch_admin_v1_GetVersionResponse, GetVersionResponse__Output as _orch_admin_v1_GetVersionResponse__Output } from '../../../orch/admin/v1/GetVersionResponse.js';
import type { LaunchPlan as _orch_admin_v1_LaunchPlan, LaunchPlan__Output as _orch_admin_v1_LaunchPlan__Output } from '../../../orch/admin/v1/LaunchPlan.js';
import type { LaunchPlanCreateRequest as _orch_admin_v1_LaunchPlanCreateRequest, LaunchPlanCreateRequest__Output as _orch_admin_v1_LaunchPlanCreateRequest__Output } from '../../../orch/admin/v1/LaunchPlanCreateRequest.js';
import type { LaunchPlanList as _orch_admin_v1_LaunchPlanList, LaunchPlanList__Output as _orch_admin_v1_LaunchPlanList__Output } from '../../../orch/admin/v1/LaunchPlanList.js';
import type { LaunchPlanUpdateRequest as _orch_admin_v1_LaunchPlanUpdateRequest, LaunchPlanUpdateRequest__Output as _orch_admin_v1_LaunchPlanUpdateRequest__Output } from '../../../orch/admin/v1/LaunchPlanUpdateRequest.js';
import type { LaunchPlanUpdateResponse as _orch_admin_v1_LaunchPlanUpdateResponse, LaunchPlanUpdateResponse__Output as _orch_admin_v1_LaunchPlanUpdateResponse__Output } from '../../../orch/admin/v1/LaunchPlanUpdateResponse.js';
import type { ListTrustPoliciesRequest as _orch_admin_v1_ListTrustPoliciesRequest, ListTrustPoliciesRequest__Output as _orch_admin_v1_ListTrustPoliciesRequest__Output } from '../../../orch/admin/v1/ListTrustPoliciesRequest.js';
import type { ListTrustPoliciesResponse as _orch_admin_v1_ListTrustPoliciesResponse, ListTrustPoliciesResponse__Output as _orch_admin_v1_ListTrustPoliciesResponse__Output } from '../../../orch/admin/v1/ListTrustPoliciesResponse.js';
import type { NamedEntityIdentifierList as _orch_admin_v1_NamedEntityIdentifierList, NamedEntityIdentifierList__Output as _orch_admin_v1_NamedEntityIdentifierList__Output } from '../../../orch/admin/v1/NamedEntityIdentifierList.js';
import type { NamedEntityIdentifierListRequest as _orch_admin_v1_NamedEntityIdentifierListRequest, NamedEntityIdentifierListRequest__Output as _orch_admin_v1_NamedEntityIdentifierListRequest__Output } from '../../../orch/admin/v1/NamedEntityIdentifierListRequest.js';
import type { NodeExecutionGetDataRequest as _orch_admin_v1_NodeExecutionGetDataRequest, NodeExecutionGetDataRequest__Output as _orch_admin_v1_NodeExecutionGetDataRequest__Output } from '../../../orch/admin/v1/NodeExecutionGetDataRequest.js';
import type { NodeExecutionGetDataResponse as _orch_admin_v1_NodeExecutionGetDataResponse, NodeExecutionGetDataResponse__Output as _orch_admin_v1_NodeExecutionGetDataResponse__Output } from '../../../orch/admin/v1/NodeExecutionGetDataResponse.js';
import type { NodeExecutionList as _orch_admin_v1_NodeExecutionList, NodeExecutionList__Output as _orch_admin_v1_NodeExecutionList__Output } from '../../../orch/admin/v1/NodeExecutionList.js';
import type { NodeExecutionListRequest as _orch_admin_v1_NodeExecutionListRequest, NodeExecutionListRequest__Output as _orch_admin_v1_NodeExecutionListRequest__Output } from '../../../orch/admin/v1/NodeExecutionListRequest.js';
import type { ObjectGetRequest as _orch_admin_v1_ObjectGetRequest, ObjectGetRequest__Output as _orch_admin_v1_ObjectGetRequest__Output } from '../../../orch/admin/v1/ObjectGetRequest.js';
import type { Project as _orch_admin_v1_Project, Project__Output as _orch_admin_v1_Project__Output } from '../../../orch/admin/v1/Project.js';
import type { ProjectGetRequest as _orch_admin_v1_ProjectGetRequest, ProjectGetRequest__Output as _orch_admin_v1_ProjectGetRequest__Output } from '../../../orch/admin/v1/ProjectGetRequest.js';
import type { ProjectListRequest as _orch_admin_v1_ProjectListRequest, ProjectListRequest__Output as _orch_admin_v1_ProjectListRequest__Output } from '../../../orch/admin/v1/ProjectListRequest.js';
import type { ProjectRegisterRequest as _orch_admin_v1_ProjectRegisterRequest, ProjectRegisterRequest__Output as _orch_admin_v1_ProjectRegisterRequest__Output } from '../../../orch/admin/v1/ProjectRegisterRequest.js';
import type { ProjectUpdateResponse as _orch_admin_v1_ProjectUpdateResponse, ProjectUpdateResponse__Output as _orch_admin_v1_ProjectUpdateResponse__Output } from '../../../orch/admin/v1/ProjectUpdateResponse.js';
import type { Projects as _orch_admin_v1_Projects, Projects__Output as _orch_admin_v1_Projects__Output } from '../../../orch/admin/v1/Projects.js';
import type { ResourceListRequest as _orch_admin_v1_ResourceListRequest, ResourceListRequest__Output as _orch_admin_v1_ResourceListRequest__Output } from '../../../orch/admin/v1/ResourceListRequest.js';
import type { Task as _orch_admin_v1_Task, Task__Output as _orch_admin_v1_Task__Output } from '../../../orch/admin/v1/Task.js';
import type { TaskCreateRequest as _orch_admin_v1_TaskCreateRequest, TaskCreateRequest__Output as _orch_admin_v1_TaskCreateRequest__Output } from '../../../orch/admin/v1/TaskCreateRequest.js';
import type { TaskList as _orch_admin_v1_TaskList, TaskList__Output as _orch_admin_v1_TaskList__Output } from '../../../orch/admin/v1/TaskList.js';
import type { Workflow as _orch_admin_v1_Workflow, Workflow__Output as _orch_admin_v1_Workflow__Output } from '../../../orch/admin/v1/Workflow.js';
import type { WorkflowCreateRequest as _orch_admin_v1_WorkflowCreateRequest, WorkflowCreateRequest__Output as _orch_admin_v1_WorkflowCreateRequest__Output } from '../../../orch/admin/v1/WorkflowCreateRequest.js';
import type { WorkflowExecutionGetDataRequest as _orch_admin_v1_WorkflowExecutionGetDataRequest, WorkflowExecutionGetDataRequest__Output as _orch_admin_v1_WorkflowExecutionGetDataRequest__Output } from '../../../orch/admin/v1/WorkflowExecutionGetDataRequest.js';
import type { WorkflowExecutionGetDataResponse as _orch_admin_v1_WorkflowExecutionGetDataResponse, WorkflowExecutionGetDataResponse__Output as _orch_admin_v1_WorkflowExecutionGetDataResponse__Output } from '../../../orch/admin/v1/WorkflowExecutionGetDataResponse.js';
import type { WorkflowExecutionGetRequest as _orch_admin_v1_WorkflowExecutionGetRequest, WorkflowExecutionGetRequest__Output as _orch_admin_v1_WorkflowExecutionGetRequest__Output } from '../../../orch/admin/v1/WorkflowExecutionGetRequest.js';
import type { WorkflowList as _orch_admin_v1_WorkflowList, WorkflowList__Output as _orch_admin_v1_WorkflowList__Output } from '../../../orch/admin/v1/WorkflowList.js';

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
  CreateExecution(argument: _orch_admin_v1_ExecutionCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  CreateExecution(argument: _orch_admin_v1_ExecutionCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  CreateExecution(argument: _orch_admin_v1_ExecutionCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  CreateExecution(argument: _orch_admin_v1_ExecutionCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Launches a launch plan (contributor). INVALID_ARGUMENT for a bad name or inputs that do not match
   * the launch plan, NOT_FOUND when the project or launch plan does not exist, ALREADY_EXISTS when the
   * execution name is taken.
   */
  createExecution(argument: _orch_admin_v1_ExecutionCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  createExecution(argument: _orch_admin_v1_ExecutionCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  createExecution(argument: _orch_admin_v1_ExecutionCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  createExecution(argument: _orch_admin_v1_ExecutionCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Registers one launch plan version, inactive (contributor). INVALID_ARGUMENT when its workflow does
   * not exist, its inputs do not match the workflow's, its schedule is not a cron expression, or an
   * existing version has a different spec; ALREADY_EXISTS for the same spec registered again.
   */
  CreateLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Registers one launch plan version, inactive (contributor). INVALID_ARGUMENT when its workflow does
   * not exist, its inputs do not match the workflow's, its schedule is not a cron expression, or an
   * existing version has a different spec; ALREADY_EXISTS for the same spec registered again.
   */
  createLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createLaunchPlan(argument: _orch_admin_v1_LaunchPlanCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Registers one task version (contributor). INVALID_ARGUMENT for an invalid template or an existing
   * version with a different spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when
   * the project does not exist.
   */
  CreateTask(argument: _orch_admin_v1_TaskCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateTask(argument: _orch_admin_v1_TaskCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateTask(argument: _orch_admin_v1_TaskCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateTask(argument: _orch_admin_v1_TaskCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Registers one task version (contributor). INVALID_ARGUMENT for an invalid template or an existing
   * version with a different spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when
   * the project does not exist.
   */
  createTask(argument: _orch_admin_v1_TaskCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createTask(argument: _orch_admin_v1_TaskCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createTask(argument: _orch_admin_v1_TaskCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createTask(argument: _orch_admin_v1_TaskCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Creates a trust policy: which OIDC ID tokens the token endpoint exchanges for access tokens (admin).
   * INVALID_ARGUMENT for an unsafe or malformed policy, ALREADY_EXISTS for a taken name.
   */
  CreateTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  CreateTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  CreateTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  CreateTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a trust policy: which OIDC ID tokens the token endpoint exchanges for access tokens (admin).
   * INVALID_ARGUMENT for an unsafe or malformed policy, ALREADY_EXISTS for a taken name.
   */
  createTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  createTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  createTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  createTrustPolicy(argument: _orch_admin_v1_CreateTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Registers one workflow version, compiling it against its tasks (contributor). INVALID_ARGUMENT when
   * it does not compile (a missing task, a cycle, a type mismatch) or an existing version has a different
   * spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when the project does not exist.
   */
  CreateWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Registers one workflow version, compiling it against its tasks (contributor). INVALID_ARGUMENT when
   * it does not compile (a missing task, a cycle, a type mismatch) or an existing version has a different
   * spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when the project does not exist.
   */
  createWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _orch_admin_v1_WorkflowCreateRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Deletes a trust policy; its exchanged tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  DeleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Deletes a trust policy; its exchanged tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  deleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteTrustPolicy(argument: _orch_admin_v1_DeleteTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_v1_DeleteTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The active version of a launch plan name (viewer). NOT_FOUND when no version is active.
   */
  GetActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  /**
   * The active version of a launch plan name (viewer). NOT_FOUND when no version is active.
   */
  getActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getActiveLaunchPlan(argument: _orch_admin_v1_ActiveLaunchPlanRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  
  /**
   * The domains every project has: development, staging, production (viewer).
   */
  GetDomains(argument: _orch_admin_v1_GetDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  GetDomains(argument: _orch_admin_v1_GetDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  GetDomains(argument: _orch_admin_v1_GetDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  GetDomains(argument: _orch_admin_v1_GetDomainRequest, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The domains every project has: development, staging, production (viewer).
   */
  getDomains(argument: _orch_admin_v1_GetDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  getDomains(argument: _orch_admin_v1_GetDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  getDomains(argument: _orch_admin_v1_GetDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  getDomains(argument: _orch_admin_v1_GetDomainRequest, callback: grpc.requestCallback<_orch_admin_v1_GetDomainsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One execution (viewer). NOT_FOUND when absent.
   */
  GetExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  /**
   * One execution (viewer). NOT_FOUND when absent.
   */
  getExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Execution__Output>): grpc.ClientUnaryCall;
  
  /**
   * An execution's inputs and outputs (viewer). NOT_FOUND when the execution does not exist.
   */
  GetExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  /**
   * An execution's inputs and outputs (viewer). NOT_FOUND when the execution does not exist.
   */
  getExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getExecutionData(argument: _orch_admin_v1_WorkflowExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_v1_WorkflowExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One launch plan version (viewer). NOT_FOUND when absent.
   */
  GetLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  GetLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  /**
   * One launch plan version (viewer). NOT_FOUND when absent.
   */
  getLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  getLaunchPlan(argument: _orch_admin_v1_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlan__Output>): grpc.ClientUnaryCall;
  
  /**
   * A node's inputs and outputs (viewer). NOT_FOUND when the execution or the node does not exist.
   */
  GetNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  GetNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A node's inputs and outputs (viewer). NOT_FOUND when the execution or the node does not exist.
   */
  getNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  getNodeExecutionData(argument: _orch_admin_v1_NodeExecutionGetDataRequest, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionGetDataResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One project (viewer). NOT_FOUND when no project has that id.
   */
  GetProject(argument: _orch_admin_v1_ProjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _orch_admin_v1_ProjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _orch_admin_v1_ProjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  GetProject(argument: _orch_admin_v1_ProjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  /**
   * One project (viewer). NOT_FOUND when no project has that id.
   */
  getProject(argument: _orch_admin_v1_ProjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _orch_admin_v1_ProjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _orch_admin_v1_ProjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  getProject(argument: _orch_admin_v1_ProjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Project__Output>): grpc.ClientUnaryCall;
  
  /**
   * One task version (viewer). NOT_FOUND when absent.
   */
  GetTask(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _orch_admin_v1_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  GetTask(argument: _orch_admin_v1_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  /**
   * One task version (viewer). NOT_FOUND when absent.
   */
  getTask(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  getTask(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  getTask(argument: _orch_admin_v1_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  getTask(argument: _orch_admin_v1_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Task__Output>): grpc.ClientUnaryCall;
  
  /**
   * One trust policy (admin). NOT_FOUND when absent.
   */
  GetTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  GetTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  GetTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  GetTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One trust policy (admin). NOT_FOUND when absent.
   */
  getTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  getTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  getTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  getTrustPolicy(argument: _orch_admin_v1_GetTrustPolicyRequest, callback: grpc.requestCallback<_orch_admin_v1_GetTrustPolicyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The server's version (viewer).
   */
  GetVersion(argument: _orch_admin_v1_GetVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _orch_admin_v1_GetVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _orch_admin_v1_GetVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _orch_admin_v1_GetVersionRequest, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The server's version (viewer).
   */
  getVersion(argument: _orch_admin_v1_GetVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _orch_admin_v1_GetVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _orch_admin_v1_GetVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _orch_admin_v1_GetVersionRequest, callback: grpc.requestCallback<_orch_admin_v1_GetVersionResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One workflow version, compiled (viewer). NOT_FOUND when absent.
   */
  GetWorkflow(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _orch_admin_v1_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _orch_admin_v1_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  /**
   * One workflow version, compiled (viewer). NOT_FOUND when absent.
   */
  getWorkflow(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _orch_admin_v1_ObjectGetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _orch_admin_v1_ObjectGetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _orch_admin_v1_ObjectGetRequest, callback: grpc.requestCallback<_orch_admin_v1_Workflow__Output>): grpc.ClientUnaryCall;
  
  /**
   * Executions of a project and domain, newest first unless sorted (viewer); filterable by `phase`,
   * `mode`, launch plan and workflow. INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListExecutions(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  /**
   * Executions of a project and domain, newest first unless sorted (viewer); filterable by `phase`,
   * `mode`, launch plan and workflow. INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  listExecutions(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  
  /**
   * The names of the launch plans of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  /**
   * The names of the launch plans of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listLaunchPlanIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Launch plan versions of one name, or of a project and domain (viewer); filterable by `state`,
   * `workflow.name`, `workflow.version`. INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  ListLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  /**
   * Launch plan versions of one name, or of a project and domain (viewer); filterable by `state`,
   * `workflow.name`, `workflow.version`. INVALID_ARGUMENT as ListTasks.
   */
  listLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  listLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  listLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  listLaunchPlans(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanList__Output>): grpc.ClientUnaryCall;
  
  /**
   * The nodes of an execution, one page at a time (viewer). NOT_FOUND when the execution does not exist.
   */
  ListNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  ListNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  ListNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  ListNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  /**
   * The nodes of an execution, one page at a time (viewer). NOT_FOUND when the execution does not exist.
   */
  listNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  listNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  listNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  listNodeExecutions(argument: _orch_admin_v1_NodeExecutionListRequest, callback: grpc.requestCallback<_orch_admin_v1_NodeExecutionList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Projects by id, one page at a time (viewer). INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListProjects(argument: _orch_admin_v1_ProjectListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _orch_admin_v1_ProjectListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _orch_admin_v1_ProjectListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _orch_admin_v1_ProjectListRequest, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  /**
   * Projects by id, one page at a time (viewer). INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  listProjects(argument: _orch_admin_v1_ProjectListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _orch_admin_v1_ProjectListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _orch_admin_v1_ProjectListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _orch_admin_v1_ProjectListRequest, callback: grpc.requestCallback<_orch_admin_v1_Projects__Output>): grpc.ClientUnaryCall;
  
  /**
   * The names of the tasks of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  /**
   * The names of the tasks of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listTaskIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Task versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT for a bad filter,
   * sort key or page token.
   */
  ListTasks(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  /**
   * Task versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT for a bad filter,
   * sort key or page token.
   */
  listTasks(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_TaskList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Trust policies by name, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  ListTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Trust policies by name, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  listTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listTrustPolicies(argument: _orch_admin_v1_ListTrustPoliciesRequest, callback: grpc.requestCallback<_orch_admin_v1_ListTrustPoliciesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The names of the workflows of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  ListWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  /**
   * The names of the workflows of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  listWorkflowIds(argument: _orch_admin_v1_NamedEntityIdentifierListRequest, callback: grpc.requestCallback<_orch_admin_v1_NamedEntityIdentifierList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Workflow versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflows(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  /**
   * Workflow versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  listWorkflows(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _orch_admin_v1_ResourceListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _orch_admin_v1_ResourceListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _orch_admin_v1_ResourceListRequest, callback: grpc.requestCallback<_orch_admin_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Creates a project with the three domains (admin). INVALID_ARGUMENT when the id does not match
   * `^[a-z][a-z0-9-]*$` or a text is too long, ALREADY_EXISTS when the id is taken.
   */
  RegisterProject(argument: _orch_admin_v1_ProjectRegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  RegisterProject(argument: _orch_admin_v1_ProjectRegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  RegisterProject(argument: _orch_admin_v1_ProjectRegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  RegisterProject(argument: _orch_admin_v1_ProjectRegisterRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a project with the three domains (admin). INVALID_ARGUMENT when the id does not match
   * `^[a-z][a-z0-9-]*$` or a text is too long, ALREADY_EXISTS when the id is taken.
   */
  registerProject(argument: _orch_admin_v1_ProjectRegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  registerProject(argument: _orch_admin_v1_ProjectRegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  registerProject(argument: _orch_admin_v1_ProjectRegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  registerProject(argument: _orch_admin_v1_ProjectRegisterRequest, callback: grpc.requestCallback<_orch_admin_v1_EmptyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Launches an execution's launch plan again with the same inputs (contributor). NOT_FOUND when the
   * execution does not exist, FAILED_PRECONDITION when its launch plan no longer exists, ALREADY_EXISTS
   * when the new name is taken.
   */
  RelaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  RelaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  RelaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  RelaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Launches an execution's launch plan again with the same inputs (contributor). NOT_FOUND when the
   * execution does not exist, FAILED_PRECONDITION when its launch plan no longer exists, ALREADY_EXISTS
   * when the new name is taken.
   */
  relaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  relaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  relaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  relaunchExecution(argument: _orch_admin_v1_ExecutionRelaunchRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionCreateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Stops a running execution; it ends ABORTED (contributor). NOT_FOUND when absent,
   * FAILED_PRECONDITION when it already ended.
   */
  TerminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  TerminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  TerminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  TerminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Stops a running execution; it ends ABORTED (contributor). NOT_FOUND when absent,
   * FAILED_PRECONDITION when it already ended.
   */
  terminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  terminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  terminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  terminateExecution(argument: _orch_admin_v1_ExecutionTerminateRequest, callback: grpc.requestCallback<_orch_admin_v1_ExecutionTerminateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Activates or deactivates one launch plan version (contributor). NOT_FOUND when the version does not exist.
   */
  UpdateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Activates or deactivates one launch plan version (contributor). NOT_FOUND when the version does not exist.
   */
  updateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateLaunchPlan(argument: _orch_admin_v1_LaunchPlanUpdateRequest, callback: grpc.requestCallback<_orch_admin_v1_LaunchPlanUpdateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Replaces a project's name, description, labels and state (admin). INVALID_ARGUMENT for a bad state
   * or text, NOT_FOUND when no project has that id.
   */
  UpdateProject(argument: _orch_admin_v1_Project, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _orch_admin_v1_Project, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _orch_admin_v1_Project, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  UpdateProject(argument: _orch_admin_v1_Project, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Replaces a project's name, description, labels and state (admin). INVALID_ARGUMENT for a bad state
   * or text, NOT_FOUND when no project has that id.
   */
  updateProject(argument: _orch_admin_v1_Project, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _orch_admin_v1_Project, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _orch_admin_v1_Project, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  updateProject(argument: _orch_admin_v1_Project, callback: grpc.requestCallback<_orch_admin_v1_ProjectUpdateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Streams an execution's phase changes (and its nodes') until it reaches a terminal phase (viewer).
   * INVALID_ARGUMENT when the id is incomplete, NOT_FOUND when the execution does not exist.
   */
  WatchExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_ExecutionEvent__Output>;
  WatchExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_ExecutionEvent__Output>;
  /**
   * Streams an execution's phase changes (and its nodes') until it reaches a terminal phase (viewer).
   * INVALID_ARGUMENT when the id is incomplete, NOT_FOUND when the execution does not exist.
   */
  watchExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_ExecutionEvent__Output>;
  watchExecution(argument: _orch_admin_v1_WorkflowExecutionGetRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_ExecutionEvent__Output>;
  
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
  CreateExecution: grpc.handleUnaryCall<_orch_admin_v1_ExecutionCreateRequest__Output, _orch_admin_v1_ExecutionCreateResponse>;
  
  /**
   * Registers one launch plan version, inactive (contributor). INVALID_ARGUMENT when its workflow does
   * not exist, its inputs do not match the workflow's, its schedule is not a cron expression, or an
   * existing version has a different spec; ALREADY_EXISTS for the same spec registered again.
   */
  CreateLaunchPlan: grpc.handleUnaryCall<_orch_admin_v1_LaunchPlanCreateRequest__Output, _orch_admin_v1_EmptyResponse>;
  
  /**
   * Registers one task version (contributor). INVALID_ARGUMENT for an invalid template or an existing
   * version with a different spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when
   * the project does not exist.
   */
  CreateTask: grpc.handleUnaryCall<_orch_admin_v1_TaskCreateRequest__Output, _orch_admin_v1_EmptyResponse>;
  
  /**
   * Creates a trust policy: which OIDC ID tokens the token endpoint exchanges for access tokens (admin).
   * INVALID_ARGUMENT for an unsafe or malformed policy, ALREADY_EXISTS for a taken name.
   */
  CreateTrustPolicy: grpc.handleUnaryCall<_orch_admin_v1_CreateTrustPolicyRequest__Output, _orch_admin_v1_CreateTrustPolicyResponse>;
  
  /**
   * Registers one workflow version, compiling it against its tasks (contributor). INVALID_ARGUMENT when
   * it does not compile (a missing task, a cycle, a type mismatch) or an existing version has a different
   * spec, ALREADY_EXISTS for the same spec registered again, NOT_FOUND when the project does not exist.
   */
  CreateWorkflow: grpc.handleUnaryCall<_orch_admin_v1_WorkflowCreateRequest__Output, _orch_admin_v1_EmptyResponse>;
  
  /**
   * Deletes a trust policy; its exchanged tokens are refused from the next call (admin). NOT_FOUND when absent.
   */
  DeleteTrustPolicy: grpc.handleUnaryCall<_orch_admin_v1_DeleteTrustPolicyRequest__Output, _orch_admin_v1_DeleteTrustPolicyResponse>;
  
  /**
   * The active version of a launch plan name (viewer). NOT_FOUND when no version is active.
   */
  GetActiveLaunchPlan: grpc.handleUnaryCall<_orch_admin_v1_ActiveLaunchPlanRequest__Output, _orch_admin_v1_LaunchPlan>;
  
  /**
   * The domains every project has: development, staging, production (viewer).
   */
  GetDomains: grpc.handleUnaryCall<_orch_admin_v1_GetDomainRequest__Output, _orch_admin_v1_GetDomainsResponse>;
  
  /**
   * One execution (viewer). NOT_FOUND when absent.
   */
  GetExecution: grpc.handleUnaryCall<_orch_admin_v1_WorkflowExecutionGetRequest__Output, _orch_admin_v1_Execution>;
  
  /**
   * An execution's inputs and outputs (viewer). NOT_FOUND when the execution does not exist.
   */
  GetExecutionData: grpc.handleUnaryCall<_orch_admin_v1_WorkflowExecutionGetDataRequest__Output, _orch_admin_v1_WorkflowExecutionGetDataResponse>;
  
  /**
   * One launch plan version (viewer). NOT_FOUND when absent.
   */
  GetLaunchPlan: grpc.handleUnaryCall<_orch_admin_v1_ObjectGetRequest__Output, _orch_admin_v1_LaunchPlan>;
  
  /**
   * A node's inputs and outputs (viewer). NOT_FOUND when the execution or the node does not exist.
   */
  GetNodeExecutionData: grpc.handleUnaryCall<_orch_admin_v1_NodeExecutionGetDataRequest__Output, _orch_admin_v1_NodeExecutionGetDataResponse>;
  
  /**
   * One project (viewer). NOT_FOUND when no project has that id.
   */
  GetProject: grpc.handleUnaryCall<_orch_admin_v1_ProjectGetRequest__Output, _orch_admin_v1_Project>;
  
  /**
   * One task version (viewer). NOT_FOUND when absent.
   */
  GetTask: grpc.handleUnaryCall<_orch_admin_v1_ObjectGetRequest__Output, _orch_admin_v1_Task>;
  
  /**
   * One trust policy (admin). NOT_FOUND when absent.
   */
  GetTrustPolicy: grpc.handleUnaryCall<_orch_admin_v1_GetTrustPolicyRequest__Output, _orch_admin_v1_GetTrustPolicyResponse>;
  
  /**
   * The server's version (viewer).
   */
  GetVersion: grpc.handleUnaryCall<_orch_admin_v1_GetVersionRequest__Output, _orch_admin_v1_GetVersionResponse>;
  
  /**
   * One workflow version, compiled (viewer). NOT_FOUND when absent.
   */
  GetWorkflow: grpc.handleUnaryCall<_orch_admin_v1_ObjectGetRequest__Output, _orch_admin_v1_Workflow>;
  
  /**
   * Executions of a project and domain, newest first unless sorted (viewer); filterable by `phase`,
   * `mode`, launch plan and workflow. INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListExecutions: grpc.handleUnaryCall<_orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_ExecutionList>;
  
  /**
   * The names of the launch plans of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlanIds: grpc.handleUnaryCall<_orch_admin_v1_NamedEntityIdentifierListRequest__Output, _orch_admin_v1_NamedEntityIdentifierList>;
  
  /**
   * Launch plan versions of one name, or of a project and domain (viewer); filterable by `state`,
   * `workflow.name`, `workflow.version`. INVALID_ARGUMENT as ListTasks.
   */
  ListLaunchPlans: grpc.handleUnaryCall<_orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_LaunchPlanList>;
  
  /**
   * The nodes of an execution, one page at a time (viewer). NOT_FOUND when the execution does not exist.
   */
  ListNodeExecutions: grpc.handleUnaryCall<_orch_admin_v1_NodeExecutionListRequest__Output, _orch_admin_v1_NodeExecutionList>;
  
  /**
   * Projects by id, one page at a time (viewer). INVALID_ARGUMENT for a bad filter, sort key or page token.
   */
  ListProjects: grpc.handleUnaryCall<_orch_admin_v1_ProjectListRequest__Output, _orch_admin_v1_Projects>;
  
  /**
   * The names of the tasks of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListTaskIds: grpc.handleUnaryCall<_orch_admin_v1_NamedEntityIdentifierListRequest__Output, _orch_admin_v1_NamedEntityIdentifierList>;
  
  /**
   * Task versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT for a bad filter,
   * sort key or page token.
   */
  ListTasks: grpc.handleUnaryCall<_orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_TaskList>;
  
  /**
   * Trust policies by name, one page at a time (admin). INVALID_ARGUMENT for a bad page token.
   */
  ListTrustPolicies: grpc.handleUnaryCall<_orch_admin_v1_ListTrustPoliciesRequest__Output, _orch_admin_v1_ListTrustPoliciesResponse>;
  
  /**
   * The names of the workflows of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflowIds: grpc.handleUnaryCall<_orch_admin_v1_NamedEntityIdentifierListRequest__Output, _orch_admin_v1_NamedEntityIdentifierList>;
  
  /**
   * Workflow versions of one name, or of a project and domain (viewer). INVALID_ARGUMENT as ListTasks.
   */
  ListWorkflows: grpc.handleUnaryCall<_orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_WorkflowList>;
  
  /**
   * Creates a project with the three domains (admin). INVALID_ARGUMENT when the id does not match
   * `^[a-z][a-z0-9-]*$` or a text is too long, ALREADY_EXISTS when the id is taken.
   */
  RegisterProject: grpc.handleUnaryCall<_orch_admin_v1_ProjectRegisterRequest__Output, _orch_admin_v1_EmptyResponse>;
  
  /**
   * Launches an execution's launch plan again with the same inputs (contributor). NOT_FOUND when the
   * execution does not exist, FAILED_PRECONDITION when its launch plan no longer exists, ALREADY_EXISTS
   * when the new name is taken.
   */
  RelaunchExecution: grpc.handleUnaryCall<_orch_admin_v1_ExecutionRelaunchRequest__Output, _orch_admin_v1_ExecutionCreateResponse>;
  
  /**
   * Stops a running execution; it ends ABORTED (contributor). NOT_FOUND when absent,
   * FAILED_PRECONDITION when it already ended.
   */
  TerminateExecution: grpc.handleUnaryCall<_orch_admin_v1_ExecutionTerminateRequest__Output, _orch_admin_v1_ExecutionTerminateResponse>;
  
  /**
   * Activates or deactivates one launch plan version (contributor). NOT_FOUND when the version does not exist.
   */
  UpdateLaunchPlan: grpc.handleUnaryCall<_orch_admin_v1_LaunchPlanUpdateRequest__Output, _orch_admin_v1_LaunchPlanUpdateResponse>;
  
  /**
   * Replaces a project's name, description, labels and state (admin). INVALID_ARGUMENT for a bad state
   * or text, NOT_FOUND when no project has that id.
   */
  UpdateProject: grpc.handleUnaryCall<_orch_admin_v1_Project__Output, _orch_admin_v1_ProjectUpdateResponse>;
  
  /**
   * Streams an execution's phase changes (and its nodes') until it reaches a terminal phase (viewer).
   * INVALID_ARGUMENT when the id is incomplete, NOT_FOUND when the execution does not exist.
   */
  WatchExecution: grpc.handleServerStreamingCall<_orch_admin_v1_WorkflowExecutionGetRequest__Output, _orch_admin_v1_ExecutionEvent>;
  
}

export interface AdminServiceDefinition extends grpc.ServiceDefinition {
  CreateExecution: MethodDefinition<_orch_admin_v1_ExecutionCreateRequest, _orch_admin_v1_ExecutionCreateResponse, _orch_admin_v1_ExecutionCreateRequest__Output, _orch_admin_v1_ExecutionCreateResponse__Output>
  CreateLaunchPlan: MethodDefinition<_orch_admin_v1_LaunchPlanCreateRequest, _orch_admin_v1_EmptyResponse, _orch_admin_v1_LaunchPlanCreateRequest__Output, _orch_admin_v1_EmptyResponse__Output>
  CreateTask: MethodDefinition<_orch_admin_v1_TaskCreateRequest, _orch_admin_v1_EmptyResponse, _orch_admin_v1_TaskCreateRequest__Output, _orch_admin_v1_EmptyResponse__Output>
  CreateTrustPolicy: MethodDefinition<_orch_admin_v1_CreateTrustPolicyRequest, _orch_admin_v1_CreateTrustPolicyResponse, _orch_admin_v1_CreateTrustPolicyRequest__Output, _orch_admin_v1_CreateTrustPolicyResponse__Output>
  CreateWorkflow: MethodDefinition<_orch_admin_v1_WorkflowCreateRequest, _orch_admin_v1_EmptyResponse, _orch_admin_v1_WorkflowCreateRequest__Output, _orch_admin_v1_EmptyResponse__Output>
  DeleteTrustPolicy: MethodDefinition<_orch_admin_v1_DeleteTrustPolicyRequest, _orch_admin_v1_DeleteTrustPolicyResponse, _orch_admin_v1_DeleteTrustPolicyRequest__Output, _orch_admin_v1_DeleteTrustPolicyResponse__Output>
  GetActiveLaunchPlan: MethodDefinition<_orch_admin_v1_ActiveLaunchPlanRequest, _orch_admin_v1_LaunchPlan, _orch_admin_v1_ActiveLaunchPlanRequest__Output, _orch_admin_v1_LaunchPlan__Output>
  GetDomains: MethodDefinition<_orch_admin_v1_GetDomainRequest, _orch_admin_v1_GetDomainsResponse, _orch_admin_v1_GetDomainRequest__Output, _orch_admin_v1_GetDomainsResponse__Output>
  GetExecution: MethodDefinition<_orch_admin_v1_WorkflowExecutionGetRequest, _orch_admin_v1_Execution, _orch_admin_v1_WorkflowExecutionGetRequest__Output, _orch_admin_v1_Execution__Output>
  GetExecutionData: MethodDefinition<_orch_admin_v1_WorkflowExecutionGetDataRequest, _orch_admin_v1_WorkflowExecutionGetDataResponse, _orch_admin_v1_WorkflowExecutionGetDataRequest__Output, _orch_admin_v1_WorkflowExecutionGetDataResponse__Output>
  GetLaunchPlan: MethodDefinition<_orch_admin_v1_ObjectGetRequest, _orch_admin_v1_LaunchPlan, _orch_admin_v1_ObjectGetRequest__Output, _orch_admin_v1_LaunchPlan__Output>
  GetNodeExecutionData: MethodDefinition<_orch_admin_v1_NodeExecutionGetDataRequest, _orch_admin_v1_NodeExecutionGetDataResponse, _orch_admin_v1_NodeExecutionGetDataRequest__Output, _orch_admin_v1_NodeExecutionGetDataResponse__Output>
  GetProject: MethodDefinition<_orch_admin_v1_ProjectGetRequest, _orch_admin_v1_Project, _orch_admin_v1_ProjectGetRequest__Output, _orch_admin_v1_Project__Output>
  GetTask: MethodDefinition<_orch_admin_v1_ObjectGetRequest, _orch_admin_v1_Task, _orch_admin_v1_ObjectGetRequest__Output, _orch_admin_v1_Task__Output>
  GetTrustPolicy: MethodDefinition<_orch_admin_v1_GetTrustPolicyRequest, _orch_admin_v1_GetTrustPolicyResponse, _orch_admin_v1_GetTrustPolicyRequest__Output, _orch_admin_v1_GetTrustPolicyResponse__Output>
  GetVersion: MethodDefinition<_orch_admin_v1_GetVersionRequest, _orch_admin_v1_GetVersionResponse, _orch_admin_v1_GetVersionRequest__Output, _orch_admin_v1_GetVersionResponse__Output>
  GetWorkflow: MethodDefinition<_orch_admin_v1_ObjectGetRequest, _orch_admin_v1_Workflow, _orch_admin_v1_ObjectGetRequest__Output, _orch_admin_v1_Workflow__Output>
  ListExecutions: MethodDefinition<_orch_admin_v1_ResourceListRequest, _orch_admin_v1_ExecutionList, _orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_ExecutionList__Output>
  ListLaunchPlanIds: MethodDefinition<_orch_admin_v1_NamedEntityIdentifierListRequest, _orch_admin_v1_NamedEntityIdentifierList, _orch_admin_v1_NamedEntityIdentifierListRequest__Output, _orch_admin_v1_NamedEntityIdentifierList__Output>
  ListLaunchPlans: MethodDefinition<_orch_admin_v1_ResourceListRequest, _orch_admin_v1_LaunchPlanList, _orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_LaunchPlanList__Output>
  ListNodeExecutions: MethodDefinition<_orch_admin_v1_NodeExecutionListRequest, _orch_admin_v1_NodeExecutionList, _orch_admin_v1_NodeExecutionListRequest__Output, _orch_admin_v1_NodeExecutionList__Output>
  ListProjects: MethodDefinition<_orch_admin_v1_ProjectListRequest, _orch_admin_v1_Projects, _orch_admin_v1_ProjectListRequest__Output, _orch_admin_v1_Projects__Output>
  ListTaskIds: MethodDefinition<_orch_admin_v1_NamedEntityIdentifierListRequest, _orch_admin_v1_NamedEntityIdentifierList, _orch_admin_v1_NamedEntityIdentifierListRequest__Output, _orch_admin_v1_NamedEntityIdentifierList__Output>
  ListTasks: MethodDefinition<_orch_admin_v1_ResourceListRequest, _orch_admin_v1_TaskList, _orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_TaskList__Output>
  ListTrustPolicies: MethodDefinition<_orch_admin_v1_ListTrustPoliciesRequest, _orch_admin_v1_ListTrustPoliciesResponse, _orch_admin_v1_ListTrustPoliciesRequest__Output, _orch_admin_v1_ListTrustPoliciesResponse__Output>
  ListWorkflowIds: MethodDefinition<_orch_admin_v1_NamedEntityIdentifierListRequest, _orch_admin_v1_NamedEntityIdentifierList, _orch_admin_v1_NamedEntityIdentifierListRequest__Output, _orch_admin_v1_NamedEntityIdentifierList__Output>
  ListWorkflows: MethodDefinition<_orch_admin_v1_ResourceListRequest, _orch_admin_v1_WorkflowList, _orch_admin_v1_ResourceListRequest__Output, _orch_admin_v1_WorkflowList__Output>
  RegisterProject: MethodDefinition<_orch_admin_v1_ProjectRegisterRequest, _orch_admin_v1_EmptyResponse, _orch_admin_v1_ProjectRegisterRequest__Output, _orch_admin_v1_EmptyResponse__Output>
  RelaunchExecution: MethodDefinition<_orch_admin_v1_ExecutionRelaunchRequest, _orch_admin_v1_ExecutionCreateResponse, _orch_admin_v1_ExecutionRelaunchRequest__Output, _orch_admin_v1_ExecutionCreateResponse__Output>
  TerminateExecution: MethodDefinition<_orch_admin_v1_ExecutionTerminateRequest, _orch_admin_v1_ExecutionTerminateResponse, _orch_admin_v1_ExecutionTerminateRequest__Output, _orch_admin_v1_ExecutionTerminateResponse__Output>
  UpdateLaunchPlan: MethodDefinition<_orch_admin_v1_LaunchPlanUpdateRequest, _orch_admin_v1_LaunchPlanUpdateResponse, _orch_admin_v1_LaunchPlanUpdateRequest__Output, _orch_admin_v1_LaunchPlanUpdateResponse__Output>
  UpdateProject: MethodDefinition<_orch_admin_v1_Project, _orch_admin_v1_ProjectUpdateResponse, _orch_admin_v1_Project__Output, _orch_admin_v1_ProjectUpdateResponse__Output>
  WatchExecution: MethodDefinition<_orch_admin_v1_WorkflowExecutionGetRequest, _orch_admin_v1_ExecutionEvent, _orch_admin_v1_WorkflowExecutionGetRequest__Output, _orch_admin_v1_ExecutionEvent__Output>
}
