import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { z } from 'zod';
import { errorMessage } from '../../api/guards.js';
import { UNFINISHED_PHASES } from '../../api/types.js';

/** The SQL dialects migrations are written for. */
export type MigrationDialect = 'sqlite' | 'postgres';

/**
 * Versioned migrations, applied in name order on start. Never edit a released one: add a new one.
 * The few column types that differ between SQLite and PostgreSQL (auto-increment ids) follow `dialect`.
 */
const migrations = (dialect: MigrationDialect): Record<string, Migration> => ({
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('labels', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      for (const table of ['tasks', 'workflows', 'launch_plans']) {
        let builder = db.schema
          .createTable(table)
          .addColumn('project', 'text', (c) => c.notNull())
          .addColumn('domain', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('version', 'text', (c) => c.notNull())
          .addColumn('digest', 'text', (c) => c.notNull())
          .addColumn('spec', 'text', (c) => c.notNull())
          .addColumn('closure', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull());
        if (table === 'launch_plans') {
          builder = builder
            .addColumn('workflow_name', 'text', (c) => c.notNull())
            .addColumn('workflow_version', 'text', (c) => c.notNull())
            .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0));
        }
        await builder
          .addPrimaryKeyConstraint(`${table}_pk`, ['project', 'domain', 'name', 'version'])
          .execute();
        await db.schema
          .createIndex(`${table}_by_created`)
          .on(table)
          .columns(['project', 'domain', 'created_at'])
          .execute();
      }
      await db.schema
        .createTable('executions')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('launch_plan_name', 'text', (c) => c.notNull())
        .addColumn('launch_plan_version', 'text', (c) => c.notNull())
        .addColumn('workflow_name', 'text', (c) => c.notNull())
        .addColumn('workflow_version', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('inputs_key', 'text', (c) => c.notNull())
        .addColumn('outputs_key', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('duration_ms', 'bigint')
        .addUniqueConstraint('executions_name', ['project', 'domain', 'name'])
        .execute();
      await db.schema
        .createIndex('executions_by_phase')
        .on('executions')
        .columns(['project', 'domain', 'phase', 'created_at'])
        .execute();
      await db.schema
        .createIndex('executions_by_created')
        .on('executions')
        .columns(['project', 'domain', 'created_at', 'id'])
        .execute();
      await db.schema
        .createTable('node_executions')
        .addColumn('execution_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('outputs_key', 'text')
        .addColumn('error', 'text')
        .addColumn('started_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('node_executions_pk', ['execution_id', 'node_id'])
        .execute();
      await sql`select 1`.execute(db);
    },
  },
  '0002_node_inputs_and_names': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('node_executions').addColumn('inputs_key', 'text').execute();
      for (const table of ['tasks', 'workflows', 'launch_plans']) {
        await db.schema
          .createIndex(`${table}_by_name`)
          .on(table)
          .columns(['project', 'domain', 'name'])
          .execute();
      }
      await db.schema
        .createIndex('executions_by_launch_plan')
        .on('executions')
        .columns(['project', 'domain', 'launch_plan_name', 'created_at'])
        .execute();
    },
  },
  '0003_inline_inputs': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('executions').addColumn('inputs_inline', 'text').execute();
    },
  },
  '0004_task_attempts': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('node_executions').addColumn('ended_at', 'bigint').execute();
      await db.schema
        .createTable('task_attempts')
        .addColumn('execution_id', 'bigint', (c) => c.notNull())
        .addColumn('node_id', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('error', 'text')
        .addColumn('stdout_key', 'text')
        .addColumn('stderr_key', 'text')
        .addColumn('pid', 'integer')
        .addPrimaryKeyConstraint('task_attempts_pk', ['execution_id', 'node_id', 'attempt'])
        .execute();
    },
  },
  '0005_task_cache': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('node_executions')
        .addColumn('cache_status', 'text', (c) => c.notNull().defaultTo('CACHE_DISABLED'))
        .execute();
      await db.schema
        .createTable('task_cache')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('outputs_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0006_auth': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauth_clients')
        .addColumn('client_id', 'text', (c) => c.primaryKey())
        .addColumn('org', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addUniqueConstraint('oauth_clients_name', ['org', 'name'])
        .execute();
      await db.schema
        .createTable('secrets')
        .addColumn('org', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('binary', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('secrets_pk', ['org', 'domain', 'project', 'name'])
        .execute();
    },
  },
  '0007_apps': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('apps')
        .addColumn('org', 'text', (c) => c.notNull())
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('apps_pk', ['org', 'project', 'domain', 'name'])
        .execute();
    },
  },
  '0008_unfinished_executions': {
    // Holds only executions that have not finished, so the metrics gauge and the executor's resume
    // after a restart read a few rows instead of scanning every execution ever run.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('executions_unfinished')
        .on('executions')
        .column('phase')
        .where('phase', 'in', [...UNFINISHED_PHASES])
        .execute();
    },
  },
  '0009_execution_leases': {
    // Which admin replica drives an unfinished execution, and until when (see executor/leases.ts).
    // One column a statement: SQLite adds one column per ALTER TABLE.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('executions').addColumn('lease_holder', 'text').execute();
      await db.schema.alterTable('executions').addColumn('lease_expires_at', 'bigint').execute();
    },
  },
  '0010_interactive_grants': {
    // Authorization codes and device codes of the interactive grants, so a login begun on one admin
    // replica completes on another (see db/grant-repository.ts). Keyed by the SHA-256 of the code.
    // With them, the fingerprints of the auth keys, so replicas with different keys are told apart.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauth_authorization_codes')
        .addColumn('digest', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('user_sub', 'text', (c) => c.notNull())
        .addColumn('user_org', 'text', (c) => c.notNull())
        .addColumn('user_role', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('code_challenge_method', 'text')
        .execute();
      await db.schema
        .createIndex('oauth_authorization_codes_expiry')
        .on('oauth_authorization_codes')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('oauth_device_grants')
        .addColumn('digest', 'text', (c) => c.primaryKey())
        .addColumn('user_code', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('poll_interval', 'integer', (c) => c.notNull())
        .addColumn('last_poll', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('user_sub', 'text')
        .addColumn('user_org', 'text')
        .addColumn('user_role', 'text')
        .addColumn('denied', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('oauth_device_grants_expiry')
        .on('oauth_device_grants')
        .column('expires_at')
        .execute();
      // Fingerprints (never the keys) of the auth keys the last admin started with (auth/key-check.ts).
      await db.schema
        .createTable('auth_key_fingerprints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('signing_kid', 'text', (c) => c.notNull())
        .addColumn('claim_key', 'text', (c) => c.notNull())
        .addColumn('cookie_keys', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0011_schedule_ticks': {
    // The fire times of launch plan schedules, one row per (launch plan version, tick), so every
    // admin replica agrees which ticks fired (see executor/scheduler.ts); and when a launch plan
    // version was last activated, so no tick from before its activation fires. Versions active
    // before this migration count as activated now.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('schedule_ticks')
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('tick_at', 'bigint', (c) => c.notNull())
        .addColumn('execution_name', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('launched_at', 'bigint')
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('schedule_ticks_pk', ['project', 'domain', 'name', 'version', 'tick_at'])
        .execute();
      await db.schema.alterTable('launch_plans').addColumn('activated_at', 'bigint').execute();
      await sql`update launch_plans set activated_at = ${Date.now()} where state = 1`.execute(db);
      await db.schema
        .createIndex('launch_plans_active')
        .on('launch_plans')
        .columns(['project', 'domain', 'name', 'version'])
        .where(sql.ref('state'), '=', 1)
        .execute();
    },
  },
  '0012_admin_replicas': {
    // The admin replicas sharing this database and their heartbeats (see server/replicas.ts).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_replicas')
        .addColumn('holder', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('storage', 'text', (c) => c.notNull())
        .addColumn('shared_storage', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0013_task_attempt_replica': {
    // Which admin replica ran each task attempt (its holder id, as in admin_replicas), so that an
    // attempt cut short by its admin's death says whose it was (see executor/graph-executor.ts).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('task_attempts').addColumn('replica', 'text').execute();
    },
  },
  '0014_execution_launcher': {
    // Who launched an execution (the authenticated principal) and how (the ExecutionMode name), as
    // columns copied from the spec's metadata, so that lists filter on them through an index.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('executions')
        .addColumn('principal', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('executions')
        .addColumn('launch_mode', 'text', (c) => c.notNull().defaultTo('MANUAL'))
        .execute();
      const field = (name: string) =>
        dialect === 'postgres'
          ? sql`(spec::json -> 'metadata' ->> ${name})`
          : sql`json_extract(spec, ${`$.metadata.${name}`})`;
      await sql`update executions set principal = coalesce(${field('principal')}, ''),
        launch_mode = coalesce(${field('mode')}, 'MANUAL')`.execute(db);
      await db.schema
        .createIndex('executions_by_principal')
        .on('executions')
        .columns(['project', 'domain', 'principal', 'created_at'])
        .execute();
    },
  },
  '0015_trust_policies': {
    // Trust policies for the OIDC token exchange, and the ID token ids already exchanged (replay).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trust_policies')
        .addColumn('org', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('projects', 'text', (c) => c.notNull())
        .addColumn('domains', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('trust_policies_pk', ['org', 'name'])
        .execute();
      await db.schema
        .createTable('oidc_seen_jtis')
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('jti', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('oidc_seen_jtis_pk', ['issuer', 'jti'])
        .execute();
      await db.schema
        .createIndex('oidc_seen_jtis_by_expiry')
        .on('oidc_seen_jtis')
        .column('expires_at')
        .execute();
    },
  },
  '0016_execution_reference': {
    // The execution a relaunch relaunched (its name, in the same project and domain; '' for none),
    // copied from the spec's metadata.reference_execution, so that an execution's relaunches are
    // found through an index.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('executions')
        .addColumn('reference_execution', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('executions_by_reference')
        .on('executions')
        .columns(['project', 'domain', 'reference_execution'])
        .execute();
    },
  },
  '0017_execution_lease_epoch': {
    // The number of the lease's claim: one more at each claim, so that a replica whose lease was
    // taken over cannot write into the execution under the taker (executor/leases.ts, fenced writes).
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('executions')
        .addColumn('lease_epoch', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0018_app_revisions': {
    // Every deployment of an app (its revision), with a summary of its spec (no env value, secrets by
    // name), when and by whom it was deployed, and its last status (how it ended). Each existing app's
    // current revision becomes its first row, from its apps row (the older ones were never kept).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_revisions')
        .addColumn('org', 'text', (c) => c.notNull())
        .addColumn('project', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('deployed_at', 'bigint', (c) => c.notNull())
        .addColumn('deployed_by', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_revisions_pk', ['org', 'project', 'domain', 'name', 'revision'])
        .execute();
      const { rows } = await sql<{
        org: string;
        project: string;
        domain: string;
        name: string;
        spec: string;
        revision: number;
        state: string;
        message: string;
        updated_at: number | string;
      }>`select org, project, domain, name, spec, revision, state, message, updated_at from apps`.execute(db);
      for (const row of rows) {
        let spec: unknown = {};
        try {
          spec = JSON.parse(row.spec);
        } catch {
          // Kept as an empty summary.
        }
        const summary = revisionSummaryOf(spec);
        await sql`insert into app_revisions (org, project, domain, name, revision, spec, deployed_at,
          deployed_by, state, message, updated_at) values (${row.org}, ${row.project}, ${row.domain},
          ${row.name}, ${Number(row.revision)}, ${JSON.stringify(summary)}, ${Number(row.updated_at)}, '',
          ${row.state}, ${row.message}, ${Number(row.updated_at)})`.execute(db);
      }
    },
  },
  '0019_executions_by_workflow_version': {
    // The executions of one workflow version, newest first, through an index: the task version page
    // lists the executions of the workflow versions running the task (db/task-executions.ts).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('executions_by_workflow_version')
        .on('executions')
        .columns(['project', 'domain', 'workflow_name', 'workflow_version', 'created_at'])
        .execute();
    },
  },
});

/**
 * What `app_revisions.spec` keeps of an AppSpec (its JSON): `{image, args, port, replicas, env_names,
 * secret_names}`, where image is `<registry>/<name>:<tag>` or '' and replicas at least 1. Environment
 * variables and secrets by name only: a value never reaches this table.
 */
export function revisionSummaryOf(spec: unknown): {
  image: string;
  args: string[];
  port: number;
  replicas: number;
  env_names: string[];
  secret_names: string[];
} {
  const parsed = summarized.parse(spec);
  const image = parsed.image;
  return {
    image: image?.registry && image.name && image.tag ? `${image.registry}/${image.name}:${image.tag}` : '',
    args: parsed.args,
    port: parsed.port,
    replicas: parsed.replicas || 1,
    env_names: Object.keys(parsed.env).sort(),
    secret_names: parsed.secrets.map((s) => s.key).filter(Boolean),
  };
}

/** The fields of an AppSpec's JSON a revision keeps (anything unexpected reads as absent). */
const summarized = z
  .object({
    image: z
      .object({ registry: z.string().catch(''), name: z.string().catch(''), tag: z.string().catch('') })
      .partial()
      .nullish()
      .catch(undefined),
    args: z.array(z.string()).catch([]),
    port: z.number().int().catch(0),
    replicas: z.number().int().catch(1),
    env: z.record(z.string(), z.unknown()).catch({}),
    secrets: z.array(z.object({ key: z.string().catch('') })).catch([]),
  })
  .catch({ image: undefined, args: [], port: 0, replicas: 1, env: {}, secrets: [] });

/**
 * Brings the database schema up to date.
 * @throws Error naming the migration that failed.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, dialect: MigrationDialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Name of the one foreign key orch declares: a node execution belongs to its execution. */
export const NODE_EXECUTION_FK = 'node_executions_execution_fk';

/**
 * Declares the foreign keys (`--database.enableForeignKeyConstraintWhenMigrating`): node executions
 * reference their execution, deleted with it. Idempotent; runs after the versioned migrations each
 * time the flag is on, so turning it on later still takes effect. SQLite cannot add a constraint to
 * a table, so there the table is rebuilt with it inside one transaction.
 * @returns whether a constraint was added by this call.
 * @throws Error when existing rows break the constraint (a node execution without its execution).
 */
export async function ensureForeignKeys<DB>(db: Kysely<DB>, dialect: MigrationDialect): Promise<boolean> {
  if (dialect === 'postgres') {
    const found = await sql<{ n: number }>`
      select count(*)::int as n from pg_constraint where conname = ${NODE_EXECUTION_FK}`.execute(db);
    if (found.rows[0]?.n) return false;
    await sql`alter table node_executions add constraint ${sql.id(NODE_EXECUTION_FK)}
      foreign key (execution_id) references executions(id) on delete cascade`.execute(db);
    return true;
  }
  const existing = await sql<{ table: string }>`
    select "table" from pragma_foreign_key_list('node_executions')`.execute(db);
  if (existing.rows.some((r) => r.table === 'executions')) return false;
  await db.transaction().execute(async (trx) => {
    // The table as it is now (whatever columns later migrations added), plus the constraint; its
    // indexes are dropped with it and made again.
    const table = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'table' and name = 'node_executions'`.execute(trx);
    const indexes = await sql<{ sql: string }>`
      select sql from sqlite_master
      where type = 'index' and tbl_name = 'node_executions' and sql is not null`.execute(trx);
    const ddl = table.rows[0]?.sql ?? '';
    const rebuilt = ddl
      .replace(/^CREATE TABLE\s+"?node_executions"?/i, 'CREATE TABLE node_executions_rebuilt')
      .replace(
        /\)\s*$/,
        `, constraint "${NODE_EXECUTION_FK}" foreign key (execution_id) references executions(id) on delete cascade)`,
      );
    if (!rebuilt.startsWith('CREATE TABLE node_executions_rebuilt')) {
      throw new Error('cannot read the definition of node_executions to add its foreign key');
    }
    await sql.raw(rebuilt).execute(trx);
    await sql`insert into node_executions_rebuilt select * from node_executions`.execute(trx);
    await sql`drop table node_executions`.execute(trx);
    await sql`alter table node_executions_rebuilt rename to node_executions`.execute(trx);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
    const orphans = await sql`select 1 from pragma_foreign_key_check('node_executions') limit 1`.execute(trx);
    if (orphans.rows.length) {
      throw new Error(
        'node_executions holds rows whose execution no longer exists; cannot add the foreign key',
      );
    }
  });
  return true;
}
