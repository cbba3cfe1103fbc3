import { join } from 'node:path';
import { status as Status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { parseDuration } from '../../src/api/duration.js';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import type { LaunchPlanSpec } from '../../src/api/types.js';
import type { AdminClient } from '../../src/client/admin-client.js';
import { UnavailableError } from '../../src/client/errors.js';
import { loadConfig } from '../../src/config/load.js';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect.js';
import {
  type PassResult,
  SCHEDULER_PRINCIPAL,
  type ScheduledLaunch,
  Scheduler,
  scheduledExecutionName,
} from '../../src/server/executor/scheduler.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { s3Flags, startTestS3, type TestS3 } from '../helpers/s3rver.js';
import { startTestServer, type TestDatabase, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, registerAddOne } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

// The scheduler of launch plan cron schedules (src/server/executor/scheduler.ts) with three
// replicas racing over one database: on SQLite, three schedulers (each with its own connection to
// the one server's database file) launching through that server's CreateExecution; on PostgreSQL,
// three real admin servers on one database and one S3 store, each with a scheduler launching
// through its own admin's CreateExecution. The admins' own schedulers are off
// (`--server.scheduler.enabled=false`): the test's schedulers run on a fake clock that runs ahead
// of real time, so minutes pass without waiting for them.

const MINUTE = 60_000;
const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };
const VERSION = 'v1';
const WF = idOf('WORKFLOW', 'wf.add_one_wf', VERSION);

/** Three replicas: an admin (one for all on SQLite) and a scheduler each, on a shared fake clock. */
interface Replicas {
  servers: TestServer[];
  handles: DatabaseHandle[];
  schedulers: Scheduler[];
  /** The fake clock the schedulers read, in ms since the epoch. */
  clock: { now: number };
  /** Launch failures to inject, by scheduler index: each call of that scheduler's launch takes one. */
  failNext: number[];
}

/** Launches through `client`'s CreateExecution, as the admin's own scheduler does in-process. */
function launchVia(client: AdminClient, replicas: Replicas, index: number) {
  return async (launch: ScheduledLaunch) => {
    if ((replicas.failNext[index] ?? 0) > 0) {
      replicas.failNext[index] = (replicas.failNext[index] ?? 0) - 1;
      throw new UnavailableError('injected: the admin did not answer', Status.UNAVAILABLE, 'CreateExecution');
    }
    await client.createExecution({
      ...scope,
      name: launch.name,
      spec: {
        launch_plan: { resource_type: 'LAUNCH_PLAN', ...launch.launchPlan },
        metadata: { mode: 'SCHEDULED', principal: SCHEDULER_PRINCIPAL },
      },
      inputs: { literals: {} },
    });
  };
}

/** Starts the replicas of `database` (see the file comment). */
async function startReplicas(database: TestDatabase, stores: TestS3[]): Promise<Replicas> {
  const off = { 'server.scheduler.enabled': 'false' };
  const servers: TestServer[] = [];
  let dbFlags: Record<string, string>;
  if (database === 'postgres') {
    const cluster = testCluster();
    if (!cluster) throw new Error('no PostgreSQL test cluster is running');
    const s3 = await startTestS3();
    stores.push(s3);
    dbFlags = await createTestDatabase(cluster);
    const flags = { ...dbFlags, ...s3Flags(s3, 'orch-scheduler'), ...off };
    for (let i = 0; i < 3; i++) servers.push(await startTestServer('postgres', { flags }));
  } else {
    const server = await startTestServer('sqlite', { flags: off });
    servers.push(server);
    dbFlags = { 'database.sqlite.file': join(server.dataDir, 'orch.db') };
  }
  const replicas: Replicas = { servers, handles: [], schedulers: [], clock: { now: 0 }, failNext: [0, 0, 0] };
  for (let i = 0; i < 3; i++) {
    const handle = await openDatabase(loadConfig({ flags: dbFlags, env: {}, home: servers[0]?.dataDir }), {
      parseSeconds: parseDuration,
    });
    replicas.handles.push(handle);
    const server = servers[i % servers.length] as TestServer;
    replicas.schedulers.push(
      new Scheduler({
        db: handle.db,
        launch: launchVia(server.client, replicas, i),
        intervalMs: 1000,
        now: () => replicas.clock.now,
        holder: `replica-${i}`,
        retryAfterMs: MINUTE,
      }),
    );
  }
  return replicas;
}

