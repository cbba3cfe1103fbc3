import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { type DatabaseHandle, openPostgres, openSqlite } from '../../src/server/db/connect.js';
import { NEWEST_FIRST, Repository } from '../../src/server/db/repository.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { TEST_DATABASES } from '../helpers/server.js';

async function open(database: string, dir: string): Promise<DatabaseHandle> {
  if (database === 'sqlite') return openSqlite(join(dir, 'pages.db'));
  const cluster = testCluster();
  if (!cluster) throw new Error('no PostgreSQL test cluster');
  const flags = await createTestDatabase(cluster);
  return openPostgres({
    host: cluster.host,
    port: cluster.port,
    dbname: flags['database.postgres.dbname'] as string,
    username: 'postgres',
    options: 'sslmode=disable',
    debug: false,
    maxOpenConnections: 5,
    maxIdleConnections: 5,
    connMaxLifeTimeSeconds: 0,
    readReplicaHost: '',
  });
}

let counter = 0;
const nextProject = () => {
  counter += 1;
  return `p${counter}`;
};
function row(project: string, createdAt: number) {
  counter += 1;
  return {
    project,
    domain: 'development',
    name: `e${counter.toString(36)}`,
    launch_plan_name: 'lp',
    launch_plan_version: 'v',
    workflow_name: 'wf',
    workflow_version: 'v',
    phase: 'QUEUED',
    spec: '{}',
    inputs_key: 'k',
    outputs_key: null,
    error: null,
    created_at: createdAt,
    updated_at: createdAt,
    started_at: null,
    duration_ms: null,
  };
}

describe.each(TEST_DATABASES)('keyset pagination of executions on %s', (database) => {
  let dir: string;
  let handle: DatabaseHandle;
  let repo: Repository;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-pages-'));
    handle = await open(database, dir);
    repo = new Repository(handle.db);
  });
  afterAll(async () => {
    await handle.db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  test('paging while rows are inserted neither skips nor repeats a row', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 0, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        async (times, limits, inserts, ascending) => {
          const project = nextProject();
          const base = 1_700_000_000_000;
          const initial = new Set<string>();
          for (const t of times) {
            const r = row(project, base + t);
            await repo.insertExecution(r);
            initial.add(r.name);
          }
          const sort = ascending ? { ...NEWEST_FIRST, direction: 'asc' as const } : NEWEST_FIRST;
          const seen: string[] = [];
          let token = '';
          for (let i = 0; ; i++) {
            const limit = limits[i % limits.length] as number;
            const page = await repo.listExecutions(
              { project, domain: 'development' },
              { limit, token },
              { sort },
            );
            seen.push(...page.rows.map((r) => r.name));
            // Insert during the first pages only: in ascending order new rows join the end of the list,
            // and a list that grows as fast as it is read never ends.
            const inserting = i < 10 ? (inserts[i % inserts.length] as number) : 0;
            for (let k = 0; k < inserting; k++) {
              // New rows are as new as the newest or newer: ties on created_at included.
              await repo.insertExecution(row(project, base + 5 + (k % 2)));
            }
            if (!page.token) break;
            token = page.token;
            if (i > 500) throw new Error('pagination does not end');
          }
          expect(new Set(seen).size).toBe(seen.length);
          for (const name of initial) expect(seen).toContain(name);
          if (!ascending) expect(seen.filter((n) => !initial.has(n))).toEqual([]);
        },
      ),
      { numRuns: database === 'sqlite' ? 60 : 25 },
    );
  });

  test('a token from another sort order is rejected', async () => {
    const project = nextProject();
    for (let i = 0; i < 3; i++) await repo.insertExecution(row(project, 1_700_000_000_000 + i));
    const page = await repo.listExecutions({ project, domain: 'development' }, { limit: 1, token: '' });
    await expect(
      repo.listExecutions(
        { project, domain: 'development' },
        { limit: 1, token: page.token },
        { sort: { field: 'name', column: 'name', direction: 'asc' } },
      ),
    ).rejects.toThrow(/invalid pagination token/);
  });
});
