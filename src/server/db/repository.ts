import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { UNFINISHED_PHASES } from '../../api/types.js';
import { databaseClockMs } from './clock.js';
import type { SortOrder } from './filters.js';
import { cutPage } from './pages.js';
import type {
  Database,
  EntityTable,
  ExecutionTable,
  LaunchPlanTable,
  NodeExecutionTable,
  ProjectTable,
  TaskAttemptTable,
  TaskCacheTable,
} from './schema.js';

/**
 * The unfinished phases written into the SQL as literals: a database uses the partial index
 * `executions_unfinished` only when it can see that a query's condition is the index's own, which
 * bound parameters hide (SQLite scanned all of a million executions, 190 ms, with `?` in their place).
 */
const UNFINISHED_LITERALS = UNFINISHED_PHASES.map((phase) => sql.lit(phase));
/** Unfinished phases of an execution that has not started running (new work, waiting for a slot). */
const NOT_STARTED = new Set(['UNDEFINED', 'QUEUED']);
const NOT_STARTED_LITERALS = UNFINISHED_PHASES.filter((p) => NOT_STARTED.has(p)).map((p) => sql.lit(p));
const STARTED_LITERALS = UNFINISHED_PHASES.filter((p) => !NOT_STARTED.has(p)).map((p) => sql.lit(p));

/**
 * A lease claim: who claims, and for how many milliseconds. The lease ends that long after the
 * claim on the database's clock (never a replica's own: replicas with skewed clocks agree).
 */
export interface LeaseClaim {
  holder: string;
  durationMs: number;
}

/**
 * What a run of an execution holds: the lease's holder and the number of the claim it ran under
 * (`executions.lease_epoch`). A write fenced with it lands only while both are still the row's.
 */
export interface LeaseToken {
  holder: string;
  epoch: number;
}

/** Thrown inside a fenced transaction whose fence failed: rolls it back. */
class FenceFailed extends Error {}

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

/** The position after which the next page starts: the sort key and tiebreak values of the last row. */
type Cursor = (string | number)[];

/** Whether `value` may stand in a {@link Cursor}: a column's text or number. */
function isCursorValue(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * The cursor of `row`: its values of `columns`, in order.
 * @throws Error when one of them is not a string or a number (sort columns are never null).
 */
function cursorOf(row: Readonly<Record<string, unknown>>, columns: readonly string[]): Cursor {
  return columns.map((column) => {
    const value = row[column];
    if (isCursorValue(value)) return value;
    throw new Error(
      `the sort column ${column} of a listed row holds ${value === null ? 'null' : typeof value}`,
    );
  });
}

function encodeToken(sort: SortOrder, cursor: Cursor): string {
  return Buffer.from(JSON.stringify([sort.field, sort.direction, ...cursor])).toString('base64url');
}

function decodeToken(token: string, sort: SortOrder, size: number): Cursor | undefined {
  if (!token) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === size + 2 &&
      value[0] === sort.field &&
      value[1] === sort.direction
    ) {
      const cursor: unknown[] = value.slice(2);
      if (cursor.every(isCursorValue)) return cursor;
    }
  } catch {
    // fall through
  }
  throw new BadTokenError();
}

/** The token of a page of a one-column keyset that ends at `value`: `{"<field>": value}`, base64url. */
function keyToken(field: string, value: string): string {
  return Buffer.from(JSON.stringify({ [field]: value })).toString('base64url');
}

/**
 * Where the page of `token` starts in a one-column keyset: after the value {@link keyToken} put under
 * `field`, or undefined for the first page ('').
 * @throws BadTokenError for a token that is not such a token.
 */
function keyAfter(token: string, field: string): string | undefined {
  if (!token) return undefined;
  let after: unknown;
  try {
    after = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))[field];
  } catch {
    throw new BadTokenError();
  }
  if (typeof after !== 'string') throw new BadTokenError();
  return after;
}

