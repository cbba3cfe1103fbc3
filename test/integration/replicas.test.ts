import { createServer, request as forward, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type Bot, createBot, executionNameFor } from '../../src/bot/bot.js';
import { createBotServer, DELIVERY_PATH } from '../../src/bot/server.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { createApp } from '../../src/webhook/app.js';
import { executionNameForKey } from '../../src/webhook/idempotency.js';
import {
  type Logged,
  OWNER,
  pullPayload,
  REPO,
  recordingLogger,
  repoFiles,
  signed,
  testApp,
} from '../helpers/bot.js';
import { FakeGithubApp } from '../helpers/github-app-api.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

const KEY = 'replicas-test-key-0123456789abcdef';
const LAUNCH = '/run-workflow/default/development/wf.add_one_wf/v1';

/** Waits until `server` listens, and resolves with its TCP port. */
async function listening(server: Server): Promise<number> {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.port;
}

/** Stops `server` now, open connections included. */
async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * A round-robin load balancer on 127.0.0.1:0 in front of the servers listening on `ports`: each request
 * goes to the next one in turn; one refusing the connection (ECONNREFUSED) is skipped for the next.
 * The body is read first so that a refused attempt can be sent again; the answer is piped back.
 * `served` lists, in answer order, the index of the server that answered each request; `refused`
 * counts the attempts skipped.
 */
async function roundRobin(ports: readonly number[]) {
  const served: number[] = [];
  const refused = { count: 0 };
  let turn = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk));
    const first = turn++;
    const attempt = (skipped: number) => {
      const index = (first + skipped) % ports.length;
      const upstream = forward(
        {
          host: '127.0.0.1',
          port: ports[index],
          method: req.method,
          path: req.url,
          headers: { ...req.headers, connection: 'close' },
          agent: false,
        },
        (answer) => {
          served.push(index);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        const isRefused = 'code' in error && error.code === 'ECONNREFUSED';
        if (isRefused) refused.count++;
        if (isRefused && skipped + 1 < ports.length) attempt(skipped + 1);
        else if (res.headersSent) res.destroy();
        else res.writeHead(502).end();
      });
      upstream.end(Buffer.concat(chunks));
    };
    attempt(0);
  });
  server.listen(0, '127.0.0.1');
  return { server, served, refused, url: `http://127.0.0.1:${await listening(server)}` };
}

/** The execution name of a webhook answer `{url, execution: {project, domain, name}}`. */
function executionNameOf(body: unknown): string {
  if (
    typeof body === 'object' &&
    body !== null &&
    'execution' in body &&
    typeof body.execution === 'object' &&
    body.execution !== null &&
    'name' in body.execution &&
    typeof body.execution.name === 'string'
  ) {
    return body.execution.name;
  }
  throw new Error(`not a launch answer: ${JSON.stringify(body)}`);
}

/** How many of `served` went to each of `replicas` servers. */
const perReplica = (served: readonly number[], replicas: number) =>
  Array.from({ length: replicas }, (_, i) => served.filter((index) => index === i).length);

