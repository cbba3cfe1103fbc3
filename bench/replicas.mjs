#!/usr/bin/env node
// Admin replicas over one PostgreSQL database and one S3-compatible store (s3rver). Starts a throw-away
// PostgreSQL from Debian's binaries (test/postgres-cluster.mjs), one fresh database in it and one
// s3rver; every admin replica is its own subprocess (test/helpers/child-admin.ts: the server from the
// sources under tsx, free ports), all with the same flags: that database, that store, and execution
// leases of LEASE (default 5s) renewed every RENEW (default 1s) (`--server.executionLease.*`).
//
// 1. Lease takeover after a kill, over `--kills N` (or KILLS, default 10) kills. Two replicas run. Each
//    round registers a task that waits for a gate file of its own and launches it on one replica (the two
//    take turns); once the execution's lease is held (executions.lease_holder) and its attempt started
//    (task_attempts.started_at), the replica holding the lease (found by the pid in the holder id) is
//    SIGKILLed, the kill time taken just before. The database is then polled every POLL_MS (default 20)
//    until another replica holds the lease and has started a new attempt: the takeover time is from
//    the kill to that poll. Also shown: kill to the new attempt's started_at (the database's own time,
//    no polling delay), and the lease's last expiry to that start (what the survivor adds once the
//    lease lapsed; at most about one renewal interval, as it looks for abandoned executions at every
//    renewal), split at the survivor's claim (its time read back from the claimed lease's expiry minus
//    the lease duration, before the first renewal): lapse to claim, and claim to the attempt's start
//    (resuming the execution). The gate is then opened, the execution must end SUCCEEDED, and a fresh
//    replica replaces the dead one (not timed). A killed replica's lease may have been renewed just before the kill, so
//    the takeover must come within "lease duration + one renewal interval": printed, with whether
//    every kill did.
// 1b. Lease takeover with busy survivors, over `--busy-kills N` (or BUSY_KILLS, default 3) kills. Two
//    survivors run with `--server.executor.maxRunning` BUSY_SLOTS (default 2); each round launches
//    2 x BUSY_SLOTS long gated executions on them and waits until every one runs (so every slot of both
//    survivors is taken), then starts a driving replica (same slots), launches BUSY_SLOTS gated executions
//    on it, waits until it runs them all, and SIGKILLs it. The database is polled every POLL_MS until
//    each of its executions is held by a survivor with a new attempt started: the takeover time of each is
//    from the kill to that poll. The survivors' own executions must still be RUNNING then (they wait for
//    their gate): the takeover did not wait for a free slot. Then both gates open and every execution
//    must end SUCCEEDED. Checked against the same bound as part 1, and printed next to its figure.
// 2. Executions per minute with one and with three replicas on the same database: `--executions N` (or
//    EXECUTIONS, default 60) add-one executions (a `node -e` task) launched at once, round-robin over
//    the replicas, timed from the first launch to the moment polling (every POLL_MS) sees the last of
//    them SUCCEEDED. Each replica first runs one add-one execution, unmeasured (warm-up). Each replica
//    has the executor's default parallelism (CPUs x 2), so three replicas may run three times as many
//    task processes at once. The ratio 3/1 is printed last. On a 2-core machine this measures what
//    coordination costs (leases claimed and renewed in one database, three processes sharing two
//    cores), not a speed-up: the task processes and the replicas compete for the same cores.
//
// The load average is printed before and after each part (the machine may be shared). Run with
// `npm run bench:replicas` (builds first; runs under tsx, for the test helpers).
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseDuration } from '../lib/api/duration.js';
import { literalMapFromJson, parseType } from '../lib/api/literals.js';
import { AdminClient } from '../lib/client/admin-client.js';
import { startChildAdmin } from '../test/helpers/child-admin.ts';
import { createTestDatabase } from '../test/helpers/postgres.ts';
import { s3Flags, startTestS3 } from '../test/helpers/s3rver.ts';
import { idOf, registerAddOne } from '../test/helpers/specs.ts';
import { startPostgresCluster, stopPostgresCluster } from '../test/postgres-cluster.mjs';
import { recordAgainst, recordFigure } from './figures.mjs';

