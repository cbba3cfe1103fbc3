import type { AdminServiceHandlers } from '../../api/generated/orch/service/v1/AdminService.js';
import type { MessageIn, MessageName } from '../../api/proto.js';
import type { LiteralMapOut } from '../../api/types.js';
import { isUniqueViolation } from '../db/connect.js';
import type { FieldSpec } from '../db/filters.js';
import type { EntityKey, EntityKind, Repository } from '../db/repository.js';
import { alreadyExists, invalidArgument, notFound } from '../errors.js';
import type { Executor } from '../executor/executor.js';
import type { BlobStore } from '../storage/blob-store.js';
import { readLiteralMap } from '../storage/execution-data.js';
import type { UnaryHandlers } from './handler.js';
import { canonicalMessage, differingPaths } from './messages.js';
import {
  type ListFields,
  listQuery,
  type PageFields,
  pageOf,
  requireDomain,
  requireText,
  timestamp,
  withPageToken,
} from './requests.js';
import { storedMessage } from './stored.js';

/** What the admin service needs; built by `createServer`. */
export interface AdminServiceDeps {
  repo: Repository;
  blobs: BlobStore;
  executor: Executor;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

/** The unary handlers of `orch.service.v1.AdminService`, typed from `proto/orch/service/v1/admin.proto`. */
export type AdminHandlers = UnaryHandlers<AdminServiceHandlers>;

/** What the AdminService's handlers of every resource share: their dependencies and caches. */
export interface AdminContext {
  repo: Repository;
  blobs: BlobStore;
  executor: Executor;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Projects known to exist: they are never deleted, so a positive answer can be remembered. */
  knownProjects: Set<string>;
}

/** The context of one AdminService instance. */
export function adminContext(deps: AdminServiceDeps): AdminContext {
  return {
    repo: deps.repo,
    blobs: deps.blobs,
    executor: deps.executor,
    now: deps.now ?? Date.now,
    knownProjects: new Set(),
  };
}

const ENTITY_KINDS = {
  tasks: { label: 'task', specType: 'orch.admin.v1.TaskSpec', resourceType: 'TASK' },
  workflows: { label: 'workflow', specType: 'orch.admin.v1.WorkflowSpec', resourceType: 'WORKFLOW' },
  launch_plans: {
    label: 'launch plan',
    specType: 'orch.admin.v1.LaunchPlanSpec',
    resourceType: 'LAUNCH_PLAN',
  },
} as const satisfies Record<EntityKind, { label: string; specType: string; resourceType: string }>;

/** Filterable and sortable fields of tasks, workflows and launch plans. */
export const ENTITY_FIELDS: Readonly<Record<string, FieldSpec>> = {
  name: { column: 'name', kind: 'text', sortable: true },
  version: { column: 'version', kind: 'text' },
  created_at: { column: 'created_at', kind: 'time', sortable: true },
};

/** The id of an execution: project, domain and name. */
export interface ExecutionKey {
  project: string;
  domain: string;
  name: string;
}

/** The parts of an Identifier that name an entity version (a request's may be missing or blank). */
export interface EntityIdFields {
  project?: string;
  domain?: string;
  name?: string;
  version?: string;
}

/**
 * Checks that a project exists and that a domain is one of every project's.
 * @throws ServiceError InvalidArgument for a bad project or domain, NotFound for an unknown project.
 */
export async function requireProject(ctx: AdminContext, project: unknown, domain: unknown): Promise<void> {
  const id = requireText(project, 'project');
  requireDomain(domain);
  if (ctx.knownProjects.has(id)) return;
  if (!(await ctx.repo.getProject(id))) throw notFound(`project "${id}" does not exist`);
  ctx.knownProjects.add(id);
}

/** The key of a task, workflow or launch plan version. @throws ServiceError InvalidArgument naming the part. */
export function entityKey(id: EntityIdFields | null | undefined): EntityKey {
  if (!id) throw invalidArgument('missing id');
  return {
    project: requireText(id.project, 'id.project'),
    domain: requireDomain(id.domain, 'id.domain'),
    name: requireText(id.name, 'id.name'),
    version: requireText(id.version, 'id.version'),
  };
}

/** `task p/d/n version v`, for messages. */
export const describe = (kind: EntityKind, key: EntityKey) =>
  `${ENTITY_KINDS[kind].label} ${key.project}/${key.domain}/${key.name} version ${key.version}`;

/** The Identifier message of an entity version. */
export const identifier = <Kind extends EntityKind>(kind: Kind, row: EntityKey) => ({
  resource_type: ENTITY_KINDS[kind].resourceType,
  project: row.project,
  domain: row.domain,
  name: row.name,
  version: row.version,
});

/**
 * Stores a new entity version: identical spec → AlreadyExists, different spec → InvalidArgument
 * naming the differing fields (DESIGN.md, "Semantics"). `closure` is stored as its JSON.
 */
export async function createEntity(
  ctx: AdminContext,
  kind: EntityKind,
  key: EntityKey,
  spec: unknown,
  closure: object,
  extra: { workflow_name?: string; workflow_version?: string; state?: number } = {},
): Promise<void> {
  const { repo } = ctx;
  await requireProject(ctx, key.project, key.domain);
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
      created_at: ctx.now(),
      ...extra,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await repo.getEntity(kind, key);
    if (winner) await conflict(winner);
    throw error;
  }
}

