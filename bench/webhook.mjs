#!/usr/bin/env node
// Launches per second and p99 latency through the webhook (HTTP -> webhook -> gRPC -> admin -> SQLite)
// against the same load on a bare Express handler that answers the same JSON, on the same machine, in
// one run; prints both and the ratio webhook/bare last (goals: >= 1,000 launches/s, p99 <= 50 ms,
// ratio >= 0.3 on 2 cores). The floor puts the same load on the smallest app that still launches: an
// Express handler that parses the JSON body and calls the same AdminClient's CreateExecution, with no
// authentication, validation, idempotency, logging or metrics. The floor is what Express, grpc-js and
// the admin server allow on this machine; webhook/floor is the share the webhook's own work leaves of
// it (goals: >= 0.95, and p99 within 10% of the floor's).
// The floor and the webhook are measured interleaved: both run side by side (each app with an admin
// of its own, on an empty database), and the load goes to one, then the other, in SLICES pairs of
// SLICE seconds (defaults 10 and 2; the order within a pair swapped each pair). This machine's speed
// drifts by up to 10% within a minute (other tenants of the host), as much as what is measured: runs
// of each app one after the other compared an app with the machine of another moment; slices this
// short give both apps the same moments. Each app's launches per second is its 2xx answers over its
// slices' time, and its p99 is taken over every answer of its slices. FLOOR=0 skips the floor.
// The admin servers and the HTTP apps each run in a worker thread of their own; autocannon drives the
// load from the main thread. The executor is held: parallelism 1 and a first execution that sleeps,
// so every launch queues and no task process competes with the load.
// Each app is loaded for WARMUP seconds (default 6) before it is measured: every app starts in a new
// worker, with nothing compiled yet, and on this 2-core machine a 2 s warm-up left the webhook measured
// at 690/s and p99 110 ms against 854/s and 61 ms once warm. The bare handler is measured alone, for
// DURATION seconds (default 10). CONNECTIONS (default 32) and REPLICAS (app workers on their own ports,
// each with its own autocannon; default 1) tune it. Run with `npm run bench:webhook`.
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
const slices = Number(process.env.SLICES ?? 10);
const slice = Number(process.env.SLICE ?? 2);
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

/**
 * The admin client the webhook makes: ORCH_API_KEY alone names the admin (endpoint and TLS mode). Its
 * home is a temporary folder; `close()` closes the client and removes the folder.
 */
