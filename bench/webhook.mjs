#!/usr/bin/env node
// Launches per second and p99 latency through the webhook (HTTP -> webhook -> gRPC -> admin -> SQLite)
// against the same load on a bare Express handler that answers the same JSON, on the same machine, in
// one run; prints both and the ratio webhook/bare last (goals: >= 1,000 launches/s, p99 <= 50 ms,
// ratio >= 0.3 on 2 cores). A third run, the floor, puts the same load on the smallest app that still
// launches: an Express handler that parses the JSON body and calls the same AdminClient's
// CreateExecution, with no authentication, validation, idempotency, logging or metrics. The floor is
// what Express, grpc-js and the admin server allow on this machine; webhook/floor is the share the
// webhook's own work leaves of it (goals: >= 0.95, and p99 within 10% of the floor's). The floor and
// the webhook run in ROUNDS rounds (default 3, the order swapped each round) and each ratio is the
// median of the rounds' ratios: one run moves by up to 10% from the next on this machine. FLOOR=0
// skips the floor (and runs the webhook once).
// The admin server (a new one, on an empty database, for each app) and the HTTP apps each run in a
// worker thread of their own; autocannon drives the
// load from the main thread. The executor is held: parallelism 1 and a first execution that sleeps,
// so every launch queues and no task process competes with the load.
// Each app is loaded for WARMUP seconds (default 6) before its measured DURATION (default 10): every
// app starts in a new worker, with nothing compiled yet, and on this 2-core machine a 2 s warm-up left
// the webhook measured at 690/s and p99 110 ms against 854/s and 61 ms once warm. CONNECTIONS (default
// 32) and REPLICAS (app workers on their own ports, each with its own autocannon; default 1) tune it. Run with `npm run bench:webhook`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { recordAgainst, recordFigure } from './figures.mjs';

const duration = Number(process.env.DURATION ?? 10);
const warmup = Number(process.env.WARMUP ?? 6);
const connections = Number(process.env.CONNECTIONS ?? 32);
const replicas = Number(process.env.REPLICAS ?? 1);
const floorRounds = Number(process.env.ROUNDS ?? 3);
const KEY = 'bench-webhook-key-0123456789abcdef';
const target = { project: 'default', domain: 'development' };
const LP = 'bench.hold_wf';
const VERSION = 'v1';
const PATH = `/run-workflow/${target.project}/${target.domain}/${LP}/${VERSION}`;

/** The admin server, with a launch plan whose task sleeps: the first run holds the only executor slot. */
async function adminWorker() {
  const { loadConfig } = await import('../lib/config/load.js');
  const { createServer } = await import('../lib/server/server.js');
  const { AdminClient } = await import('../lib/client/admin-client.js');
  const { parseType } = await import('../lib/api/literals.js');
  const dir = mkdtempSync(join(tmpdir(), 'orch-webhook-bench-'));
  const config = loadConfig({
    flags: {
      'server.httpPort': '0',
      'sharedservice.security.allowLocalhostAccess': 'true',
      'server.grpc.port': '0',
    },
    env: {},
    home: dir,
  });
  const server = createServer({
    config,
    dataDir: dir,
    executorParallelism: 1,
    taskEnv: { PATH: process.env.PATH },
  });
  const addresses = await server.listen();
  const client = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true });
  const id = (resource_type, name) => ({ resource_type, ...target, name, version: VERSION });
  const vars = { variables: { x: { type: parseType('integer'), description: '' } } };
  await client.createTask(id('TASK', 'bench.hold'), {
    template: {
      id: id('TASK', 'bench.hold'),
      type: 'container',
      interface: { inputs: vars, outputs: { variables: {} } },
      metadata: { retries: { retries: 0 }, timeout: { seconds: 3600, nanos: 0 } },
      container: { image: 'node:20-slim', command: ['node', '-e', 'setTimeout(() => {}, 3600000)'] },
    },
  });
  await client.createWorkflow(id('WORKFLOW', LP), {
    template: {
      id: id('WORKFLOW', LP),
      interface: { inputs: vars, outputs: { variables: {} } },
      nodes: [
        {
          id: 'n0',
          task_node: { reference_id: id('TASK', 'bench.hold') },
          inputs: [{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }],
        },
      ],
      outputs: [],
    },
  });
  await client.createLaunchPlan(id('LAUNCH_PLAN', LP), { workflow_id: id('WORKFLOW', LP) });
  // The webhook authenticates as in production: an API key, so every launch carries a token the
  // admin verifies (RS256) and whose key it checks.
  const { apiKeyOf } = await import('../lib/client/auth/api-key.js');
  const created = await client.createApiKey({ name: 'bench-webhook', role: 'CONTRIBUTOR', org: '' });
  const apiKey = apiKeyOf(created, { endpoint: addresses.grpcEndpoint, insecure: true });
  parentPort.postMessage({ apiKey });
  parentPort.on('message', async (message) => {
    if (message === 'count') {
      let count = 0;
      let token = '';
      do {
        const page = await client.listExecutions({ id: target, limit: 1000, token });
        count += page.executions.length;
        token = page.token;
      } while (token);
      parentPort.postMessage({ count });
    } else if (message === 'stop') {
      client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
      parentPort.postMessage({ stopped: true });
    }
  });
}

