#!/usr/bin/env node
// The console's executions list at scale: seeds 1M executions into one SQLite file (as
// list-scale.mjs does) and prints the p50 server time of the first page of
// `/console/projects/default/domains/development/executions`, unfiltered and with filters.
// The live list's refresh (`?fragment=rows`, the rows alone) is timed too. Goal: <= 200 ms at 1M.
// SIZE=100000 for a shorter run. BENCH_SQLITE_DRIVER=libsql or node:sqlite picks the SQLite driver
// (default: the one of this Node). Run with `npm run bench:console-list` (builds first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../lib/config/load.js';
import { openSqlite } from '../lib/server/db/connect.js';
import { defaultSqliteDriver, openSqliteConnection } from '../lib/server/db/sqlite-driver.js';
import { createServer } from '../lib/server/server.js';

const size = Number(process.env.SIZE ?? 1_000_000);
const samples = Number(process.env.SAMPLES ?? 30);
const dir = mkdtempSync(join(tmpdir(), 'orch-console-list-'));
const file = join(dir, 'admin.db');
const driver = process.env.BENCH_SQLITE_DRIVER || defaultSqliteDriver();

function seed() {
  const db = openSqliteConnection(file, driver);
  db.exec('PRAGMA journal_mode = WAL');
  const insert = db.prepare(
    `insert into executions (project, domain, name, launch_plan_name, launch_plan_version, workflow_name,
       workflow_version, phase, spec, inputs_key, outputs_key, error, created_at, updated_at, started_at,
       duration_ms, principal, launch_mode)
     values ('default', 'development', ?, ?, 'v1', ?, 'v1', ?, ?, 'k', null, null, ?, ?, ?, 40, ?, ?)`,
  );
  // Terminal phases only: unfinished ones would be resumed by the executor when the server starts.
  const phases = ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED', 'ABORTED'];
  const plans = ['wf.add_one_wf', 'wf.nightly', 'wf.report'];
  const principals = ['localhost', 'alice@example.com', 'scheduler', 'key-1234'];
  const base = 1_700_000_000_000;
  db.exec('BEGIN');
  for (let i = 0; i < size; i++) {
    const at = base + i * 10;
    const plan = plans[i % 3];
    const principal = principals[i % 7 === 0 ? 3 : i % 3];
    const mode = principal === 'scheduler' ? 'SCHEDULED' : 'MANUAL';
    const spec = JSON.stringify({
      launch_plan: {
        resource_type: 'LAUNCH_PLAN',
        project: 'default',
        domain: 'development',
        name: plan,
        version: 'v1',
      },
      metadata: { mode, principal },
    });
    insert.run(
      `e${i.toString(36).padStart(8, '0')}`,
      plan,
      plan,
      phases[i % 5],
      spec,
      at,
      at,
      at,
      principal,
      mode,
    );
  }
  db.exec('COMMIT');
  db.close();
}

async function p50(url) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    const res = await fetch(url);
    await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const config = loadConfig({
  flags: {
    'server.httpPort': '0',
    'sharedservice.security.allowLocalhostAccess': 'true',
    'server.grpc.port': '0',
    'database.sqlite.file': file,
  },
  env: {},
  home: dir,
});
const schema = await openSqlite(file, { driver });
console.log(`SQLite driver: ${driver}, Node ${process.version}`);
await schema.db.destroy();
try {
  const t0 = Date.now();
  seed();
  console.log(`seeded ${size} executions in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const server = createServer({ config, dataDir: dir, sqliteDriver: driver });
  const { httpEndpoint } = await server.listen();
  const list = `${httpEndpoint}/console/projects/default/domains/development/executions`;
  const cases = [
    ['no filter (newest first)', ''],
    ['phase=FAILED', '?phase=FAILED'],
    ['launch_plan=wf.nightly', '?launch_plan=wf.nightly'],
    ['principal=key-1234', '?principal=key-1234'],
    ['mode=SCHEDULED', '?mode=SCHEDULED'],
    [
      'created_before (half way)',
      `?created_before=${new Date(1_700_000_000_000 + size * 5).toISOString().slice(0, 16)}`,
    ],
    ['sort=name', '?sort=name'],
    ['q=zz (name contains, rare)', '?q=zz'],
    ['live refresh (fragment=rows)', '?fragment=rows'],
    ['live refresh, phase=FAILED', '?phase=FAILED&fragment=rows'],
  ];
  for (const [label, query] of cases) {
    const ms = await p50(`${list}${query}`);
    console.log(`${label.padEnd(32)} first page p50 ${ms.toFixed(1)} ms${ms > 200 ? '  (over 200 ms)' : ''}`);
  }
  await server.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
