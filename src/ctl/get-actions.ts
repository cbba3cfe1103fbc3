import type {
  ExecutionOut,
  Identifier,
  LaunchPlanOut,
  ProjectOut,
  ResourceListRequest,
  TaskOut,
  WorkflowOut,
} from '../api/types.js';
import { ORCH_VERSION } from '../api/version.js';
import type { AdminClient } from '../client/admin-client.js';
import { NotFoundError } from '../client/errors.js';
import { createAdminClient } from '../client/from-config.js';
import { explainNotFound, type NamedKind } from '../client/not-found.js';
import type { CliIO } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { targetOf } from '../config/target.js';
import {
  EXECUTION_COLUMNS,
  LAUNCH_PLAN_COLUMNS,
  PROJECT_COLUMNS,
  TASK_COLUMNS,
  type TableColumns,
  WORKFLOW_COLUMNS,
} from './columns.js';
import { dotUrl, workflowDot } from './dot.js';
import { ResourceNotFoundError } from './errors.js';
import { type ListOptions, listOptionsOf, type VersionSelection, versionSelectionOf } from './get-options.js';
import {
  colorEnabled,
  formatMessages,
  formatTable,
  type OutputFormat,
  parseOutputFormat,
} from './printers.js';

/**
 * The actions of `orchctl get <resource>`: read the options, fetch through the admin client, print in
 * the `-o` format. Loaded on use (it brings in gRPC and protobuf), so `--help` stays fast.
 */

/** The resources `orchctl get` fetches (spec, "What the service does", item 1). */
export type ResourceKind = 'project' | 'task' | 'workflow' | 'launchplan' | 'execution';

/** What `orchctl get <kind> [name]` was given besides the registry flags. */
export interface GetCommand {
  kind: ResourceKind;
  /** The positional name (project id, entity name or execution name). */
  name?: string;
  /** The command-local option values, keyed by long name (`filter.limit`, `version`, ...). */
  options: Record<string, unknown>;
}

type Scope = { project: string; domain: string; org: string };
type Page<T> = { items: T[]; token: string };

/**
 * The admin client of `orchctl`, built from the `--admin.*` flags; warnings go to stderr.
 * @throws ConfigError when no endpoint is configured (exit 2).
 */
export function orchctlClient(config: Config, io: CliIO): AdminClient {
  return createAdminClient(config, 'admin', {
    clientName: `orchctl/${ORCH_VERSION}`,
    warn: (message) => io.stderr.write(`warning: ${message}\n`),
    notify: (message) => io.stderr.write(`${message}\n`),
    env: io.env,
    home: io.home,
  });
}

/**
 * The project and domain every resource but projects lives in: `-p`, `-d`, their `ORCHCTL_*`
 * variables or the config file, else `default` and `development`, the same resolution as `orch run`
 * ({@link targetOf}).
 */
export function scopeOf(config: Config): Scope {
  return { ...targetOf(config), org: config.org ?? '' };
}

/**
 * Fetches the page `options.page` (following the opaque token page-1 times), or with `options.all`
 * every page, of a keyset-paginated list.
 */
export async function fetchPages<T>(
  fetchPage: (token: string) => Promise<Page<T>>,
  options: Pick<ListOptions, 'page' | 'all'>,
): Promise<T[]> {
  let token = '';
  for (let page = 1; page < options.page; page++) {
    const skipped = await fetchPage(token);
    if (!skipped.token) return [];
    token = skipped.token;
  }
  const items: T[] = [];
  do {
    const page = await fetchPage(token);
    items.push(...page.items);
    token = page.token;
  } while (options.all && token);
  return items;
}

/** What every versioned entity (task, workflow, launch plan) has: an id with its version. */
interface Versioned {
  id?: { version?: string } | null;
}

/** The parts of a versioned entity kind (task, workflow, launch plan) that differ. */
interface EntityKind<T extends Versioned> {
  label: Exclude<NamedKind, 'execution'>;
  typeName: string;
  columns: TableColumns<T>;
  /** The graph of one item (`-o DOT`, `-o DOTURL`), for the kinds that have one (workflows). */
  dot?: (item: T) => string;
  get(client: AdminClient, id: Identifier): Promise<T>;
  list(client: AdminClient, request: ResourceListRequest): Promise<Page<T>>;
}

const TASKS: EntityKind<TaskOut> = {
  label: 'task',
  typeName: 'orch.admin.v1.Task',
  columns: TASK_COLUMNS,
  get: (client, id) => client.getTask(id),
  list: (client, request) => client.listTasks(request).then(({ tasks, token }) => ({ items: tasks, token })),
};
const WORKFLOWS: EntityKind<WorkflowOut> = {
  label: 'workflow',
  typeName: 'orch.admin.v1.Workflow',
  columns: WORKFLOW_COLUMNS,
  dot: workflowDot,
  get: (client, id) => client.getWorkflow(id),
  list: (client, request) =>
    client.listWorkflows(request).then(({ workflows, token }) => ({ items: workflows, token })),
};
const LAUNCH_PLANS: EntityKind<LaunchPlanOut> = {
  label: 'launch plan',
  typeName: 'orch.admin.v1.LaunchPlan',
  columns: LAUNCH_PLAN_COLUMNS,
  get: (client, id) => client.getLaunchPlan(id),
  list: (client, request) =>
    client.listLaunchPlans(request).then(({ launch_plans, token }) => ({ items: launch_plans, token })),
};

