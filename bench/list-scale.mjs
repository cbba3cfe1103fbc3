#!/usr/bin/env node
// ListExecutions latency as the table grows: seeds 10k, 100k and 1M executions into one SQLite file
// and prints the p50 of a first page and of a deep page (limit 100) over gRPC at each size, then the
// ratio 1M / 10k (goal: <= 1.5, and p50 under 5 ms at 1M). SIZES=10000,100000 for a shorter run;
// BENCH_SQLITE_DRIVER=libsql or node:sqlite picks the SQLite driver (default: the one of this Node).
// Run with `npm run bench:list-scale` (builds first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminClient } from '../lib/client/admin-client.js';
import { loadConfig } from '../lib/config/load.js';
import { openSqlite } from '../lib/server/db/connect.js';
import { defaultSqliteDriver, openSqliteConnection } from '../lib/server/db/sqlite-driver.js';
import { createServer } from '../lib/server/server.js';
import { recordAgainst } from './figures.mjs';

const sizes = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
const samples = Number(process.env.SAMPLES ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'orch-list-scale-'));
const file = join(dir, 'admin.db');
const scope = { project: 'default', domain: 'development' };
const driver = process.env.BENCH_SQLITE_DRIVER || defaultSqliteDriver();

function seedTo(total, from) {
  const db = openSqliteConnection(file, driver);
  db.exec('PRAGMA journal_mode = WAL');
  const insert = db.prepare(
    `insert into executions (project, domain, name, launch_plan_name, launch_plan_version, workflow_name,
       workflow_version, phase, spec, inputs_key, outputs_key, error, created_at, updated_at, started_at, duration_ms)
     values ('default', 'development', ?, 'wf.add_one_wf', 'v1', 'wf.add_one_wf', 'v1', ?, '{}', 'k', null, null, ?, ?, ?, 40)`,
  );
  // Terminal phases only: unfinished ones would be resumed by the executor when the server starts.
  const phases = ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED', 'ABORTED'];
  const base = 1_700_000_000_000;
  db.exec('BEGIN');
  for (let i = from; i < total; i++) {
    const at = base + i * 10;
    insert.run([`e${i.toString(36).padStart(8, '0')}`, phases[i % phases.length], at, at, at]);
  }
  db.exec('COMMIT');
  db.close();
}

async function p50(run) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// Create the schema through the server once, then seed with plain SQL (fast bulk insert).
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
const results = [];
let seeded = 0;
const schema = await openSqlite(file, { driver });
console.log(`SQLite driver: ${driver}, Node ${process.version}`);
await schema.db.destroy();
try {
  for (const size of sizes) {
    const t0 = Date.now();
    seedTo(size, seeded);
    seeded = size;
    const server = createServer({ config, dataDir: dir, sqliteDriver: driver });
    const { grpcEndpoint } = await server.listen();
    const client = new AdminClient({ endpoint: grpcEndpoint, insecure: true });
    // A token 90% of the way down the list, reached by paging with the largest page.
    let token = '';
    for (let read = 0; read < size * 0.9; read += 1000) {
      token = (await client.listExecutions({ id: scope, limit: 1000, token })).token;
    }
    const deepToken = token;
    const first = await p50(() => client.listExecutions({ id: scope, limit: 100 }));
    const deep = await p50(() => client.listExecutions({ id: scope, limit: 100, token: deepToken }));
    client.close();
    await server.close();
    results.push({ size, first, deep });
    console.log(
      `${String(size).padStart(8)} executions: first page p50 ${first.toFixed(2)} ms, deep page p50 ${deep.toFixed(2)} ms (seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  const small = results[0];
  const large = results[results.length - 1];
  console.log(`ratio first page ${large.size}/${small.size}: ${(large.first / small.first).toFixed(2)}`);
  console.log(`ratio deep page ${large.size}/${small.size}: ${(large.deep / small.deep).toFixed(2)}`);
  recordAgainst(`first page p50 at ${large.size}`, large.first, 'ms', 'at most', 5);
  recordAgainst(`deep page p50 at ${large.size}`, large.deep, 'ms', 'at most', 5);
  recordAgainst(
    `first page p50 ${large.size} / ${small.size}`,
    large.first / small.first,
    'x',
    'at most',
    1.5,
  );
  recordAgainst(`deep page p50 ${large.size} / ${small.size}`, large.deep / small.deep, 'x', 'at most', 1.5);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
