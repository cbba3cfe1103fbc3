import { closestNames, quotedList } from '../api/names.js';
import type { AdminCallOptions, AdminClient } from './admin-client.js';
import { NotFoundError } from './errors.js';

/**
 * Messages for a named thing the admin does not have, shared by `orch run`, `orchctl get`, the
 * webhook and the Action so that all four say the same: an unknown NAME is "not found" with the
 * closest existing names (`launch plan "add_one_wf" not found in default/development; did you mean
 * "wf.add_one_wf"?`); a known name whose version does not exist names that version and the newest
 * ones it has.
 */

/** The kinds of named things that {@link explainNotFound} explains. */
export type NamedKind = 'task' | 'workflow' | 'launch plan' | 'execution';

/** What was asked for and not found. */
export interface MissingEntity {
  kind: NamedKind;
  project: string;
  domain: string;
  name: string;
  /** The version asked for; absent when any version would have done. Not used for executions. */
  version?: string;
}

/** What the admin holds near a missing entity, as far as it could be listed. */
export interface Neighbourhood {
  /** Whether `name` exists (with other versions): then the version is what is missing. */
  nameExists: boolean;
  /** The names of the kind in the project and domain (at most {@link MAX_NAMES}). */
  names: string[];
  /** Newest versions of `name` first, when it exists. */
  versions: string[];
}

/**
 * Thrown (built by {@link explainNotFound}) when a named task, workflow, launch plan or execution,
 * or a version of one, does not exist. A {@link NotFoundError}, so code that handles NotFound still
 * does; `suggestions` are the likely names meant (empty when none is close).
 */