/** The admin client the webhook makes: ORCH_API_KEY alone names the admin (endpoint and TLS mode). */
async function webhookClient(apiKey) {
  const { createAdminClient } = await import('../lib/client/from-config.js');
  const { loadConfig } = await import('../lib/config/load.js');
  const home = mkdtempSync(join(tmpdir(), 'orch-webhook-bench-home-'));
  const config = loadConfig({ flags: {}, env: {}, home });
  return createAdminClient(config, 'orch', {
    clientName: 'orch-webhook/bench',
    env: { ORCH_API_KEY: apiKey },
    home,
  });
}

/**
 * One HTTP app on a free port: the webhook (to the admin its API key names), the floor (Express, the
 * JSON body and the same client's CreateExecution, nothing else) or a bare Express handler.
 */
async function httpWorker({ kind, apiKey }) {
  const { default: express } = await import('express');
  let app;
  let close = () => {};
  if (kind === 'webhook') {
    const { createApp } = await import('../lib/webhook/app.js');
    const client = await webhookClient(apiKey);
    // The access log record is built and serialised as in production, then dropped.
    app = createApp({ client, apiKeys: KEY, rateLimit: false, log: (record) => JSON.stringify(record) });
    close = () => client.close();
  } else if (kind === 'floor') {
    const client = await webhookClient(apiKey);
    app = express();
    app.post('/run-workflow/:project/:domain/:workflow_name/:version', express.json(), async (req, res) => {
      const { project, domain, workflow_name: name, version } = req.params;
      const launchPlan = { resource_type: 'LAUNCH_PLAN', project, domain, name, version };
      const inputs = { literals: { x: { scalar: { primitive: { integer: String(req.body.x) } } } } };
      const execution = await client.createExecution({
        project,
        domain,
        spec: { launch_plan: launchPlan },
        inputs,
      });
      res.json({
        url: await client.consoleUrl(execution),
        execution: { project, domain, name: execution.name },
      });
    });
    close = () => client.close();
  } else {
    app = express();
    app.post('/run-workflow/:project/:domain/:workflow_name/:version', express.json(), (req, res) => {
      const { project, domain } = req.params;
      const name = `x${Math.random().toString(36).slice(2, 21).padEnd(19, '0')}`;
      res.json({
        url: `http://localhost/console/projects/${project}/domains/${domain}/executions/${name}`,
        execution: { project, domain, name },
      });
    });
  }
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  parentPort.postMessage({ url: `http://127.0.0.1:${server.address().port}` });
  parentPort.once('message', () => {
    close();
    server.closeAllConnections();
    server.close(() => parentPort.postMessage({ stopped: true }));
  });
}

/** Starts a worker running `role` of this file; resolves with it and its first message. */
function startWorker(role, data = {}) {
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { role, ...data } });
  const first = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return first.then((message) => ({ worker, message }));
}
const ask = (worker, message) =>
  new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(message);
  });

/**
 * autocannon against each of `urls` at once (one instance per URL, `connections` split between them):
 * a warm-up, then the measured run; p99 is the worst instance's.
 */
async function load(urls, label) {
  const { default: autocannon } = await import('autocannon');
  const options = (url) => ({
    url: `${url}${PATH}`,
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ x: 2 }),
    connections: Math.max(1, Math.round(connections / urls.length)),
  });
  await Promise.all(urls.map((url) => autocannon({ ...options(url), duration: warmup })));
  const results = await Promise.all(urls.map((url) => autocannon({ ...options(url), duration })));
  const ok = results.reduce((sum, r) => sum + r['2xx'], 0);
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  const perSecond = results.reduce((sum, r) => sum + r['2xx'] / (r.duration || duration), 0);
  const p50 = Math.max(...results.map((r) => r.latency.p50));
  const p99 = Math.max(...results.map((r) => r.latency.p99));
  console.log(
    `${label.padEnd(8)} ${perSecond.toFixed(0).padStart(6)} launches/s  p50 ${p50} ms  p99 ${p99} ms  ` +
      `(${ok} answered 2xx, ${failed} not, ${connections} connections, ${urls.length} replica(s), ${duration} s after ${warmup} s of warm-up)`,
  );
  return { perSecond, p99, ok, failed };
}

