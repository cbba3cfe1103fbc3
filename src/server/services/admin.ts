import { randomFillSync } from 'node:crypto';
import { durationFromSeconds, timestampFromDate } from '../../api/json.js';
import { MAX_NESTING_DEPTH } from '../../api/limits.js';
import { LiteralValueError, literalDepth, literalFromJson, literalToJson } from '../../api/literals.js';
import type {
  CompiledWorkflowClosureOut,
  ExecutionCreateRequestOut,
  IdentifierOut,
  LaunchPlanSpecOut,
  LiteralMapOut,
  LiteralOut,
  LiteralTypeOut,
  TaskSpecOut,
  TaskTemplateOut,
  WorkflowExecutionIdentifierOut,
  WorkflowSpecOut,
} from '../../api/types.js';
import { type ExecutionPhase, TERMINAL_PHASES } from '../../api/types.js';
import { ORCH_VERSION } from '../../api/version.js';
import { cpuMillis, parseQuantity, QuantitySyntaxError } from '../../config/quantity.js';
import type { Identity } from '../auth/authenticate.js';
import { compileWorkflow } from '../compiler.js';
import { isUniqueViolation } from '../db/connect.js';
import { type FieldSpec, filterWhere, parseFilters, sortOrder } from '../db/filters.js';
import {
  BadTokenError,
  type EntityKey,
  type EntityKind,
  type ListQuery,
  type Repository,
} from '../db/repository.js';
import type { Database } from '../db/schema.js';
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from '../errors.js';
import type { Executor } from '../executor/executor.js';
import { type BlobStore, NativeUrlError } from '../storage/blob-store.js';
import { INLINE_INPUTS_LIMIT, readInputs, readLiteralMap } from '../storage/execution-data.js';
import { canonicalMessage, differingPaths, fullMessage, minimalMessage } from './messages.js';

/** The domains every project has (spec: development, staging, production). */
export const DOMAINS = Object.freeze(['development', 'staging', 'production']);

/** Largest page a list call answers; larger `limit`s are capped. */
export const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 100;