/**
 * Rows strictly after `cursor` in the order of `columns` (all in `direction`), as a row-value
 * comparison `(a, b) < (x, y)`: SQLite and PostgreSQL both answer it with a range scan of the index,
 * so a deep page costs what the first page costs. (The expanded `a < x OR (a = x AND b < y)` form
 * made SQLite scan from the start of the range: 3x slower at 100k rows.)
 */
function after<DB, TB extends keyof DB>(
  _eb: ExpressionBuilder<DB, TB>,
  columns: string[],
  cursor: Cursor,
  direction: 'asc' | 'desc',
): Expression<SqlBool> {
  const op = direction === 'desc' ? sql.raw('<') : sql.raw('>');
  const left = sql.join(columns.map((c) => sql.ref(c)));
  const right = sql.join(cursor.map((v) => sql.val(v)));
  return sql<SqlBool>`(${left}) ${op} (${right})`;
}

/**
 * Cuts a page out of rows fetched with `limit + 1`: the first `limit` rows, and the token of the next
 * page (the sort columns of the last row) when there was one more row, else ''.
 */
function pageOfRows<R extends Readonly<Record<string, unknown>>>(
  rows: R[],
  limit: number,
  sort: SortOrder,
  columns: string[],
): { rows: R[]; token: string } {
  return cutPage(rows, limit, (last) => encodeToken(sort, cursorOf(last, columns)));
}

/**
 * A page of `select` (a scoped query, not yet filtered or ordered) in `query.sort` order, completed
 * by the `tiebreak` columns (a unique key; the sort column is not repeated when it leads them): filtered
 * by `query.where`, starting after the cursor of `page.token`, with the token of the next page.
 * @throws BadTokenError for a token this server did not issue for this order.
 */
async function keysetPage<TB extends keyof Database, Row extends Readonly<Record<string, unknown>>>(
  select: SelectQueryBuilder<Database, TB, Row>,
  page: PageRequest,
  query: ListQuery<Database, TB>,
  tiebreak: readonly string[],
): Promise<{ rows: Row[]; token: string }> {
  const { sort } = query;
  const columns = tiebreak[0] === sort.column ? [...tiebreak] : [sort.column, ...tiebreak];
  const cursor = decodeToken(page.token, sort, columns.length);
  let ordered = select;
  if (query.where) ordered = ordered.where(query.where);
  if (cursor) ordered = ordered.where((eb) => after(eb, columns, cursor, sort.direction));
  for (const column of columns) ordered = ordered.orderBy(sql.ref(column), sort.direction);
  return pageOfRows(await ordered.limit(page.limit + 1).execute(), page.limit, sort, columns);
}