describe('replicas sharing nothing but the admin, behind a round-robin load balancer', () => {
  let admin: TestServer;
  const clients: AdminClient[] = [];
  /** A new admin client, closed after the suite (each replica has its own). */
  const adminClient = () => {
    const client = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
    clients.push(client);
    return client;
  };
  const executionNames = async () =>
    new Set(
      (
        await admin.client.listExecutions({ id: { project: 'default', domain: 'development' }, limit: 1000 })
      ).executions.map((execution) => execution.id?.name ?? ''),
    );

  beforeAll(async () => {
    admin = await startTestServer('sqlite', { executorParallelism: 2 });
    await registerAddOne(admin.client, 'v1');
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await admin.stop();
  });

  describe('three webhook replicas', () => {
    const replicas: Server[] = [];
    let balancer: Awaited<ReturnType<typeof roundRobin>>;

    beforeAll(async () => {
      const ports: number[] = [];
      for (let i = 0; i < 3; i++) {
        const http = createApp({ client: adminClient(), apiKeys: KEY }).listen(0, '127.0.0.1');
        replicas.push(http);
        ports.push(await listening(http));
      }
      balancer = await roundRobin(ports);
    });
    afterAll(async () => {
      await stop(balancer.server);
      for (const http of replicas) if (http.listening) await stop(http);
    });

    /** A launch through the balancer. */
    const launch = async (inputs: Record<string, unknown>, idempotencyKey: string) => {
      const response = await fetch(`${balancer.url}${LAUNCH}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify(inputs),
      });
      const body: unknown = await response.json();
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        name: response.status === 200 ? executionNameOf(body) : `(${JSON.stringify(body)})`,
      };
    };

    test('30 launches with distinct Idempotency-Keys make exactly 30 executions', async () => {
      const before = await executionNames();
      const from = balancer.served.length;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => launch({ x: i }, `distinct-${Date.now()}-${i}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
      expect(answers.filter((a) => a.replayed !== null)).toEqual([]);
      const launched = new Set(answers.map((a) => a.name));
      expect(launched.size).toBe(30);
      expect(perReplica(balancer.served.slice(from), 3)).toEqual([10, 10, 10]);
      const after = await executionNames();
      expect(after.size - before.size).toBe(30);
      for (const name of launched) expect(after.has(name)).toBe(true);
    });

    test('one Idempotency-Key sent 9 times at once, 3 times to each replica, makes one execution', async () => {
      const before = await executionNames();
      const from = balancer.served.length;
      const key = `same-${Date.now()}`;
      const answers = await Promise.all(Array.from({ length: 9 }, () => launch({ x: 7 }, key)));
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
      expect(perReplica(balancer.served.slice(from), 3)).toEqual([3, 3, 3]);
      // Every replica derived the same name from the key; the admin created it once.
      expect(new Set(answers.map((a) => a.name))).toEqual(new Set([executionNameForKey(key)]));
      expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(8);
      expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
      const after = await executionNames();
      expect(after.size - before.size).toBe(1);
      expect(after.has(executionNameForKey(key))).toBe(true);
    });

    test('a stopped replica: requests keep succeeding through the other two', async () => {
      const stopped = replicas[1];
      if (!stopped) throw new Error('no second replica');
      await stop(stopped);
      const before = await executionNames();
      const from = balancer.served.length;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => launch({ x: i }, `after-stop-${Date.now()}-${i}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const served = perReplica(balancer.served.slice(from), 3);
      expect(served[1]).toBe(0);
      expect(balancer.refused.count).toBeGreaterThanOrEqual(2);
      expect((served[0] ?? 0) + (served[2] ?? 0)).toBe(6);
      expect((await executionNames()).size - before.size).toBe(6);
      // A retry of an earlier key still finds its execution from a surviving replica.
      const key = `retried-${Date.now()}`;
      const first = await launch({ x: 1 }, key);
      const retry = await launch({ x: 1 }, key);
      expect([first.status, retry.status, retry.replayed]).toEqual([200, 200, 'true']);
      expect(retry.name).toBe(first.name);
    });
  });

  describe('two bot replicas', () => {
    let fake: FakeGithubApp;
    let github: { url: string; close(): Promise<void> };
    const bots: Array<{ bot: Bot; http: Server; drained(): Promise<void> }> = [];
    const logged: Logged[] = [];
    let balancer: Awaited<ReturnType<typeof roundRobin>>;

    beforeAll(async () => {
      fake = new FakeGithubApp();
      github = await fake.serve();
      const ports: number[] = [];
      for (let i = 0; i < 2; i++) {
        const app = testApp(fake, github.url);
        const bot = createBot({
          client: adminClient(),
          installation: (id) => app.getInstallationOctokit(id),
          adminEndpoint: admin.addresses.grpcEndpoint,
          logger: recordingLogger(logged),
        });
        const server = createBotServer({
          bot,
          verify: (payload, signature) => app.webhooks.verify(payload, signature),
          probe: async () => true,
          logger: recordingLogger(logged),
          access: recordingLogger([]),
        });
        const http = server.listen(0, '127.0.0.1');
        bots.push({ bot, http, drained: () => server.drained() });
        ports.push(await listening(http));
      }
      balancer = await roundRobin(ports);
    });
    afterAll(async () => {
      await stop(balancer.server);
      for (const { bot, http } of bots) {
        bot.close();
        await stop(http);
      }
      await github.close();
    });

    test('the same pull_request delivery, on each replica, launches once', async () => {
      const sha = 'b'.repeat(40);
      fake.setTarball(OWNER, REPO, sha, repoFiles());
      const delivery = signed('pull_request', pullPayload('opened', 21, sha));
      const before = await executionNames();
      const from = balancer.served.length;
      const answers = await Promise.all(
        [0, 1].map(async () => {
          const response = await fetch(`${balancer.url}${DELIVERY_PATH}`, {
            method: 'POST',
            headers: delivery.headers,
            body: delivery.body,
          });
          return { status: response.status, body: await response.json() };
        }),
      );
      // Neither replica has seen the delivery: both accept it.
      expect(answers).toEqual(Array(2).fill({ status: 202, body: { status: 'accepted' } }));
      expect(perReplica(balancer.served.slice(from), 2)).toEqual([1, 1]);
      for (const replica of bots) await replica.drained();
      for (const replica of bots) await replica.bot.idle();

      const name = executionNameFor(delivery.id, 'wf.add_one_wf');
      const after = await executionNames();
      expect([...after].filter((n) => !before.has(n))).toEqual([name]);
      const runs = fake.checkRuns.filter((r) => r.name === 'orch / wf.add_one_wf' && r.head_sha === sha);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
      expect(runs[0]?.details_url).toMatch(new RegExp(`/executions/${name}$`));
      // Both replicas handled it; the one that came second found the execution already there.
      const said = (msg: string) => logged.filter((l) => l.msg === msg).map((l) => l.fields);
      expect(said('already launched for this delivery; completing its report')).toEqual([
        { execution: name },
      ]);
      expect(said('delivery handled').map((f) => f?.outcome)).toEqual(['done', 'done']);
    });
  });
});
