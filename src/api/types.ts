/**
 * Friendly names for the generated message types. `X` is what a sender may write (fields optional);
 * `XOut` is what a receiver gets (every field present, per LOADER_OPTIONS).
 */
import { _orch_core_v1_WorkflowExecution_Phase } from './generated/orch/core/v1/WorkflowExecution.js';

export type {
  CreateDownloadLinkRequest,
  CreateDownloadLinkRequest__Output as CreateDownloadLinkRequestOut,
} from './generated/orch/admin/v1/CreateDownloadLinkRequest.js';
export type { CreateDownloadLinkResponse__Output as CreateDownloadLinkResponseOut } from './generated/orch/admin/v1/CreateDownloadLinkResponse.js';
export type {
  CreateUploadLocationRequest,
  CreateUploadLocationRequest__Output as CreateUploadLocationRequestOut,
} from './generated/orch/admin/v1/CreateUploadLocationRequest.js';
export type { CreateUploadLocationResponse__Output as CreateUploadLocationResponseOut } from './generated/orch/admin/v1/CreateUploadLocationResponse.js';
export type { Execution, Execution__Output as ExecutionOut } from './generated/orch/admin/v1/Execution.js';
export type { ExecutionClosure__Output as ExecutionClosureOut } from './generated/orch/admin/v1/ExecutionClosure.js';
export type {
  ExecutionCreateRequest,
  ExecutionCreateRequest__Output as ExecutionCreateRequestOut,
} from './generated/orch/admin/v1/ExecutionCreateRequest.js';
export type {
  ExecutionList,
  ExecutionList__Output as ExecutionListOut,
} from './generated/orch/admin/v1/ExecutionList.js';
export type { GetVersionResponse__Output as GetVersionResponseOut } from './generated/orch/admin/v1/GetVersionResponse.js';
export type {
  LaunchPlan,
  LaunchPlan__Output as LaunchPlanOut,
} from './generated/orch/admin/v1/LaunchPlan.js';
export type { LaunchPlanList__Output as LaunchPlanListOut } from './generated/orch/admin/v1/LaunchPlanList.js';
export type {
  LaunchPlanSpec,
  LaunchPlanSpec__Output as LaunchPlanSpecOut,
} from './generated/orch/admin/v1/LaunchPlanSpec.js';
export type { NamedEntityIdentifierList__Output as NamedEntityIdentifierListOut } from './generated/orch/admin/v1/NamedEntityIdentifierList.js';
export type { NodeExecutionGetDataResponse__Output as NodeExecutionDataOut } from './generated/orch/admin/v1/NodeExecutionGetDataResponse.js';
export type { NodeExecutionList__Output as NodeExecutionListOut } from './generated/orch/admin/v1/NodeExecutionList.js';
export type { Project, Project__Output as ProjectOut } from './generated/orch/admin/v1/Project.js';
export type { Projects__Output as ProjectsOut } from './generated/orch/admin/v1/Projects.js';
export type { PublicClientAuthConfigResponse__Output as PublicClientConfigOut } from './generated/orch/admin/v1/PublicClientAuthConfigResponse.js';
export type { ResourceListRequest } from './generated/orch/admin/v1/ResourceListRequest.js';
export type { Task, Task__Output as TaskOut } from './generated/orch/admin/v1/Task.js';
export type { TaskList__Output as TaskListOut } from './generated/orch/admin/v1/TaskList.js';
export type { TaskSpec, TaskSpec__Output as TaskSpecOut } from './generated/orch/admin/v1/TaskSpec.js';
export type { Workflow, Workflow__Output as WorkflowOut } from './generated/orch/admin/v1/Workflow.js';
export type { WorkflowExecutionGetDataResponse__Output as ExecutionDataOut } from './generated/orch/admin/v1/WorkflowExecutionGetDataResponse.js';
export type { WorkflowList__Output as WorkflowListOut } from './generated/orch/admin/v1/WorkflowList.js';
export type {
  WorkflowSpec,
  WorkflowSpec__Output as WorkflowSpecOut,
} from './generated/orch/admin/v1/WorkflowSpec.js';
export type { Binding, Binding__Output as BindingOut } from './generated/orch/core/v1/Binding.js';
export type {
  BindingData,
  BindingData__Output as BindingDataOut,
} from './generated/orch/core/v1/BindingData.js';
export type {
  CompiledWorkflowClosure,
  CompiledWorkflowClosure__Output as CompiledWorkflowClosureOut,
} from './generated/orch/core/v1/CompiledWorkflowClosure.js';
export type { ExecutionError } from './generated/orch/core/v1/ExecutionError.js';
export type { Identifier, Identifier__Output as IdentifierOut } from './generated/orch/core/v1/Identifier.js';
export type { Literal, Literal__Output as LiteralOut } from './generated/orch/core/v1/Literal.js';
export type { LiteralMap, LiteralMap__Output as LiteralMapOut } from './generated/orch/core/v1/LiteralMap.js';
export type {
  LiteralType,
  LiteralType__Output as LiteralTypeOut,
} from './generated/orch/core/v1/LiteralType.js';
export type { Node, Node__Output as NodeOut } from './generated/orch/core/v1/Node.js';
export type {
  ParameterMap,
  ParameterMap__Output as ParameterMapOut,
} from './generated/orch/core/v1/ParameterMap.js';
export type { Scalar } from './generated/orch/core/v1/Scalar.js';
export type {
  TaskTemplate,
  TaskTemplate__Output as TaskTemplateOut,
} from './generated/orch/core/v1/TaskTemplate.js';
export type {
  TypedInterface,
  TypedInterface__Output as TypedInterfaceOut,
} from './generated/orch/core/v1/TypedInterface.js';
export type {
  VariableMap,
  VariableMap__Output as VariableMapOut,
} from './generated/orch/core/v1/VariableMap.js';
export type {
  WorkflowExecutionIdentifier,
  WorkflowExecutionIdentifier__Output as WorkflowExecutionIdentifierOut,
} from './generated/orch/core/v1/WorkflowExecutionIdentifier.js';
export type {
  WorkflowTemplate,
  WorkflowTemplate__Output as WorkflowTemplateOut,
} from './generated/orch/core/v1/WorkflowTemplate.js';