/** What a list call asks for besides the page: a filter and an order. */
export interface ListQuery<DB, TB extends keyof DB> {
  where?: (eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>;
  sort: SortOrder;
}

/** The default order: newest first. */
export const NEWEST_FIRST: SortOrder = { field: 'created_at', column: 'created_at', direction: 'desc' };

/**
 * Data access of the admin service. Lists are newest first with keyset pagination on
 * (created_at, tiebreak), so inserts during paging neither skip nor repeat rows.
 */
export class Repository {
  /**
   * @param db the primary: every write and every get (read-your-writes).
   * @param reads where list queries go (a read replica, or the primary).
   */
  constructor(
    readonly db: Kysely<Database>,
    private readonly reads: Kysely<Database> = db,
    /** The database's SQL dialect: PostgreSQL claims leases with `FOR UPDATE SKIP LOCKED`. */
    private readonly dialect: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  getProject(id: string): Promise<Selectable<ProjectTable> | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertProject(row: Insertable<ProjectTable>): Promise<void> {
    await this.db.insertInto('projects').values(row).execute();
  }

  /**
   * Projects a page at a time, in `query.sort` order with `id` as the tiebreak (keyset pagination,
   * like every other list).
   * @throws BadTokenError for a token this server did not issue for this order.
   */
  async listProjects(
    page: PageRequest,
    query: ListQuery<Database, 'projects'>,
  ): Promise<{ rows: Selectable<ProjectTable>[]; token: string }> {
    return keysetPage(this.reads.selectFrom('projects').selectAll(), page, query, ['id']);
  }

  /** Replaces a project's name, description, labels and state; false when it does not exist. */
  async updateProject(
    id: string,
    changes: Pick<ProjectTable, 'name' | 'description' | 'labels' | 'state'>,
  ): Promise<boolean> {
    const result = await this.db.updateTable('projects').set(changes).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The distinct names of one kind of entity in a project and domain, in name order, a page at a time
   * (keyset on the name).
   */
  async listEntityNames(
    kind: EntityKind,
    scope: { project: string; domain: string },
    page: PageRequest,
  ): Promise<{ names: string[]; token: string }> {
    const after = keyAfter(page.token, 'name');
    let select = this.reads
      .selectFrom(kind)
      .select('name')
      .distinct()
      .where('project', '=', scope.project)
      .where('domain', '=', scope.domain);
    if (after !== undefined) select = select.where('name', '>', after);
    const rows = await select
      .orderBy('name')
      .limit(page.limit + 1)
      .execute();
    const cut = cutPage(rows, page.limit, (last) => keyToken('name', last.name));
    return { names: cut.rows.map((r) => r.name), token: cut.token };
  }

  /**
   * Sets a launch plan version's state; activating it deactivates the other versions of its name.
   * Activating an inactive version records `now` (milliseconds since the epoch) as its activation
   * time, which the scheduler fires no tick before; activating an active one keeps it.
   */
  async setLaunchPlanState(key: EntityKey, state: number, now: number = Date.now()): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (state === 1) {
        await trx
          .updateTable('launch_plans')
          .set({ state: 0 })
          .where((eb) => eb.and({ project: key.project, domain: key.domain, name: key.name }))
          .where('version', '<>', key.version)
          .execute();
      }
      const result = await trx
        .updateTable('launch_plans')
        .set(
          state === 1
            ? { state, activated_at: sql<number>`case when state = 1 then activated_at else ${now} end` }
            : { state },
        )
        .where((eb) => eb.and({ project: key.project, domain: key.domain, name: key.name }))
        .where('version', '=', key.version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /** The active version of a launch plan name, if any. */
  getActiveLaunchPlan(scope: { project: string; domain: string; name: string }) {
    return this.db
      .selectFrom('launch_plans')
      .selectAll()
      .where((eb) => eb.and({ project: scope.project, domain: scope.domain, name: scope.name }))
      .where('state', '=', 1)
      .executeTakeFirst();
  }

  /** The node executions of an execution, in node id order, a page at a time. */
  async listNodeExecutions(
    executionId: number,
    page: PageRequest,
  ): Promise<{ rows: Selectable<NodeExecutionTable>[]; token: string }> {
    const after = keyAfter(page.token, 'node');
    let select = this.reads.selectFrom('node_executions').selectAll().where('execution_id', '=', executionId);
    if (after !== undefined) select = select.where('node_id', '>', after);
    const rows = await select
      .orderBy('node_id')
      .limit(page.limit + 1)
      .execute();
    return cutPage(rows, page.limit, (last) => keyToken('node', last.node_id));
  }

  getNodeExecution(executionId: number, nodeId: string) {
    return this.db
      .selectFrom('node_executions')
      .selectAll()
      .where('execution_id', '=', executionId)
      .where('node_id', '=', nodeId)
      .executeTakeFirst();
  }

  getEntity(kind: 'launch_plans', key: EntityKey): Promise<Selectable<LaunchPlanTable> | undefined>;
  getEntity(kind: EntityKind, key: EntityKey): Promise<Selectable<EntityTable> | undefined>;
  getEntity(kind: EntityKind, key: EntityKey) {
    return this.db
      .selectFrom(kind)
      .selectAll()
      .where((eb) => eb.and({ project: key.project, domain: key.domain, name: key.name }))
      .where('version', '=', key.version)
      .executeTakeFirst();
  }

  async insertEntity(
    kind: EntityKind,
    row: Insertable<EntityTable> | Insertable<LaunchPlanTable>,
  ): Promise<void> {
    await this.db.insertInto(kind).values(row).execute();
  }

  async listEntities(
    kind: EntityKind,
    scope: { project: string; domain: string; name?: string },
    page: PageRequest,
    query: ListQuery<Database, EntityKind> = { sort: NEWEST_FIRST },
  ): Promise<{ rows: Selectable<EntityTable>[]; token: string }> {
    let select = this.reads
      .selectFrom(kind)
      .selectAll()
      .where('project', '=', scope.project)
      .where('domain', '=', scope.domain);
    if (scope.name) select = select.where('name', '=', scope.name);
    return keysetPage(select, page, query, ['name', 'version']);
  }

  /**
   * Inserts an execution row and resolves to its id. Rows that arrive in the same turn of the event
   * loop are written by one multi-row INSERT (group commit): one transaction instead of one each,
   * which is most of a CreateExecution's database time under load. When the batch fails (a duplicate
   * name, say), each row is retried alone so only the offending call sees the error.
   */
  insertExecution(row: Insertable<ExecutionTable>): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pendingExecutions.push({ row, resolve, reject });
      if (this.pendingExecutions.length === 1) setImmediate(() => void this.flushExecutions());
    });
  }

