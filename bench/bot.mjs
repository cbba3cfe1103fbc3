#!/usr/bin/env node
// The GitHub App bot under load: deliveries handled per second for signed `pull_request.synchronize`
// events with the admin held, and the delivery-to-check-run latency p50 and p99. One process holds
// an in-process admin on SQLite, a fake GitHub REST API served over real HTTP
// (test/helpers/github-app-api.ts), a real octokit App against it (throttling and retries off) and
// the bot's server (createBot + createBotServer) on a free port, with its default concurrency.
// The executor is held: parallelism 1 and a first execution that sleeps, so every launch stays QUEUED
// and no task process competes with the load.
// Each delivery is a distinct signed `synchronize` of one of CONCURRENCY (default 8) pull requests, at
// a head SHA of its own whose archive holds the same files (registration answers "already
// registered", as for a push that does not touch workflows). Each pull request gets its next push once
// the check run of the previous one exists, so CONCURRENCY deliveries are in flight at once. A
// delivery's latency runs from sending it to the moment the fake API records the creation of its
// check run `orch / wf.add_one_wf`. WARMUP (default 16) deliveries go first, unmeasured; then
// `--deliveries N` (or BENCH_BOT_DELIVERIES, default 200) are measured.
// The same number of launches of the same launch plan version then go through the webhook app
// (lib/webhook/app.js, in-process on the same admin, same concurrency); the ratio of the two p50s is
// printed last: what a delivery costs over a plain launch. The admin keeps its default of 100 gRPC
// streams per connection (STREAMS changes it): the bot follows at most 50 executions at once
// (`maxFollowed`), so its other calls always find a stream even with every launch held. Run with
// `npm run bench:bot` (builds first; runs under tsx, for the test helpers).
import * as octokit from 'octokit';
import { literalMapFromJson, parseType } from '../lib/api/literals.js';
import { createBot } from '../lib/bot/bot.js';
import { createGithubApp } from '../lib/bot/github-app.js';
import { createBotServer, DELIVERY_PATH } from '../lib/bot/server.js';
import { AdminClient } from '../lib/client/admin-client.js';
import { createApp } from '../lib/webhook/app.js';
import { OWNER, pullPayload, REPO, repoFiles, signed, testApp, WEBHOOK_SECRET } from '../test/helpers/bot.ts';
import { FakeGithubApp } from '../test/helpers/github-app-api.ts';
import { startBenchAdmin } from './admin.mjs';
import { recordAgainst, recordFigure } from './figures.mjs';

// Then, on a fresh admin (default parallelism, executions run) and a fresh fake GitHub, COMPLETED
// (default 10) deliveries one at a time, GAP_MS (default 3500: octokit's throttling spaces comment
// writes 3 s apart) after the previous one's last write, twice: with the bot's defaults (throttling
// on, as shipped) and with throttling off. Each gives the latency from sending a delivery to the
// completion of its execution's check run (p50, p95) and the GitHub writes (method other than GET,
// installation tokens aside) per delivery and per launched execution (the registration's aside).
const argument = (name) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const deliveries = Number(argument('deliveries') ?? process.env.BENCH_BOT_DELIVERIES ?? 200);
const concurrency = Number(process.env.CONCURRENCY ?? 8);
const warmup = Number(process.env.WARMUP ?? 16);
// The admin's gRPC streams per connection: its default unless STREAMS says otherwise.
const streams = Number(process.env.STREAMS ?? 100);
if (!(deliveries > 0 && concurrency > 0 && warmup >= 0)) {
  console.error('--deliveries, CONCURRENCY and WARMUP must be positive numbers');
  process.exit(2);
}
const CHECK = 'orch / wf.add_one_wf';
const LP = 'wf.add_one_wf';
const target = { project: 'default', domain: 'development' };
const KEY = 'bench-bot-webhook-key-0123456789abcdef';

const completedCount = Number(process.env.COMPLETED ?? 10);
const gapMs = Number(process.env.GAP_MS ?? 3500);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** A logger that builds and serialises each record as production does, then drops it; keeps problems. */
const problems = [];
const logger = Object.fromEntries(
  ['debug', 'info', 'warn', 'error'].map((level) => [
    level,
    (msg, fields) => {
      const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
      if (level === 'warn' || level === 'error') problems.push(line);
    },
  ]),
);

/** Starts `app` on a free loopback port; resolves with its base URL and a close function. */
async function listen(app) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Runs `total` jobs, `concurrency` at once (worker `w` does jobs w, w + concurrency, ...); `job(i, w)`
 * resolves with a latency in ms or undefined when it failed. Returns the latencies and the seconds.
 */