/** Execution phases (DESIGN.md, "Semantics"). */
export type ExecutionPhase =
  | 'UNDEFINED'
  | 'QUEUED'
  | 'RUNNING'
  | 'SUCCEEDING'
  | 'SUCCEEDED'
  | 'FAILING'
  | 'FAILED'
  | 'ABORTING'
  | 'ABORTED'
  | 'TIMED_OUT';

/** The phases after which an execution never changes again. */
export const TERMINAL_PHASES: ReadonlySet<ExecutionPhase> = new Set([
  'SUCCEEDED',
  'FAILED',
  'ABORTED',
  'TIMED_OUT',
]);

/** The phases of an execution that has not finished: every phase of the API outside {@link TERMINAL_PHASES}. */
export const UNFINISHED_PHASES: readonly ExecutionPhase[] = Object.values(
  _orch_core_v1_WorkflowExecution_Phase,
).filter((phase) => !TERMINAL_PHASES.has(phase));

/** Whether `phase` (a phase as the API gives it, or any text) is one of {@link TERMINAL_PHASES}. */
export function isTerminalPhase(phase: string): boolean {
  const terminal: ReadonlySet<string> = TERMINAL_PHASES;
  return terminal.has(phase);
}

/** Node id whose outputs are a workflow's inputs, in bindings. */
export const START_NODE = 'start-node';

/**
 * The console URL of an execution (DESIGN.md): `{base}/console/projects/{p}/domains/{d}/executions/{name}`.
 * @param base the console endpoint or the admin's public HTTP address, with or without a trailing slash.
 */
export function executionConsoleUrl(
  base: string,
  id: { project: string; domain: string; name: string },
): string {
  const seg = encodeURIComponent;
  return `${base.replace(/\/+$/, '')}/console/projects/${seg(id.project)}/domains/${seg(id.domain)}/executions/${seg(id.name)}`;
}