const argument = (name) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const kills = Number(argument('kills') ?? process.env.KILLS ?? 10);
const busyKills = Number(argument('busy-kills') ?? process.env.BUSY_KILLS ?? 3);
const busySlots = Number(process.env.BUSY_SLOTS ?? 2);
const executions = Number(argument('executions') ?? process.env.EXECUTIONS ?? 60);
const lease = process.env.LEASE ?? '5s';
const renew = process.env.RENEW ?? '1s';
const pollMs = Number(process.env.POLL_MS ?? 20);
const leaseMs = parseDuration(lease) * 1000;
const renewMs = parseDuration(renew) * 1000;
const counts = kills >= 0 && busyKills >= 0 && Number.isInteger(busySlots) && busySlots > 0;
if (!(counts && executions > 0 && pollMs > 0 && leaseMs > 0 && renewMs > 0 && renewMs < leaseMs)) {
  console.error(
    '--kills and --busy-kills must be >= 0, BUSY_SLOTS a whole number > 0, --executions and POLL_MS > 0, ' +
      'and RENEW shorter than LEASE (both durations)',
  );
  process.exit(2);
}
// The documented takeover time: the lease lapses, the survivor claims it at its next renewal, then
// resumes the execution (reads its state, prepares and starts the attempt), allowed RESUME_MS.
const resumeMs = Number(process.env.RESUME_MS ?? 250);
const boundMs = leaseMs + renewMs + resumeMs;
// A generous limit on every wait, so a broken takeover fails the bench instead of hanging it.
const waitLimitMs = 10 * leaseMs + 120_000;

const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };
const TERMINAL = ['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** A task script appending its input x to `file`, once `gate` exists (as in the leases test). */
function gatedScript(file, gate) {
  return (
    "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
    `const done=()=>{fs.appendFileSync(${JSON.stringify(file)},i.x+'\\n');` +
    'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))};' +
    `const wait=()=>fs.existsSync(${JSON.stringify(gate)})?done():setTimeout(wait,20);wait()`
  );
}

const launch = (client, version, x) =>
  client.createExecution({
    ...scope,
    spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', version) },
    inputs: literalMapFromJson({ x }, X),
  });

const dirs = [];
const live = new Set();
let cluster;
let s3;
let db;
let flags;
/** Part 1's takeover times (ms), for the comparison printed by part 1b. */
let idleTakeover;

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'orch-bench-replicas-'));
  dirs.push(dir);
  return dir;
}

/**
 * Starts a replica over a fresh folder, with the shared flags and `extra` ones: {child, pid, client} (a
 * client of the build, deadline 120 s).
 */
async function startReplica(extra = {}) {
  const admin = await startChildAdmin(await tempDir(), { ...flags, ...extra });
  admin.client.close();
  const replica = {
    child: admin.child,
    pid: admin.child.pid,
    client: new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true, deadlineSeconds: 120 }),
    stderr: admin.stderr,
  };
  live.add(replica);
  return replica;
}

