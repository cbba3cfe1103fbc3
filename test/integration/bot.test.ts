import type { AddressInfo } from 'node:net';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import request from 'supertest';
import { literalMapToJson } from '../../src/api/literals.js';
import { type Bot, createBot } from '../../src/bot/bot.js';
import { installationClient } from '../../src/bot/github-app.js';
import { type BotServer, createBotServer, DELIVERY_PATH } from '../../src/bot/server.js';
import { AdminClient } from '../../src/client/admin-client.js';
import {
  ADD_ONE_FILE,
  commentPayload,
  INSTALLATION,
  type Logged,
  OWNER,
  pullPayload,
  pushPayload,
  REPO,
  REPO_CONFIG,
  recordingLogger,
  repoFiles,
  rerunPayload,
  signed,
  testApp,
  WEBHOOK_SECRET,
} from '../helpers/bot.js';
import {
  type AppApiCall,
  type FakeCheckRun,
  FakeGithubApp,
  signDelivery,
} from '../helpers/github-app-api.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';

const sha = (n: number) => n.toString(16).padStart(40, 'a');

/** A check run's output as the bot wrote it. */
interface Output {
  title: string;
  summary: string;
  annotations: { path: string; start_line: number; start_column: number; message: string }[];
}
const outputOf = (run: FakeCheckRun | undefined) => (run?.output ?? {}) as Output;