/** One pass of every scheduler at once, at `now`. */
async function race(replicas: Replicas, now: number): Promise<PassResult[]> {
  replicas.clock.now = now;
  return Promise.all(replicas.schedulers.map((s) => s.pass()));
}

const launchedIn = (results: PassResult[]) => results.flatMap((r) => r.launched);

for (const database of ['sqlite', 'postgres'] as const) {
  const cluster = testCluster();
  const skip = database === 'postgres' && !cluster;
  (skip ? describe.skip : describe)(
    `the scheduler, three replicas on ${database}${skip ? ' (skipped: no PostgreSQL test cluster; set ORCH_TEST_POSTGRES=required)' : ''}`,
    () => {
      const stores: TestS3[] = [];
      let replicas: Replicas;
      let client: AdminClient;
      let db: DatabaseHandle['db'];

      beforeAll(async () => {
        replicas = await startReplicas(database, stores);
        client = (replicas.servers[0] as TestServer).client;
        db = (replicas.handles[0] as DatabaseHandle).db;
        await registerAddOne(client, VERSION);
      }, 60_000);

      afterAll(async () => {
        for (const scheduler of replicas?.schedulers ?? []) await scheduler.close();
        for (const handle of replicas?.handles ?? []) await handle.close();
        for (const server of replicas?.servers ?? []) await server.stop();
        for (const store of stores) await store.stop();
      });

      /** Registers a launch plan of the add-one workflow named `name`; activates it when asked. */
      async function plan(name: string, spec: Omit<LaunchPlanSpec, 'workflow_id'>, activate = true) {
        const id = idOf('LAUNCH_PLAN', name, VERSION);
        await client.createLaunchPlan(id, { workflow_id: WF, ...spec });
        if (activate) await client.updateLaunchPlan(id, 'ACTIVE');
        const row = await db
          .selectFrom('launch_plans')
          .select(['activated_at', 'state'])
          .where('name', '=', name)
          .where('version', '=', VERSION)
          .executeTakeFirstOrThrow();
        const key = { ...scope, name, version: VERSION };
        // The first whole minute at or after the activation: the first tick a `* * * * *` plan fires.
        const first = Math.ceil((row.activated_at ?? 0) / MINUTE) * MINUTE;
        return { id, key, activatedAt: row.activated_at ?? 0, first };
      }

      /** The executions of a launch plan name, from the database. */
      const executionsOf = (name: string) =>
        db
          .selectFrom('executions')
          .select(['name', 'phase', 'spec', 'inputs_inline'])
          .where('launch_plan_name', '=', name)
          .orderBy('name')
          .execute();

      /** The tick rows of a launch plan name, earliest first. */
      const ticksOf = (name: string) =>
        db.selectFrom('schedule_ticks').selectAll().where('name', '=', name).orderBy('tick_at').execute();

      const everyMinute = { schedule: { cron_schedule: { schedule: '* * * * *' } } };

      test('each tick of a `* * * * *` plan launches exactly one execution, which runs to SUCCEEDED with the fixed input', async () => {
        const { id, key, first } = await plan('sched.race', {
          ...everyMinute,
          fixed_inputs: literalMapFromJson({ x: 41 }, X),
        });
        const ticks = [0, 1, 2, 3, 4].map((k) => first + k * MINUTE);
        const launched: ScheduledLaunch[] = [];
        for (const tick of ticks) {
          // Three passes within each minute, every replica racing in each.
          for (const offset of [0, 7_000, 45_000])
            launched.push(...launchedIn(await race(replicas, tick + offset)));
        }
        await client.updateLaunchPlan(id, 'INACTIVE');
        const mine = launched.filter((l) => l.launchPlan.name === 'sched.race');
        expect(mine.map((l) => l.tickAt)).toEqual(ticks);
        const rows = await executionsOf('sched.race');
        expect(rows).toHaveLength(ticks.length);
        expect(rows.map((r) => r.name).sort()).toEqual(
          ticks.map((t) => scheduledExecutionName(key, t)).sort(),
        );
        const tickRows = await ticksOf('sched.race');
        expect(tickRows.map((t) => Number(t.tick_at))).toEqual(ticks);
        expect(tickRows.every((t) => t.launched_at !== null && t.error === null)).toBe(true);
        for (const row of rows) {
          expect(JSON.parse(row.spec).metadata.mode).toBe('SCHEDULED');
          expect(JSON.parse(row.inputs_inline ?? '{}').literals.x.scalar.primitive.integer).toBe('41');
        }
        const done = await waitUntil(
          async () => {
            const now = await executionsOf('sched.race');
            return now.every((r) => ['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'].includes(r.phase)) && now;
          },
          { what: 'the scheduled executions to end', timeoutMs: 45_000, intervalMs: 100 },
        );
        expect(done.map((r) => r.phase)).toEqual(ticks.map(() => 'SUCCEEDED'));
        const execution = await client.getExecution({ ...scope, name: rows[0]?.name ?? '' });
        expect(execution.closure?.outputs?.literals?.o0?.scalar?.primitive?.integer).toBe('42');
        // Pruning keeps each version's latest tick row, which is what says that tick fired.
        expect(await replicas.schedulers[0]?.prune(ticks[4] ?? 0)).toBe(4);
        expect((await ticksOf('sched.race')).map((t) => Number(t.tick_at))).toEqual([ticks[4]]);
      }, 90_000);

      test('a plan activated mid-minute fires first at the next whole minute, never the tick before its activation', async () => {
        const { id, activatedAt, first } = await plan('sched.late', {
          ...everyMinute,
          fixed_inputs: literalMapFromJson({ x: 1 }, X),
        });
        // Activating an active version again keeps its activation time.
        await client.updateLaunchPlan(id, 'ACTIVE');
        const row = await db
          .selectFrom('launch_plans')
          .select('activated_at')
          .where('name', '=', 'sched.late')
          .executeTakeFirstOrThrow();
        expect(row.activated_at).toBe(activatedAt);
        expect(activatedAt).toBeGreaterThan(first - MINUTE);
        // In the minute of the activation (after it): the tick that began that minute is before it.
        expect(launchedIn(await race(replicas, Math.max(activatedAt, first - 1)))).toHaveLength(0);
        const fired = launchedIn(await race(replicas, first + 1_000)).filter(
          (l) => l.launchPlan.name === 'sched.late',
        );
        await client.updateLaunchPlan(id, 'INACTIVE');
        expect(fired.map((l) => l.tickAt)).toEqual([first]);
        expect((await ticksOf('sched.late')).map((t) => Number(t.tick_at))).toEqual([first]);
      });

      test('a deactivated plan fires nothing; reactivated, it fires only its latest tick, none missed while inactive', async () => {
        const { id, key, first } = await plan('sched.off', {
          ...everyMinute,
          fixed_inputs: literalMapFromJson({ x: 1 }, X),
        });
        await client.updateLaunchPlan(id, 'INACTIVE');
        for (let k = 0; k < 3; k++) await race(replicas, first + k * MINUTE + 5_000);
        expect(await executionsOf('sched.off')).toHaveLength(0);
        expect(await ticksOf('sched.off')).toHaveLength(0);
        // Reactivated now, in real time (the fake clock runs ahead of it): of the ticks the fake clock
        // passed while the plan was inactive, none fires; the latest one after the reactivation does.
        await client.updateLaunchPlan(id, 'ACTIVE');
        const again = await db
          .selectFrom('launch_plans')
          .select('activated_at')
          .where('name', '=', 'sched.off')
          .executeTakeFirstOrThrow();
        expect(again.activated_at ?? 0).toBeLessThanOrEqual(first + 2 * MINUTE);
        const fired = launchedIn(await race(replicas, first + 2 * MINUTE + 5_000));
        await client.updateLaunchPlan(id, 'INACTIVE');
        expect(fired.filter((l) => l.launchPlan.name === 'sched.off').map((l) => l.tickAt)).toEqual([
          first + 2 * MINUTE,
        ]);
        expect((await executionsOf('sched.off')).map((r) => r.name)).toEqual([
          scheduledExecutionName(key, first + 2 * MINUTE),
        ]);
      });

      test('after a 10-minute gap only the latest missed tick fires, with the default input', async () => {
        const x = {
          x: { var: { type: parseType('integer') }, default: literalMapFromJson({ x: 1 }, X).literals?.x },
        };
        const { id, key, first } = await plan('sched.gap', {
          ...everyMinute,
          default_inputs: { parameters: x },
        });
        const fired = launchedIn(await race(replicas, first + 2_000));
        const later = first + 10 * MINUTE;
        fired.push(...launchedIn(await race(replicas, later + 30_000)));
        fired.push(...launchedIn(await race(replicas, later + 50_000)));
        await client.updateLaunchPlan(id, 'INACTIVE');
        const mine = fired.filter((l) => l.launchPlan.name === 'sched.gap').map((l) => l.tickAt);
        expect(mine).toEqual([first, later]);
        const rows = await executionsOf('sched.gap');
        expect(rows.map((r) => r.name).sort()).toEqual(
          [scheduledExecutionName(key, first), scheduledExecutionName(key, later)].sort(),
        );
        for (const row of rows)
          expect(JSON.parse(row.inputs_inline ?? '{}').literals.x.scalar.primitive.integer).toBe('1');
      });

      test('an absent or unparsable schedule is ignored; a plan that cannot launch records why and is not retried', async () => {
        const none = await plan('sched.none', {});
        const bad = await plan('sched.bad', {
          ...everyMinute,
          fixed_inputs: literalMapFromJson({ x: 1 }, X),
        });
        // A stored cron that no longer parses (written before validation existed, say).
        const spec = await db
          .selectFrom('launch_plans')
          .select('spec')
          .where('name', '=', 'sched.bad')
          .executeTakeFirstOrThrow();
        await db
          .updateTable('launch_plans')
          .set({ spec: spec.spec.replace('* * * * *', '61 * * * *') })
          .where('name', '=', 'sched.bad')
          .execute();
        // Its workflow needs x, which this plan neither fixes nor defaults.
        const needy = await plan('sched.needy', everyMinute);
        const first = Math.max(none.first, bad.first, needy.first);
        const results = [...(await race(replicas, first + 1_000)), ...(await race(replicas, first + 30_000))];
        for (const p of [none.id, bad.id, needy.id]) await client.updateLaunchPlan(p, 'INACTIVE');
        expect(await executionsOf('sched.none')).toHaveLength(0);
        expect(await executionsOf('sched.bad')).toHaveLength(0);
        expect(await ticksOf('sched.bad')).toHaveLength(0);
        expect(await executionsOf('sched.needy')).toHaveLength(0);
        const failures = results
          .flatMap((r) => r.failed)
          .filter((f) => f.launch.launchPlan.name === 'sched.needy');
        expect(failures).toHaveLength(1);
        expect(failures[0]?.permanent).toBe(true);
        expect(failures[0]?.error).toMatch(/missing required input "x"/);
        const [tick] = await ticksOf('sched.needy');
        expect(tick?.error).toMatch(/missing required input "x"/);
        expect(tick?.launched_at).toBeNull();
      });

      test('a launch that fails after its tick was taken is retried once its claim is old, and never launches twice', async () => {
        const { id, key, first } = await plan('sched.retry', {
          ...everyMinute,
          fixed_inputs: literalMapFromJson({ x: 5 }, X),
        });
        // Every replica's first launch fails: whichever takes the tick leaves it unlaunched.
        replicas.failNext = [1, 1, 1];
        const firstPass = await race(replicas, first + 1_000);
        const failed = firstPass
          .flatMap((r) => r.failed)
          .filter((f) => f.launch.launchPlan.name === 'sched.retry');
        expect(failed).toHaveLength(1);
        expect(failed[0]?.permanent).toBe(false);
        expect(await executionsOf('sched.retry')).toHaveLength(0);
        // Within the claim's minute nobody takes it over.
        expect(launchedIn(await race(replicas, first + 30_000))).toHaveLength(0);
        replicas.failNext = [0, 0, 0];
        const retried = launchedIn(await race(replicas, first + MINUTE - 1)).filter(
          (l) => l.launchPlan.name === 'sched.retry',
        );
        expect(retried).toHaveLength(0);
        // The claim is a minute old but the next tick is due: the newer tick fires instead.
        // So check the takeover within the tick's own minute: make the claim older than a minute.
        await db
          .updateTable('schedule_ticks')
          .set({ claimed_at: first - MINUTE })
          .where('name', '=', 'sched.retry')
          .execute();
        const takeover = launchedIn(await race(replicas, first + 40_000)).filter(
          (l) => l.launchPlan.name === 'sched.retry',
        );
        expect(takeover.map((l) => l.name)).toEqual([scheduledExecutionName(key, first)]);
        // A launch whose row update was lost: its retry finds the execution (AlreadyExists) and
        // only marks the tick launched.
        await db
          .updateTable('schedule_ticks')
          .set({ claimed_at: first - MINUTE, launched_at: null })
          .where('name', '=', 'sched.retry')
          .execute();
        const again = await race(replicas, first + 50_000);
        await client.updateLaunchPlan(id, 'INACTIVE');
        expect(launchedIn(again).filter((l) => l.launchPlan.name === 'sched.retry')).toHaveLength(1);
        expect(again.flatMap((r) => r.failed)).toHaveLength(0);
        expect(await executionsOf('sched.retry')).toHaveLength(1);
        const [tick] = await ticksOf('sched.retry');
        expect(tick?.launched_at).not.toBeNull();
      });
    },
  );
}