async function closedLoop(total, job) {
  const latencies = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async (_, w) => {
      // The first failure stops every worker: a stalled bot fails the run in one timeout, not in many.
      for (let i = w; i < total && failed === 0; i += concurrency) {
        const ms = await job(i, w);
        if (ms === undefined) failed += 1;
        else latencies.push(ms);
      }
    }),
  );
  return { latencies, failed, seconds: (performance.now() - started) / 1000 };
}

/**
 * COMPLETED deliveries, one at a time, to a bot whose octokit App has `throttle` (the shipped default
 * is on): the ms from sending each to its execution's check run completed, and the writes each made.
 */
async function completedRun(throttle) {
  const runAdmin = await startBenchAdmin({});
  const runClient = new AdminClient({ endpoint: runAdmin.addresses.grpcEndpoint, insecure: true });
  const runFake = new FakeGithubApp();
  const runGithub = await runFake.serve();
  const app = createGithubApp(octokit, {
    appId: String(runFake.appId),
    privateKey: runFake.privateKey,
    webhookSecret: WEBHOOK_SECRET,
    baseUrl: runGithub.url,
    throttle,
    logger,
  });
  const runBot = createBot({
    client: runClient,
    installation: (id) => app.getInstallationOctokit(id),
    adminEndpoint: runAdmin.addresses.grpcEndpoint,
    logger,
  });
  const runApp = createBotServer({
    bot: runBot,
    verify: (payload, signature) => app.webhooks.verify(payload, signature),
    probe: async () => true,
    logger,
    access: logger,
  });
  const runServer = await listen(runApp);
  const latencies = [];
  const perDelivery = [];
  const perExecution = [];
  try {
    const files = repoFiles();
    for (let n = 0; n <= completedCount; n++) {
      const head = (n + 1).toString(16).padStart(40, 'c');
      runFake.setTarball(OWNER, REPO, head, files);
      const { headers, body } = signed('pull_request', pullPayload('synchronize', 500, head));
      const from = runFake.calls.length;
      const sent = performance.now();
      const posted = fetch(`${runServer.url}${DELIVERY_PATH}`, { method: 'POST', headers, body });
      const createdCall = await runFake.waitFor(
        (call) =>
          call.method === 'POST' &&
          call.path.endsWith('/check-runs') &&
          call.body?.head_sha === head &&
          String(call.body?.external_id ?? '').startsWith('execution:'),
        60_000,
      );
      const run = runFake.checkRuns.find(
        (r) => r.head_sha === head && r.external_id === createdCall.body.external_id,
      );
      await runFake.waitFor(
        (call) =>
          call.method === 'PATCH' &&
          call.path.endsWith(`/check-runs/${run?.id}`) &&
          call.body?.status === 'completed',
        120_000,
      );
      const ms = performance.now() - sent;
      await (await posted).arrayBuffer();
      await runApp.drained();
      await runBot.idle();
      const writes = runFake.calls
        .slice(from)
        .filter((call) => call.method !== 'GET' && !call.path.endsWith('/access_tokens'));
      const registration = writes.filter((call) => call.body?.name === 'orch / register').length;
      // The first delivery warms up (installation token, registration of new versions): unmeasured.
      if (n === 0) continue;
      latencies.push(ms);
      perDelivery.push(writes.length);
      perExecution.push(writes.length - registration);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  } finally {
    runApp.beginShutdown();
    runBot.close();
    await runBot.idle();
    runClient.close();
    await runServer.close();
    await runGithub.close();
    await runAdmin.close();
  }
  return { latencies, perDelivery, perExecution };
}

const admin = await startBenchAdmin({
  parallelism: 1,
  flags: { 'sharedservice.grpc.maxConcurrentStreams': String(streams) },
});
const { client } = admin;
// The bot and the webhook each have their own channel to the admin, as their processes would.
const botClient = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
const webhookClient = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
const fake = new FakeGithubApp();
const github = await fake.serve();
const octokitApp = testApp(fake, github.url);
const bot = createBot({
  client: botClient,
  installation: (id) => octokitApp.getInstallationOctokit(id),
  adminEndpoint: admin.addresses.grpcEndpoint,
  logger,
});
const botApp = createBotServer({
  bot,
  verify: (payload, signature) => octokitApp.webhooks.verify(payload, signature),
  probe: async () => true,
  logger,
  access: logger,
});
const botServer = await listen(botApp);
let webhookServer;
try {
  // The hold: a launch plan whose only task sleeps an hour, launched first into the only slot.
  const id = (resource_type, name) => ({ resource_type, ...target, name, version: 'bench' });
  const vars = { variables: { x: { type: parseType('integer'), description: '' } } };
  await client.createTask(id('TASK', 'bench.hold'), {
    template: {
      id: id('TASK', 'bench.hold'),
      type: 'container',
      interface: { inputs: vars, outputs: { variables: {} } },
      metadata: { retries: { retries: 0 }, timeout: { seconds: 3600, nanos: 0 } },
      container: {
        image: 'node:20-slim',
        command: [process.execPath, '-e', 'setTimeout(() => {}, 3600000)'],
      },
    },
  });
  await client.createWorkflow(id('WORKFLOW', 'bench.hold_wf'), {
    template: {
      id: id('WORKFLOW', 'bench.hold_wf'),
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
  await client.createLaunchPlan(id('LAUNCH_PLAN', 'bench.hold_wf'), {
    workflow_id: id('WORKFLOW', 'bench.hold_wf'),
  });
  const hold = await client.createExecution({
    ...target,
    spec: { launch_plan: id('LAUNCH_PLAN', 'bench.hold_wf') },
    inputs: literalMapFromJson({ x: 0 }, vars),
  });
  for (let i = 0; ; i++) {
    const phase = (await client.getExecution(hold)).closure?.phase;
    if (phase === 'RUNNING') break;
    if (i > 600) throw new Error(`the hold execution did not start (phase ${phase})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(
    `executor held: parallelism 1, the first execution sleeps, every other launch stays QUEUED; ` +
      `admin streams per connection ${streams}`,
  );

  // One archive per head SHA, all with the same files.
  const sha = (n) => (n + 1).toString(16).padStart(40, 'b');
  const files = repoFiles();
  for (let n = 0; n < warmup + deliveries; n++) fake.setTarball(OWNER, REPO, sha(n), files);

  /** Sends delivery `n` for pull request 100 + w; resolves with ms to its check run, or undefined. */
  const deliver = async (n, w) => {
    const head = sha(n);
    const { headers, body } = signed('pull_request', pullPayload('synchronize', 100 + w, head));
    const sent = performance.now();
    const created = fake.waitFor(
      (call) =>
        call.method === 'POST' &&
        call.path.endsWith('/check-runs') &&
        call.body?.name === CHECK &&
        call.body?.head_sha === head &&
        String(call.body?.external_id ?? '').startsWith('execution:'),
      30_000,
    );
    const res = await fetch(`${botServer.url}${DELIVERY_PATH}`, { method: 'POST', headers, body });
    await res.arrayBuffer();
    if (res.status !== 202) {
      created.catch(() => {});
      problems.push(`delivery ${n}: HTTP ${res.status}`);
      return undefined;
    }
    try {
      await created;
      return performance.now() - sent;
    } catch (error) {
      problems.push(`delivery ${n}: ${error.message.split('\n')[0]}`);
      return undefined;
    }
  };
  const warm = await closedLoop(warmup, (i, w) => deliver(i, w));
  if (warm.failed > 0) throw new Error(`a warm-up delivery failed: ${problems.slice(0, 3).join(' | ')}`);
  const botRun = await closedLoop(deliveries, (i, w) => deliver(warmup + i, w));
  if (botRun.failed > 0) {
    throw new Error(
      `the bot did not create a check run for a delivery after ${botRun.latencies.length} that it did ` +
        `(${warmup + botRun.latencies.length} executions followed, ${streams} admin streams per connection): ` +
        problems.slice(0, 3).join(' | '),
    );
  }
  const perSecond = botRun.latencies.length / botRun.seconds;
  const botP50 = percentile(botRun.latencies, 50);
  const botP99 = percentile(botRun.latencies, 99);

  // The same launches through the webhook app, on the same admin and the same launch plan version.
  const [lp] = (await client.listLaunchPlans({ id: { ...target, name: LP }, limit: 1 })).launch_plans;
  if (!lp) throw new Error(`the bot registered no ${LP}`);
  const version = lp.id.version;
  webhookServer = await listen(
    createApp({
      client: webhookClient,
      apiKeys: KEY,
      rateLimit: false,
      log: (record) => JSON.stringify(record),
    }),
  );
  const launch = async () => {
    const sent = performance.now();
    const res = await fetch(
      `${webhookServer.url}/run-workflow/${target.project}/${target.domain}/${LP}/${version}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ x: 2 }),
      },
    );
    await res.arrayBuffer();
    if (res.status !== 200) {
      problems.push(`webhook launch: HTTP ${res.status}`);
      return undefined;
    }
    return performance.now() - sent;
  };
  await closedLoop(warmup, launch);
  const webhookRun = await closedLoop(deliveries, launch);
  const webhookP50 = percentile(webhookRun.latencies, 50);
  const webhookP99 = percentile(webhookRun.latencies, 99);
  const webhookPerSecond = webhookRun.latencies.length / webhookRun.seconds;

  const handled = botRun.latencies.length;
  // Every held execution stays followed (a WatchExecution stream, polled by the admin each second):
  // the first and last quarters show whether a delivery costs more as they add up.
  const quarter = Math.max(1, Math.floor(handled / 4));
  const firstP50 = percentile(botRun.latencies.slice(0, quarter), 50);
  const lastP50 = percentile(botRun.latencies.slice(-quarter), 50);
  console.log(
    `bot (throttling off, executor held) ${perSecond.toFixed(1).padStart(7)} deliveries/s  delivery to check run p50 ${botP50.toFixed(1)} ms  p99 ${botP99.toFixed(1)} ms  ` +
      `(${handled} check runs, ${botRun.failed} not, ${concurrency} in flight, ${botRun.seconds.toFixed(2)} s after ${warmup} warm-up deliveries)`,
  );
  console.log(
    `webhook  ${webhookPerSecond.toFixed(1).padStart(7)} launches/s    launch p50 ${webhookP50.toFixed(1)} ms  p99 ${webhookP99.toFixed(1)} ms  ` +
      `(${webhookRun.latencies.length} answered 200, ${webhookRun.failed} not, ${concurrency} in flight)`,
  );
  console.log(
    `bot p50 of the first ${quarter} deliveries ${firstP50.toFixed(1)} ms, of the last ${quarter} ${lastP50.toFixed(1)} ms ` +
      `(${warmup + handled} executions followed at the end)`,
  );
  if (problems.length > 0) {
    console.log(
      `${problems.length} warning(s) or failure(s); the first: ${problems.slice(0, 3).join(' | ')}`,
    );
  }
  console.log(`ratio bot p50 / webhook launch p50: ${(botP50 / webhookP50).toFixed(2)}`);
  // Held executor, throttling off: the figures this bench always gave.
  recordFigure('bot deliveries per second (to check run, no throttling, held)', perSecond, '/s');
  recordFigure('bot delivery to check run p50 (no throttling, held)', botP50, 'ms');
  recordFigure('bot delivery to check run p99 (no throttling, held)', botP99, 'ms');
  recordFigure('bot p50 / webhook launch p50', botP50 / webhookP50, 'x');
  if (webhookRun.failed > 0) process.exitCode = 1;
} finally {
  // As orch-bot stops: no new deliveries, the following of executions ended (which frees the
  // admin's streams), then the deliveries in hand finished (each removes its checkout).
  botApp.beginShutdown();
  bot.close();
  await Promise.race([botApp.drained(), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  await bot.idle();
  botClient.close();
  webhookClient.close();
  await botServer.close();
  await webhookServer?.close();
  await github.close();
  await admin.close();
}

// Delivery to completed check run, one delivery at a time, executions running.
for (const throttle of [true, false]) {
  const { latencies, perDelivery, perExecution } = await completedRun(throttle);
  const settings = throttle
    ? "defaults: octokit's throttling on (writes 1 s apart, comments 3 s), githubFetch retries"
    : 'throttling off, githubFetch retries';
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `completed ${throttle ? 'defaults' : 'no-throttle'}  delivery to completed check run p50 ${p50.toFixed(0)} ms  p95 ${p95.toFixed(0)} ms  ` +
      `GitHub writes per delivery max ${Math.max(...perDelivery)}, per launched execution max ${Math.max(...perExecution)} ` +
      `(${latencies.length} deliveries one at a time, ${gapMs} ms apart, 1 launch plan; ${settings})`,
  );
  const label = throttle ? 'defaults' : 'no throttling';
  if (throttle)
    recordAgainst(`bot delivery to completed check run p50 (${label})`, p50, 'ms', 'at most', 1500);
  else recordFigure(`bot delivery to completed check run p50 (${label})`, p50, 'ms');
  recordFigure(`bot delivery to completed check run p95 (${label})`, p95, 'ms');
  if (throttle)
    recordAgainst(
      'bot GitHub writes per launched execution (max)',
      Math.max(...perExecution),
      '',
      'at most',
      3,
    );
}