const sortOf = (options: Pick<ListOptions, 'sortBy' | 'asc'>) => ({
  key: options.sortBy,
  direction: options.asc ? ('ASCENDING' as const) : ('DESCENDING' as const),
});

/** What a get prints: the items, and whether they are a list (JSON array) or one item (JSON object). */
interface Fetched<T> {
  items: T[];
  many: boolean;
}

async function fetchEntities<T extends Versioned>(
  kind: EntityKind<T>,
  client: AdminClient,
  scope: Scope,
  name: string | undefined,
  selection: VersionSelection,
  list: ListOptions,
): Promise<Fetched<T>> {
  const resource = kind.label.replace(' ', '');
  const listAll = `List the ${kind.label}s with: orchctl get ${resource} -p ${scope.project} -d ${scope.domain}`;
  const getVersion = async (entityName: string, version: string): Promise<T> => {
    try {
      return await kind.get(client, {
        project: scope.project,
        domain: scope.domain,
        name: entityName,
        version,
        org: scope.org,
      });
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      const explained = await explainNotFound(
        client,
        { kind: kind.label, project: scope.project, domain: scope.domain, name: entityName, version },
        { cause: error },
      );
      const hint = !explained.nameExists
        ? listAll
        : `List its versions with: orchctl get ${resource} ${entityName} -p ${scope.project} -d ${scope.domain}`;
      throw new ResourceNotFoundError(explained.message, hint, { cause: error });
    }
  };
  /** The error for `name`, which has no version at all: not found, with the closest names. */
  const unknownName = async (entityName: string) =>
    new ResourceNotFoundError(
      (
        await explainNotFound(client, {
          kind: kind.label,
          project: scope.project,
          domain: scope.domain,
          name: entityName,
        })
      ).message,
      listAll,
    );
  if (name && selection.version) return { items: [await getVersion(name, selection.version)], many: false };
  const id = { project: scope.project, domain: scope.domain, name: name ?? '', org: scope.org };
  if (name && selection.latest) {
    // Newest by created_at whatever the --filter.sortBy/--filter.asc given; the field selector still applies.
    const page = await kind.list(client, {
      id,
      limit: 1,
      filters: list.filters,
      sort_by: { key: 'created_at', direction: 'DESCENDING' },
    });
    const newest = page.items[0];
    if (!newest?.id?.version) {
      const exists = list.filters && (await kind.list(client, { id, limit: 1 })).items.length > 0;
      if (!exists) throw await unknownName(name);
      throw new ResourceNotFoundError(
        `no version of ${kind.label} ${JSON.stringify(name)} in ${scope.project}/${scope.domain} matches ${list.filters}`,
        `List its versions with: orchctl get ${resource} ${name} -p ${scope.project} -d ${scope.domain}`,
      );
    }
    return { items: [await getVersion(name, newest.id.version)], many: false };
  }
  const items = await fetchPages(
    (token) =>
      kind.list(client, { id, limit: list.limit, token, filters: list.filters, sort_by: sortOf(list) }),
    list,
  );
  if (name && items.length === 0) {
    // No version: the name does not exist, unless only the filters or the page left nothing of it.
    const exists = (await kind.list(client, { id, limit: 1 })).items.length > 0;
    if (!exists) throw await unknownName(name);
  }
  return { items, many: true };
}

async function fetchExecutions(
  client: AdminClient,
  scope: Scope,
  name: string | undefined,
  list: ListOptions,
): Promise<Fetched<ExecutionOut>> {
  if (name) {
    try {
      return { items: [await client.getExecution({ ...scope, name })], many: false };
    } catch (error) {
      if (error instanceof NotFoundError) {
        const explained = await explainNotFound(
          client,
          { kind: 'execution', project: scope.project, domain: scope.domain, name },
          { cause: error },
        );
        throw new ResourceNotFoundError(
          explained.message,
          `List the newest executions with: orchctl get execution -p ${scope.project} -d ${scope.domain}`,
          { cause: error },
        );
      }
      throw error;
    }
  }
  const id = { project: scope.project, domain: scope.domain, name: '', org: scope.org };
  const items = await fetchPages(async (token) => {
    const page = await client.listExecutions({
      id,
      limit: list.limit,
      token,
      filters: list.filters,
      sort_by: sortOf(list),
    });
    return { items: page.executions, token: page.token };
  }, list);
  return { items, many: true };
}

/** Fields projects may be sorted by (on the client: the admin returns every project in one answer). */
const PROJECT_SORT_KEYS = ['id', 'name', 'description', 'state'] as const;