describe('the admin server starts its scheduler from --server.scheduler.*', () => {
  // Real time: waits for the next whole minute (at most about 61 s), the one test that does.
  test('its own scheduler fires the next whole minute of an active plan through its CreateExecution', async () => {
    const server = await startTestServer('sqlite', { flags: { 'server.scheduler.interval': '1s' } });
    const handle = await openDatabase(
      loadConfig({
        flags: { 'database.sqlite.file': join(server.dataDir, 'orch.db') },
        env: {},
        home: server.dataDir,
      }),
      { parseSeconds: parseDuration },
    );
    try {
      await registerAddOne(server.client, VERSION);
      const id = idOf('LAUNCH_PLAN', 'sched.real', VERSION);
      await server.client.createLaunchPlan(id, {
        workflow_id: WF,
        schedule: { cron_schedule: { schedule: '* * * * *' } },
        fixed_inputs: literalMapFromJson({ x: 9 }, X),
      });
      await server.client.updateLaunchPlan(id, 'ACTIVE');
      const plan = await handle.db
        .selectFrom('launch_plans')
        .select('activated_at')
        .where('name', '=', 'sched.real')
        .executeTakeFirstOrThrow();
      const tick = Math.ceil((plan.activated_at ?? 0) / MINUTE) * MINUTE;
      const key = { ...scope, name: 'sched.real', version: VERSION };
      const [row] = await waitUntil(
        async () => {
          const rows = await handle.db
            .selectFrom('executions')
            .select(['name', 'spec'])
            .where('launch_plan_name', '=', 'sched.real')
            .execute();
          return rows.length > 0 && rows;
        },
        { what: 'the scheduled execution', timeoutMs: 66_000, intervalMs: 250 },
      );
      await server.client.updateLaunchPlan(id, 'INACTIVE');
      expect(row?.name).toBe(scheduledExecutionName(key, tick));
      expect(JSON.parse(row?.spec ?? '{}').metadata).toEqual({
        mode: 'SCHEDULED',
        principal: SCHEDULER_PRINCIPAL,
      });
      const done = await waitForExecution(server.client, { ...scope, name: row?.name ?? '' });
      expect(done.closure?.phase).toBe('SUCCEEDED');
      expect(done.closure?.outputs?.literals?.o0?.scalar?.primitive?.integer).toBe('10');
    } finally {
      await handle.close();
      await server.stop();
    }
  }, 90_000);

  test('a bad --server.scheduler.interval stops the start, naming the flag', async () => {
    await expect(startTestServer('sqlite', { flags: { 'server.scheduler.interval': '0s' } })).rejects.toThrow(
      /--server\.scheduler\.interval/,
    );
  });
});