  private pendingExecutions: {
    row: Insertable<ExecutionTable>;
    resolve: (id: number) => void;
    reject: (error: unknown) => void;
  }[] = [];

  private async flushExecutions(): Promise<void> {
    // At most 500 rows a statement: SQLite caps bound parameters at 32766 (17 a row).
    const batch = this.pendingExecutions.splice(0, 500);
    if (this.pendingExecutions.length) setImmediate(() => void this.flushExecutions());
    if (batch.length > 1) {
      try {
        const ids = await this.db
          .insertInto('executions')
          .values(batch.map((b) => b.row))
          .returning(['id', 'project', 'domain', 'name'])
          .execute();
        const byKey = new Map(ids.map((r) => [`${r.project}\0${r.domain}\0${r.name}`, r.id]));
        for (const { row, resolve, reject } of batch) {
          const id = byKey.get(`${row.project}\0${row.domain}\0${row.name}`);
          if (id === undefined) reject(new Error('inserted execution row was not returned'));
          else resolve(id);
        }
        return;
      } catch {
        // Fall through: one row at a time, so each caller gets its own outcome.
      }
    }
    for (const { row, resolve, reject } of batch) {
      try {
        const result = await this.db
          .insertInto('executions')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        resolve(result.id);
      } catch (error) {
        reject(error);
      }
    }
  }

  /** Removes an execution row (only when its creation could not be completed). */
  async deleteExecution(id: number): Promise<void> {
    await this.db.deleteFrom('executions').where('id', '=', id).execute();
  }

  getExecution(key: {
    project: string;
    domain: string;
    name: string;
  }): Promise<Selectable<ExecutionTable> | undefined> {
    return this.db
      .selectFrom('executions')
      .selectAll()
      .where((eb) => eb.and({ project: key.project, domain: key.domain, name: key.name }))
      .executeTakeFirst();
  }

  /**
   * When the schedule tick a scheduled execution was launched for was due (`schedule_ticks.tick_at`,
   * milliseconds since the epoch), or undefined when none is recorded for it.
   */
  async getScheduleTick(key: { project: string; domain: string; name: string }): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('schedule_ticks')
      .select('tick_at')
      .where((eb) => eb.and({ project: key.project, domain: key.domain, execution_name: key.name }))
      .executeTakeFirst();
    return row?.tick_at;
  }

