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

/**
 * A database handle with nothing in it: SQLite in memory, or a fresh database of the test cluster
 * (two connections). Migrations are not applied.
 * @throws Error for `postgres` when the global setup started no cluster.
 */
export async function openTestDatabase(database: 'sqlite' | 'postgres'): Promise<DatabaseHandle> {
  if (database === 'sqlite') return openSqlite(':memory:');
  const cluster = testCluster();
  if (!cluster) throw new Error('no PostgreSQL test cluster');
  return openPostgres({
    host: cluster.host,
    port: cluster.port,
    dbname: (await createTestDatabase(cluster))['database.postgres.dbname'] ?? '',
    username: 'postgres',
    options: 'sslmode=disable',
    debug: false,
    maxOpenConnections: 2,
    maxIdleConnections: 2,
    connMaxLifeTimeSeconds: 0,
    readReplicaHost: '',
  });
}
