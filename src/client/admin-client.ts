import { readFileSync } from 'node:fs';
import { type CallOptions, type ChannelCredentials, type Client, credentials, Metadata } from '@grpc/grpc-js';
import { loadApi } from '../api/proto.js';
import type { Identifier } from '../api/types.js';
import {
  type ExecutionCreateRequest,
  type ExecutionDataOut,
  type ExecutionListOut,
  type ExecutionOut,
  executionConsoleUrl,
  type GetVersionResponseOut,
  type LaunchPlan,
  type LaunchPlanListOut,
  type LaunchPlanOut,
  type NamedEntityIdentifierListOut,
  type NodeExecutionDataOut,
  type NodeExecutionListOut,
  type Project,
  type ProjectOut,
  type ProjectsOut,
  type PublicClientConfigOut,
  type ResourceListRequest,
  type TaskListOut,
  type TaskOut,
  type TaskSpec,
  type WorkflowExecutionIdentifier,
  type WorkflowExecutionIdentifierOut,
  type WorkflowListOut,
  type WorkflowOut,
  type WorkflowSpec,
} from '../api/types.js';
import { parseEndpoint } from './endpoint.js';
import { fromGrpcError } from './errors.js';

/** Options of {@link AdminClient}. */
export interface AdminClientOptions {
  /** Admin gRPC endpoint in any form {@link parseEndpoint} accepts. */
  endpoint: string;
  /** Plaintext instead of TLS. @default false */
  insecure?: boolean;
  /** PEM file of the certificate authority that signed the server's certificate (`--admin.caCertFilePath`). */
  caCertFile?: string;
  /** Deadline of each call, in seconds. @default 15 */
  deadlineSeconds?: number;
  /** Console base URL; when absent, the admin's advertised HTTP address is used. */
  consoleEndpoint?: string;
  /** Sent as `x-orch-client` metadata, e.g. `orchctl/0.1.0`. */
  clientName?: string;
}

type Unary = (
  req: unknown,
  meta: Metadata,
  opts: CallOptions,
  cb: (err: unknown, res: unknown) => void,
) => void;

/**
 * The one admin client used by `orchctl`, `orch`, the Action and the webhook: one channel holding the
 * typed stubs of every service, a deadline on every call, and typed errors (see `errors.ts`).
 * Every method throws an {@link AdminError} subclass on failure.
 */
export class AdminClient {
  private readonly admin: Client;
  private readonly authMetadata: Client;
  private readonly deadlineSeconds: number;
  private readonly metadata = new Metadata();
  private consoleBase: string | undefined;

  constructor(private readonly options: AdminClientOptions) {
    const { target, tlsFromScheme } = parseEndpoint(options.endpoint);
    const insecure = options.insecure ?? tlsFromScheme === false;
    const creds: ChannelCredentials = insecure
      ? credentials.createInsecure()
      : credentials.createSsl(options.caCertFile ? readFileSync(options.caCertFile) : null);
    const api = loadApi().grpc.orch.service;
    this.admin = new api.AdminService(target, creds);
    // Shares the channel of the first stub.
    this.authMetadata = new api.AuthMetadataService(target, creds, {
      channelOverride: this.admin.getChannel(),
    });
    this.deadlineSeconds = options.deadlineSeconds ?? 15;
    this.consoleBase = options.consoleEndpoint || undefined;
    if (options.clientName) this.metadata.set('x-orch-client', options.clientName);
  }

  private call<T>(client: Client, rpc: string, request: unknown): Promise<T> {
    const method = (client as unknown as Record<string, Unary>)[rpc];
    if (!method) throw new Error(`unknown RPC ${rpc}`);
    const deadline = new Date(Date.now() + this.deadlineSeconds * 1000);
    return new Promise<T>((resolve, reject) => {
      method.call(client, request, this.metadata.clone(), { deadline }, (err, res) => {
        if (err) reject(fromGrpcError(err, rpc, this.options.endpoint));
        else resolve(res as T);
      });
    });
  }

  /** Fetches a project by id. */
  getProject(id: string): Promise<ProjectOut> {
    return this.call(this.admin, 'GetProject', { id });
  }
  /** Lists projects. */
  listProjects(request: { limit?: number; token?: string; filters?: string } = {}): Promise<ProjectsOut> {
    return this.call(this.admin, 'ListProjects', request);
  }
  /** Registers a project; AlreadyExistsError when its id is taken. */
  registerProject(project: Project): Promise<void> {
    return this.call(this.admin, 'RegisterProject', { project });
  }

  /** Registers a task version. AlreadyExistsError for an identical one; InvalidArgumentError for a different one. */
  createTask(id: Identifier, spec: TaskSpec): Promise<void> {
    return this.call(this.admin, 'CreateTask', { id, spec });
  }
  getTask(id: Identifier): Promise<TaskOut> {
    return this.call(this.admin, 'GetTask', { id: { ...id, resource_type: 'TASK' } });
  }
  listTasks(request: ResourceListRequest): Promise<TaskListOut> {
    return this.call(this.admin, 'ListTasks', request);
  }

  /** Registers a workflow version; the server compiles it against the registered tasks. */
  createWorkflow(id: Identifier, spec: WorkflowSpec): Promise<void> {
    return this.call(this.admin, 'CreateWorkflow', { id, spec });
  }
  getWorkflow(id: Identifier): Promise<WorkflowOut> {
    return this.call(this.admin, 'GetWorkflow', { id: { ...id, resource_type: 'WORKFLOW' } });
  }
  listWorkflows(request: ResourceListRequest): Promise<WorkflowListOut> {
    return this.call(this.admin, 'ListWorkflows', request);
  }

