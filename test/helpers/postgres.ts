import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openPostgres, openSqlite } from '../../src/server/db/connect.js';

/** A throw-away PostgreSQL server started by the global setup (see test/postgres-cluster.mjs). */
export interface PostgresCluster {
  host: string;
  port: number;
  dataDir: string;
}

/** The cluster the global setup started, when there is one (environment variable ORCH_TEST_PG). */
export function testCluster(): PostgresCluster | undefined {
  const raw = process.env.ORCH_TEST_PG;
  return raw ? (JSON.parse(raw) as PostgresCluster) : undefined;
}

/** Creates a fresh database in the test cluster; returns the flags that point the server at it. */
export async function createTestDatabase(cluster: PostgresCluster): Promise<Record<string, string>> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({
    host: cluster.host,
    port: cluster.port,
    user: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return {
    'database.postgres.host': cluster.host,
    'database.postgres.port': String(cluster.port),
    'database.postgres.dbname': name,
    'database.postgres.username': 'postgres',
  };
}

/** Where {@link openTestDatabase} opens: a SQLite file's path, or a database name of the test cluster. */
export interface TestDatabaseOptions {
  /** An existing place (to open it again); default SQLite in memory, or a fresh cluster database. */
  at?: string;
  /** `--database.enableForeignKeyConstraintWhenMigrating`. @default false */
  foreignKeys?: boolean;
}

/**
 * A fresh place for a test database that outlives its handle: a file under `dir` for SQLite, a new
 * database of the test cluster for PostgreSQL. Pass it as `at` to {@link openTestDatabase}.
 * @throws Error for `postgres` when the global setup started no cluster.
 */
export async function newTestDatabasePlace(database: 'sqlite' | 'postgres', dir: string): Promise<string> {
  if (database === 'sqlite') return join(dir, `${Math.random().toString(36).slice(2, 10)}.db`);
  return (await createTestDatabase(requiredCluster()))['database.postgres.dbname'] ?? '';
}

/**
 * A database handle, migrated: SQLite in memory (or the file `at`), or a fresh database of the
 * test cluster (or the database `at`), with two connections.
 * @throws Error for `postgres` when the global setup started no cluster.
 */
export async function openTestDatabase(
  database: 'sqlite' | 'postgres',
  options: TestDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const foreignKeys = options.foreignKeys ?? false;
  if (database === 'sqlite') return openSqlite(options.at ?? ':memory:', { foreignKeys });
  const cluster = requiredCluster();
  return openPostgres(
    {
      host: cluster.host,
      port: cluster.port,
      dbname: options.at ?? (await createTestDatabase(cluster))['database.postgres.dbname'] ?? '',
      username: 'postgres',
      options: 'sslmode=disable',
      debug: false,
      maxOpenConnections: 2,
      maxIdleConnections: 2,
      connMaxLifeTimeSeconds: 0,
      readReplicaHost: '',
    },
    { foreignKeys },
  );
}

/** The test cluster. @throws Error when the global setup started none. */
function requiredCluster(): PostgresCluster {
  const cluster = testCluster();
  if (!cluster) throw new Error('no PostgreSQL test cluster');
  return cluster;
}
