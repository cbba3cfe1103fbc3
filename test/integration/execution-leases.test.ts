import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import pg from 'pg';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import type { AdminClient } from '../../src/client/admin-client.js';
import { type ChildAdmin, startChildAdmin } from '../helpers/child-admin.js';
import { createTestDatabase, type PostgresCluster, testCluster } from '../helpers/postgres.js';
import { s3Flags, startTestS3, type TestS3 } from '../helpers/s3rver.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, registerAddOne } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

// Several real admin servers share one PostgreSQL database and one S3 store (s3rver): each execution is driven by the one
// replica holding its lease, and a replica that dies leaves its executions to another once the
// leases lapse.

const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };
const cluster = testCluster();

const servers: TestServer[] = [];
const children: ChildProcess[] = [];
const dirs: string[] = [];
const stores: TestS3[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const server of servers) await server.stop();
  for (const store of stores) await store.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The flags of replicas sharing a fresh database in `pgCluster` and a fresh S3 store, with these lease settings. */
async function sharedFlags(
  pgCluster: PostgresCluster,
  duration: string,
  renewInterval: string,
): Promise<Record<string, string>> {
  const s3 = await startTestS3();
  stores.push(s3);
  return {
    ...(await createTestDatabase(pgCluster)),
    ...s3Flags(s3, 'orch-leases'),
    'server.executionLease.duration': duration,
    'server.executionLease.renewInterval': renewInterval,
  };
}

/** A folder removed after the suite. */
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'orch-leases-'));
  dirs.push(dir);
  return dir;
}