/** The row of an entity version. @throws ServiceError InvalidArgument for a bad id, NotFound. */
export async function loadEntity(ctx: AdminContext, kind: EntityKind, id: EntityIdFields | null) {
  const key = entityKey(id);
  const row = await ctx.repo.getEntity(kind, key);
  if (!row) throw notFound(`${describe(kind, key)} does not exist`);
  return row;
}

/** The project, domain and (optional) name a list of entities or executions is scoped to. */
export function listScope(request: { id: { project?: string; domain?: string; name?: string } | null }): {
  project: string;
  domain: string;
  name: string | undefined;
} {
  const id = request.id ?? {};
  return {
    project: requireText(id.project, 'id.project'),
    domain: requireDomain(id.domain, 'id.domain'),
    name: id.name || undefined,
  };
}

/** A page of the distinct names of one kind of entity (ListTaskIds and its kin). */
export async function entityIds(
  ctx: AdminContext,
  kind: EntityKind,
  request: { project: string; domain: string } & PageFields,
) {
  const scope = { project: requireText(request.project, 'project'), domain: requireDomain(request.domain) };
  const page = await withPageToken(() => ctx.repo.listEntityNames(kind, scope, pageOf(request)));
  return { entities: page.names.map((name) => ({ ...scope, name, org: '' })), token: page.token };
}

/** An entity version's row as the repository returns it. */
export type EntityRow = NonNullable<Awaited<ReturnType<Repository['getEntity']>>>;

/** The request of a Get call on an entity version (GetTask and its kin). */
interface GetEntityRequest {
  id: EntityIdFields | null;
}

/** The request of a List call on entity versions (ListTasks and its kin). */
type ListEntitiesRequest = Parameters<typeof listScope>[0] & PageFields & ListFields;

/**
 * The read handlers every kind of entity has, each turning rows into messages with `message`:
 * `get` (one version, @throws ServiceError InvalidArgument for a bad id, NotFound), `list` (a page of
 * versions in a project and domain, filtered and sorted by `fields`, answered as `listOf` makes the
 * kind's List message of the messages and the next page's `token`) and `ids` (a page of the
 * distinct names).
 */
export function entityReaders<Message, List>(
  ctx: AdminContext,
  kind: EntityKind,
  message: (row: EntityRow) => Message,
  listOf: (messages: Message[], token: string) => List,
  fields: Readonly<Record<string, FieldSpec>> = ENTITY_FIELDS,
) {
  return {
    get: async (request: GetEntityRequest) => message(await loadEntity(ctx, kind, request.id)),
    list: async (request: ListEntitiesRequest) => {
      const scope = listScope(request);
      const query = listQuery<EntityKind>(request, fields);
      const page = await withPageToken(() => ctx.repo.listEntities(kind, scope, pageOf(request), query));
      return listOf(page.rows.map(message), page.token);
    },
    ids: (request: Parameters<typeof entityIds>[2]) => entityIds(ctx, kind, request),
  };
}

/**
 * The message of a task or workflow row: its Identifier, and its stored closure (a `closureType`
 * message, column `<kind>.closure`) with the row's `created_at`.
 * @throws Error when the stored closure is not JSON of an object.
 */
export function closedEntityMessage<N extends MessageName>(
  kind: EntityKind,
  closureType: N,
): (row: EntityRow) => {
  id: ReturnType<typeof identifier>;
  closure: MessageIn<N> & { created_at: ReturnType<typeof timestamp> };
} {
  return (row) => ({
    id: identifier(kind, row),
    closure: Object.assign({}, storedMessage(closureType, row.closure, `${kind}.closure`), {
      created_at: timestamp(row.created_at),
    }),
  });
}

/** The LiteralMap stored under `key`, or undefined without one. */
export async function readLiterals(
  ctx: AdminContext,
  key: string | null,
): Promise<LiteralMapOut | undefined> {
  if (!key) return undefined;
  return readLiteralMap(ctx.blobs, key);
}

/** An execution's row. */
export type ExecutionRow = NonNullable<Awaited<ReturnType<Repository['getExecution']>>>;

/** The row of an execution. @throws ServiceError InvalidArgument for a bad id, NotFound. */
export async function loadExecution(
  ctx: AdminContext,
  id: Partial<ExecutionKey> | null | undefined,
): Promise<ExecutionRow> {
  if (!id) throw invalidArgument('missing id');
  const key: ExecutionKey = {
    project: requireText(id.project, 'id.project'),
    domain: requireDomain(id.domain, 'id.domain'),
    name: requireText(id.name, 'id.name'),
  };
  const row = await ctx.repo.getExecution(key);
  if (!row) throw notFound(`execution ${key.project}/${key.domain}/${key.name} does not exist`);
  return row;
}