/** What the admin service needs; built by `createServer`. */
export interface AdminServiceDeps {
  repo: Repository;
  blobs: BlobStore;
  executor: Executor;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

type Req = Record<string, unknown>;

/** What the transport tells a handler about the call: who makes it (after authentication). */
export interface CallContext {
  identity?: Identity;
}

/**
 * A unary handler shared by gRPC and the HTTP gateway: request object in, response object out;
 * `context` carries the caller's identity (absent for in-process calls such as the console's).
 */
export type Handler = (request: Req, context?: CallContext) => Promise<object>;

const ENTITY_KINDS: Record<EntityKind, { label: string; specType: string; resourceType: string }> = {
  tasks: { label: 'task', specType: 'orch.admin.TaskSpec', resourceType: 'TASK' },
  workflows: { label: 'workflow', specType: 'orch.admin.WorkflowSpec', resourceType: 'WORKFLOW' },
  launch_plans: { label: 'launch plan', specType: 'orch.admin.LaunchPlanSpec', resourceType: 'LAUNCH_PLAN' },
};

const PHASES = Object.fromEntries(
  [
    'UNDEFINED',
    'QUEUED',
    'RUNNING',
    'SUCCEEDING',
    'SUCCEEDED',
    'FAILING',
    'FAILED',
    'ABORTED',
    'TIMED_OUT',
    'ABORTING',
  ].map((p) => [p, p]),
);

/** Filterable and sortable fields of executions (DESIGN.md, "List calls"). */
export const EXECUTION_FIELDS: Readonly<Record<string, FieldSpec>> = {
  name: { column: 'name', kind: 'text', sortable: true },
  phase: { column: 'phase', kind: 'enum', values: PHASES, sortable: true },
  created_at: { column: 'created_at', kind: 'time', sortable: true },
  updated_at: { column: 'updated_at', kind: 'time', sortable: true },
  started_at: { column: 'started_at', kind: 'time' },
  'launch_plan.name': { column: 'launch_plan_name', kind: 'text' },
  'launch_plan.version': { column: 'launch_plan_version', kind: 'text' },
  'workflow.name': { column: 'workflow_name', kind: 'text' },
  'workflow.version': { column: 'workflow_version', kind: 'text' },
};

/** Filterable fields of projects. */
const PROJECT_FIELDS: Readonly<Record<string, FieldSpec>> = {
  id: { column: 'id', kind: 'text', sortable: true },
  name: { column: 'name', kind: 'text', sortable: true },
  description: { column: 'description', kind: 'text', sortable: true },
  created_at: { column: 'created_at', kind: 'time', sortable: true },
  state: { column: 'state', kind: 'enum', values: { ACTIVE: 0, ARCHIVED: 1, SYSTEM_GENERATED: 2 } },
};

/** Filterable and sortable fields of tasks, workflows and launch plans. */
export const ENTITY_FIELDS: Readonly<Record<string, FieldSpec>> = {
  name: { column: 'name', kind: 'text', sortable: true },
  version: { column: 'version', kind: 'text' },
  created_at: { column: 'created_at', kind: 'time', sortable: true },
};
const LAUNCH_PLAN_FIELDS: Readonly<Record<string, FieldSpec>> = {
  ...ENTITY_FIELDS,
  state: { column: 'state', kind: 'enum', values: { INACTIVE: 0, ACTIVE: 1 } },
  'workflow.name': { column: 'workflow_name', kind: 'text' },
  'workflow.version': { column: 'workflow_version', kind: 'text' },
};

/** The filter and order of a list request. @throws ServiceError InvalidArgument naming a bad term. */
function listQuery<TB extends keyof Database>(
  request: Req,
  fields: Readonly<Record<string, FieldSpec>>,
): ListQuery<Database, TB> {
  const filters = typeof request.filters === 'string' ? request.filters : '';
  return {
    where: filterWhere<Database, TB>(parseFilters(filters), fields),
    sort: sortOrder(request.sort_by as { key?: string; direction?: string } | null, fields),
  };
}

const NAME_PATTERN = /^[a-z][a-z0-9-]*$/;
/** Most characters of a TerminateExecution cause, which the console and `orchctl get` show. */
const MAX_CAUSE_LENGTH = 1024;
const PROJECT_STATES: Record<string, number> = {
  ACTIVE: 0,
  ARCHIVED: 1,
  SYSTEM_GENERATED: 2,
  '0': 0,
  '1': 1,
  '2': 2,
};
const EXECUTION_NAME_LENGTH = 20;

const NAME_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const NAME_CHARACTERS = `${NAME_LETTERS}0123456789`;
/** Random bytes drawn 4 KiB at a time: a draw per name was about 13 µs of each CreateExecution. */
const randomPool = { bytes: Buffer.alloc(4096), next: 4096 };

/** One random byte from the pool, refilled from the system's CSPRNG when spent. */
function randomByte(): number {
  if (randomPool.next >= randomPool.bytes.length) {
    randomFillSync(randomPool.bytes);
    randomPool.next = 0;
  }
  return randomPool.bytes[randomPool.next++] as number;
}

/** A uniformly random character of `alphabet` (bytes past the last whole multiple are redrawn). */
function randomCharacter(alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  for (;;) {
    const byte = randomByte();
    if (byte < limit) return alphabet[byte % alphabet.length] as string;
  }
}

/** A generated execution name: 20 lowercase characters starting with a letter (DESIGN.md, "Semantics"). */
export function generateExecutionName(): string {
  let name = randomCharacter(NAME_LETTERS);
  for (let i = 1; i < EXECUTION_NAME_LENGTH; i++) name += randomCharacter(NAME_CHARACTERS);
  return name;
}

/** Characters an identifier may hold: they appear in URL paths and file names, so no spaces or slashes. */
const ID_PATTERN = /^[A-Za-z0-9_.:@-]+$/;

/**
 * Bounds of a project's free text, in characters (the reference admin allows 64 for names and 300 for
 * descriptions; labels follow Kubernetes's 63-character keys and values). Without them a 9 MB
 * description was accepted and made every `/console` page 9 MB.
 */
export const PROJECT_TEXT_LIMITS = {
  name: 64,
  description: 300,
  labels: 64,
  labelKey: 63,
  labelValue: 63,
} as const;

/**
 * The name, description and labels of a project message, checked against {@link PROJECT_TEXT_LIMITS}.
 * @param prefix the field path in the request (`project.` for RegisterProject, `` for UpdateProject)
 * @throws ServiceError INVALID_ARGUMENT naming the field that is too long or of the wrong type
 */
function projectTexts(
  project: { id: string; name?: unknown; description?: unknown; labels?: unknown },
  prefix: string,
): { name: string; description: string; labels: string } {
  const text = (value: unknown, field: string, max: number): string => {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw invalidArgument(`${prefix}${field} must be a string`);
    if (value.length > max)
      throw invalidArgument(
        `${prefix}${field} is ${value.length} characters long; at most ${max} are allowed`,
      );
    return value;
  };
  const name = text(project.name, 'name', PROJECT_TEXT_LIMITS.name);
  const description = text(project.description, 'description', PROJECT_TEXT_LIMITS.description);
  const labels = (project.labels ?? {}) as Record<string, unknown>;
  if (typeof labels !== 'object' || Array.isArray(labels))
    throw invalidArgument(`${prefix}labels must be a map of strings`);
  const entries = Object.entries(labels);
  if (entries.length > PROJECT_TEXT_LIMITS.labels)
    throw invalidArgument(
      `${prefix}labels has ${entries.length} entries; at most ${PROJECT_TEXT_LIMITS.labels} are allowed`,
    );
  for (const [key, value] of entries) {
    if (key.length > PROJECT_TEXT_LIMITS.labelKey)
      throw invalidArgument(
        `${prefix}labels key "${key.slice(0, 70)}..." is longer than ${PROJECT_TEXT_LIMITS.labelKey} characters`,
      );
    text(value, `labels.${key}`, PROJECT_TEXT_LIMITS.labelValue);
  }
  return { name: name || project.id, description, labels: JSON.stringify(labels) };
}

function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value.trim()) throw invalidArgument(`missing ${field}`);
  if (value.length > 255) throw invalidArgument(`${field} is longer than 255 characters`);
  if (!ID_PATTERN.test(value)) {
    throw invalidArgument(`${field} "${value}" may hold only letters, digits and _ . : @ -`);
  }
  return value;
}

