import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';
import { deployAppFile } from '../../src/apps/deploy.js';
import { viaIngress } from '../helpers/apps.js';
import { freePort, mintApiKey, startTestServer, type TestServer } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// The local app runtime and the apps ingress, through the real admin server.

/** An app whose server answers with what it saw, and whether its secret arrived (never the value). */
const ECHO_SERVER = `
const http = require('http');
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      path: req.url,
      body,
      forwardedHost: req.headers['x-forwarded-host'],
      tokenDigest: require('crypto').createHash('sha256').update(process.env.APP_TOKEN || '').digest('hex'),
      secretVars: Object.keys(process.env).filter((k) => k.includes('SECRET')),
    }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening on ' + process.env.PORT));
`;

describe('apps on the local runtime', () => {
  let server: TestServer;
  const scope = { project: 'default', domain: 'development', org: '' };

  beforeAll(async () => {
    server = await startTestServer();
    await server.client.createSecret({
      id: { name: 'APP_TOKEN', org: '', project: '', domain: '' },
      secret_spec: { string_value: 'tok-for-the-app-31' },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  const specOf = (
    name: string,
    port: number,
    args: string[],
    secrets: { key: string; env_var: string }[] = [],
  ) => ({
    id: { name, ...scope },
    port,
    args,
    secrets,
    requires_auth: false,
    limits: { cpu: '1', mem: '1Gi' },
  });

  test('deploys through the statuses in the spec order, then the ingress routes to the app', async () => {
    const port = await freePort();
    const statuses: string[] = [];
    const last = await server.client.deployApp(
      {
        spec: specOf('echo', port, ['node', '-e', ECHO_SERVER], [{ key: 'APP_TOKEN', env_var: 'APP_TOKEN' }]),
      },
      (status) => statuses.push(`[Status] ${status.state}: ${status.message}`),
    );
    expect(statuses).toEqual([
      '[Status] Pending: App is pending deployment',
      '[Status] Pending: RevisionMissing: configuration waits for a revision to become ready',
      '[Status] Pending: IngressNotConfigured: ingress not yet reconciled',
      '[Status] Pending: Uninitialized: waiting for load balancer to be ready',
      '[Status] Started: Service is ready',
    ]);
    const httpPort = new URL(server.addresses.httpEndpoint).port;
    expect(last.endpoint).toBe(`http://echo.apps.localhost:${httpPort}`);

    const answer = await viaIngress(server.addresses.httpEndpoint, 'echo', '/run?x=1', '{"x":2}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      path: '/run?x=1',
      body: '{"x":2}',
      forwardedHost: `echo.apps.localhost:${httpPort}`,
      tokenDigest: createHash('sha256').update('tok-for-the-app-31').digest('hex'),
      secretVars: [],
    });
    const app = await server.client.getApp({ id: { name: 'echo', ...scope } });
    expect(app.status).toMatchObject({ state: 'Started', endpoint: last.endpoint, revision: 1 });
    expect(JSON.stringify(app)).not.toContain('tok-for-the-app-31');
    const listed = await server.client.listApps({ project: 'default', domain: 'development', org: '' });
    expect(listed.apps.map((a) => a.spec?.id?.name)).toContain('echo');

    await server.client.stopApp({ id: { name: 'echo', ...scope } });
    expect((await viaIngress(server.addresses.httpEndpoint, 'echo', '/')).status).toBe(404);
    expect((await server.client.getApp({ id: { name: 'echo', ...scope } })).status?.state).toBe('Stopped');
  });

  test('the webhook example listens on the port its app file gives, written once: the runtime hands it over as $PORT', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orch-example-app-'));
    try {
      // Only `port` changes, as a person would change it: nothing else in the file names the port.
      const port = await freePort();
      const text = (await readFile(join(ROOT, 'examples', 'webhook', 'app.yaml'), 'utf8')).replace(
        /^(\s*port:) 8080$/m,
        `$1 ${port}`,
      );
      expect(text).toContain(`port: ${port}`);
      expect(text).not.toContain('8080');
      const file = join(dir, 'app.yaml');
      await writeFile(file, text);
      const values = {
        WEBHOOK_API_KEY: 'webhook-key-for-the-example',
        ORCH_API_KEY: (await mintApiKey(server, 'example-webhook')).key,
      };
      for (const [name, value] of Object.entries(values))
        await server.client.createSecret({
          id: { name, org: '', project: '', domain: '' },
          secret_spec: { string_value: value },
        });
      const lines: string[] = [];
      const last = await deployAppFile(server.client, file, 'webhook', {
        env: {},
        scope,
        timeoutSeconds: 30,
        onLine: (line) => lines.push(line),
        onWarning: (message) => lines.push(message),
        shipFiles: async () => {
          throw new Error('the example includes no files');
        },
      });
      expect([last.state, last.message, ...lines].join('\n')).toMatch(/^Started/);
      const health = await viaIngress(server.addresses.httpEndpoint, 'webhook', '/healthz');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
      await server.client.stopApp({ id: { name: 'webhook', ...scope } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the ingress answers 503 with Retry-After until the first revision is Started', async () => {
    const port = await freePort();
    const slow = `setTimeout(() => require('http').createServer((q, r) => r.end('up')).listen(${port}), 1500)`;
    const seen: { state: string; status: number; retryAfter: unknown }[] = [];
    const probes: Promise<void>[] = [];
    const last = await server.client.deployApp(
      { spec: specOf('slow', port, ['node', '-e', slow]) },
      (status) => {
        if (status.message.startsWith('Uninitialized') || status.message.startsWith('IngressNotConfigured')) {
          probes.push(
            viaIngress(server.addresses.httpEndpoint, 'slow', '/').then((answer) => {
              seen.push({
                state: status.message.split(':')[0] ?? '',
                status: answer.status,
                retryAfter: answer.headers['retry-after'],
              });
            }),
          );
        }
      },
    );
    await Promise.all(probes);
    expect(last.state).toBe('Started');
    expect(seen.length).toBe(2);
    for (const answer of seen) expect(answer).toMatchObject({ status: 503, retryAfter: '1' });
    const ready = await viaIngress(server.addresses.httpEndpoint, 'slow', '/');
    expect([ready.status, ready.body]).toEqual([200, 'up']);
    await server.client.stopApp({ id: { name: 'slow', ...scope } });
  });

  test('a redeploy replaces the revision without a failed request', async () => {
    const port = await freePort();
    const spec = specOf(
      'steady',
      port,
      ['node', '-e', ECHO_SERVER],
      [{ key: 'APP_TOKEN', env_var: 'APP_TOKEN' }],
    );
    expect((await server.client.deployApp({ spec }, () => {})).state).toBe('Started');
    let sending = true;
    const answers: number[] = [];
    const load = (async () => {
      while (sending)
        answers.push((await viaIngress(server.addresses.httpEndpoint, 'steady', '/', '{}')).status);
    })();
    // Requests flow before the redeploy, during it, and after it.
    await waitUntil(() => answers.length >= 3, { what: 'answers from revision 1' });
    const again = await server.client.deployApp({ spec }, () => {});
    const afterRedeploy = answers.length + 3;
    await waitUntil(() => answers.length >= afterRedeploy, { what: 'answers after the redeploy' });
    sending = false;
    await load;
    expect(again).toMatchObject({ state: 'Started', revision: 2 });
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    await server.client.stopApp({ id: { name: 'steady', ...scope } });
  });

  test('an app that exits after it started is restarted and serves again', async () => {
    const port = await freePort();
    // Answers one request, then exits: the runtime restarts it (after 1 s the first time).
    const once = `require('http').createServer((q, r) => { r.end('pid ' + process.pid); setTimeout(() => process.exit(7), 50); }).listen(${port})`;
    expect(
      (await server.client.deployApp({ spec: specOf('phoenix', port, ['node', '-e', once]) }, () => {}))
        .state,
    ).toBe('Started');
    const first = await viaIngress(server.addresses.httpEndpoint, 'phoenix', '/');
    expect(first.status).toBe(200);
    // The first status after 'Service is ready' is the exit's.
    const down = await waitUntil(
      async () => {
        const app = await server.client.getApp({ id: { name: 'phoenix', ...scope } });
        return app.status?.message !== 'Service is ready' && app;
      },
      { what: 'the app to exit' },
    );
    expect(down.status?.message).toMatch(/^RevisionMissing: the app exited \(7\); restarting in 1 s$/);
    const again = await waitUntil(
      async () => {
        const answer = await viaIngress(server.addresses.httpEndpoint, 'phoenix', '/');
        return answer.status === 200 && answer;
      },
      { what: 'the restarted app to answer', intervalMs: 100 },
    );
    expect(again.status).toBe(200);
    expect(again.body).not.toBe(first.body);
    await server.client.stopApp({ id: { name: 'phoenix', ...scope } });
  });

  test('an app that exits at once fails the deployment with its last log lines', async () => {
    const port = await freePort();
    const statuses: string[] = [];
    const last = await server.client.deployApp(
      {
        spec: specOf('crashy', port, [
          'node',
          '-e',
          "console.error('boom: missing config'); process.exit(3)",
        ]),
      },
      (status) => statuses.push(status.state),
      { deadlineSeconds: 30 },
    );
    expect(last.state).toBe('Failed');
    expect(last.message).toMatch(/the app exited \(3\) before it answered on port \d+/);
    expect(last.message).toContain('boom: missing config');
    expect(statuses.at(-1)).toBe('Failed');
    expect((await viaIngress(server.addresses.httpEndpoint, 'crashy', '/')).status).toBe(404);
  });

  test('a secret the app names but nobody created fails the deployment naming it', async () => {
    const last = await server.client.deployApp(
      {
        spec: specOf(
          'needy',
          await freePort(),
          ['node', '-e', ECHO_SERVER],
          [{ key: 'NOPE', env_var: 'NOPE' }],
        ),
      },
      () => {},
    );
    expect(last).toMatchObject({ state: 'Failed' });
    expect(last.message).toMatch(
      /secret NOPE \(for NOPE\) is not set for project default, domain development/,
    );
  });

  test('bad specs are refused before anything starts; unknown hosts answer 404', async () => {
    await expect(
      server.client.deployApp({ spec: specOf('Bad_Name', 8080, ['node']) }, () => {}),
    ).rejects.toMatchObject({ message: expect.stringMatching(/must be a DNS label/) });
    await expect(
      server.client.deployApp({ spec: specOf('noargs', 8080, []) }, () => {}),
    ).rejects.toMatchObject({ message: expect.stringMatching(/args is empty/) });
    const none = await viaIngress(server.addresses.httpEndpoint, 'ghost', '/');
    expect(none.status).toBe(404);
    expect(JSON.parse(none.body)).toEqual({ error: 'no app named ghost is deployed' });
  });
});
