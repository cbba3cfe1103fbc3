#!/usr/bin/env node
// CreateExecution calls per second over gRPC on SQLite (goal: >= 2,000/s). The bench counts accepted
// launches, not finished runs: the executor is held (parallelism 1, taken by a first run that sleeps),
// so every measured launch stays QUEUED and no task process competes with the calls; before, the
// add-one runs took about a third of the two cores (814 to 999/s against 1,151 to 1,274/s held).
// HOLD=0 lets them run. The calls come from a worker thread, as from another process: the client's own
// work is not the server's. CALLS and CONCURRENCY tune it; BENCH_SQLITE_DRIVER=libsql or node:sqlite
// picks the SQLite driver (default: the one of this Node). Run with `npm run bench:create-execution` (builds first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { literalMapFromJson, parseType } from '../lib/api/literals.js';
import { AdminClient } from '../lib/client/admin-client.js';
import { loadConfig } from '../lib/config/load.js';
import {
  compileWorkflowFile,
  loadWorkflowFile,
  registerEntities,
  versionOf,
} from '../lib/registration/index.js';
import { defaultSqliteDriver } from '../lib/server/db/sqlite-driver.js';
import { createServer } from '../lib/server/server.js';
import { recordAgainst } from './figures.mjs';

const calls = Number(process.env.CALLS ?? 5000);
const concurrency = Number(process.env.CONCURRENCY ?? 64);

/** The load: `calls` CreateExecution calls, `concurrency` in flight; resolves to seconds taken. */
async function load(endpoint, request) {
  const client = new AdminClient({ endpoint, insecure: true });
  for (let i = 0; i < 200; i++) await client.createExecution(request); // warm-up
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next += 1;
        await client.createExecution(request);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  client.close();
  return seconds;
}

if (!isMainThread) {
  parentPort.postMessage(await load(workerData.endpoint, workerData.request));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'orch-create-bench-'));
  const config = loadConfig({
    flags: {
      'server.httpPort': '0',
      'sharedservice.security.allowLocalhostAccess': 'true',
      'server.grpc.port': '0',
    },
    env: {},
    home: dir,
  });
  const sqliteDriver = process.env.BENCH_SQLITE_DRIVER || defaultSqliteDriver();
  console.log(`SQLite driver: ${sqliteDriver}, Node ${process.version}`);
  const server = createServer({
    config,
    dataDir: dir,
    sqliteDriver,
    executorParallelism: 1,
    taskEnv: { PATH: process.env.PATH },
  });
  const { grpcEndpoint } = await server.listen();
  const client = new AdminClient({ endpoint: grpcEndpoint, insecure: true });
  try {
    const file = await loadWorkflowFile(
      fileURLToPath(new URL('../examples/add-one/wf.yaml', import.meta.url)),
    );
    const target = { project: 'default', domain: 'development' };
    const version = versionOf(file);
    await registerEntities(client, compileWorkflowFile(file, target, version));
    const request = {
      ...target,
      spec: { launch_plan: { resource_type: 'LAUNCH_PLAN', ...target, name: 'wf.add_one_wf', version } },
      inputs: literalMapFromJson({ x: 2 }, { variables: { x: { type: parseType('integer') } } }),
    };
    if (process.env.HOLD !== '0') {
      // Hold the executor's only slot with a run that sleeps, so every measured launch stays QUEUED
      // and no task process competes with the calls for the two cores.
      await registerEntities(
        client,
        compileWorkflowFile(
          {
            ...file,
            doc: {
              ...file.doc,
              tasks: {
                add_one: {
                  ...file.doc.tasks.add_one,
                  command: ['node', '-e', 'setTimeout(() => {}, 3600000)'],
                  timeout: '1h',
                },
              },
            },
          },
          target,
          'hold',
        ),
      );
      await client.createExecution({
        ...request,
        spec: { launch_plan: { ...request.spec.launch_plan, version: 'hold' } },
      });
    }
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { endpoint: grpcEndpoint, request },
    });
    const seconds = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    console.log(`${calls} CreateExecution calls, ${concurrency} in flight: ${seconds.toFixed(2)} s`);
    console.log(`CreateExecution calls per second: ${(calls / seconds).toFixed(0)}`);
    console.log(`ratio to the 2000/s goal: ${(calls / seconds / 2000).toFixed(2)}`);
    recordAgainst('CreateExecution calls per second (gRPC, SQLite)', calls / seconds, '/s', 'at least', 2000);
  } finally {
    client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