function requireDomain(domain: unknown, field = 'domain'): string {
  const value = requireText(domain, field);
  if (!DOMAINS.includes(value)) {
    throw invalidArgument(`${field} "${value}" is not one of ${DOMAINS.join(', ')}`);
  }
  return value;
}

function pageOf(request: Req): { limit: number; token: string } {
  const raw = Number(request.limit ?? 0);
  const limit = raw > 0 ? Math.min(raw, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return { limit, token: typeof request.token === 'string' ? request.token : '' };
}

async function withPageToken<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BadTokenError)
      throw invalidArgument('invalid page token: pass a token from a previous page');
    throw error;
  }
}

const timestamp = (ms: number) => timestampFromDate(new Date(ms));

/**
 * The handlers of `orch.service.AdminService`, keyed by RPC name. Errors are ServiceErrors
 * (InvalidArgument, NotFound, AlreadyExists); anything else is a server fault.
 */
export function createAdminHandlers(deps: AdminServiceDeps): Record<string, Handler> {
  const { repo, blobs, executor } = deps;
  const now = deps.now ?? Date.now;

  /** Projects known to exist: they are never deleted, so a positive answer can be remembered. */
  const knownProjects = new Set<string>();
  async function requireProject(project: unknown, domain: unknown): Promise<void> {
    const id = requireText(project, 'project');
    requireDomain(domain);
    if (knownProjects.has(id)) return;
    if (!(await repo.getProject(id))) throw notFound(`project "${id}" does not exist`);
    knownProjects.add(id);
  }

  /**
   * What launching needs of a launch plan version, parsed once: a registered version never changes
   * (only its active state does, which launching does not read). At most 1000 are kept.
   */
  type LaunchablePlan = {
    row: { workflow_name: string; workflow_version: string };
    expected: Record<string, Parameter>;
    fixed: Record<string, LiteralOut>;
  };
  const launchable = new Map<string, LaunchablePlan>();
  async function launchPlanForLaunch(key: EntityKey): Promise<LaunchablePlan> {
    const cacheKey = JSON.stringify([key.project, key.domain, key.name, key.version]);
    const cached = launchable.get(cacheKey);
    if (cached) return cached;
    const row = await repo.getEntity('launch_plans', key);
    if (!row) throw notFound(`${describe('launch_plans', key)} does not exist`);
    const spec = fullMessage<LaunchPlanSpecOut>('orch.admin.LaunchPlanSpec', JSON.parse(row.spec));
    const closure = JSON.parse(row.closure) as { expected_inputs: { parameters: Record<string, Parameter> } };
    const plan: LaunchablePlan = {
      row: { workflow_name: row.workflow_name, workflow_version: row.workflow_version },
      expected: closure.expected_inputs.parameters,
      fixed: spec.fixed_inputs?.literals ?? {},
    };
    if (launchable.size >= 1000) launchable.delete(launchable.keys().next().value as string);
    launchable.set(cacheKey, plan);
    return plan;
  }

  function entityKey(id: IdentifierOut | null | undefined): EntityKey {
    if (!id) throw invalidArgument('missing id');
    return {
      project: requireText(id.project, 'id.project'),
      domain: requireDomain(id.domain, 'id.domain'),
      name: requireText(id.name, 'id.name'),
      version: requireText(id.version, 'id.version'),
    };
  }

  const describe = (kind: EntityKind, key: EntityKey) =>
    `${ENTITY_KINDS[kind].label} ${key.project}/${key.domain}/${key.name} version ${key.version}`;

  /**
   * Stores a new entity version: identical spec → AlreadyExists, different spec → InvalidArgument
   * naming the differing fields (DESIGN.md, "Semantics").
   */
  async function createEntity(
    kind: EntityKind,
    key: EntityKey,
    spec: unknown,
    closure: object,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    await requireProject(key.project, key.domain);
    const { text, digest } = canonicalMessage(ENTITY_KINDS[kind].specType, spec);
    const existing = await repo.getEntity(kind, key);
    const conflict = async (found: { digest: string; spec: string }) => {
      if (found.digest === digest) throw alreadyExists(`${describe(kind, key)} already exists`);
      const paths = differingPaths(JSON.parse(found.spec), JSON.parse(text));
      throw invalidArgument(
        `${describe(kind, key)} already exists with a different spec; differing fields: ${paths.join(', ')}`,
      );
    };
    if (existing) await conflict(existing);
    try {
      await repo.insertEntity(kind, {
        ...key,
        digest,
        spec: text,
        closure: JSON.stringify(closure),
        created_at: now(),
        ...extra,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await repo.getEntity(kind, key);
      if (winner) await conflict(winner);
      throw error;
    }
  }

  async function loadEntity(kind: EntityKind, id: IdentifierOut | null | undefined) {
    const key = entityKey(id);
    const row = await repo.getEntity(kind, key);
    if (!row) throw notFound(`${describe(kind, key)} does not exist`);
    return row;
  }

  const identifier = (kind: EntityKind, row: EntityKey) => ({
    resource_type: ENTITY_KINDS[kind].resourceType,
    project: row.project,
    domain: row.domain,
    name: row.name,
    version: row.version,
  });

  function taskMessage(row: { closure: string; created_at: number } & EntityKey) {
    const closure = JSON.parse(row.closure) as Record<string, unknown>;
    return { id: identifier('tasks', row), closure: { ...closure, created_at: timestamp(row.created_at) } };
  }
  function workflowMessage(row: { closure: string; created_at: number } & EntityKey) {
    const closure = JSON.parse(row.closure) as Record<string, unknown>;
    return {
      id: identifier('workflows', row),
      closure: { ...closure, created_at: timestamp(row.created_at) },
    };
  }
  function launchPlanMessage(
    row: { spec: string; closure: string; created_at: number; state: number } & EntityKey,
  ) {
    const closure = JSON.parse(row.closure) as Record<string, unknown>;
    return {
      id: identifier('launch_plans', row),
      spec: JSON.parse(row.spec),
      closure: {
        ...closure,
        state: row.state,
        created_at: timestamp(row.created_at),
        updated_at: timestamp(row.created_at),
      },
    };
  }

  function listScope(request: Req) {
    const id = (request.id ?? {}) as { project?: string; domain?: string; name?: string };
    return {
      project: requireText(id.project, 'id.project'),
      domain: requireDomain(id.domain, 'id.domain'),
      name: id.name || undefined,
    };
  }

  async function readLiterals(key: string | null): Promise<LiteralMapOut | undefined> {
    if (!key) return undefined;
    return readLiteralMap(blobs, key);
  }

  type ExecutionRow = NonNullable<Awaited<ReturnType<Repository['getExecution']>>>;
  async function executionMessage(row: ExecutionRow) {
    const closure: Record<string, unknown> = {
      phase: row.phase,
      created_at: timestamp(row.created_at),
      updated_at: timestamp(row.updated_at),
      workflow_id: {
        resource_type: 'WORKFLOW',
        project: row.project,
        domain: row.domain,
        name: row.workflow_name,
        version: row.workflow_version,
      },
    };
    if (row.started_at !== null) closure.started_at = timestamp(row.started_at);
    if (row.duration_ms !== null) closure.duration = durationFromSeconds(row.duration_ms / 1000);
    if (row.error) closure.error = JSON.parse(row.error);
    else if (row.outputs_key) closure.outputs = await readLiterals(row.outputs_key);
    return {
      id: { project: row.project, domain: row.domain, name: row.name },
      spec: JSON.parse(row.spec),
      closure,
    };
  }

  async function loadExecution(id: WorkflowExecutionIdentifierOut | null | undefined): Promise<ExecutionRow> {
    if (!id) throw invalidArgument('missing id');
    const key = {
      project: requireText(id.project, 'id.project'),
      domain: requireDomain(id.domain, 'id.domain'),
      name: requireText(id.name, 'id.name'),
    };
    const row = await repo.getExecution(key);
    if (!row) throw notFound(`execution ${key.project}/${key.domain}/${key.name} does not exist`);
    return row;
  }

  async function entityIds(kind: EntityKind, request: Req) {
    const scope = { project: requireText(request.project, 'project'), domain: requireDomain(request.domain) };
    const page = await withPageToken(() => repo.listEntityNames(kind, scope, pageOf(request)));
    return { entities: page.names.map((name) => ({ ...scope, name, org: '' })), token: page.token };
  }

  type AttemptRow = Awaited<ReturnType<Repository['listTaskAttempts']>>[number];
  function nodeExecutionMessage(
    execution: ExecutionRow,
    node: NonNullable<Awaited<ReturnType<Repository['getNodeExecution']>>>,
    attempts: AttemptRow[] = [],
  ) {
    const closure: Record<string, unknown> = {
      phase: node.phase,
      attempts: node.attempts,
      cache_status: node.cache_status ?? 'CACHE_DISABLED',
      updated_at: timestamp(node.updated_at),
      task_attempts: attempts.map((a) => {
        const record: Record<string, unknown> = {
          attempt: a.attempt,
          phase: a.phase,
          started_at: timestamp(a.started_at),
        };
        if (a.ended_at !== null) record.duration = durationFromSeconds((a.ended_at - a.started_at) / 1000);
        if (a.error) record.error = JSON.parse(a.error);
        return record;
      }),
    };
    if (node.started_at !== null) closure.started_at = timestamp(node.started_at);
    if (node.started_at !== null && node.ended_at != null)
      closure.duration = durationFromSeconds((node.ended_at - node.started_at) / 1000);
    if (node.error) closure.error = JSON.parse(node.error);
    return {
      id: {
        node_id: node.node_id,
        execution_id: { project: execution.project, domain: execution.domain, name: execution.name },
      },
      closure,
    };
  }

  const handlers: Record<string, Handler> = {
    async RegisterProject(request) {
      const project = (request.project ?? {}) as {
        id?: string;
        name?: string;
        description?: string;
        labels?: object;
      };
      const id = requireText(project.id, 'project.id');
      if (!NAME_PATTERN.test(id))
        throw invalidArgument(`project.id "${id}" must match ${NAME_PATTERN.source}`);
      try {
        await repo.insertProject({
          id,
          ...projectTexts({ ...project, id }, 'project.'),
          state: 0,
          created_at: now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyExists(`project "${id}" already exists`);
        throw error;
      }
      return {};
    },

    async GetProject(request) {
      const id = requireText(request.id, 'id');
      const row = await repo.getProject(id);
      if (!row) throw notFound(`project "${id}" does not exist`);
      return projectMessage(row);
    },

    async ListProjects(request) {
      // Projects list in id order unless asked otherwise (other lists: newest first).
      const sortBy = request.sort_by as { key?: string; direction?: string } | null | undefined;
      const query = listQuery<'projects'>(
        { ...request, sort_by: sortBy?.key ? sortBy : { key: 'id', direction: 'ASCENDING' } },
        PROJECT_FIELDS,
      );
      const page = await withPageToken(() => repo.listProjects(pageOf(request), query));
      return { projects: page.rows.map(projectMessage), token: page.token };
    },

    async GetDomains() {
      return { domains: DOMAINS.map((d) => ({ id: d, name: d })) };
    },

    async CreateTask(request) {
      const key = entityKey(request.id as IdentifierOut);
      const spec = minimalMessage<TaskSpecOut>('orch.admin.TaskSpec', request.spec);
      const template = fullMessage<TaskTemplateOut>('orch.core.TaskTemplate', spec.template);
      const problems = checkTaskTemplate(template, blobs);
      if (problems.length)
        throw invalidArgument(`${describe('tasks', key)} is invalid: ${problems.join('; ')}`);
      template.id = { ...identifier('tasks', key), org: '' } as IdentifierOut;
      await createEntity('tasks', key, spec, {
        compiled_task: { template: minimalMessage('orch.core.TaskTemplate', template) },
      });
      return {};
    },
    async GetTask(request) {
      return taskMessage(await loadEntity('tasks', request.id as IdentifierOut));
    },
    async ListTasks(request) {
      const scope = listScope(request);
      const query = listQuery<EntityKind>(request, ENTITY_FIELDS);
      const page = await withPageToken(() => repo.listEntities('tasks', scope, pageOf(request), query));
      return { tasks: page.rows.map(taskMessage), token: page.token };
    },

    async CreateWorkflow(request) {
      const key = entityKey(request.id as IdentifierOut);
      const spec = minimalMessage<WorkflowSpecOut>('orch.admin.WorkflowSpec', request.spec);
      const template = fullMessage<WorkflowSpecOut>('orch.admin.WorkflowSpec', spec).template;
      if (!template) throw invalidArgument(`${describe('workflows', key)} has no template`);
      template.id = { ...identifier('workflows', key), org: '' } as IdentifierOut;
      const tasks = new Map<string, TaskTemplateOut>();
      for (const node of template.nodes) {
        const ref = node.task_node?.reference_id;
        if (!ref?.name || !ref.version) continue;
        const row = await repo.getEntity('tasks', {
          project: ref.project || key.project,
          domain: ref.domain || key.domain,
          name: ref.name,
          version: ref.version,
        });
        if (row) {
          const compiled = JSON.parse(row.closure) as { compiled_task: { template: unknown } };
          tasks.set(node.id, fullMessage('orch.core.TaskTemplate', compiled.compiled_task.template));
        }
      }
      const closure = compileWorkflow(template, (nodeId) => tasks.get(nodeId));
      await createEntity('workflows', key, spec, {
        compiled_workflow: minimalMessage('orch.core.CompiledWorkflowClosure', closure),
      });
      return {};
    },
    async GetWorkflow(request) {
      return workflowMessage(await loadEntity('workflows', request.id as IdentifierOut));
    },
    async ListWorkflows(request) {
      const scope = listScope(request);
      const query = listQuery<EntityKind>(request, ENTITY_FIELDS);
      const page = await withPageToken(() => repo.listEntities('workflows', scope, pageOf(request), query));
      return { workflows: page.rows.map(workflowMessage), token: page.token };
    },

    async CreateLaunchPlan(request) {
      const key = entityKey(request.id as IdentifierOut);
      const spec = fullMessage<LaunchPlanSpecOut>('orch.admin.LaunchPlanSpec', request.spec);
      const workflowKey = entityKey(
        spec.workflow_id
          ? {
              ...spec.workflow_id,
              project: spec.workflow_id.project || key.project,
              domain: spec.workflow_id.domain || key.domain,
            }
          : null,
      );
      const workflowRow = await repo.getEntity('workflows', workflowKey);
      if (!workflowRow)
        throw invalidArgument(
          `launch plan ${key.name}: ${describe('workflows', workflowKey)} does not exist`,
        );
      const compiled = JSON.parse(workflowRow.closure) as { compiled_workflow: CompiledWorkflowClosureOut };
      const iface = fullMessage<CompiledWorkflowClosureOut>(
        'orch.core.CompiledWorkflowClosure',
        compiled.compiled_workflow,
      ).primary?.template?.interface;
      const inputs = iface?.inputs?.variables ?? {};
      const fixed = spec.fixed_inputs?.literals ?? {};
      const defaults = spec.default_inputs?.parameters ?? {};
      const problems: string[] = [];
      for (const name of [...Object.keys(fixed), ...Object.keys(defaults)]) {
        if (!inputs[name]) problems.push(`"${name}" is not an input of the workflow`);
      }
      for (const name of Object.keys(fixed)) {
        if (defaults[name]) problems.push(`"${name}" is both fixed and defaulted`);
      }
      const literals: [string, LiteralOut | null | undefined][] = [
        ...Object.entries(fixed),
        ...Object.entries(defaults).map(
          ([name, p]) => [name, p.default] as [string, LiteralOut | null | undefined],
        ),
      ];
      for (const [name, literal] of literals) {
        if (literalDepth(literal) > MAX_NESTING_DEPTH)
          problems.push(`"${name}" nests lists and maps deeper than ${MAX_NESTING_DEPTH} levels`);
      }
      if (problems.length)
        throw invalidArgument(`launch plan ${key.name} is invalid: ${problems.join('; ')}`);
      const expected: Record<string, unknown> = {};
      for (const [name, variable] of Object.entries(inputs)) {
        if (fixed[name]) continue;
        const given = defaults[name];
        if (given?.default) expected[name] = { var: variable, default: given.default };
        else expected[name] = { var: variable, required: !variable.type?.optional };
      }
      await createEntity(
        'launch_plans',
        key,
        { ...spec, workflow_id: identifier('workflows', workflowKey) },
        {
          expected_inputs: { parameters: expected },
          expected_outputs: iface?.outputs ?? { variables: {} },
        },
        { workflow_name: workflowKey.name, workflow_version: workflowKey.version, state: 0 },
      );
      return {};
    },
    async GetLaunchPlan(request) {
      const row = await loadEntity('launch_plans', request.id as IdentifierOut);
      return launchPlanMessage(row as typeof row & { state: number });
    },
    async ListLaunchPlans(request) {
      const scope = listScope(request);
      const query = listQuery<EntityKind>(request, LAUNCH_PLAN_FIELDS);
      const page = await withPageToken(() =>
        repo.listEntities('launch_plans', scope, pageOf(request), query),
      );
      return {
        launch_plans: page.rows.map((r) => launchPlanMessage(r as typeof r & { state: number })),
        token: page.token,
      };
    },

    async CreateExecution(request, context) {
      const req = request as unknown as ExecutionCreateRequestOut;
      await requireProject(req.project, req.domain);
      let name = req.name;
      if (name) {
        if (!NAME_PATTERN.test(name) || name.length > 63) {
          throw invalidArgument(
            `execution name "${name}" must match ${NAME_PATTERN.source} and be at most 63 characters`,
          );
        }
      } else {
        name = generateExecutionName();
      }
      const lpId = req.spec?.launch_plan;
      const lpKey = entityKey(
        lpId ? { ...lpId, project: lpId.project || req.project, domain: lpId.domain || req.domain } : null,
      );
      const lp = await launchPlanForLaunch(lpKey);
      const inputs = resolveInputs(lpKey.name, lp.expected, lp.fixed, req.inputs?.literals ?? {});
      const lpRow = lp.row;
      const created = now();
      const inputsKey = `executions/${req.project}/${req.domain}/${name}.inputs.json`;
      // Small inputs live in the row; large ones in the blob store (storage/execution-data.ts).
      const inputsJson = JSON.stringify(minimalMessage('orch.core.LiteralMap', { literals: inputs }));
      const inline = Buffer.byteLength(inputsJson) <= INLINE_INPUTS_LIMIT;
      const spec = minimalMessage('orch.admin.ExecutionSpec', {
        launch_plan: identifier('launch_plans', lpKey),
        // The principal is who the server authenticated, never what the request claims.
        metadata: {
          ...(req.spec?.metadata ?? { mode: 'MANUAL' }),
          principal: context?.identity?.subject ?? req.spec?.metadata?.principal ?? '',
        },
      });
      let id: number;
      try {
        id = await repo.insertExecution({
          project: req.project,
          domain: req.domain,
          name,
          launch_plan_name: lpKey.name,
          launch_plan_version: lpKey.version,
          workflow_name: lpRow.workflow_name,
          workflow_version: lpRow.workflow_version,
          phase: 'QUEUED',
          spec: JSON.stringify(spec),
          inputs_key: inline ? '' : inputsKey,
          inputs_inline: inline ? inputsJson : null,
          outputs_key: null,
          error: null,
          created_at: created,
          updated_at: created,
          started_at: null,
          duration_ms: null,
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw alreadyExists(`execution ${req.project}/${req.domain}/${name} already exists`);
        throw error;
      }
      // Large inputs are written after the row: a unique name is claimed first, so a lost race never
      // overwrites another execution's inputs. The executor starts only once the inputs are stored.
      if (!inline) {
        try {
          await blobs.put(inputsKey, inputsJson);
        } catch (error) {
          await repo.deleteExecution(id);
          throw error;
        }
      }
      executor.submit(id);
      return { id: { project: req.project, domain: req.domain, name } };
    },

    async GetExecution(request) {
      return executionMessage(await loadExecution(request.id as WorkflowExecutionIdentifierOut));
    },
    async ListExecutions(request) {
      const scope = listScope(request);
      const query = listQuery<'executions'>(request, EXECUTION_FIELDS);
      const page = await withPageToken(() => repo.listExecutions(scope, pageOf(request), query));
      return { executions: await Promise.all(page.rows.map(executionMessage)), token: page.token };
    },
    async GetExecutionData(request) {
      const row = await loadExecution(request.id as WorkflowExecutionIdentifierOut);
      return {
        full_inputs: await readInputs(blobs, row),
        full_outputs: (await readLiterals(row.outputs_key)) ?? { literals: {} },
      };
    },

    async UpdateProject(request) {
      const project = request as {
        id?: string;
        name?: string;
        description?: string;
        labels?: object;
        state?: string | number;
      };
      const id = requireText(project.id, 'id');
      const state = PROJECT_STATES[String(project.state ?? 'ACTIVE')];
      if (state === undefined)
        throw invalidArgument(`state ${String(project.state)} is not one of ACTIVE, ARCHIVED`);
      const updated = await repo.updateProject(id, {
        ...projectTexts({ ...project, id }, ''),
        state,
      });
      if (!updated) throw notFound(`project "${id}" does not exist`);
      return {};
    },

    async ListTaskIds(request) {
      return entityIds('tasks', request);
    },
    async ListWorkflowIds(request) {
      return entityIds('workflows', request);
    },
    async ListLaunchPlanIds(request) {
      return entityIds('launch_plans', request);
    },

    async UpdateLaunchPlan(request) {
      const key = entityKey(request.id as IdentifierOut);
      const state = request.state === 'ACTIVE' || request.state === 1 ? 1 : 0;
      if (!(await repo.setLaunchPlanState(key, state)))
        throw notFound(`${describe('launch_plans', key)} does not exist`);
      return {};
    },
    async GetActiveLaunchPlan(request) {
      const id = (request.id ?? {}) as { project?: string; domain?: string; name?: string };
      const scope = {
        project: requireText(id.project, 'id.project'),
        domain: requireDomain(id.domain, 'id.domain'),
        name: requireText(id.name, 'id.name'),
      };
      const row = await repo.getActiveLaunchPlan(scope);
      if (!row)
        throw notFound(`launch plan ${scope.project}/${scope.domain}/${scope.name} has no active version`);
      return launchPlanMessage(row);
    },

    async TerminateExecution(request) {
      const row = await loadExecution(request.id as WorkflowExecutionIdentifierOut);
      if (TERMINAL_PHASES.has(row.phase as ExecutionPhase)) {
        throw failedPrecondition(`execution ${row.name} already ended ${row.phase}`);
      }
      const cause =
        typeof request.cause === 'string' && request.cause ? request.cause : 'terminated by request';
      if (cause.length > MAX_CAUSE_LENGTH)
        throw invalidArgument(
          `cause is ${cause.length} characters long; at most ${MAX_CAUSE_LENGTH} are allowed`,
        );
      if (!(await executor.abort(row.id, cause))) {
        const now = await repo.getExecutionById(row.id);
        throw failedPrecondition(`execution ${row.name} already ended ${now?.phase ?? ''}`);
      }
      return {};
    },

    async RelaunchExecution(request, context) {
      const row = await loadExecution(request.id as WorkflowExecutionIdentifierOut);
      const lpRow = await repo.getEntity('launch_plans', {
        project: row.project,
        domain: row.domain,
        name: row.launch_plan_name,
        version: row.launch_plan_version,
      });
      if (!lpRow) throw failedPrecondition(`the launch plan of execution ${row.name} no longer exists`);
      const fixed = fullMessage<LaunchPlanSpecOut>(
        'orch.admin.LaunchPlanSpec',
        JSON.parse(lpRow.spec),
      ).fixed_inputs;
      const inputs = (await readInputs(blobs, row)).literals ?? {};
      for (const name of Object.keys(fixed?.literals ?? {})) delete inputs[name];
      return handlers.CreateExecution?.(
        {
          project: row.project,
          domain: row.domain,
          name: typeof request.name === 'string' ? request.name : '',
          spec: {
            launch_plan: identifier('launch_plans', {
              project: row.project,
              domain: row.domain,
              name: row.launch_plan_name,
              version: row.launch_plan_version,
            }),
            metadata: { mode: 'RELAUNCH', principal: '' },
          },
          inputs: { literals: inputs },
        },
        context,
      ) as Promise<object>;
    },

    async ListNodeExecutions(request) {
      const row = await loadExecution(request.workflow_execution_id as WorkflowExecutionIdentifierOut);
      const page = await withPageToken(() => repo.listNodeExecutions(row.id, pageOf(request)));
      const attemptsOf = new Map<string, Awaited<ReturnType<Repository['listTaskAttempts']>>>();
      for (const attempt of await repo.listTaskAttempts(row.id)) {
        const list = attemptsOf.get(attempt.node_id);
        if (list) list.push(attempt);
        else attemptsOf.set(attempt.node_id, [attempt]);
      }
      return {
        node_executions: page.rows.map((node) =>
          nodeExecutionMessage(row, node, attemptsOf.get(node.node_id) ?? []),
        ),
        token: page.token,
      };
    },
    async GetNodeExecutionData(request) {
      const id = (request.id ?? {}) as { node_id?: string; execution_id?: WorkflowExecutionIdentifierOut };
      const row = await loadExecution(id.execution_id ?? null);
      const nodeId = requireText(id.node_id, 'id.node_id');
      const node = await repo.getNodeExecution(row.id, nodeId);
      if (!node) throw notFound(`execution ${row.name} has no node ${nodeId}`);
      return {
        inputs: (await readLiterals(node.inputs_key)) ?? { literals: {} },
        outputs: (await readLiterals(node.outputs_key)) ?? { literals: {} },
      };
    },

    async GetVersion() {
      return { control_plane_version: { version: ORCH_VERSION, build: '', build_time: '' } };
    },
  };
  return handlers;
}

interface Parameter {
  var: { type: unknown };
  default?: LiteralOut;
  required?: boolean;
}

function projectMessage(row: {
  id: string;
  name: string;
  description: string;
  labels: string;
  state: number;
}) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    labels: JSON.parse(row.labels),
    state: row.state,
    domains: DOMAINS.map((d) => ({ id: d, name: d })),
  };
}

/**
 * Problems of a task template: an empty command, untyped interface variables, a
 * `container.code_bundle` that is not a native URL this server's store can read (right scheme, a
 * container of this server, a well-formed key; existence is checked when the task runs), and
 * `container.limits` that are not positive CPU and memory quantities.
 */
function checkTaskTemplate(template: TaskTemplateOut, blobs: BlobStore): string[] {
  const problems: string[] = [];
  if (!template.container?.command.length) problems.push('container.command is empty');
  const bundle = template.container?.code_bundle;
  if (bundle) {
    try {
      blobs.locate(bundle);
    } catch (error) {
      if (!(error instanceof NativeUrlError)) throw error;
      problems.push(`container.code_bundle: ${error.message}`);
    }
  }
  const limits = template.container?.limits;
  if (limits?.cpu && !cpuMillis(limits.cpu)) {
    problems.push(`container.limits.cpu "${limits.cpu}" is not a positive CPU quantity such as 1 or 500m`);
  }
  if (limits?.mem) {
    try {
      if (parseQuantity(limits.mem) === 0) problems.push('container.limits.mem must be more than 0');
    } catch (error) {
      if (!(error instanceof QuantitySyntaxError)) throw error;
      problems.push(`container.limits.mem "${limits.mem}" is not a memory size such as 256Mi`);
    }
  }
  for (const side of ['inputs', 'outputs'] as const) {
    for (const [name, variable] of Object.entries(template.interface?.[side]?.variables ?? {})) {
      if (!variable.type) problems.push(`interface.${side}.${name} has no type`);
    }
  }
  return problems;
}

/**
 * The inputs an execution runs with: fixed inputs, then given values, then defaults. Every problem
 * (unknown input, overriding a fixed input, missing required input, wrong type) is reported at once.
 * @throws ServiceError InvalidArgument.
 */
function resolveInputs(
  launchPlan: string,
  expected: Record<string, Parameter>,
  fixed: Record<string, LiteralOut>,
  given: Record<string, LiteralOut>,
): Record<string, LiteralOut> {
  const problems: string[] = [];
  const result: Record<string, LiteralOut> = { ...fixed };
  for (const [name, value] of Object.entries(given)) {
    if (fixed[name]) problems.push(`input "${name}" is fixed by the launch plan and cannot be overridden`);
    else if (!expected[name]) problems.push(`unknown input "${name}"`);
    else if (literalDepth(value) > MAX_NESTING_DEPTH)
      problems.push(`input "${name}" nests lists and maps deeper than ${MAX_NESTING_DEPTH} levels`);
    else {
      const type = fullMessage<LiteralTypeOut>('orch.core.LiteralType', expected[name].var.type);
      const mismatch = literalTypeMismatch(value, type);
      if (mismatch) problems.push(`input "${name}": ${mismatch}`);
      result[name] = value;
    }
  }
  for (const [name, parameter] of Object.entries(expected)) {
    if (name in result) continue;
    if (parameter.default) result[name] = parameter.default;
    else if (parameter.required) problems.push(`missing required input "${name}"`);
  }
  if (problems.length) throw invalidArgument(`launch plan ${launchPlan}: ${problems.join('; ')}`);
  return result;
}

/** Why `literal` does not fit `type` (by converting it through JSON against the type), or '' when it does. */
function literalTypeMismatch(literal: LiteralOut, type: LiteralTypeOut): string {
  try {
    literalFromJson(literalToJson(literal), type);
    return '';
  } catch (error) {
    if (error instanceof LiteralValueError) return error.message;
    throw error;
  }
}
