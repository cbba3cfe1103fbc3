import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { Repository } from '../../src/server/db/repository.js';
import { newTestDatabasePlace, openTestDatabase } from '../helpers/postgres.js';
import { TEST_DATABASES } from '../helpers/server.js';

const execution = (name: string) => ({
  project: 'default',
  domain: 'development',
  name,
  launch_plan_name: 'lp',
  launch_plan_version: 'v',
  workflow_name: 'wf',
  workflow_version: 'v',
  phase: 'RUNNING',
  spec: '{}',
  inputs_key: '',
  outputs_key: null,
  error: null,
  created_at: 1,
  updated_at: 1,
  started_at: 1,
  duration_ms: null,
});
const node = (executionId: number, nodeId = 'n0') => ({
  execution_id: executionId,
  node_id: nodeId,
  phase: 'SUCCEEDED',
  attempts: 1,
  inputs_key: null,
  outputs_key: null,
  error: null,
  started_at: 1,
  updated_at: 2,
});

describe.each(TEST_DATABASES)('--database.enableForeignKeyConstraintWhenMigrating on %s', (database) => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-fk-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  /** Opens (and migrates) the database at `at` with the constraint flag given. */
  const open = (at: string, foreignKeys: boolean) => openTestDatabase(database, { at, foreignKeys });

  test('off: nothing stops a node execution of a missing execution', async () => {
    const handle = await open(await newTestDatabasePlace(database, dir), false);
    try {
      await new Repository(handle.db).upsertNodeExecution(node(999));
      expect(handle.applied.some((m) => m.startsWith('foreign key'))).toBe(false);
    } finally {
      await handle.close();
    }
  });

  test('turned on later: rows are kept, orphans refused, node executions deleted with their execution', async () => {
    const where = await newTestDatabasePlace(database, dir);
    const before = await open(where, false);
    const repo = new Repository(before.db);
    const id = await repo.insertExecution(execution('kept'));
    await repo.upsertNodeExecution(node(id, 'a'));
    await repo.upsertNodeExecution(node(id, 'b'));
    await before.close();

    const after = await open(where, true);
    try {
      expect(after.applied).toEqual(['foreign key node_executions_execution_fk']);
      const repo2 = new Repository(after.db);
      const page = await repo2.listNodeExecutions(id, { limit: 10, token: '' });
      expect(page.rows.map((r) => r.node_id)).toEqual(['a', 'b']);
      // Matched on the message: the driver's error class may come from another test file's realm.
      await expect(repo2.upsertNodeExecution(node(id + 1000))).rejects.toMatchObject({
        message: expect.stringMatching(/foreign key/i),
      });
      await repo2.deleteExecution(id);
      expect((await repo2.listNodeExecutions(id, { limit: 10, token: '' })).rows).toEqual([]);
    } finally {
      await after.close();
    }
    // Opening again with the flag adds nothing: the constraint is already there.
    const again = await open(where, true);
    expect(again.applied).toEqual([]);
    await again.close();
  });
});
