import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  EntityTable,
  ExecutionTable,
  LaunchPlanTable,
  NodeExecutionTable,
  ProjectTable,
} from './schema.js';

/** Tables holding versioned entities. */
export type EntityKind = 'tasks' | 'workflows' | 'launch_plans';

/** A versioned entity's key. */
export interface EntityKey {
  project: string;
  domain: string;
  name: string;
  version: string;
}

/** A page request: at most `limit` rows, starting after the row the token names. */
export interface PageRequest {
  limit: number;
  /** Opaque keyset token from a previous page ('' for the first). */
  token: string;
}

/** Thrown for a page token this server did not issue. */
export class BadTokenError extends Error {
  constructor() {
    super('invalid pagination token');
    this.name = 'BadTokenError';
  }
}

function encodeToken(createdAt: number, ...tiebreak: (string | number)[]): string {
  return Buffer.from(JSON.stringify([createdAt, ...tiebreak])).toString('base64url');
}

function decodeToken(token: string): [number, ...(string | number)[]] | undefined {
  if (!token) return undefined;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'number')
      return value as [number, ...(string | number)[]];
  } catch {
    // fall through
  }
  throw new BadTokenError();
}

/**
 * Data access of the admin service. Lists are newest first with keyset pagination on
 * (created_at, tiebreak), so inserts during paging neither skip nor repeat rows.
 */
export class Repository {
  constructor(readonly db: Kysely<Database>) {}

  getProject(id: string): Promise<Selectable<ProjectTable> | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertProject(row: Insertable<ProjectTable>): Promise<void> {
    await this.db.insertInto('projects').values(row).execute();
  }

  listProjects(): Promise<Selectable<ProjectTable>[]> {
    return this.db.selectFrom('projects').selectAll().orderBy('id').execute();
  }

  getEntity(kind: 'launch_plans', key: EntityKey): Promise<Selectable<LaunchPlanTable> | undefined>;
  getEntity(kind: EntityKind, key: EntityKey): Promise<Selectable<EntityTable> | undefined>;
  getEntity(kind: EntityKind, key: EntityKey) {
    return this.db
      .selectFrom(kind)
      .selectAll()
      .where('project', '=', key.project)
      .where('domain', '=', key.domain)
      .where('name', '=', key.name)
      .where('version', '=', key.version)
      .executeTakeFirst();
  }

  async insertEntity(
    kind: EntityKind,
    row: Insertable<EntityTable> | Insertable<LaunchPlanTable>,
  ): Promise<void> {
    await this.db
      .insertInto(kind)
      .values(row as Insertable<LaunchPlanTable>)
      .execute();
  }

  async listEntities(
    kind: EntityKind,
    scope: { project: string; domain: string; name?: string },
    page: PageRequest,
  ): Promise<{ rows: Selectable<EntityTable>[]; token: string }> {
    const after = decodeToken(page.token);
    let query = this.db
      .selectFrom(kind)
      .selectAll()
      .where('project', '=', scope.project)
      .where('domain', '=', scope.domain);
    if (scope.name) query = query.where('name', '=', scope.name);
    if (after) {
      const [createdAt, name, version] = after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', createdAt),
          eb.and([eb('created_at', '=', createdAt), eb('name', '>', String(name))]),
          eb.and([
            eb('created_at', '=', createdAt),
            eb('name', '=', String(name)),
            eb('version', '>', String(version)),
          ]),
        ]),
      );
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('name')
      .orderBy('version')
      .limit(page.limit + 1)
      .execute();
    const more = rows.length > page.limit;
    const pageRows = rows.slice(0, page.limit);
    const last = pageRows[pageRows.length - 1];
    return {
      rows: pageRows,
      token: more && last ? encodeToken(last.created_at, last.name, last.version) : '',
    };
  }

  async insertExecution(row: Insertable<ExecutionTable>): Promise<number> {
    const result = await this.db
      .insertInto('executions')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return result.id;
  }

  getExecution(key: {
    project: string;
    domain: string;
    name: string;
  }): Promise<Selectable<ExecutionTable> | undefined> {
    return this.db
      .selectFrom('executions')
      .selectAll()
      .where('project', '=', key.project)
      .where('domain', '=', key.domain)
      .where('name', '=', key.name)
      .executeTakeFirst();
  }

  getExecutionById(id: number): Promise<Selectable<ExecutionTable> | undefined> {
    return this.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listExecutions(
    scope: { project: string; domain: string; name?: string },
    page: PageRequest,
  ): Promise<{ rows: Selectable<ExecutionTable>[]; token: string }> {
    const after = decodeToken(page.token);
    let query = this.db
      .selectFrom('executions')
      .selectAll()
      .where('project', '=', scope.project)
      .where('domain', '=', scope.domain);
    if (scope.name) query = query.where('launch_plan_name', '=', scope.name);
    if (after) {
      const [createdAt, id] = after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', createdAt),
          eb.and([eb('created_at', '=', createdAt), eb('id', '<', Number(id))]),
        ]),
      );
    }
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit + 1)
      .execute();
    const more = rows.length > page.limit;
    const pageRows = rows.slice(0, page.limit);
    const last = pageRows[pageRows.length - 1];
    return { rows: pageRows, token: more && last ? encodeToken(last.created_at, last.id) : '' };
  }

  /** Executions that have not reached a terminal phase (for resuming after a restart). */
  listUnfinishedExecutions(): Promise<Selectable<ExecutionTable>[]> {
    return this.db
      .selectFrom('executions')
      .selectAll()
      .where('phase', 'in', ['UNDEFINED', 'QUEUED', 'RUNNING', 'SUCCEEDING', 'FAILING'])
      .orderBy('id')
      .execute();
  }

  async updateExecution(id: number, changes: Partial<Omit<ExecutionTable, 'id'>>): Promise<void> {
    await this.db.updateTable('executions').set(changes).where('id', '=', id).execute();
  }

  async upsertNodeExecution(row: Insertable<NodeExecutionTable>): Promise<void> {
    await this.db
      .insertInto('node_executions')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['execution_id', 'node_id']).doUpdateSet({
          phase: row.phase,
          attempts: row.attempts,
          outputs_key: row.outputs_key,
          error: row.error,
          started_at: row.started_at,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