describe('orch-bot against a real admin and a fake GitHub API', () => {
  let admin: TestServer;
  let client: AdminClient;
  let fake: FakeGithubApp;
  let github: { url: string; close(): Promise<void> };
  let bot: Bot;
  let server: BotServer;
  const logged: Logged[] = [];

  /** A bot server over `adminClient` (the test's, by default). */
  const startBot = (adminClient: AdminClient, logs: Logged[] = logged) => {
    const app = testApp(fake, github.url);
    const instance = createBot({
      client: adminClient,
      installation: (id) => installationClient(app, id),
      adminEndpoint: admin.addresses.grpcEndpoint,
      logger: recordingLogger(logs),
    });
    const http = createBotServer({
      bot: instance,
      verify: (payload, signature) => app.webhooks.verify(payload, signature),
      probe: async () => true,
      logger: recordingLogger(logs),
      access: recordingLogger(logs),
    });
    return { bot: instance, server: http };
  };

  /** Sends a signed delivery and waits until it (and every execution it follows) is done. */
  const deliver = async (
    event: string,
    payload: unknown,
    options: { id?: string; to?: BotServer; bot?: Bot } = {},
  ) => {
    const delivery = signed(event, payload, options);
    const res = await request(options.to ?? server)
      .post(DELIVERY_PATH)
      .set(delivery.headers)
      .send(delivery.body);
    await (options.to ?? server).drained();
    await (options.bot ?? bot).idle();
    return { res, id: delivery.id };
  };

  const checkRuns = (name: string, headSha?: string) =>
    fake.checkRuns.filter((r) => r.name === name && (headSha === undefined || r.head_sha === headSha));
  const executions = async (domain: string) =>
    (await admin.client.listExecutions({ id: { project: 'default', domain }, limit: 1000 })).executions;

  beforeAll(async () => {
    admin = await startTestServer('sqlite', { executorParallelism: 2 });
    client = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
    fake = new FakeGithubApp();
    github = await fake.serve();
    ({ bot, server } = startBot(client));
    fake.setTarball(OWNER, REPO, 'main', repoFiles());
    fake.setPermission(OWNER, REPO, 'maintainer', 'write');
    fake.setPermission(OWNER, REPO, 'reader', 'read');
  });
  afterAll(async () => {
    bot.close();
    client.close();
    await github.close();
    await admin.stop();
  });

  test('a push to the default branch registers the configured files and reports orch / register', async () => {
    fake.setTarball(OWNER, REPO, sha(1), repoFiles());
    const { res } = await deliver('push', pushPayload(sha(1)));
    expect([res.status, res.body.status]).toEqual([202, 'accepted']);
    const [run] = checkRuns('orch / register', sha(1));
    expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
    const out = outputOf(run);
    expect(out.title).toMatch(/^Registered 3 entities at version \S+$/);
    expect(out.summary).toContain('| `wf.add_one_wf` | Launch Plan |');
    expect(out.summary).toContain('domain `production`');
    // Fetched through the API with the installation's token, then registered for real.
    expect(fake.seen('GET', /\/tarball\//)[0]?.auth).toBe(`token installation-${INSTALLATION}`);
    const plans = await admin.client.listLaunchPlans({
      id: { project: 'default', domain: 'production', name: 'wf.add_one_wf' },
      limit: 10,
    });
    expect(plans.launch_plans).toHaveLength(1);
  });

  test('a token GitHub refuses (401) is dropped: the request gets a new one once, and the next delivery works', async () => {
    // The first push cached an installation token; GitHub now refuses it, as after a revocation.
    fake.revokeTokens();
    const minted = () => fake.seen('POST', /\/access_tokens$/).length;
    const before = minted();
    fake.setTarball(OWNER, REPO, sha(41), repoFiles());
    await deliver('push', pushPayload(sha(41)));
    expect(checkRuns('orch / register', sha(41))[0]).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    expect(minted()).toBe(before + 1);
    // The new token is the cached one now: the next delivery mints none.
    fake.setTarball(OWNER, REPO, sha(42), repoFiles());
    await deliver('push', pushPayload(sha(42)));
    expect(checkRuns('orch / register', sha(42))[0]).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    expect(minted()).toBe(before + 1);
  });

  test('a push to another branch, or a deleted branch, does nothing', async () => {
    const before = fake.calls.length;
    await deliver('push', pushPayload(sha(2), 'feature'));
    await deliver('push', { ...pushPayload(sha(2)), deleted: true });
    expect(fake.calls.length).toBe(before);
  });

  test('a pull request registers its head, launches the configured plan, follows it and keeps one comment', async () => {
    fake.setTarball(OWNER, REPO, sha(3), repoFiles());
    await deliver('pull_request', pullPayload('opened', 11, sha(3)));
    expect(checkRuns('orch / register', sha(3))[0]).toMatchObject({ conclusion: 'success' });
    const [run] = checkRuns('orch / wf.add_one_wf', sha(3));
    expect(run?.details_url).toMatch(
      /\/console\/projects\/default\/domains\/development\/executions\/bot-[0-9a-f]{32}$/,
    );
    // Created in progress, then completed from WatchExecution's events.
    expect(
      fake
        .seen('POST', /\/check-runs$/)
        .find((c) => (c.body as { name: string }).name === 'orch / wf.add_one_wf')?.body,
    ).toMatchObject({
      status: 'in_progress',
    });
    expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(outputOf(run).summary).toContain('"o0": 3');
    // Created in progress, completed once: phases on the way are not written.
    const titles = ((run?.updates ?? []) as { output?: { title?: string } }[]).map((u) => u.output?.title);
    expect(titles).toEqual(['SUCCEEDED']);
    const name = run?.details_url?.split('/').pop() ?? '';
    const execution = await admin.client.getExecution({ project: 'default', domain: 'development', name });
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    const comments = fake.comments.filter((c) => c.issue === 11);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain(`[${name}](`);
    expect(comments[0]?.body).toContain('**SUCCEEDED**');

    // A new commit: new checks on it, the same comment now listing only the new head's execution.
    fake.setTarball(OWNER, REPO, sha(4), repoFiles());
    await deliver('pull_request', pullPayload('synchronize', 11, sha(4)));
    const [next] = checkRuns('orch / wf.add_one_wf', sha(4));
    expect(next).toMatchObject({ conclusion: 'success' });
    const after = fake.comments.filter((c) => c.issue === 11);
    expect(after).toHaveLength(1);
    expect(after[0]?.body).toContain(sha(4).slice(0, 12));
    expect(after[0]?.body).not.toContain(`[${name}](`);
  });

  test('at most 3 GitHub writes per launched execution: its check run made in progress, completed once, one comment write per delivery', async () => {
    fake.setTarball(OWNER, REPO, sha(21), repoFiles());
    const from = fake.calls.length;
    await deliver('pull_request', pullPayload('opened', 21, sha(21)));
    const writes = fake.calls
      .slice(from)
      .filter((c) => c.method !== 'GET' && !c.path.endsWith('/access_tokens'));
    const [run] = checkRuns('orch / wf.add_one_wf', sha(21));
    expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
    const ofExecution = writes.filter(
      (c) =>
        String((c.body as { external_id?: string })?.external_id ?? '').startsWith('execution:') ||
        c.path.endsWith(`/check-runs/${run?.id}`) ||
        /\/issues\/(comments\/\d+|21\/comments)$/.test(c.path),
    );
    expect(ofExecution.map((c) => `${c.method} ${c.path.replace(/\d+/g, 'N')}`)).toEqual([
      'POST /repos/octo-org/flows/check-runs',
      'PATCH /repos/octo-org/flows/check-runs/N',
      'POST /repos/octo-org/flows/issues/N/comments',
    ]);
    // Launched with its external_id, in progress: the first write is the one the pull request shows.
    expect(ofExecution[0]?.body).toMatchObject({
      status: 'in_progress',
      external_id: expect.stringMatching(/^execution:default:development:bot-/),
    });
    // The registration's check run is one write (created completed): 4 writes for the delivery.
    expect(writes).toHaveLength(4);
    expect(checkRuns('orch / register', sha(21))[0]).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    expect(fake.comments.find((c) => c.issue === 21)?.body).toContain('**SUCCEEDED**');
  });

  test('GitHub failing while the check run of a launched execution is made: the run is reported as it went, never "Not launched"', async () => {
    fake.setTarball(OWNER, REPO, sha(31), repoFiles());
    // A 5xx storm on the execution's check run: every try of the launch's creation fails.
    const isLaunchCheck = (body: unknown) => (body as { name?: string })?.name === 'orch / wf.add_one_wf';
    for (let i = 0; i < 3; i++) fake.failNext('POST', /\/check-runs$/, 503, { when: isLaunchCheck });
    await deliver('pull_request', pullPayload('opened', 31, sha(31)));
    const runs = checkRuns('orch / wf.add_one_wf', sha(31));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(outputOf(runs[0]).title).not.toBe('Not launched');
    const name = runs[0]?.details_url?.split('/').pop() ?? '';
    const execution = await admin.client.getExecution({ project: 'default', domain: 'development', name });
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    expect(fake.comments.find((c) => c.issue === 31)?.body).toContain(`[${name}](`);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'the check run of a launched execution was not created; the next report makes it',
      }),
    );
  }, 60_000);

  test('a 5xx storm on check run creation for a whole delivery: a redelivery after GitHub recovers makes the check run once, with the true conclusion', async () => {
    fake.setTarball(OWNER, REPO, sha(41), repoFiles());
    const isLaunchCheck = (body: unknown) => (body as { name?: string })?.name === 'orch / wf.add_one_wf';
    const recover = fake.failAlways('POST', /\/check-runs$/, 503, { when: isLaunchCheck });
    const payload = pullPayload('opened', 41, sha(41));
    let first: { id: string };
    try {
      first = await deliver('pull_request', payload);
    } finally {
      recover();
    }
    // The execution ran; GitHub took no check run for it, but the sticky comment lists it.
    expect(checkRuns('orch / wf.add_one_wf', sha(41))).toHaveLength(0);
    const sticky = fake.comments.find((c) => c.issue === 41)?.body ?? '';
    const name = /\[(bot-[0-9a-f]{32})\]/.exec(sticky)?.[1] ?? '';
    expect(sticky).toContain('**SUCCEEDED**');
    expect(
      (await admin.client.getExecution({ project: 'default', domain: 'development', name })).closure?.phase,
    ).toBe('SUCCEEDED');
    // GitHub's Redeliver (same X-GitHub-Delivery) reaches another replica: AlreadyExists, and the
    // missing check run is made once, saying how the execution ended.
    for (let replica = 0; replica < 2; replica++) {
      const other = startBot(client);
      try {
        await deliver('pull_request', payload, { id: first.id, to: other.server, bot: other.bot });
      } finally {
        other.bot.close();
      }
      const runs = checkRuns('orch / wf.add_one_wf', sha(41));
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        status: 'completed',
        conclusion: 'success',
        external_id: `execution:default:development:${name}`,
      });
    }
    expect(fake.comments.find((c) => c.issue === 41)?.body).toContain(`[${name}](`);
  }, 120_000);

  test('two replicas handling one delivery at once make one check run for its execution', async () => {
    fake.setTarball(OWNER, REPO, sha(42), repoFiles());
    const delivery = signed('pull_request', pullPayload('opened', 42, sha(42)));
    const replicas = [startBot(client), startBot(client)];
    try {
      const answers = await Promise.all(
        replicas.map((r) => request(r.server).post(DELIVERY_PATH).set(delivery.headers).send(delivery.body)),
      );
      expect(answers.map((a) => a.status)).toEqual([202, 202]);
      await Promise.all(replicas.map((r) => r.server.drained()));
      await Promise.all(replicas.map((r) => r.bot.idle()));
    } finally {
      for (const r of replicas) r.bot.close();
    }
    const runs = checkRuns('orch / wf.add_one_wf', sha(42));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
  }, 120_000);

  test('a final check run update that fails after its retries is tried again: no check run stays in progress', async () => {
    fake.setTarball(OWNER, REPO, sha(33), repoFiles());
    // The execution's completion (the registration's check run completes with another title).
    const completes = (body: unknown) =>
      (body as { status?: string; output?: { title?: string } })?.output?.title === 'SUCCEEDED';
    for (let i = 0; i < 3; i++) fake.failNext('PATCH', /\/check-runs\/\d+$/, 502, { when: completes });
    await deliver('pull_request', pullPayload('opened', 33, sha(33)));
    const [run] = checkRuns('orch / wf.add_one_wf', sha(33));
    expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'the check run was not completed; trying again' }),
    );
  }, 60_000);

  test("a watch lost mid-run (the admin's connection cut) is subscribed again: the check run still ends with the run", async () => {
    // Between the bot and the admin: a TCP relay whose connections can be cut.
    const [host, port] = admin.addresses.grpcEndpoint.replace(/^dns:\/\/\//, '').split(':');
    const sockets = new Set<Socket>();
    const relay = createNetServer((inbound) => {
      const outbound = connect(Number(port), host ?? '127.0.0.1');
      for (const socket of [inbound, outbound]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new AdminClient({
      endpoint: `dns:///127.0.0.1:${(relay.address() as AddressInfo).port}`,
      insecure: true,
    });
    const logs: Logged[] = [];
    const other = startBot(relayed, logs);
    try {
      const slow = ADD_ONE_FILE.replace(
        "const fs = require('node:fs');",
        "const fs = require('node:fs'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000);",
      );
      expect(slow).not.toBe(ADD_ONE_FILE);
      fake.setTarball(OWNER, REPO, sha(34), repoFiles(REPO_CONFIG, slow));
      const since = Date.now();
      const delivered = deliver('pull_request', pullPayload('opened', 34, sha(34)), {
        to: other.server,
        bot: other.bot,
      });
      const created = await fake.waitFor(
        (c) =>
          (c.at ?? 0) >= since &&
          c.method === 'POST' &&
          String((c.body as { external_id?: string })?.external_id).startsWith('execution:'),
        30_000,
      );
      // Cut once the execution runs (the bot no longer writes phases: the admin says).
      const name = String((created.body as { external_id: string }).external_id).split(':')[3] ?? '';
      const running = async () =>
        (await admin.client.getExecution({ project: 'default', domain: 'development', name })).closure?.phase;
      for (let phase = await running(); phase !== 'RUNNING'; phase = await running()) {
        if (phase === 'SUCCEEDED' || phase === 'FAILED') throw new Error(`ended ${phase} before the cut`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const socket of sockets) socket.destroy();
      await delivered;
      const [run] = checkRuns('orch / wf.add_one_wf', sha(34));
      expect(run).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect(outputOf(run).summary).toContain('"o0": 3');
      expect(logs).toContainEqual(
        expect.objectContaining({ msg: "an execution's watch was lost; subscribing again" }),
      );
    } finally {
      other.bot.close();
      relayed.close();
      relay.close();
      for (const socket of sockets) socket.destroy();
    }
  }, 90_000);

  test('a repeated X-GitHub-Delivery is done once, on this replica and on another', async () => {
    fake.setTarball(OWNER, REPO, sha(5), repoFiles());
    const payload = pullPayload('opened', 12, sha(5));
    const first = await deliver('pull_request', payload);
    const before = (await executions('development')).length;
    const again = await deliver('pull_request', payload, { id: first.id });
    expect([again.res.status, again.res.body.status]).toEqual([200, 'duplicate']);
    // A second replica (no shared memory) derives the same execution name: no second launch.
    const other = startBot(client);
    await deliver('pull_request', payload, { id: first.id, to: other.server, bot: other.bot });
    other.bot.close();
    expect((await executions('development')).length).toBe(before);
    expect(checkRuns('orch / wf.add_one_wf', sha(5))).toHaveLength(1);
  });

  test('an unsigned or wrongly signed delivery gets 401 and no work', async () => {
    const before = fake.calls.length;
    const delivery = signed('push', pushPayload(sha(6)));
    const unsigned = { ...delivery.headers } as Record<string, string>;
    delete unsigned['x-hub-signature-256'];
    const noSignature = await request(server).post(DELIVERY_PATH).set(unsigned).send(delivery.body);
    expect(noSignature.status).toBe(401);
    const wrong = signed('push', pushPayload(sha(6)), { secret: 'not-the-secret' });
    const bad = await request(server).post(DELIVERY_PATH).set(wrong.headers).send(wrong.body);
    expect([bad.status, bad.body.error]).toEqual([401, 'the signature does not match the body']);
    // The right signature over another body.
    const tampered = await request(server)
      .post(DELIVERY_PATH)
      .set(delivery.headers)
      .send(delivery.body.replace('"main"', '"mainx"'));
    expect(tampered.status).toBe(401);
    await server.drained();
    expect(fake.calls.length).toBe(before);
  });

  test('an address past its failed signatures gets 429 with Retry-After, even with a right signature, and no work', async () => {
    const before = fake.calls.length;
    const limited = createBotServer({
      bot,
      verify: async (payload, signature) => signature === signDelivery(WEBHOOK_SECRET, payload),
      probe: async () => true,
      logger: recordingLogger([]),
      access: recordingLogger([]),
      signatureFailureLimit: 3,
    });
    const wrong = signed('push', pushPayload(sha(14)), { secret: 'not-the-secret' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await request(limited).post(DELIVERY_PATH).set(wrong.headers).send(wrong.body)).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const right = signed('push', pushPayload(sha(14)));
    const blocked = await request(limited).post(DELIVERY_PATH).set(right.headers).send(right.body);
    expect([blocked.status, blocked.body.error]).toEqual([
      429,
      'too many failed signatures from this address; slow down',
    ]);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await limited.drained();
    expect(fake.calls.length).toBe(before);
  });

  test('hostile requests: wrong method, type, size, nesting, JSON and headers are refused', async () => {
    expect((await request(server).get(DELIVERY_PATH)).status).toBe(405);
    const delivery = signed('push', pushPayload(sha(7)));
    const typed = await request(server)
      .post(DELIVERY_PATH)
      .set({ ...delivery.headers, 'content-type': 'text/plain' })
      .send(delivery.body);
    expect(typed.status).toBe(415);
    const noEvent = await request(server)
      .post(DELIVERY_PATH)
      .set({ ...delivery.headers, 'x-github-event': '../push' })
      .send(delivery.body);
    expect(noEvent.status).toBe(400);
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = [deep];
    const nested = signed('push', { deep });
    expect((await request(server).post(DELIVERY_PATH).set(nested.headers).send(nested.body)).status).toBe(
      400,
    );
    const broken = signed('push', {});
    const truncated = '{"a":';
    broken.headers['x-hub-signature-256'] = signDelivery(WEBHOOK_SECRET, truncated);
    const notJson = await request(server).post(DELIVERY_PATH).set(broken.headers).send(truncated);
    expect([notJson.status, notJson.body.error]).toEqual([400, 'the body is not JSON']);
    const array = signed('push', [1, 2]);
    expect((await request(server).post(DELIVERY_PATH).set(array.headers).send(array.body)).status).toBe(400);
    const small = createBotServer({
      bot,
      verify: async () => true,
      probe: async () => true,
      logger: recordingLogger([]),
      access: recordingLogger([]),
      maxBodyBytes: 1024,
    });
    const big = signed('push', { pad: 'x'.repeat(4096) });
    expect((await request(small).post(DELIVERY_PATH).set(big.headers).send(big.body)).status).toBe(413);
    const foreign = await request(server)
      .post('/run-workflow/a/b/c/d')
      .set(delivery.headers)
      .send(delivery.body);
    expect(foreign.status).toBe(404);
  });

  test('a foreign Origin or Host changes nothing: no CORS grant, no work without the signature', async () => {
    const before = fake.calls.length;
    const delivery = signed('push', pushPayload(sha(13)), { secret: 'a-page-does-not-know-it' });
    const foreign = { Origin: 'https://evil.example', Host: 'evil.example' };
    const post = await request(server)
      .post(DELIVERY_PATH)
      .set({ ...delivery.headers, ...foreign })
      .send(delivery.body);
    expect(post.status).toBe(401);
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(server)
      .options(DELIVERY_PATH)
      .set({
        ...foreign,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Private-Network': 'true',
      });
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-private-network']).toBeUndefined();
    await server.drained();
    expect(fake.calls.length).toBe(before);
  });

  test('signed payloads with fields of the wrong types are handled without a crash or a GitHub call', async () => {
    const before = fake.calls.length;
    const wrong = [
      ['push', { ...pushPayload(sha(14)), ref: 5, repository: { default_branch: ['main'] } }],
      ['push', { ...pushPayload(sha(14)), installation: { id: 'seven' } }],
      ['pull_request', { action: 'opened', pull_request: 'x', installation: { id: -1 } }],
      ['issue_comment', { action: 'created', issue: { pull_request: {} }, comment: { body: 42 } }],
      ['check_run', { action: 'rerequested', check_run: { external_id: { a: 1 } } }],
      ['ping', { zen: 'Keep it logically awesome.' }],
      // Event names with digits are GitHub's too: accepted and ignored, never a 400.
      ['projects_v2_item', { action: 'edited', installation: { id: INSTALLATION } }],
    ] as const;
    for (const [event, payload] of wrong) {
      const { res } = await deliver(event, payload);
      expect(res.status).toBe(202);
    }
    expect(fake.calls.length).toBe(before);
    expect((await request(server).get('/healthz')).status).toBe(200);
  });

  test('a pull request from a fork runs nothing until someone permitted approves it', async () => {
    fake.setTarball(OWNER, REPO, sha(8), repoFiles());
    fake.setPull(OWNER, REPO, {
      number: 13,
      head: { sha: sha(8), ref: 'feature', repo: { full_name: 'stranger/flows' } },
      base: { ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    });
    const before = (await executions('development')).length;
    await deliver('pull_request', pullPayload('opened', 13, sha(8), { fork: true }));
    expect(checkRuns('orch / register', sha(8))[0]).toMatchObject({ conclusion: 'neutral' });
    expect(outputOf(checkRuns('orch / register', sha(8))[0]).title).toBe('Waiting for approval');
    expect(fake.seen('GET', /\/tarball\//).some((c) => c.path.includes(sha(8)))).toBe(false);
    // A label from someone who may only read changes nothing; the label from a writer runs it.
    await deliver(
      'pull_request',
      pullPayload('labeled', 13, sha(8), { fork: true, label: 'orch:approved', sender: 'reader' }),
    );
    expect((await executions('development')).length).toBe(before);
    // `/orch approve` by a reader is refused.
    await deliver('issue_comment', commentPayload(fake, 13, '/orch approve', { user: 'reader' }));
    expect(fake.comments.at(-1)?.body).toContain('you need `write` permission');
    expect((await executions('development')).length).toBe(before);
    // By a writer, it runs the head.
    await deliver('issue_comment', commentPayload(fake, 13, '/orch approve', { user: 'maintainer' }));
    expect(checkRuns('orch / wf.add_one_wf', sha(8))[0]).toMatchObject({ conclusion: 'success' });
    expect((await executions('development')).length).toBe(before + 1);
  });

  test('comment commands: help, run with inputs, register; refused without permission; errors said clearly', async () => {
    fake.setTarball(OWNER, REPO, sha(9), repoFiles());
    fake.setPull(OWNER, REPO, {
      number: 14,
      head: { sha: sha(9), ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
      base: { ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    });
    const reactionsOf = (payload: Record<string, unknown>) =>
      fake.reactions
        .filter((r) => r.commentId === (payload.comment as { id: number }).id)
        .map((r) => r.content);
    // Replies, not the sticky comment (written when a launched execution ends).
    const lastReply = () =>
      fake.comments.filter((c) => c.issue === 14 && !c.body.includes('<!-- orch:bot executions -->')).at(-1)
        ?.body ?? '';

    const help = commentPayload(fake, 14, '/orch help');
    await deliver('issue_comment', help);
    expect(reactionsOf(help)).toEqual(['eyes', 'rocket']);
    expect(lastReply()).toContain('/orch run <launch plan> [key=value ...]');

    const run = commentPayload(fake, 14, '/orch run wf.add_one_wf x=5');
    await deliver('issue_comment', run);
    expect(reactionsOf(run)).toEqual(['eyes', 'rocket']);
    const url = /launched `wf.add_one_wf` at version `\S+`: (\S+)/.exec(lastReply())?.[1] ?? '';
    expect(url).toContain('/console/projects/default/domains/development/executions/bot-');
    const name = url.split('/').pop() ?? '';
    const data = await admin.client.getExecutionData({ project: 'default', domain: 'development', name });
    expect(literalMapToJson(data.full_outputs ?? undefined)).toEqual({ o0: 6 });

    const denied = commentPayload(fake, 14, '/orch run wf.add_one_wf x=1', { user: 'reader' });
    const before = (await executions('development')).length;
    await deliver('issue_comment', denied);
    expect(reactionsOf(denied)).toEqual(['eyes', 'confused']);
    expect(lastReply()).toBe(
      '@reader you need `write` permission on this repository to run `/orch run` (you have `read`).',
    );
    expect(fake.seen('GET', /\/collaborators\/reader\/permission$/).length).toBeGreaterThan(0);

    const unknown = commentPayload(fake, 14, '/orch run nope');
    await deliver('issue_comment', unknown);
    expect(reactionsOf(unknown)).toEqual(['eyes', 'confused']);
    expect(lastReply()).toContain('unknown launch plan `nope`; this commit registers: `wf.add_one_wf`');

    const badInput = commentPayload(fake, 14, '/orch run wf.add_one_wf x=abc');
    await deliver('issue_comment', badInput);
    expect(reactionsOf(badInput)).toEqual(['eyes', 'confused']);
    expect(lastReply()).toMatch(/bad inputs for `wf.add_one_wf`: .*x/);

    const typo = commentPayload(fake, 14, '/orch rnu');
    await deliver('issue_comment', typo);
    expect(lastReply()).toContain('did you mean `/orch run`? `/orch help` lists the commands.');
    expect(lastReply()).not.toContain('?.');

    // A permission lookup GitHub answers 404 is said, not dropped with the 👀 left alone.
    fake.failNext('GET', /\/collaborators\/maintainer\/permission$/, 404);
    const unseen = commentPayload(fake, 14, '/orch run wf.add_one_wf x=2');
    await deliver('issue_comment', unseen);
    expect(reactionsOf(unseen)).toEqual(['eyes', 'confused']);
    expect(lastReply()).toContain(
      '@maintainer your permission on this repository could not be read (GitHub answered 404), so `/orch run` does not run',
    );

    const register = commentPayload(fake, 14, '/orch register');
    await deliver('issue_comment', register);
    expect(reactionsOf(register)).toEqual(['eyes', 'rocket']);
    expect(lastReply()).toMatch(
      /registered 3 entities at version `\S+` in project `default`, domain `development`/,
    );
    expect((await executions('development')).length).toBe(before);

    // Edited comments, comments by bots and comments that are not commands are ignored.
    const calls = fake.calls.length;
    await deliver('issue_comment', commentPayload(fake, 14, '/orch run wf.add_one_wf', { action: 'edited' }));
    await deliver(
      'issue_comment',
      commentPayload(fake, 14, '/orch run wf.add_one_wf', { type: 'Bot', user: 'other[bot]' }),
    );
    await deliver('issue_comment', commentPayload(fake, 14, 'looks good to me'));
    expect(fake.calls.length).toBe(calls);
  });

  test("a check run's Re-run launches the execution again", async () => {
    const [run] = checkRuns('orch / wf.add_one_wf', sha(3));
    const before = (await executions('development')).length;
    await deliver(
      'check_run',
      rerunPayload({ name: String(run?.name), head_sha: sha(3), external_id: run?.external_id }, 11),
    );
    const runs = checkRuns('orch / wf.add_one_wf', sha(3));
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ conclusion: 'success' });
    expect(runs[1]?.details_url).not.toBe(run?.details_url);
    expect((await executions('development')).length).toBe(before + 1);
  });

  test('a bad .github/orch.yaml fails orch / register with annotations at its lines', async () => {
    const config =
      'project: Default\nfiles: ["flows/*.yaml"]\npullRequests:\n  launchPlans: [{ inputs: {} }]\n';
    fake.setTarball(OWNER, REPO, sha(10), repoFiles(config));
    await deliver('push', pushPayload(sha(10)));
    const [run] = checkRuns('orch / register', sha(10));
    expect(run).toMatchObject({ conclusion: 'failure' });
    const out = outputOf(run);
    expect(out.title).toBe('.github/orch.yaml is not valid');
    expect(out.annotations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: '.github/orch.yaml',
          start_line: 1,
          start_column: 10,
          message: expect.stringContaining('project:'),
        }),
        expect.objectContaining({
          path: '.github/orch.yaml',
          start_line: 4,
          message: expect.stringContaining('missing required key "name"'),
        }),
      ]),
    );
  });

  test('a bad workflow file fails orch / register with annotations on the workflow file', async () => {
    const broken = ADD_ONE_FILE.replace('retries: 1', 'retries: many');
    fake.setTarball(OWNER, REPO, sha(11), repoFiles(REPO_CONFIG, broken));
    await deliver('push', pushPayload(sha(11)));
    const [run] = checkRuns('orch / register', sha(11));
    expect(run).toMatchObject({ conclusion: 'failure' });
    const line = broken.split('\n').findIndex((l) => l.includes('retries: many')) + 1;
    const out = outputOf(run);
    expect(out.annotations).toEqual([expect.objectContaining({ path: 'flows/wf.yaml', start_line: line })]);
  });

  test('an unreachable admin: the check run says so and the bot goes on', async () => {
    const dead = new AdminClient({
      endpoint: `127.0.0.1:${await freePort()}`,
      insecure: true,
      retry: { maxAttempts: 2, initialBackoffMs: 10, perAttemptSeconds: 2 },
    });
    const other = startBot(dead);
    fake.setTarball(OWNER, REPO, sha(12), repoFiles());
    const { res } = await deliver('push', pushPayload(sha(12)), { to: other.server, bot: other.bot });
    expect(res.status).toBe(202);
    const [run] = checkRuns('orch / register', sha(12));
    expect(run).toMatchObject({
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'Registration failed' }),
    });
    expect(outputOf(run).summary).toMatch(/^The admin at \S+ could not be reached/);
    expect((await request(other.server).get('/healthz')).status).toBe(200);
    dead.close();
  });

  test('operations: health, metrics, and no secret in any record', async () => {
    expect((await request(server).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(server).get('/readyz')).body).toEqual({ status: 'ready' });
    const metrics = (await request(server).get('/metrics')).text;
    expect(metrics).toMatch(/orch_bot_deliveries_total\{event="pull_request",outcome="done"\} \d+/);
    expect(metrics).toMatch(/orch_bot_deliveries_total\{event="push",outcome="bad_signature"\} \d+/);
    const text = JSON.stringify(logged);
    expect(text).not.toMatch(/ghs_|PRIVATE KEY|bot-webhook-secret/);
    expect(logged.some((l) => l.msg === 'request' && l.fields?.route === 'deliveries')).toBe(true);
  });

  test('every GitHub call used the installation token', () => {
    const repoCalls = fake.calls.filter((c: AppApiCall) => c.path.startsWith('/repos/'));
    expect(repoCalls.length).toBeGreaterThan(20);
    // Only the calls GitHub refused after their token was revoked carried another (that token):
    // the first request of that delivery (octokit's auth tries a token less than 5 s old again,
    // for GitHub's replication lag, before the bot drops it).
    const others = repoCalls.filter((c) => c.auth !== `token installation-${INSTALLATION}`);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((c) => c.auth === 'invalid' && c.path.includes(sha(41)))).toBe(true);
    // One User-Agent naming the app first, each product once.
    for (const agent of new Set(fake.calls.map((c) => c.userAgent ?? ''))) {
      expect(agent).toMatch(/^orch-bot\/\S+ /);
      const products = agent.split(' ').filter((word) => word.includes('/'));
      expect(products).toEqual([...new Set(products)]);
    }
  });
});