export class EntityNotFoundError extends NotFoundError {
  constructor(
    message: string,
    readonly entity: MissingEntity,
    readonly suggestions: readonly string[],
    /** True when the name exists and only the version asked for does not; false when the name does not; undefined when unknown. */
    readonly nameExists: boolean | undefined,
    options?: { cause?: unknown; rpc?: string },
  ) {
    super(
      message,
      5,
      options?.rpc ?? '',
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}

/** Names read at most (pages of 1000) when looking for close ones. */
export const MAX_NAMES = 10_000;
/** Newest versions named when a version is missing. */
const VERSIONS_SHOWN = 3;

const PLURAL: Record<NamedKind, string> = {
  task: 'tasks',
  workflow: 'workflows',
  'launch plan': 'launch plans',
  execution: 'executions',
};

/**
 * The message for `entity`, from what the admin holds near it (`undefined` when that could not be
 * listed: then the message says only what was not found). Never prints a name twice, nor brackets.
 */
export function notFoundMessage(entity: MissingEntity, near: Neighbourhood | undefined): string {
  const where = `${entity.project}/${entity.domain}`;
  const { kind, name, version } = entity;
  const quoted = JSON.stringify(name);
  if (near?.nameExists && version) {
    const newest = near.versions.slice(0, VERSIONS_SHOWN);
    const listed = newest.length
      ? `; its newest version${newest.length === 1 ? ' is' : 's are'} ${quotedList(newest, 'and')}`
      : '';
    return `${kind} ${quoted} version ${JSON.stringify(version)} not found in ${where}${listed}`;
  }
  if (!near) {
    return version && kind !== 'execution'
      ? `${kind} ${quoted} version ${JSON.stringify(version)} not found in ${where}`
      : `${kind} ${quoted} not found in ${where}`;
  }
  const head = `${kind} ${quoted} not found in ${where}`;
  const { likely, closest } = closestNames(name, near.names);
  if (likely.length) return `${head}; did you mean ${quotedList(likely, 'or')}?`;
  if (near.names.length === 0) return `${head}, which has no ${PLURAL[kind]}`;
  if (near.names.length <= VERSIONS_SHOWN) return `${head}, which has only ${quotedList(closest, 'and')}`;
  const count = near.names.length >= MAX_NAMES ? `over ${MAX_NAMES}` : String(near.names.length);
  return `${head}; the closest of its ${count} ${PLURAL[kind]} are ${quotedList(closest, 'and')}`;
}

/**
 * The admin calls {@link explainNotFound} makes: names and launch plan versions always; the version
 * lists of tasks and workflows and the list of executions for those kinds (a client without them
 * gets the message that says only what was not found).
 */
export type NameLister = Pick<AdminClient, 'listEntityIds' | 'listLaunchPlans'> &
  Partial<Pick<AdminClient, 'listTasks' | 'listWorkflows' | 'listExecutions'>>;

/** A list call `client` lacks. */
function lacking(call: string): never {
  throw new Error(`the client cannot ${call}`);
}

const ENTITY_IDS = { task: 'Task', workflow: 'Workflow', 'launch plan': 'LaunchPlan' } as const;

/** The names of `kind` in the project and domain: every page up to {@link MAX_NAMES}; executions, the newest 1000. */
async function namesOf(client: NameLister, entity: MissingEntity, call: AdminCallOptions): Promise<string[]> {
  const { project, domain } = entity;
  if (entity.kind === 'execution') {
    const list = client.listExecutions?.bind(client) ?? lacking('list executions');
    const page = await list(
      {
        id: { project, domain, name: '' },
        limit: 1000,
        sort_by: { key: 'created_at', direction: 'DESCENDING' },
      },
      call,
    );
    return page.executions.map((e) => e.id?.name ?? '').filter(Boolean);
  }
  const names: string[] = [];
  let token = '';
  do {
    const page = await client.listEntityIds(
      ENTITY_IDS[entity.kind],
      { project, domain, limit: 1000, token },
      call,
    );
    names.push(...page.entities.map((e) => e.name));
    token = page.token;
  } while (token && names.length < MAX_NAMES);
  return names;
}

/** The newest versions of a task, workflow or launch plan name (empty when it has none). */
async function versionsOf(client: NameLister, entity: MissingEntity, call: AdminCallOptions) {
  const request = {
    id: { project: entity.project, domain: entity.domain, name: entity.name },
    limit: VERSIONS_SHOWN,
    sort_by: { key: 'created_at', direction: 'DESCENDING' as const },
  };
  const items =
    entity.kind === 'task'
      ? (await (client.listTasks?.bind(client) ?? lacking('list tasks'))(request, call)).tasks
      : entity.kind === 'workflow'
        ? (await (client.listWorkflows?.bind(client) ?? lacking('list workflows'))(request, call)).workflows
        : (await client.listLaunchPlans(request, call)).launch_plans;
  return items.map((item) => item.id?.version ?? '').filter(Boolean);
}

/**
 * Asks the admin what is near `entity` and builds the {@link EntityNotFoundError} to throw: for a
 * name that exists, the missing version and the newest ones; else the closest names of its kind in
 * the project and domain (ListTaskIds / ListWorkflowIds / ListLaunchPlanIds, or the newest 1000
 * executions). When those calls fail (a role that may not list, an unknown domain, an admin gone),
 * the message says only what was not found. Never throws.
 * @param options.cause the NotFound (or other) error of the lookup that failed.
 * @param options.call deadline and signal for the listing calls.
 */
export async function explainNotFound(
  client: NameLister,
  entity: MissingEntity,
  options: { cause?: unknown; call?: AdminCallOptions; rpc?: string } = {},
): Promise<EntityNotFoundError> {
  const call = options.call ?? {};
  let near: Neighbourhood | undefined;
  try {
    const versions = entity.kind === 'execution' ? [] : await versionsOf(client, entity, call);
    near =
      versions.length > 0
        ? { nameExists: true, names: [], versions }
        : { nameExists: false, names: await namesOf(client, entity, call), versions: [] };
  } catch {
    near = undefined;
  }
  const message = notFoundMessage(entity, near);
  const suggestions = near && !near.nameExists ? closestNames(entity.name, near.names).likely : [];
  return new EntityNotFoundError(message, entity, suggestions, near?.nameExists, {
    cause: options.cause,
    rpc: options.rpc,
  });
}
