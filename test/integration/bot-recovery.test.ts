import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import request from 'supertest';
import { createBot } from '../../src/bot/bot.js';
import { installationClient } from '../../src/bot/github-app.js';
import { type BotServer, createBotServer, DELIVERY_PATH } from '../../src/bot/server.js';
import { AdminClient } from '../../src/client/admin-client.js';
import {
  ADD_ONE_FILE,
  INSTALLATION,
  type Logged,
  OWNER,
  pullPayload,
  REPO,
  REPO_CONFIG,
  recordingLogger,
  repoFiles,
  signed,
  testApp,
} from '../helpers/bot.js';
import { type FakeCheckRun, FakeGithubApp } from '../helpers/github-app-api.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

const sha = (n: number) => n.toString(16).padStart(40, 'b');

/**
 * A TCP relay in front of the admin's gRPC port: the bot's address of the admin stays the same while
 * the admin behind it is stopped and started again on another port.
 */
async function relayTo(target: () => string): Promise<{ endpoint: string; cut(): void; close(): void }> {
  const sockets = new Set<Socket>();
  const relay: Server = createNetServer((inbound) => {
    const [host, port] = target()
      .replace(/^dns:\/\/\//, '')
      .split(':');
    const outbound = connect(Number(port), host ?? '127.0.0.1');
    // One side closing or failing closes the other, as a proxy in front of the admin does.
    for (const [socket, other] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      socket.on('error', () => socket.destroy());
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    endpoint: `dns:///127.0.0.1:${port}`,
    cut,
    close() {
      cut();
      relay.close();
    },
  };
}

describe('orch-bot brings its check runs to their final state', () => {
  let dataDir: string;
  let admin: TestServer;
  let fake: FakeGithubApp;
  let github: { url: string; close(): Promise<void> };
  let gate: string;
  let workflow: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'orch-bot-recovery-'));
    gate = join(dataDir, 'gate');
    admin = await startTestServer('sqlite', { executorParallelism: 2, dataDir });
    fake = new FakeGithubApp();
    github = await fake.serve();
    fake.setInstallation(INSTALLATION, [`${OWNER}/${REPO}`]);
    fake.setTarball(OWNER, REPO, 'main', repoFiles());
    // The task runs until the gate file exists, so each test decides when its execution ends.
    workflow = ADD_ONE_FILE.replace(
      "const fs = require('node:fs');",
      `const fs = require('node:fs'); while (!fs.existsSync(${JSON.stringify(gate)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);`,
    );
    expect(workflow).not.toBe(ADD_ONE_FILE);
  });
  afterAll(async () => {
    await github.close();
    await admin.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A bot (and its HTTP side) over `client`, with the app's installations for the recovery sweep. */
  const startBot = (client: AdminClient, logs: Logged[], watchSeconds?: number) => {
    const app = testApp(fake, github.url);
    const bot = createBot({
      client,
      installation: (id) => installationClient(app, id),
      installations: async () =>
        (await app.octokit.paginate('GET /app/installations', { per_page: 100 })).map((i) => i.id),
      appId: fake.appId,
      adminEndpoint: admin.addresses.grpcEndpoint,
      logger: recordingLogger(logs),
      watchSeconds,
    });
    const server = createBotServer({
      bot,
      verify: (payload, signature) => app.webhooks.verify(payload, signature),
      probe: async () => true,
      logger: recordingLogger(logs),
      access: recordingLogger(logs),
    });
    return { bot, server };
  };

  /** Opens pull request `number` at `head` and delivers it to `to`; resolves once it was handled. */
  const openPull = async (to: BotServer, number: number, head: string) => {
    fake.setTarball(OWNER, REPO, head, repoFiles(REPO_CONFIG, workflow));
    fake.setPull(OWNER, REPO, {
      number,
      head: { sha: head, ref: `feature-${number}`, repo: { full_name: `${OWNER}/${REPO}` } },
      base: { ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    });
    const delivery = signed('pull_request', pullPayload('opened', number, head));
    const res = await request(to).post(DELIVERY_PATH).set(delivery.headers).send(delivery.body);
    expect(res.status).toBe(202);
    await to.drained();
  };

  /** The execution check run of `head`, once made, and its execution's id. */
  const launched = async (head: string) => {
    let run: FakeCheckRun | undefined;
    await waitUntil(
      () => {
        run = fake.checkRuns.find((r) => r.head_sha === head && r.name === 'orch / wf.add_one_wf');
        return run !== undefined;
      },
      { what: `the execution check run of ${head}`, timeoutMs: 30_000, intervalMs: 20 },
    );
    const name = String(run?.external_id).split(':')[3] ?? '';
    return { run: run as FakeCheckRun, id: { project: 'default', domain: 'development', name } };
  };

  const phaseOf = async (client: AdminClient, id: { project: string; domain: string; name: string }) =>
    String((await client.getExecution(id)).closure?.phase);

  const waitForPhase = (
    client: AdminClient,
    id: { project: string; domain: string; name: string },
    phase: string,
  ) =>
    waitUntil(async () => (await phaseOf(client, id)) === phase, {
      what: `execution ${id.name} to be ${phase}`,
      timeoutMs: 60_000,
      intervalMs: 50,
    });

  test('a bot stopped mid-run without cleaning up: the next bot completes the check run with the true conclusion', async () => {
    await rm(gate, { force: true });
    const head = sha(1);
    const logs: Logged[] = [];
    const firstClient = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
    const first = startBot(firstClient, logs);
    await openPull(first.server, 51, head);
    const { run, id } = await launched(head);
    await waitForPhase(admin.client, id, 'RUNNING');
    // The bot goes away while the execution runs: it never writes the end.
    first.bot.close();
    firstClient.close();
    await first.bot.idle();
    await writeFile(gate, '');
    await waitForPhase(admin.client, id, 'SUCCEEDED');
    expect(run.status).toBe('in_progress');

    const client = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
    const next = startBot(client, logs);
    try {
      expect(await next.bot.recover()).toMatchObject({ found: 1, completed: 1, resumed: 0, whole: true });
      expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect((run.output as { title: string; summary: string }).title).toBe('SUCCEEDED');
      expect((run.output as { summary: string }).summary).toContain('"o0": 3');
      expect(fake.comments.find((c) => c.issue === 51)?.body).toContain(`[${id.name}](`);
      expect(fake.comments.find((c) => c.issue === 51)?.body).toContain('**SUCCEEDED**');
      // Nothing left: the next sweep finds nothing to do.
      expect(await next.bot.recover()).toMatchObject({ found: 0, completed: 0 });
    } finally {
      next.bot.close();
      client.close();
    }
  }, 90_000);

  test('the admin restarted mid-run (same database, another port): the watch comes back and the check run ends with the run', async () => {
    await rm(gate, { force: true });
    const head = sha(2);
    const logs: Logged[] = [];
    let current = admin.addresses.grpcEndpoint;
    const relay = await relayTo(() => current);
    const client = new AdminClient({ endpoint: relay.endpoint, insecure: true });
    const { bot, server } = startBot(client, logs);
    try {
      await openPull(server, 52, head);
      const { run, id } = await launched(head);
      await waitForPhase(admin.client, id, 'RUNNING');
      await admin.stop();
      relay.cut();
      admin = await startTestServer('sqlite', { executorParallelism: 2, dataDir });
      current = admin.addresses.grpcEndpoint;
      await writeFile(gate, '');
      await bot.idle();
      expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect((run.output as { summary: string }).summary).toContain('"o0": 3');
      expect(logs).toContainEqual(
        expect.objectContaining({ msg: "an execution's watch was lost; subscribing again" }),
      );
    } finally {
      bot.close();
      client.close();
      relay.close();
    }
  }, 120_000);

  test('the admin out of reach longer than the bot follows: the check run stays in progress, and the sweep completes it with the true conclusion once the admin is back', async () => {
    await rm(gate, { force: true });
    const head = sha(4);
    const logs: Logged[] = [];
    let current = admin.addresses.grpcEndpoint;
    const relay = await relayTo(() => current);
    const client = new AdminClient({ endpoint: relay.endpoint, insecure: true });
    // The bot follows each execution 3 s at most: the outage outlasts it.
    const { bot, server } = startBot(client, logs, 3);
    try {
      await openPull(server, 54, head);
      const { run, id } = await launched(head);
      await waitForPhase(admin.client, id, 'RUNNING');
      await admin.stop();
      relay.cut();
      await bot.idle();
      expect(run.status).toBe('in_progress');
      admin = await startTestServer('sqlite', { executorParallelism: 2, dataDir });
      current = admin.addresses.grpcEndpoint;
      await writeFile(gate, '');
      await waitForPhase(admin.client, id, 'SUCCEEDED');
      expect(await bot.recover()).toMatchObject({ found: 1, completed: 1, whole: true });
      expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect((run.output as { summary: string }).summary).toContain('"o0": 3');
      expect(fake.comments.find((c) => c.issue === 54)?.body).toContain('**SUCCEEDED**');
    } finally {
      bot.close();
      client.close();
      relay.close();
    }
  }, 120_000);

  test('a final update that GitHub fails through its retries (a 5xx storm) is completed by the next sweep', async () => {
    await writeFile(gate, '');
    const head = sha(3);
    const logs: Logged[] = [];
    const client = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
    const { bot, server } = startBot(client, logs);
    const completes = (body: unknown) => (body as { status?: string })?.status === 'completed';
    const recover = fake.failAlways('PATCH', /\/check-runs\/\d+$/, 502, { when: completes });
    try {
      await openPull(server, 53, head);
      const { run } = await launched(head);
      await waitUntil(() => logs.some((l) => l.msg === 'a check run update failed'), {
        what: 'the follow to give up its final update',
        timeoutMs: 90_000,
        intervalMs: 100,
      });
      await bot.idle();
      expect(run.status).toBe('in_progress');
      recover();
      expect(await bot.recover()).toMatchObject({ found: 1, completed: 1, whole: true });
      expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect((run.output as { summary: string }).summary).toContain('"o0": 3');
    } finally {
      recover();
      bot.close();
      client.close();
    }
  }, 150_000);
});