async function webhookClient(apiKey) {
  const { createAdminClient } = await import('../lib/client/from-config.js');
  const { loadConfig } = await import('../lib/config/load.js');
  const home = mkdtempSync(join(tmpdir(), 'orch-webhook-bench-home-'));
  const config = loadConfig({ flags: {}, env: {}, home });
  const client = await createAdminClient(config, 'orch', {
    clientName: 'orch-webhook/bench',
    env: { ORCH_API_KEY: apiKey },
    home,
  });
  return {
    client,
    close() {
      client.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
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
    const { client, close: closeClient } = await webhookClient(apiKey);
    // The access log record is built and serialised as in production, then dropped.
    app = createApp({ client, apiKeys: KEY, rateLimit: false, log: (record) => JSON.stringify(record) });
    close = closeClient;
  } else if (kind === 'floor') {
    const { client, close: closeClient } = await webhookClient(apiKey);
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
    close = closeClient;
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
 * autocannon against each of `urls` at once (one instance per URL, `connections` split between them)
 * for `seconds`: the 2xx answers, the failures, the seconds it ran, and the latency of every 2xx
 * answer in ms (autocannon's `response` events) appended to `latencies` when given.
 */
async function load(urls, seconds, latencies) {
  const { default: autocannon } = await import('autocannon');
  const runs = urls.map((url) => {
    const instance = autocannon({
      url: `${url}${PATH}`,
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 2 }),
      connections: Math.max(1, Math.round(connections / urls.length)),
      duration: seconds,
    });
    if (latencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
    }
    return instance;
  });
  const results = await Promise.all(runs);
  return {
    ok: results.reduce((sum, r) => sum + r['2xx'], 0),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    seconds: Math.max(...results.map((r) => r.duration || seconds)),
  };
}

/** The `q` quantile (0..1) of `values`, nearest rank. */
function quantile(values, q) {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * An app of `kind` (REPLICAS workers) with an admin of its own, started and ready: its URLs and
 * `stop()`, which resolves with how many executions the admin recorded.
 */
async function startStack(kind) {
  const admin = await startWorker('admin');
  const { apiKey } = admin.message;
  const apps = await Promise.all(
    Array.from({ length: replicas }, () => startWorker('http', { kind, apiKey })),
  );
  return {
    kind,
    urls: apps.map((a) => a.message.url),
    async stop() {
      for (const { worker } of apps) {
        await ask(worker, 'stop');
        await worker.terminate();
      }
      const created = (await ask(admin.worker, 'count')).count;
      await ask(admin.worker, 'stop');
      await admin.worker.terminate();
      return created;
    },
  };
}

/** An app's figures: its 2xx answers over the seconds it was loaded, p50 and p99 over every 2xx answer. */
function summarize({ ok, failed, seconds, latencies }) {
  return {
    ok,
    failed,
    seconds,
    perSecond: ok / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}

/** One line of an app's figures. */
function report(label, { perSecond, p50, p99, ok, failed, seconds }) {
  console.log(
    `${label.padEnd(8)} ${perSecond.toFixed(0).padStart(6)} launches/s  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ` +
      `(${ok} answered 2xx, ${failed} not, ${connections} connections, ${replicas} replica(s), ${seconds.toFixed(0)} s measured after ${warmup} s of warm-up)`,
  );
}

if (!isMainThread) {
  if (workerData.role === 'admin') await adminWorker();
  else await httpWorker(workerData);
} else {
  console.log('executor held: parallelism 1, the first execution sleeps, every other launch stays QUEUED');
  const median = (values) => values.slice().sort((a, b) => a - b)[(values.length - 1) >> 1];

  const bare = await startStack('bare');
  let bareResult;
  try {
    await load(bare.urls, warmup);
    const latencies = [];
    bareResult = summarize({ ...(await load(bare.urls, duration, latencies)), latencies });
    report('bare', bareResult);
  } finally {
    await bare.stop();
  }

  // The floor and the webhook side by side, each with its own admin: the floor's thousands of
  // launches stay queued in its own database and executor, never in the webhook's.
  const stacks = [];
  const tallies = {};
  const pairRatios = [];
  const created = {};
  try {
    if (process.env.FLOOR !== '0') stacks.push(await startStack('floor'));
    stacks.push(await startStack('webhook'));
    for (const stack of stacks) {
      await load(stack.urls, warmup);
      tallies[stack.kind] = { ok: 0, failed: 0, seconds: 0, latencies: [] };
    }
    for (let pair = 0; pair < slices; pair += 1) {
      const perSecond = {};
      for (const stack of pair % 2 === 0 ? stacks : stacks.toReversed()) {
        const tally = tallies[stack.kind];
        const run = await load(stack.urls, slice, tally.latencies);
        tally.ok += run.ok;
        tally.failed += run.failed;
        tally.seconds += run.seconds;
        perSecond[stack.kind] = run.ok / run.seconds;
      }
      if (perSecond.floor) pairRatios.push(perSecond.webhook / perSecond.floor);
    }
  } finally {
    for (const stack of stacks) created[stack.kind] = await stack.stop();
  }

  const webhookResult = summarize(tallies.webhook);
  const floorResult = tallies.floor && summarize(tallies.floor);
  if (floorResult) report('floor', floorResult);
  report('webhook', webhookResult);
  console.log(`executions the webhook's admin recorded (warm-up included): ${created.webhook}`);
  console.log(
    `goals: >= 1000 launches/s ${webhookResult.perSecond >= 1000 ? 'met' : 'NOT met'}, ` +
      `p99 <= 50 ms ${webhookResult.p99 <= 50 ? 'met' : 'NOT met'}, ` +
      `ratio >= 0.3 ${webhookResult.perSecond / bareResult.perSecond >= 0.3 ? 'met' : 'NOT met'}`,
  );
  if (floorResult) {
    const floorRatio = webhookResult.perSecond / floorResult.perSecond;
    const floorP99Ratio = webhookResult.p99 / floorResult.p99;
    console.log(
      `ratio webhook/floor (launches per second): ${floorRatio.toFixed(2)} over ${slices} pairs of ` +
        `${slice} s slices (pairs: median ${median(pairRatios).toFixed(2)}, ` +
        `${Math.min(...pairRatios).toFixed(2)} to ${Math.max(...pairRatios).toFixed(2)}; ` +
        `floor/bare ${(floorResult.perSecond / bareResult.perSecond).toFixed(2)}); ` +
        `p99 webhook/floor ${floorP99Ratio.toFixed(2)}`,
    );
    recordFigure('floor (Express + CreateExecution) per second', floorResult.perSecond, '/s');
    recordFigure('floor p99', floorResult.p99, 'ms');
    recordAgainst('webhook / floor', floorRatio, 'x', 'at least', 0.95);
    recordAgainst('webhook p99 / floor p99', floorP99Ratio, 'x', 'at most', 1.1);
  }
  console.log(
    `ratio webhook/bare (launches per second): ${(webhookResult.perSecond / bareResult.perSecond).toFixed(2)}`,
  );
  recordAgainst('webhook launches per second', webhookResult.perSecond, '/s', 'at least', 1000);
  recordAgainst('webhook p99', webhookResult.p99, 'ms', 'at most', 50);
  recordFigure('bare Express handler per second', bareResult.perSecond, '/s');
  recordAgainst('webhook / bare', webhookResult.perSecond / bareResult.perSecond, 'x', 'at least', 0.3);
}
