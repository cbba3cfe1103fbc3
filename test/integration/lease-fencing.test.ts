import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, jest, test } from '@jest/globals';
import { sql } from 'kysely';
import { parseDuration } from '../../src/api/duration.js';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { loadConfig } from '../../src/config/load.js';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect.js';
import { Repository } from '../../src/server/db/repository.js';
import { ExecutionLeases } from '../../src/server/executor/leases.js';
import { type Logged, recordingLogger } from '../helpers/bot.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { s3Flags, startTestS3, type TestS3 } from '../helpers/s3rver.js';
import {
  startTestServer,
  TEST_DATABASES,
  type TestDatabase,
  type TestServer,
  waitForExecution,
} from '../helpers/server.js';
import { idOf, registerAddOne } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

// Execution leases are timed on the database's clock, and a replica whose lease was taken over can
// no longer write into the execution: its writes are fenced with the lease's holder and epoch.

const scope = { project: 'default', domain: 'development' };
const cluster = testCluster();
const servers: TestServer[] = [];
const handles: DatabaseHandle[] = [];
const stores: TestS3[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const handle of handles) await handle.close();
  for (const store of stores) await store.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  jest.restoreAllMocks();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'orch-fencing-'));
  dirs.push(dir);
  return dir;
}

/** Flags pointing at one fresh database of `kind` (an SQLite file, or a PostgreSQL database). */
async function databaseFlags(kind: TestDatabase): Promise<Record<string, string>> {
  if (kind === 'postgres' && cluster) return createTestDatabase(cluster);
  return { 'database.sqlite.file': join(await tempDir(), 'orch.db') };
}

/** A handle of its own on the database `flags` point at (as a third party: the test). */
async function openShared(flags: Record<string, string>): Promise<DatabaseHandle> {
  const handle = await openDatabase(loadConfig({ flags, env: {}, home: await tempDir() }), {
    parseSeconds: parseDuration,
  });
  handles.push(handle);
  return handle;
}

describe.each(TEST_DATABASES)('execution leases on the database clock (%s)', (kind) => {
  test('a replica whose clock runs an hour ahead or behind neither steals a live lease nor loses its own', async () => {
    const handle = await openShared(await databaseFlags(kind));
    const repo = new Repository(handle.db, handle.reads, handle.dialect);
    const at = Date.now();
    const id = await repo.insertExecution({
      ...scope,
      name: 'skewed',
      launch_plan_name: 'lp',
      launch_plan_version: 'v1',
      workflow_name: 'wf',
      workflow_version: 'v1',
      phase: 'RUNNING',
      spec: '{}',
      inputs_key: '',
      inputs_inline: null,
      outputs_key: null,
      error: null,
      created_at: at,
      updated_at: at,
      started_at: at,
      duration_ms: null,
    });
    // Each replica reads this process's clock: skewed by `offset` while it acts.
    let offset = 0;
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    const settings = { durationMs: 60_000, renewMs: 10_000 };
    const late = new ExecutionLeases({ repo, holder: 'late', ...settings });
    const early = new ExecutionLeases({ repo, holder: 'early', ...settings });
    // The replica whose clock lags an hour claims a one-minute lease: live for a minute, whatever its clock.
    offset = -3_600_000;
    expect(await late.claimOne(id)).toBeTruthy();
    // The replica whose clock runs an hour ahead finds it live.
    offset = 3_600_000;
    expect(await early.claimOne(id)).toBeUndefined();
    expect(await early.claimAbandoned(10, { started: true })).toEqual([]);
    // And the lagging replica's renewal keeps it, for a minute from the database's now.
    offset = -3_600_000;
    expect(await late.renew()).toEqual([]);
    const row = await repo.getExecutionById(id);
    expect(row?.lease_holder).toBe('late');
    expect(Number(row?.lease_expires_at)).toBeGreaterThan(realNow());
  });
});

