import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

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
});

/**
 * Brings the database schema up to date.
 * @throws Error naming the migration that failed.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: MigrationDialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