  /** Registers a launch plan version. */
  createLaunchPlan(id: Identifier, spec: LaunchPlan['spec']): Promise<void> {
    return this.call(this.admin, 'CreateLaunchPlan', { id, spec });
  }
  getLaunchPlan(id: Identifier): Promise<LaunchPlanOut> {
    return this.call(this.admin, 'GetLaunchPlan', { id: { ...id, resource_type: 'LAUNCH_PLAN' } });
  }
  listLaunchPlans(request: ResourceListRequest): Promise<LaunchPlanListOut> {
    return this.call(this.admin, 'ListLaunchPlans', request);
  }

  /** Launches an execution; resolves to its identifier. */
  async createExecution(request: ExecutionCreateRequest): Promise<WorkflowExecutionIdentifierOut> {
    const response = await this.call<{ id: WorkflowExecutionIdentifierOut }>(
      this.admin,
      'CreateExecution',
      request,
    );
    return response.id;
  }
  getExecution(id: WorkflowExecutionIdentifier): Promise<ExecutionOut> {
    return this.call(this.admin, 'GetExecution', { id });
  }
  listExecutions(request: ResourceListRequest): Promise<ExecutionListOut> {
    return this.call(this.admin, 'ListExecutions', request);
  }
  /** The full inputs and outputs of an execution. */
  getExecutionData(id: WorkflowExecutionIdentifier): Promise<ExecutionDataOut> {
    return this.call(this.admin, 'GetExecutionData', { id });
  }
  /** Replaces a project's name, description, labels and state (`ARCHIVED` archives it). */
  updateProject(project: Project): Promise<void> {
    return this.call(this.admin, 'UpdateProject', project);
  }
  /** Names of the tasks, workflows or launch plans of a project and domain, a page at a time. */
  listEntityIds(
    kind: 'Task' | 'Workflow' | 'LaunchPlan',
    request: { project: string; domain: string; limit?: number; token?: string },
  ): Promise<NamedEntityIdentifierListOut> {
    return this.call(this.admin, `List${kind}Ids`, request);
  }
  /** Activates or deactivates a launch plan version (activating deactivates the other versions of its name). */
  updateLaunchPlan(id: Identifier, state: 'ACTIVE' | 'INACTIVE'): Promise<void> {
    return this.call(this.admin, 'UpdateLaunchPlan', { id: { ...id, resource_type: 'LAUNCH_PLAN' }, state });
  }
  /** The active version of a launch plan name; NotFoundError when none is active. */
  getActiveLaunchPlan(id: { project: string; domain: string; name: string }): Promise<LaunchPlanOut> {
    return this.call(this.admin, 'GetActiveLaunchPlan', { id });
  }
  /** Stops a running execution; it ends ABORTED. InvalidArgumentError when it already ended. */
  terminateExecution(id: WorkflowExecutionIdentifier, cause = ''): Promise<void> {
    return this.call(this.admin, 'TerminateExecution', { id, cause });
  }
  /** Runs an execution's launch plan again with the same inputs; resolves to the new execution's id. */
  async relaunchExecution(
    id: WorkflowExecutionIdentifier,
    name = '',
  ): Promise<WorkflowExecutionIdentifierOut> {
    const response = await this.call<{ id: WorkflowExecutionIdentifierOut }>(
      this.admin,
      'RelaunchExecution',
      {
        id,
        name,
      },
    );
    return response.id;
  }
  /** The node executions of an execution. */
  listNodeExecutions(
    id: WorkflowExecutionIdentifier,
    request: { limit?: number; token?: string } = {},
  ): Promise<NodeExecutionListOut> {
    return this.call(this.admin, 'ListNodeExecutions', { workflow_execution_id: id, ...request });
  }
  /** The inputs and outputs of one node execution. */
  getNodeExecutionData(id: WorkflowExecutionIdentifier, nodeId: string): Promise<NodeExecutionDataOut> {
    return this.call(this.admin, 'GetNodeExecutionData', { id: { node_id: nodeId, execution_id: id } });
  }
  getVersion(): Promise<GetVersionResponseOut> {
    return this.call(this.admin, 'GetVersion', {});
  }
  /** Anonymous: how to authenticate, and the admin's public HTTP address. */
  getPublicClientConfig(): Promise<PublicClientConfigOut> {
    return this.call(this.authMetadata, 'GetPublicClientConfig', {});
  }

  /**
   * The console URL of an execution: from `consoleEndpoint`, else from the HTTP address the admin
   * advertises (asked once per client).
   */
  async consoleUrl(id: Pick<WorkflowExecutionIdentifierOut, 'project' | 'domain' | 'name'>): Promise<string> {
    if (!this.consoleBase) {
      const config = await this.getPublicClientConfig();
      if (!config.service_http_endpoint) {
        throw new Error('the admin does not advertise its HTTP address; set --console.endpoint');
      }
      this.consoleBase = config.service_http_endpoint;
    }
    return executionConsoleUrl(this.consoleBase, id);
  }

  /** Closes the channel; calls after this fail. */
  close(): void {
    this.admin.close();
  }
}