  /**
   * The names of the executions that relaunched `key` (executions.reference_execution), oldest
   * first, at most `limit`.
   */
  async listRelaunches(
    key: { project: string; domain: string; name: string },
    limit = 20,
  ): Promise<string[]> {
    const rows = await this.db
      .selectFrom('executions')
      .select('name')
      .where((eb) => eb.and({ project: key.project, domain: key.domain, reference_execution: key.name }))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.name);
  }

  /**
   * How many executions are in each unfinished phase ({@link UNFINISHED_PHASES}; 0 for a phase
   * without any), for the metrics endpoint. Reads the partial index `executions_unfinished`, so the
   * cost follows the executions in flight, not the millions that finished.
   */
  async countUnfinishedExecutions(): Promise<Record<string, number>> {
    const rows = await this.reads
      .selectFrom('executions')
      .select(['phase', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('phase', 'in', UNFINISHED_LITERALS)
      .groupBy('phase')
      .execute();
    const counts: Record<string, number> = Object.fromEntries(UNFINISHED_PHASES.map((phase) => [phase, 0]));
    for (const row of rows) counts[row.phase] = Number(row.count);
    return counts;
  }

  getExecutionById(id: number): Promise<Selectable<ExecutionTable> | undefined> {
    return this.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listExecutions(
    scope: { project: string; domain: string; name?: string },
    page: PageRequest,
    query: ListQuery<Database, 'executions'> = { sort: NEWEST_FIRST },
  ): Promise<{ rows: Selectable<ExecutionTable>[]; token: string }> {
    let select = this.reads
      .selectFrom('executions')
      .selectAll()
      .where('project', '=', scope.project)
      .where('domain', '=', scope.domain);
    if (scope.name) select = select.where('launch_plan_name', '=', scope.name);
    return keysetPage(select, page, query, ['id']);
  }

  /** Executions that have not reached a terminal phase (for resuming after a restart). */
  listUnfinishedExecutions(): Promise<Selectable<ExecutionTable>[]> {
    return this.db
      .selectFrom('executions')
      .selectAll()
      .where('phase', 'in', UNFINISHED_LITERALS)
      .orderBy('id')
      .execute();
  }

  async updateExecution(id: number, changes: Partial<Omit<ExecutionTable, 'id'>>): Promise<void> {
    await this.db.updateTable('executions').set(changes).where('id', '=', id).execute();
  }

  /**
   * Compare-and-set of an execution's phase: applies `changes` (with `phase: to`) only while the row
   * is still in phase `from` (and, with `lease`, still held under that lease's claim); false when
   * another writer moved it first or the lease was taken over.
   */
  async transitionExecution(
    id: number,
    from: string,
    changes: Partial<Omit<ExecutionTable, 'id'>> & { phase: string },
    lease?: LeaseToken,
  ): Promise<boolean> {
    let update = this.db
      .updateTable('executions')
      .set(changes)
      .where('id', '=', id)
      .where('phase', '=', from);
    if (lease) {
      update = update.where('lease_holder', '=', lease.holder).where('lease_epoch', '=', lease.epoch);
    }
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The database's clock (see {@link databaseClockMs}): every lease time is read and written on it. */
  private clockMs(): RawBuilder<number> {
    return databaseClockMs(this.dialect);
  }

  /** Whether no replica holds a live lease on the row: none, or one that ended on the database's clock. */
  private leaseFree(eb: ExpressionBuilder<Database, 'executions'>): Expression<SqlBool> {
    return eb.or([
      eb('lease_holder', 'is', null),
      eb('lease_expires_at', 'is', null),
      eb('lease_expires_at', '<', this.clockMs()),
    ]);
  }

  /** The columns a claim sets: the holder, the end `durationMs` from now (database clock), the next epoch. */
  private claimed(lease: LeaseClaim) {
    return {
      lease_holder: lease.holder,
      lease_expires_at: sql<number>`${this.clockMs()} + ${lease.durationMs}`,
      lease_epoch: sql<number>`lease_epoch + 1`,
    };
  }

  /**
   * Claims the lease of one unfinished execution for `lease.holder`, for `lease.durationMs` on the
   * database's clock: in one conditional UPDATE, only while no other holder's lease is live (none,
   * expired, or its own). Concurrent claims of the same row are serialized by the database, so
   * exactly one wins. Each claim counts one more epoch.
   * @returns the claim's token when `lease.holder` holds the lease now, else undefined.
   */
  async claimExecutionLease(id: number, lease: LeaseClaim): Promise<LeaseToken | undefined> {
    const row = await this.db
      .updateTable('executions')
      .set(this.claimed(lease))
      .where('id', '=', id)
      .where('phase', 'in', UNFINISHED_LITERALS)
      .where((eb) => eb.or([this.leaseFree(eb), eb('lease_holder', '=', lease.holder)]))
      .returning('lease_epoch')
      .executeTakeFirst();
    return row ? { holder: lease.holder, epoch: Number(row.lease_epoch) } : undefined;
  }

  /**
   * Claims the leases of at most `limit` unfinished executions that no replica holds (no lease, or
   * one that ended on the database's clock, or every one with `lease.takeOver`), oldest first. On
   * PostgreSQL the rows are picked with `FOR UPDATE SKIP LOCKED`, so replicas sweeping at once claim
   * different ones. With `started: true` only executions that had started (RUNNING, SUCCEEDING,
   * FAILING, ABORTING: a takeover), with `started: false` only those that had not (UNDEFINED, QUEUED:
   * new work); absent, both.
   * @returns the executions now held by `lease.holder`, with their claims' epochs.
   */
  async claimAbandonedExecutions(
    lease: LeaseClaim & { takeOver?: boolean; started?: boolean },
    limit: number,
  ): Promise<{ id: number; epoch: number }[]> {
    if (limit <= 0) return [];
    const phases =
      lease.started === undefined
        ? UNFINISHED_LITERALS
        : lease.started
          ? STARTED_LITERALS
          : NOT_STARTED_LITERALS;
    const free = (eb: ExpressionBuilder<Database, 'executions'>) =>
      lease.takeOver ? eb.lit(true) : this.leaseFree(eb);
    let candidates = this.db
      .selectFrom('executions')
      .select('id')
      .where('phase', 'in', phases)
      .where(free)
      .orderBy('id')
      .limit(limit);
    if (this.dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
    const rows = await this.db
      .updateTable('executions')
      .set(this.claimed(lease))
      .where('id', 'in', candidates)
      .where('phase', 'in', phases)
      .where(free)
      .returning(['id', 'lease_epoch'])
      .execute();
    return rows.map((r) => ({ id: Number(r.id), epoch: Number(r.lease_epoch) }));
  }

  /**
   * Extends the leases `holder` holds on `ids` to `durationMs` from now, on the database's clock.
   * @returns the ids whose lease it still held (the others were taken over or have finished).
   */
  async renewExecutionLeases(ids: readonly number[], holder: string, durationMs: number): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .updateTable('executions')
      .set({ lease_expires_at: sql<number>`${this.clockMs()} + ${durationMs}` })
      .where('id', 'in', [...ids])
      .where('lease_holder', '=', holder)
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Gives up the leases `holder` holds on `ids` (another replica may claim them at once). */
  async releaseExecutionLeases(ids: readonly number[], holder: string): Promise<void> {
    if (!ids.length) return;
    await this.db
      .updateTable('executions')
      .set({ lease_holder: null, lease_expires_at: null })
      .where('id', 'in', [...ids])
      .where('lease_holder', '=', holder)
      .execute();
  }

  /**
   * Runs `write` in a transaction that first locks the execution's row while `lease` still holds it
   * (its holder and its claim's epoch), so that no takeover can come between the check and the
   * write: a claim waits for the transaction's end, and a write after a claim is refused.
   * @returns whether `write` ran (false: the lease was taken over, nothing was written).
   */
  private async fenced(
    executionId: number,
    lease: LeaseToken,
    write: (db: Kysely<Database>) => Promise<unknown>,
  ): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const held = await trx
          .updateTable('executions')
          .set({ lease_epoch: lease.epoch })
          .where('id', '=', executionId)
          .where('lease_holder', '=', lease.holder)
          .where('lease_epoch', '=', lease.epoch)
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) === 0) throw new FenceFailed();
        await write(trx);
      });
      return true;
    } catch (error) {
      if (error instanceof FenceFailed) return false;
      throw error;
    }
  }

  /** Every node execution of an execution (for resuming it and for the console). */
  allNodeExecutions(executionId: number): Promise<Selectable<NodeExecutionTable>[]> {
    return this.db
      .selectFrom('node_executions')
      .selectAll()
      .where('execution_id', '=', executionId)
      .orderBy('node_id')
      .execute();
  }

  /**
   * Records (or rewrites) one task attempt; with `lease`, only while that lease still holds the
   * attempt's execution (see {@link Repository.fenced}).
   * @returns whether it was written (false: the lease was taken over).
   */
  async upsertTaskAttempt(row: Insertable<TaskAttemptTable>, lease?: LeaseToken): Promise<boolean> {
    const { execution_id: _e, node_id: _n, attempt: _a, ...changes } = row;
    const write = (db: Kysely<Database>) =>
      db
        .insertInto('task_attempts')
        .values(row)
        .onConflict((oc) => oc.columns(['execution_id', 'node_id', 'attempt']).doUpdateSet(changes))
        .execute();
    if (lease) return this.fenced(row.execution_id, lease, write);
    await write(this.db);
    return true;
  }

  /** The task attempts of an execution (of one node when `nodeId` is given), by node then attempt. */
  listTaskAttempts(executionId: number, nodeId?: string): Promise<Selectable<TaskAttemptTable>[]> {
    let select = this.db.selectFrom('task_attempts').selectAll().where('execution_id', '=', executionId);
    if (nodeId !== undefined) select = select.where('node_id', '=', nodeId);
    return select.orderBy('node_id').orderBy('attempt').execute();
  }

  /**
   * Records (or rewrites) one node execution; with `lease`, only while that lease still holds the
   * node's execution (see {@link Repository.fenced}).
   * @returns whether it was written (false: the lease was taken over).
   */
  async upsertNodeExecution(row: Insertable<NodeExecutionTable>, lease?: LeaseToken): Promise<boolean> {
    const write = (db: Kysely<Database>) =>
      db
        .insertInto('node_executions')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['execution_id', 'node_id']).doUpdateSet({
            phase: row.phase,
            inputs_key: row.inputs_key,
            attempts: row.attempts,
            outputs_key: row.outputs_key,
            error: row.error,
            started_at: row.started_at,
            updated_at: row.updated_at,
            ended_at: row.ended_at ?? null,
            cache_status: row.cache_status ?? 'CACHE_DISABLED',
          }),
        )
        .execute();
    if (lease) return this.fenced(row.execution_id, lease, write);
    await write(this.db);
    return true;
  }

  /** The task cache entry of `key` (a SHA-256 hex digest), or undefined when there is none. */
  getTaskCacheEntry(key: string): Promise<Selectable<TaskCacheTable> | undefined> {
    return this.db.selectFrom('task_cache').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Stores (or replaces) the task cache entry of `row.key`. */
  async putTaskCacheEntry(row: Insertable<TaskCacheTable>): Promise<void> {
    await this.db
      .insertInto('task_cache')
      .values(row)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ outputs_key: row.outputs_key, created_at: row.created_at }),
      )
      .execute();
  }
}
