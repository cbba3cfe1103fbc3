import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrations.js';
import { listTaskVersionExecutions } from '../../src/server/db/task-executions.js';
import { openTestDatabase } from '../helpers/postgres.js';
import { TEST_DATABASES } from '../helpers/server.js';

// The executions a task version page lists (db/task-executions.ts), on SQLite and PostgreSQL: those
// of every workflow version running the task, however many launch plans launched them, newest
// first, at most the page's 20; none of workflows that run another task or of another domain.

const SCOPE = { project: 'default', domain: 'development' };
const T0 = 1_700_000_000_000;

/** A stored workflow closure whose one node runs task `name` at `version`. */
const closureRunning = (name: string, version: string) =>
  JSON.stringify({
    compiled_workflow: {
      primary: { template: { nodes: [{ id: 'n0', task_node: { reference_id: { name, version } } }] } },
    },
  });

describe.each(TEST_DATABASES)('executions of a task version on %s', (database) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(database);
    await migrateToLatest(handle.db, handle.dialect);
    const { db } = handle;
    const workflow = (domain: string, name: string, version: string, task: string, at: number) =>
      db
        .insertInto('workflows')
        .values({
          ...SCOPE,
          domain,
          name,
          version,
          digest: `${name}-${version}`,
          spec: '{}',
          closure: closureRunning(task, 'v1'),
          created_at: at,
        })
        .execute();
    await workflow('development', 'wf', 'v1', 'the.task', T0);
    await workflow('development', 'wf', 'v2', 'the.task', T0 + 1);
    await workflow('development', 'other', 'v1', 'another.task', T0 + 2);
    await workflow('staging', 'wf', 'v1', 'the.task', T0 + 3);
    const execution = (
      domain: string,
      name: string,
      plan: string,
      wf: { name: string; version: string },
      at: number,
    ) =>
      db
        .insertInto('executions')
        .values({
          ...SCOPE,
          domain,
          name,
          launch_plan_name: plan,
          launch_plan_version: 'v1',
          workflow_name: wf.name,
          workflow_version: wf.version,
          phase: 'SUCCEEDED',
          spec: '{}',
          inputs_key: '',
          created_at: at,
          updated_at: at,
        })
        .execute();
    // wf v1 through 60 launch plans, one execution each, the later plans' newer.
    for (let i = 0; i < 60; i++) {
      const plan = `plan-${String(i).padStart(2, '0')}`;
      await db
        .insertInto('launch_plans')
        .values({
          ...SCOPE,
          name: plan,
          version: 'v1',
          digest: plan,
          spec: '{}',
          closure: '{}',
          created_at: T0 + 10 + i,
          workflow_name: 'wf',
          workflow_version: 'v1',
          state: 0,
        })
        .execute();
      await execution(
        'development',
        `e-${String(i).padStart(2, '0')}`,
        plan,
        { name: 'wf', version: 'v1' },
        T0 + 1000 + i,
      );
    }
    // Older executions of wf v2 (one launch plan); newer ones of workflows that do not count.
    for (let i = 0; i < 25; i++)
      await execution('development', `v2-${i}`, 'plan-00', { name: 'wf', version: 'v2' }, T0 + 500 + i);
    await execution('development', 'not-this-task', 'other', { name: 'other', version: 'v1' }, T0 + 5000);
    await execution('staging', 'other-domain', 'plan-00', { name: 'wf', version: 'v1' }, T0 + 5001);
  });
  afterAll(async () => {
    await handle?.close();
  });

  test('the newest 20 of every launch plan, newest first; the older version’s after them', async () => {
    const task = { ...SCOPE, name: 'the.task', version: 'v1' };
    const newest = await listTaskVersionExecutions(handle.db, task, 20);
    expect(newest.map((e) => e.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `e-${String(59 - i).padStart(2, '0')}`),
    );
    const all = await listTaskVersionExecutions(handle.db, task, 100);
    expect(all).toHaveLength(85);
    expect(all.slice(60).map((e) => e.name)).toEqual(Array.from({ length: 25 }, (_, i) => `v2-${24 - i}`));
    expect(await listTaskVersionExecutions(handle.db, { ...task, name: 'another.task' }, 20)).toHaveLength(1);
    expect(await listTaskVersionExecutions(handle.db, { ...task, version: 'v2' }, 20)).toEqual([]);
  });

  test('each workflow version’s executions are read through executions_by_workflow_version', async () => {
    if (handle.dialect !== 'sqlite') {
      const { rows } = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where indexname = 'executions_by_workflow_version'`.execute(
        handle.db,
      );
      expect(rows[0]?.indexdef).toMatch(/\(project, domain, workflow_name, workflow_version, created_at\)/);
      return;
    }
    const { rows } = await sql<{ detail: string }>`explain query plan
      select * from executions where project = 'default' and domain = 'development'
      and workflow_name = 'wf' and workflow_version = 'v1' order by created_at desc limit 20`.execute(
      handle.db,
    );
    const plan = rows.map((r) => r.detail).join('\n');
    expect(plan).toContain('executions_by_workflow_version');
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