async function fetchProjects(
  client: AdminClient,
  name: string | undefined,
  list: ListOptions,
): Promise<Fetched<ProjectOut>> {
  if (name) {
    try {
      return { items: [await client.getProject(name)], many: false };
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new ResourceNotFoundError(
          `project ${name} not found`,
          'List the projects with: orchctl get project',
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  }
  const given = list.sortGiven ? list.sortBy : undefined;
  const key = PROJECT_SORT_KEYS.find((known) => known === given);
  if (given && !key) {
    throw new ConfigError(
      `projects can be sorted by ${PROJECT_SORT_KEYS.join(', ')}, not ${JSON.stringify(given)}`,
      '--filter.sortBy',
    );
  }
  // Every page the admin gives, then order and page on the client, so --filter.* mean the same here.
  const all = await fetchPages(
    async (token) => {
      const page = await client.listProjects({ limit: list.limit, token, filters: list.filters });
      return { items: page.projects, token: page.token };
    },
    { page: 1, all: true },
  );
  if (key) {
    const text = (p: ProjectOut) => String(p[key] ?? '');
    all.sort((a, b) => {
      const order = text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;
      return list.asc ? order : -order;
    });
  }
  const items = list.all ? all : all.slice((list.page - 1) * list.limit, list.page * list.limit);
  return { items, many: true };
}

/**
 * Prints what was fetched in `format`.
 * @param dot the graph of one item, for `-o DOT` and `-o DOTURL` (which `parseOutputFormat` allows
 *   for workflows only).
 * @throws Error for a graph format without `dot`.
 */
function render<T extends object>(
  io: CliIO,
  format: OutputFormat,
  fetched: Fetched<T>,
  typeName: string,
  columns: TableColumns<T>,
  dot?: (item: T) => string,
): void {
  switch (format) {
    case 'table':
      io.stdout.write(
        formatTable(columns.headers, fetched.items.map(columns.row), {
          color: colorEnabled(io.stdout, io.env),
          style: columns.style,
        }),
      );
      return;
    case 'json':
    case 'yaml':
      io.stdout.write(formatMessages(typeName, fetched.items, format, fetched.many));
      return;
    case 'dot':
    case 'doturl':
      if (!dot) throw new Error(`${typeName} has no graph to print`);
      if (format === 'dot') io.stdout.write(fetched.items.map((w) => dot(w)).join('\n'));
      else for (const w of fetched.items) io.stdout.write(`${dotUrl(dot(w))}\n`);
      return;
  }
}

const PLURALS: Record<ResourceKind, string> = {
  project: 'projects',
  task: 'tasks',
  workflow: 'workflows',
  launchplan: 'launch plans',
  execution: 'executions',
};

/**
 * `orchctl get <kind> [name]`: checks every option first (usage errors exit 2 before any call), then
 * fetches and prints.
 * - project: one project by id, or every project (`--filter.*` applied on the client; sort keys id,
 *   name, description, state);
 * - task, workflow, launchplan: with a name, its versions (or one with `--version`, the newest with
 *   `--latest`); without one, the versions of every name in the project and domain;
 * - execution: one by name, or the newest first; with `--details` its node tree (phases, durations,
 *   errors, attempts), with `--logs <node>` a node's log.
 * @throws ConfigError for usage errors (exit 2), ResourceNotFoundError when the one item asked for does
 * not exist (exit 1), AdminError subclasses from the client (exit 1).
 */
export async function runGet(command: GetCommand, config: Config, io: CliIO): Promise<void> {
  const { kind, name, options } = command;
  const format = parseOutputFormat(config.output, PLURALS[kind], kind === 'workflow');
  const list = listOptionsOf(options);
  const versioned = kind === 'task' || kind === 'workflow' || kind === 'launchplan';
  const selection = versioned ? versionSelectionOf(options, name) : { latest: false };
  if (kind === 'project') {
    const client = orchctlClient(config, io);
    try {
      render(io, format, await fetchProjects(client, name, list), 'orch.admin.v1.Project', PROJECT_COLUMNS);
    } finally {
      client.close();
    }
    return;
  }
  const scope = scopeOf(config);
  const client = orchctlClient(config, io);
  const renderEntities = async <T extends Versioned & object>(entity: EntityKind<T>): Promise<void> => {
    const fetched = await fetchEntities(entity, client, scope, name, selection, list);
    render(io, format, fetched, entity.typeName, entity.columns, entity.dot);
  };
  try {
    switch (kind) {
      case 'execution':
        if (options.details || typeof options.logs === 'string') {
          if (!name)
            throw new ConfigError('needs an execution name', options.details ? '--details' : '--logs');
          const { printExecutionDetails, printNodeLog } = await import('./execution-details.js');
          if (typeof options.logs === 'string') await printNodeLog(client, scope, name, options.logs, io);
          else await printExecutionDetails(client, scope, name, io);
          return;
        }
        render(
          io,
          format,
          await fetchExecutions(client, scope, name, list),
          'orch.admin.v1.Execution',
          EXECUTION_COLUMNS,
        );
        return;
      case 'task':
        await renderEntities(TASKS);
        return;
      case 'workflow':
        await renderEntities(WORKFLOWS);
        return;
      case 'launchplan':
        await renderEntities(LAUNCH_PLANS);
        return;
    }
  } finally {
    client.close();
  }
}