/** Stops a replica with `signal` (SIGKILL: a crash; SIGTERM: a clean stop) and waits for it to exit. */
async function stopReplica(replica, signal) {
  live.delete(replica);
  replica.client.close();
  if (replica.child.exitCode !== null || replica.child.signalCode !== null) return;
  const exited = once(replica.child, 'exit');
  replica.child.kill(signal);
  const timer = setTimeout(() => replica.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** The row of execution `name`: phase, lease holder and expiry (ms), latest attempt start (ms). */
async function executionRow(name) {
  const { rows } = await db.query(
    'select e.phase, e.lease_holder, e.lease_expires_at, max(t.started_at) as started_at ' +
      'from executions e left join task_attempts t on t.execution_id = e.id where e.name = $1 group by e.id',
    [name],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    phase: row.phase,
    holder: row.lease_holder,
    expiresAt: row.lease_expires_at === null ? null : Number(row.lease_expires_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
  };
}

/** Polls `probe` every POLL_MS until it returns a truthy value; throws naming `what` after the limit. */
async function pollUntil(probe, what) {
  const deadline = Date.now() + waitLimitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${waitLimitMs} ms`);
    await sleep(pollMs);
  }
}

/**
 * One takeover round: launches a gated execution on `pair[launcher]`, kills the replica holding its
 * lease, waits for the other to take it over, opens the gate, and puts a fresh replica in the dead
 * one's place in `pair`. Returns the round's times in ms.
 */
async function takeoverRound(pair, round) {
  const dir = await tempDir();
  const gate = join(dir, 'gate');
  const version = `takeover-${round}`;
  const launcher = pair[round % 2];
  await registerAddOne(launcher.client, version, gatedScript(join(dir, 'runs.txt'), gate));
  const { name } = await launch(launcher.client, version, round);
  const before = await pollUntil(async () => {
    const row = await executionRow(name);
    return row?.holder && row.startedAt !== null && row;
  }, `round ${round}: the lease held and the attempt started`);
  const dead = before.holder;
  const victim = pair.find((r) => dead.split('/').at(-2) === String(r.pid));
  if (!victim) throw new Error(`round ${round}: no running replica holds lease ${dead}`);
  const exited = once(victim.child, 'exit');
  const killedAt = Date.now();
  victim.child.kill('SIGKILL');
  let lastExpiry = before.expiresAt;
  let claimedAt;
  const after = await pollUntil(async () => {
    const row = await executionRow(name);
    if (row?.holder === dead && row.expiresAt !== null) lastExpiry = row.expiresAt;
    // A fresh claim writes expiry = its time + the lease duration (seen before its first renewal).
    if (row?.holder && row.holder !== dead && claimedAt === undefined) claimedAt = row.expiresAt - leaseMs;
    return row?.holder && row.holder !== dead && row.startedAt > before.startedAt && row;
  }, `round ${round}: the survivor to take the execution over`);
  const tookOverAt = Date.now();
  await exited;
  await stopReplica(victim, 'SIGKILL');
  await writeFile(gate, '');
  const last = await pollUntil(async () => {
    const row = await executionRow(name);
    return row && TERMINAL.includes(row.phase) && row;
  }, `round ${round}: the execution to end`);
  if (last.phase !== 'SUCCEEDED') throw new Error(`round ${round}: the execution ended ${last.phase}`);
  pair[pair.indexOf(victim)] = await startReplica();
  return {
    polled: tookOverAt - killedAt,
    started: after.startedAt - killedAt,
    afterLapse: after.startedAt - lastExpiry,
    claimAfterLapse: claimedAt - lastExpiry,
    startAfterClaim: after.startedAt - claimedAt,
  };
}

/** The rows of executions `names` by name: phase, lease holder, latest attempt start (ms). */
async function executionRows(names) {
  const { rows } = await db.query(
    'select e.name, e.phase, e.lease_holder, max(t.started_at) as started_at from executions e ' +
      'left join task_attempts t on t.execution_id = e.id where e.name = any($1) group by e.id',
    [names],
  );
  return new Map(
    rows.map((r) => [
      r.name,
      {
        phase: r.phase,
        holder: r.lease_holder,
        startedAt: r.started_at === null ? null : Number(r.started_at),
      },
    ]),
  );
}

/** Polls until every one of `names` is held by a replica and has started an attempt; returns their rows. */
function allRunning(names, what) {
  return pollUntil(async () => {
    const rows = await executionRows(names);
    return (
      rows.size === names.length && [...rows.values()].every((r) => r.holder && r.startedAt !== null) && rows
    );
  }, what);
}

/**
 * One takeover round with busy survivors (part 1b): fills every slot of `survivors` with gated
 * executions, runs BUSY_SLOTS gated executions on a new driving replica, kills it, and polls until the
 * survivors resumed each. Returns the takeover time (ms) of each, and whether the survivors' own
 * executions were all still RUNNING when the last was taken over.
 */
async function busyRound(survivors, round) {
  const dir = await tempDir();
  const busyGate = join(dir, 'busy-gate');
  const gate = join(dir, 'gate');
  const runs = join(dir, 'runs.txt');
  const busyVersion = `busy-${round}`;
  const version = `busy-takeover-${round}`;
  await registerAddOne(survivors[0].client, busyVersion, gatedScript(runs, busyGate));
  const busy = await Promise.all(
    Array.from({ length: survivors.length * busySlots }, (_, x) =>
      launch(survivors[x % survivors.length].client, busyVersion, x),
    ),
  );
  const busyNames = busy.map((id) => id.name);
  await allRunning(busyNames, `busy round ${round}: every slot of the survivors taken`);
  const driver = await startReplica({ 'server.executor.maxRunning': String(busySlots) });
  await registerAddOne(driver.client, version, gatedScript(runs, gate));
  const orphans = await Promise.all(
    Array.from({ length: busySlots }, (_, x) => launch(driver.client, version, 100 + x)),
  );
  const names = orphans.map((id) => id.name);
  const before = await allRunning(names, `busy round ${round}: the driving replica running its executions`);
  const dead = before.get(names[0]).holder;
  if (
    ![...before.values()].every((r) => r.holder === dead && dead.split('/').at(-2) === String(driver.pid))
  ) {
    throw new Error(`busy round ${round}: the driving replica does not hold every one of its executions`);
  }
  const exited = once(driver.child, 'exit');
  const killedAt = Date.now();
  driver.child.kill('SIGKILL');
  const takenAt = new Map();
  let busyStillRunning = false;
  await pollUntil(async () => {
    const rows = await executionRows([...names, ...busyNames]);
    for (const name of names) {
      const row = rows.get(name);
      if (
        !takenAt.has(name) &&
        row?.holder &&
        row.holder !== dead &&
        row.startedAt > before.get(name).startedAt
      ) {
        takenAt.set(name, Date.now());
      }
    }
    if (takenAt.size < names.length) return false;
    busyStillRunning = busyNames.every((name) => rows.get(name)?.phase === 'RUNNING');
    return true;
  }, `busy round ${round}: the survivors to take the executions over`);
  await exited;
  await stopReplica(driver, 'SIGKILL');
  await writeFile(gate, '');
  await writeFile(busyGate, '');
  const ended = await pollUntil(async () => {
    const rows = await executionRows([...names, ...busyNames]);
    return [...rows.values()].every((r) => TERMINAL.includes(r.phase)) && rows;
  }, `busy round ${round}: every execution to end`);
  const failed = [...ended.entries()].filter(([, r]) => r.phase !== 'SUCCEEDED');
  if (failed.length)
    throw new Error(`busy round ${round}: ${failed.map(([n, r]) => `${n} ${r.phase}`).join(', ')}`);
  return { times: names.map((name) => takenAt.get(name) - killedAt), busyStillRunning };
}

/**
 * Launches `count` add-one executions at once, round-robin over `replicas`, and polls the database
 * until every one ended. Returns {seconds, perMinute, failed, rerun} (rerun: executions with more than
 * one task attempt).
 */
async function throughput(replicas, version, count) {
  const start = Date.now();
  const launched = await Promise.all(
    Array.from({ length: count }, (_, x) => launch(replicas[x % replicas.length].client, version, x)),
  );
  const names = launched.map((id) => id.name);
  const rows = await pollUntil(async () => {
    const { rows: found } = await db.query('select phase from executions where name = any($1)', [names]);
    return found.length === count && found.every((r) => TERMINAL.includes(r.phase)) && found;
  }, `${count} executions on ${replicas.length} replica(s) to end`);
  const seconds = (Date.now() - start) / 1000;
  const { rows: attempts } = await db.query(
    'select count(t.attempt)::int as n from executions e left join task_attempts t on t.execution_id = e.id ' +
      'where e.name = any($1) group by e.id',
    [names],
  );
  return {
    seconds,
    perMinute: (count / seconds) * 60,
    failed: rows.filter((r) => r.phase !== 'SUCCEEDED').length,
    rerun: attempts.filter((r) => r.n !== 1).length,
  };
}

/** Runs one add-one execution on each replica, unmeasured, and waits for them to end. */
async function warmUp(replicas, version) {
  await throughput(replicas, version, replicas.length);
}

try {
  const cpu = cpus();
  console.log(
    `machine: ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}; load average (1/5/15 min) at start: ${load()}`,
  );
  cluster = await startPostgresCluster();
  s3 = await startTestS3();
  flags = {
    ...(await createTestDatabase(cluster)),
    ...s3Flags(s3, 'orch-bench-replicas'),
    'server.executionLease.duration': lease,
    'server.executionLease.renewInterval': renew,
  };
  db = new pg.Client({
    host: cluster.host,
    port: cluster.port,
    user: 'postgres',
    database: flags['database.postgres.dbname'],
  });
  await db.connect();
  console.log(
    `PostgreSQL ${cluster.host}:${cluster.port}, s3rver ${s3.endpoint}; lease ${lease} (${leaseMs} ms), ` +
      `renewed every ${renew} (${renewMs} ms); database polled every ${pollMs} ms`,
  );

  // 1. Takeover after a kill.
  if (kills > 0) {
    console.log(`\n1. lease takeover after SIGKILL, ${kills} kills, two replicas`);
    const pair = await Promise.all([startReplica(), startReplica()]);
    const rounds = [];
    for (let round = 0; round < kills; round += 1) {
      const times = await takeoverRound(pair, round);
      rounds.push(times);
      console.log(
        `  kill ${round + 1}: taken over after ${times.polled} ms (new attempt started ${times.started} ms ` +
          `after the kill, ${times.afterLapse} ms after the lease lapsed: claimed ${times.claimAfterLapse} ms ` +
          `after the lapse, attempt started ${times.startAfterClaim} ms after the claim)`,
      );
    }
    const polled = rounds.map((r) => r.polled);
    const started = rounds.map((r) => r.started);
    const afterLapse = rounds.map((r) => r.afterLapse);
    const claimAfterLapse = rounds.map((r) => r.claimAfterLapse);
    const startAfterClaim = rounds.map((r) => r.startAfterClaim);
    const within = polled.filter((ms) => ms <= boundMs).length;
    console.log(
      `kill to takeover (polled): p50 ${percentile(polled, 50)} ms, worst ${Math.max(...polled)} ms; ` +
        `kill to new attempt start (database time): p50 ${percentile(started, 50)} ms, worst ${Math.max(...started)} ms`,
    );
    console.log(
      `lease lapse to new attempt start: p50 ${percentile(afterLapse, 50)} ms, worst ${Math.max(...afterLapse)} ms ` +
        `(renewal interval ${renewMs} ms); of which lapse to claim p50 ${percentile(claimAfterLapse, 50)} ms, ` +
        `claim to attempt start p50 ${percentile(startAfterClaim, 50)} ms`,
    );
    console.log(
      `bound (lease duration + one renewal interval + ${resumeMs} ms to resume): ${boundMs} ms; within it: ${within} of ${kills} kills` +
        ` (${within === kills ? 'every kill' : 'NOT every kill'})`,
    );
    console.log(`load average after part 1: ${load()}`);
    recordFigure('takeover after a kill p50', percentile(polled, 50), 'ms');
    recordAgainst('takeover after a kill, worst', Math.max(...polled), 'ms', 'at most', boundMs);
    idleTakeover = { p50: percentile(polled, 50), worst: Math.max(...polled) };
    for (const replica of pair) await stopReplica(replica, 'SIGTERM');
  }

  // 1b. Takeover after a kill, with survivors whose every slot is busy.
  if (busyKills > 0) {
    console.log(
      `\n1b. lease takeover after SIGKILL with busy survivors, ${busyKills} kills: two survivors of ` +
        `${busySlots} slots each (--server.executor.maxRunning ${busySlots}), every slot running a long task; ` +
        `the killed replica ran ${busySlots} executions`,
    );
    const survivors = await Promise.all(
      [0, 1].map(() => startReplica({ 'server.executor.maxRunning': String(busySlots) })),
    );
    const times = [];
    let allBusy = true;
    for (let round = 0; round < busyKills; round += 1) {
      const result = await busyRound(survivors, round);
      times.push(...result.times);
      allBusy &&= result.busyStillRunning;
      console.log(
        `  kill ${round + 1}: its ${result.times.length} executions taken over after ${result.times.join(', ')} ms; ` +
          `the survivors' own tasks ${result.busyStillRunning ? 'all still running' : 'NOT all still running'} then`,
      );
    }
    const within = times.filter((ms) => ms <= boundMs).length;
    const busyWorst = Math.max(...times);
    console.log(
      `busy survivors, kill to takeover (polled): p50 ${percentile(times, 50)} ms, worst ${busyWorst} ms; ` +
        `within the bound of ${boundMs} ms: ${within} of ${times.length} executions` +
        ` (${within === times.length ? 'every one' : 'NOT every one'})`,
    );
    if (idleTakeover) {
      console.log(
        `takeover, idle survivors vs busy survivors: p50 ${idleTakeover.p50} vs ${percentile(times, 50)} ms, ` +
          `worst ${idleTakeover.worst} vs ${busyWorst} ms; bound ${boundMs} ms`,
      );
    }
    console.log(`load average after part 1b: ${load()}`);
    recordFigure('takeover after a kill, busy survivors p50', percentile(times, 50), 'ms');
    recordAgainst('takeover after a kill, busy survivors, worst', busyWorst, 'ms', 'at most', boundMs);
    if (!allBusy) console.log("WARNING: some survivors' own tasks had ended before the takeover");
    for (const replica of survivors) await stopReplica(replica, 'SIGTERM');
  }

  // 2. Executions per minute, one replica and three.
  console.log(
    `\n2. executions per minute: ${executions} add-one executions launched at once, round-robin; ` +
      `executor parallelism ${availableParallelism() * 2} per replica`,
  );
  console.log(
    `   (on ${availableParallelism()} cores this measures the cost of coordination between replicas, not a speed-up)`,
  );
  const first = await startReplica();
  await registerAddOne(first.client, 'rate');
  await warmUp([first], 'rate');
  const one = await throughput([first], 'rate', executions);
  console.log(
    `1 replica: ${one.perMinute.toFixed(0)} executions/min (${one.seconds.toFixed(2)} s; ` +
      `${one.failed} not SUCCEEDED, ${one.rerun} run more than once); load average ${load()}`,
  );
  const three = [first, ...(await Promise.all([startReplica(), startReplica()]))];
  await warmUp(three, 'rate');
  const all = await throughput(three, 'rate', executions);
  console.log(
    `3 replicas: ${all.perMinute.toFixed(0)} executions/min (${all.seconds.toFixed(2)} s; ` +
      `${all.failed} not SUCCEEDED, ${all.rerun} run more than once); load average ${load()}`,
  );
  recordFigure('executions per minute, 1 replica', one.perMinute, '/min');
  recordFigure('executions per minute, 3 replicas', all.perMinute, '/min');
  recordFigure('3 replicas / 1 replica', all.perMinute / one.perMinute, 'x');
  console.log(
    `ratio (3 replicas / 1 replica, executions per minute): ${(all.perMinute / one.perMinute).toFixed(2)}`,
  );
} finally {
  for (const replica of [...live]) await stopReplica(replica, 'SIGTERM').catch(() => undefined);
  await db?.end().catch(() => undefined);
  await s3?.stop().catch(() => undefined);
  if (cluster) await stopPostgresCluster(cluster).catch(() => undefined);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}