/** A task script: appends its ORCH_ATTEMPT to `seen` at once, then waits for `gate` and adds one. */
function gatedScript(seen: string, gate: string): string {
  return (
    `const fs=require('fs');fs.appendFileSync(${JSON.stringify(seen)},process.env.ORCH_ATTEMPT+'\\n');` +
    "const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
    `const wait=()=>fs.existsSync(${JSON.stringify(gate)})?` +
    'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1})):setTimeout(wait,20);wait()'
  );
}

describe.each(TEST_DATABASES)('a replica whose lease was taken over (%s)', (kind) => {
  test("cannot overwrite the taker's records, and stops running the execution", async () => {
    const s3 = await startTestS3();
    stores.push(s3);
    const shared = { ...(await databaseFlags(kind)), ...s3Flags(s3, 'orch-fencing') };
    const dir = await tempDir();
    const seen = join(dir, 'attempts.txt');
    const gate = join(dir, 'gate');
    // The stale replica renews its lease every 30 minutes: within this test, never.
    const staleLog: Logged[] = [];
    const stale = await startTestServer(kind, {
      flags: {
        ...shared,
        'server.executionLease.duration': '1h',
        'server.executionLease.renewInterval': '30m',
      },
      logger: recordingLogger(staleLog),
    });
    servers.push(stale);
    await registerAddOne(stale.client, 'fencing', gatedScript(seen, gate));
    const id = await stale.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'fencing') },
      inputs: literalMapFromJson({ x: 4 }, { variables: { x: { type: parseType('integer') } } }),
    });
    const db = (await openShared(shared)).db;
    const rows = async () =>
      (
        await sql<{ holder: string | null; pid: number | null }>`select e.lease_holder as holder, t.pid as pid
          from executions e left join task_attempts t on t.execution_id = e.id
          where e.name = ${id.name}`.execute(db)
      ).rows;
    const lines = async () =>
      (await readFile(seen, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
    const [running] = await waitUntil(
      async () => {
        const found = await rows();
        return (await lines()).length === 1 && found[0]?.holder && found[0].pid ? found : undefined;
      },
      { what: 'the stale replica to run attempt 1', timeoutMs: 30_000 },
    );
    // Its lease lapses: its end is moved into the past, as time would move it with no renewal.
    await sql`update executions set lease_expires_at = 0 where name = ${id.name}`.execute(db);
    const taker = await startTestServer(kind, {
      flags: {
        ...shared,
        'server.executionLease.duration': '2s',
        'server.executionLease.renewInterval': '500ms',
      },
    });
    servers.push(taker);
    // The taker stops the stale replica's task process and runs the task again as attempt 2; the
    // stale replica sees its process end and tries to record that. Before fencing, its records
    // ended the execution FAILED here, under the taker.
    await waitUntil(
      async () => {
        const lost = staleLog.some((l) => l.msg.startsWith('lost the lease of an execution'));
        const ended = ['FAILED', 'SUCCEEDED', 'ABORTED', 'TIMED_OUT'].includes(
          String((await taker.client.getExecution(id)).closure?.phase),
        );
        return (await lines()).length === 2 && (lost || ended);
      },
      { what: 'the taker to run attempt 2 and the stale replica to try its writes', timeoutMs: 30_000 },
    );
    await writeFile(gate, '');
    const execution = await waitForExecution(taker.client, id, 60_000);
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    const [node] = (await taker.client.listNodeExecutions(id)).node_executions;
    expect(node?.closure?.phase).toBe('SUCCEEDED');
    const [first, second, ...more] = node?.closure?.task_attempts ?? [];
    expect(more).toEqual([]);
    // Attempt 1 is the taker's record of it (interrupted on the stale replica), not the stale one's.
    expect(first).toMatchObject({ attempt: 1, phase: 'FAILED', replica: running?.holder });
    expect(first?.error).toMatchObject({ code: 'Interrupted', kind: 'SYSTEM' });
    expect(second).toMatchObject({ attempt: 2, phase: 'SUCCEEDED' });
    expect(second?.replica).not.toBe(running?.holder);
    // The stale replica stopped running it: it said so, and ran no attempt after attempt 1.
    expect(staleLog).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: expect.stringMatching(/^lost the lease of an execution/),
      }),
    );
    expect(await lines()).toEqual(['1', '2']);
  }, 120_000);
});