/** Runs one query on the test database the flags point at. */
async function query<R extends pg.QueryResultRow>(
  pgCluster: PostgresCluster,
  flags: Record<string, string>,
  text: string,
): Promise<R[]> {
  const client = new pg.Client({
    host: pgCluster.host,
    port: pgCluster.port,
    user: 'postgres',
    database: flags['database.postgres.dbname'],
  });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A task script that appends its input x to `file` (one line per real run), waiting for `gate` first when given. */
function appendScript(file: string, gate?: string): string {
  const run =
    "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
    `const done=()=>{fs.appendFileSync(${JSON.stringify(file)},i.x+'\\n');` +
    'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))};';
  return gate
    ? `${run}const wait=()=>fs.existsSync(${JSON.stringify(gate)})?done():setTimeout(wait,20);wait()`
    : `${run}done()`;
}

/** Starts an admin replica as a subprocess (see the fixture) over a fresh folder; resolves once it listens. */
async function startAdminProcess(flags: Record<string, string>): Promise<ChildAdmin> {
  const admin = await startChildAdmin(await tempDir(), flags);
  children.push(admin.child);
  return admin;
}

const launch = (client: AdminClient, version: string, x: number) =>
  client.createExecution({
    ...scope,
    spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', version) },
    inputs: literalMapFromJson({ x }, X),
  });

(cluster ? describe : describe.skip)(
  `execution leases on PostgreSQL${cluster ? '' : ' (skipped: no PostgreSQL test cluster; install PostgreSQL or set ORCH_TEST_POSTGRES=required)'}`,
  () => {
    test('three admin processes on one database: 100 executions launched across them each run exactly once', async () => {
      if (!cluster) return;
      const flags = await sharedFlags(cluster, '3s', '500ms');
      const admins = await Promise.all([0, 1, 2].map(() => startAdminProcess(flags)));
      const runs = join(await tempDir(), 'runs.txt');
      await registerAddOne(admins[0]!.client, 'once', appendScript(runs));
      const ids = await Promise.all(
        Array.from({ length: 100 }, (_, x) => launch(admins[x % 3]!.client, 'once', x)),
      );
      for (const [x, id] of ids.entries()) {
        const execution = await waitForExecution(admins[(x + 1) % 3]!.client, id, 120_000);
        expect(execution.closure?.phase).toBe('SUCCEEDED');
      }
      // Counted by the tasks themselves (one line per real run) and in the task attempts table.
      const lines = (await readFile(runs, 'utf8')).trim().split('\n').map(Number);
      expect(lines.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, x) => x));
      const attempts = await query<{ name: string; attempts: number }>(
        cluster,
        flags,
        'select e.name, count(t.attempt)::int as attempts from executions e ' +
          'left join task_attempts t on t.execution_id = e.id group by e.name',
      );
      expect(attempts).toHaveLength(100);
      expect(attempts.filter((r) => r.attempts !== 1)).toEqual([]);
      const held = await query(cluster, flags, 'select id from executions where lease_holder is not null');
      expect(held).toEqual([]);
      // Every replica drove some of them: the work was shared, not done by one.
      const replicas = await query<{ holder: string }>(cluster, flags, 'select holder from admin_replicas');
      expect(replicas).toHaveLength(3);
      for (const admin of admins) admin.client.close();
    }, 240_000);

    test('an admin keeping blobs on local disk is refused beside a live replica, and the reason names both', async () => {
      if (!cluster) return;
      const flags = await sharedFlags(cluster, '3s', '500ms');
      const first = await startAdminProcess(flags);
      const local: Record<string, string> = { ...flags, 'storage.type': 'local' };
      for (const key of Object.keys(local)) if (key.startsWith('storage.connection.')) delete local[key];
      delete local['storage.container'];
      const refused = startAdminProcess(local);
      await expect(refused).rejects.toThrow(
        /keeps its blobs on local disk \(local:.*\/storage\).*1 other admin replica/s,
      );
      await expect(refused).rejects.toThrow(/--storage.type s3 or minio/);
      // The refused replica left no row behind, and the first one still serves.
      expect(await query(cluster, flags, 'select holder from admin_replicas')).toHaveLength(1);
      await expect(first.client.listProjects({ limit: 1 })).resolves.toBeDefined();
      // Once the first leaves cleanly (SIGTERM), a local-disk admin may run alone.
      first.child.kill('SIGTERM');
      await once(first.child, 'exit');
      first.client.close();
      const alone = await startAdminProcess(local);
      await expect(alone.client.listProjects({ limit: 1 })).resolves.toBeDefined();
      // And now an S3 replica is refused beside it, naming the local one.
      await expect(startAdminProcess(flags)).rejects.toThrow(
        /another admin replica shares this database and keeps its blobs on its own disk: .*local:/,
      );
      alone.client.close();
    }, 120_000);

    test('a crashed predecessor on this host does not block a restart: its row is swept at start', async () => {
      if (!cluster) return;
      const flags = await sharedFlags(cluster, '30s', '10s');
      const first = await startAdminProcess({ ...flags, 'storage.type': 'mem' });
      const pid = first.child.pid;
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      first.client.close();
      // Its heartbeat is fresh (30 s lease) but its process is gone: a new admin on this host runs.
      const rows = await query<{ pid: number; storage: string }>(
        cluster,
        flags,
        'select pid, storage from admin_replicas',
      );
      expect(rows).toEqual([{ pid, storage: 'mem' }]);
      const next = await startAdminProcess(flags);
      await expect(next.client.listProjects({ limit: 1 })).resolves.toBeDefined();
      const after = await query<{ pid: number }>(cluster, flags, 'select pid from admin_replicas');
      expect(after).toEqual([{ pid: next.child.pid }]);
      next.client.close();
    }, 60_000);

    test('a killed admin leaves its executions to another, which takes them over once the leases lapse', async () => {
      if (!cluster) return;
      const flags = await sharedFlags(cluster, '2s', '500ms');
      const dir = await tempDir();
      const runs = join(dir, 'runs.txt');
      const gate = join(dir, 'gate');
      const dying = await startAdminProcess(flags);
      await registerAddOne(dying.client, 'takeover', appendScript(runs, gate));
      const ids = await Promise.all([1, 2, 3].map((x) => launch(dying.client, 'takeover', x)));
      // Every execution runs on the dying admin: its lease is held and its attempt started.
      const leases = () =>
        query<{
          id: string;
          lease_holder: string | null;
          lease_expires_at: string;
          started_at: string | null;
        }>(
          cluster,
          flags,
          'select e.id, e.lease_holder, e.lease_expires_at, max(t.started_at) as started_at from executions e ' +
            'left join task_attempts t on t.execution_id = e.id group by e.id',
        );
      const before = await waitUntil(
        async () => {
          const rows = await leases();
          return rows.length === 3 && rows.every((r) => r.lease_holder && r.started_at) && rows;
        },
        { what: 'the dying admin to run its three executions', timeoutMs: 30_000 },
      );
      const dead = before[0]?.lease_holder;
      expect(before.every((r) => r.lease_holder === dead)).toBe(true);
      const taker = await startTestServer('postgres', { flags });
      servers.push(taker);
      dying.child.kill('SIGKILL');
      await once(dying.child, 'exit');
      dying.client.close();
      // The survivor claims each execution, and starts its attempt again, only once its lease lapsed:
      // never before the expiry last seen (renewals only push it later).
      const after = await waitUntil(
        async () => {
          const rows = await leases();
          const restarted = (r: (typeof rows)[number]) =>
            Number(r.started_at) > Number(before.find((b) => b.id === r.id)?.started_at);
          return rows.every((r) => r.lease_holder && r.lease_holder !== dead && restarted(r)) && rows;
        },
        { what: 'the survivor to take the executions over', timeoutMs: 30_000 },
      );
      for (const row of after) {
        const seen = before.find((r) => r.id === row.id);
        expect(Number(row.started_at)).toBeGreaterThanOrEqual(Number(seen?.lease_expires_at));
      }
      // The dead admin's task processes were stopped by the takeover: only the survivor's runs finish.
      await writeFile(gate, '');
      for (const id of ids) {
        const execution = await waitForExecution(taker.client, id, 60_000);
        expect(execution.closure?.phase).toBe('SUCCEEDED');
      }
      const lines = (await readFile(runs, 'utf8')).trim().split('\n').map(Number);
      expect(lines.sort((a, b) => a - b)).toEqual([1, 2, 3]);
      const held = await query(cluster, flags, 'select id from executions where lease_holder is not null');
      expect(held).toEqual([]);
    }, 120_000);

    test("survivors whose every slot is busy still take over a killed admin's execution at once, not after their own tasks", async () => {
      if (!cluster) return;
      const flags = await sharedFlags(cluster, '2s', '500ms');
      const dir = await tempDir();
      const busyGate = join(dir, 'busy-gate');
      const orphanGate = join(dir, 'orphan-gate');
      const runs = join(dir, 'runs.txt');
      // Two survivors of one slot each (--server.executor.maxRunning 1), each running a long task.
      const survivors = await Promise.all(
        [0, 1].map(() => startAdminProcess({ ...flags, 'server.executor.maxRunning': '1' })),
      );
      await registerAddOne(survivors[0]!.client, 'busy', appendScript(runs, busyGate));
      const busy = [
        await launch(survivors[0]!.client, 'busy', 10),
        await launch(survivors[1]!.client, 'busy', 11),
      ];
      const rows = () =>
        query<{ name: string; phase: string; lease_holder: string | null; started_at: string | null }>(
          cluster,
          flags,
          'select e.name, e.phase, e.lease_holder, max(t.started_at) as started_at from executions e ' +
            'left join task_attempts t on t.execution_id = e.id group by e.id',
        );
      const busyRows = await waitUntil(
        async () => {
          const found = (await rows()).filter((r) => busy.some((b) => b.name === r.name));
          return found.length === 2 && found.every((r) => r.lease_holder && r.started_at) && found;
        },
        { what: 'each survivor to run its long task', timeoutMs: 30_000 },
      );
      // One slot each: the two long tasks run on the two survivors, whose slots are now all taken.
      expect(new Set(busyRows.map((r) => r.lease_holder)).size).toBe(2);
      const dying = await startAdminProcess(flags);
      await registerAddOne(dying.client, 'orphan', appendScript(runs, orphanGate));
      const orphan = await launch(dying.client, 'orphan', 1);
      const before = await waitUntil(
        async () => {
          const row = (await rows()).find((r) => r.name === orphan.name);
          return row?.lease_holder && row.started_at ? row : undefined;
        },
        { what: 'the dying admin to run its execution', timeoutMs: 30_000 },
      );
      expect(busyRows.map((r) => r.lease_holder)).not.toContain(before.lease_holder);
      dying.child.kill('SIGKILL');
      await once(dying.child, 'exit');
      dying.client.close();
      // A survivor resumes it (a new attempt under its lease) while both long tasks still run: it did
      // not wait for a slot. The long tasks cannot end before their gate opens, below.
      const taken = await waitUntil(
        async () => {
          const row = (await rows()).find((r) => r.name === orphan.name);
          const resumed =
            row?.lease_holder &&
            row.lease_holder !== before.lease_holder &&
            Number(row.started_at) > Number(before.started_at);
          return resumed ? row : undefined;
        },
        { what: 'a busy survivor to take the execution over', timeoutMs: 30_000 },
      );
      expect(busyRows.map((r) => r.lease_holder)).toContain(taken.lease_holder);
      const stillBusy = (await rows()).filter((r) => busy.some((b) => b.name === r.name));
      expect(stillBusy.map((r) => r.phase)).toEqual(['RUNNING', 'RUNNING']);
      await writeFile(orphanGate, '');
      await writeFile(busyGate, '');
      for (const id of [...busy, orphan]) {
        const execution = await waitForExecution(survivors[0]!.client, id, 60_000);
        expect(execution.closure?.phase).toBe('SUCCEEDED');
      }
      // Each ran to its end once (the takeover stopped the killed admin's task process before its gate opened).
      const lines = (await readFile(runs, 'utf8')).trim().split('\n').map(Number);
      expect(lines.sort((a, b) => a - b)).toEqual([1, 10, 11]);
      for (const admin of survivors) admin.client.close();
    }, 120_000);

    test("a task cut short by its admin's kill runs again as attempt 2, and attempt 1 is recorded as interrupted on that replica", async () => {
      if (!cluster) return;
      const flags = await sharedFlags(cluster, '2s', '500ms');
      const dir = await tempDir();
      const seen = join(dir, 'attempts.txt');
      const gate = join(dir, 'gate');
      // The task appends its ORCH_ATTEMPT to a file at once, then waits for the gate.
      const script =
        `const fs=require('fs');fs.appendFileSync(${JSON.stringify(seen)},process.env.ORCH_ATTEMPT+'\\n');` +
        "const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
        `const wait=()=>fs.existsSync(${JSON.stringify(gate)})?` +
        'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1})):setTimeout(wait,20);wait()';
      const dying = await startAdminProcess(flags);
      await registerAddOne(dying.client, 'attempts', script);
      const id = await launch(dying.client, 'attempts', 4);
      const lines = async () =>
        (await readFile(seen, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
      await waitUntil(async () => (await lines()).length === 1, {
        what: 'the task to start on the admin about to be killed',
        timeoutMs: 30_000,
      });
      const [held] = await query<{ lease_holder: string }>(
        cluster,
        flags,
        `select lease_holder from executions where name = '${id.name}'`,
      );
      const dead = held?.lease_holder ?? '';
      expect(dead).not.toBe('');
      const taker = await startTestServer('postgres', { flags });
      servers.push(taker);
      dying.child.kill('SIGKILL');
      await once(dying.child, 'exit');
      dying.client.close();
      await waitUntil(async () => (await lines()).length === 2, {
        what: 'the survivor to run the task again',
        timeoutMs: 30_000,
      });
      await writeFile(gate, '');
      const execution = await waitForExecution(taker.client, id, 60_000);
      expect(execution.closure?.phase).toBe('SUCCEEDED');
      // The task saw attempt 1, then attempt 2 (its retries are 0: the interrupted run used none).
      expect(await lines()).toEqual(['1', '2']);
      const [node] = (await taker.client.listNodeExecutions(id)).node_executions;
      expect(node?.closure?.phase).toBe('SUCCEEDED');
      expect(node?.closure?.attempts).toBe(2);
      const [first, second, ...more] = node?.closure?.task_attempts ?? [];
      expect(more).toEqual([]);
      expect(first).toMatchObject({ attempt: 1, phase: 'FAILED', replica: dead });
      expect(first?.error).toMatchObject({
        code: 'Interrupted',
        message: `the admin running it stopped before it ended (replica ${dead})`,
        kind: 'SYSTEM',
      });
      expect(second).toMatchObject({ attempt: 2, phase: 'SUCCEEDED' });
      expect(second?.replica).not.toBe(dead);
      expect(second?.replica).toMatch(/^[^/]+\/\d+\/[0-9a-f]{12}$/);
    }, 120_000);
  },
);