if (!isMainThread) {
  if (workerData.role === 'admin') await adminWorker();
  else await httpWorker(workerData);
} else {
  console.log('executor held: parallelism 1, the first execution sleeps, every other launch stays QUEUED');
  // Each app gets an admin of its own, started anew on an empty database: the floor's thousands of
  // launches would otherwise still be queued (in the database and the executor's memory) while the
  // webhook is measured, and the webhook, measured last, would pay for them.
  const run = async (kind, label) => {
    const admin = await startWorker('admin');
    const { apiKey } = admin.message;
    try {
      const apps = await Promise.all(
        Array.from({ length: replicas }, () => startWorker('http', { kind, apiKey })),
      );
      const result = await load(
        apps.map((a) => a.message.url),
        label,
      );
      for (const { worker } of apps) {
        await ask(worker, 'stop');
        await worker.terminate();
      }
      result.created = (await ask(admin.worker, 'count')).count;
      return result;
    } finally {
      await ask(admin.worker, 'stop');
      await admin.worker.terminate();
    }
  };
  const bareResult = await run('bare', 'bare');
  // The floor and the webhook in ROUNDS rounds, the order swapped each round (floor first, then
  // webhook first, ...): on this machine one run of the same app moves by up to 10% from the next,
  // as much as what is measured, so each round gives a ratio of two neighbouring runs and the
  // median of those ratios is reported. The webhook's own figures are its median run's.
  const rounds = [];
  for (let round = 0; round < (process.env.FLOOR === '0' ? 1 : floorRounds); round += 1) {
    if (process.env.FLOOR === '0') {
      rounds.push({ webhook: await run('webhook', 'webhook') });
    } else if (round % 2 === 0) {
      const floor = await run('floor', 'floor');
      rounds.push({ floor, webhook: await run('webhook', 'webhook') });
    } else {
      const webhook = await run('webhook', 'webhook');
      rounds.push({ webhook, floor: await run('floor', 'floor') });
    }
  }
  const median = (values) => values.slice().sort((a, b) => a - b)[(values.length - 1) >> 1];
  const webhookResult = rounds.map((r) => r.webhook).sort((a, b) => a.perSecond - b.perSecond)[
    (rounds.length - 1) >> 1
  ];
  console.log(
    `executions the admin recorded during the webhook's median run (warm-up included): ${webhookResult.created}`,
  );
  console.log(
    `goals: >= 1000 launches/s ${webhookResult.perSecond >= 1000 ? 'met' : 'NOT met'}, ` +
      `p99 <= 50 ms ${webhookResult.p99 <= 50 ? 'met' : 'NOT met'}, ` +
      `ratio >= 0.3 ${webhookResult.perSecond / bareResult.perSecond >= 0.3 ? 'met' : 'NOT met'}`,
  );
  let floorRatio;
  let floorP99Ratio;
  if (process.env.FLOOR !== '0') {
    const ratios = rounds.map((r) => r.webhook.perSecond / r.floor.perSecond);
    const p99Ratios = rounds.map((r) => r.webhook.p99 / r.floor.p99);
    floorRatio = median(ratios);
    floorP99Ratio = median(p99Ratios);
    const floorMedian = median(rounds.map((r) => r.floor.perSecond));
    console.log(
      `ratio webhook/floor (launches per second): ${floorRatio.toFixed(2)}, the median of ` +
        `${ratios.map((r) => r.toFixed(2)).join(', ')} (floor/bare ${(floorMedian / bareResult.perSecond).toFixed(2)}); ` +
        `p99 webhook/floor ${floorP99Ratio.toFixed(2)}, the median of ${p99Ratios.map((r) => r.toFixed(2)).join(', ')}`,
    );
    recordFigure('floor (Express + CreateExecution) per second', floorMedian, '/s');
    recordFigure('floor p99', median(rounds.map((r) => r.floor.p99)), 'ms');
  }
  console.log(
    `ratio webhook/bare (launches per second): ${(webhookResult.perSecond / bareResult.perSecond).toFixed(2)}`,
  );
  recordAgainst('webhook launches per second', webhookResult.perSecond, '/s', 'at least', 1000);
  recordAgainst('webhook p99', webhookResult.p99, 'ms', 'at most', 50);
  recordFigure('bare Express handler per second', bareResult.perSecond, '/s');
  if (floorRatio !== undefined) {
    recordAgainst('webhook / floor', floorRatio, 'x', 'at least', 0.95);
    recordAgainst('webhook p99 / floor p99', floorP99Ratio, 'x', 'at most', 1.1);
  }
  recordAgainst('webhook / bare', webhookResult.perSecond / bareResult.perSecond, 'x', 'at least', 0.3);
}
