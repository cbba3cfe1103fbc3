import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { holdPort as holdPortWith, releasePort as release, viaIngress } from '../helpers/apps.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// Readiness of a local app is its own process answering on its port, never whatever else holds it:
// real admin server, real app processes, and another real program on the app's port.

/**
 * An HTTP server on `$PORT` that answers `app <pid>`, and exits with status 7 after answering
 * `/exit`. Binding fails with EADDRINUSE (and the process exits 1) when the port is taken, unless
 * `$BIND_RETRY` is set: then it keeps trying every 50 ms, as a patient server would.
 */
const APP = `
const server = require('http').createServer((q, r) => {
  r.end('app ' + process.pid);
  if (q.url === '/exit') setTimeout(() => process.exit(7), 20);
});
const bind = () => server.listen(Number(process.env.PORT), () => console.log('listening on ' + process.env.PORT));
server.on('error', (e) => {
  console.error('cannot listen: ' + e.code);
  if (process.env.BIND_RETRY && e.code === 'EADDRINUSE') setTimeout(bind, 50);
  else process.exit(1);
});
setTimeout(bind, Number(process.env.BIND_AFTER_MS || 0));
`;

const holders: ChildProcess[] = [];

/** Holds `port` with another program until the test ends. */
async function holdPort(port: number): Promise<ChildProcess> {
  const child = await holdPortWith(port);
  holders.push(child);
  return child;
}

const onLinux = existsSync('/proc/net/tcp') ? describe : describe.skip;

onLinux('local app readiness: the app itself, not whatever holds its port', () => {
  let server: TestServer;
  const scope = { project: 'default', domain: 'development', org: '' };
  const specOf = (name: string, port: number, env: Record<string, string> = {}) => ({
    id: { name, ...scope },
    port,
    args: ['node', '-e', APP],
    env,
    requires_auth: false,
    limits: { cpu: '1', mem: '1Gi' },
  });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    for (const child of holders.splice(0)) await release(child);
  });
  afterAll(async () => {
    await server.stop();
  });

  test('a deploy whose port another program holds fails at once, naming the port and the program; once the port is free the same app is Started and routed to itself', async () => {
    const port = await freePort();
    const foreign = await holdPort(port);
    const states: string[] = [];
    const started = Date.now();
    const last = await server.client.deployApp(
      { spec: specOf('squatted', port) },
      (status) => states.push(status.state),
      { deadlineSeconds: 60 },
    );
    const tookMs = Date.now() - started;
    expect(states).not.toContain('Started');
    expect(last.state).toBe('Failed');
    expect(last.message).toMatch(
      new RegExp(`^port ${port} is held by another program \\(pid ${foreign.pid} node\\), not by the app`),
    );
    // At once: not after the deploy's 60 s.
    expect(tookMs).toBeLessThan(5000);
    expect((await viaIngress(server.addresses.httpEndpoint, 'squatted', '/')).status).toBe(404);
    expect((await server.client.getApp({ id: { name: 'squatted', ...scope } })).status?.state).toBe('Failed');

    await release(foreign);
    const again = await server.client.deployApp({ spec: specOf('squatted', port) }, () => {});
    expect(again.state).toBe('Started');
    const answer = await viaIngress(server.addresses.httpEndpoint, 'squatted', '/');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^app \d+$/);
    await server.client.stopApp({ id: { name: 'squatted', ...scope } });
  });

  test('another program that takes the port while the app starts fails the deploy, although it answers', async () => {
    const port = await freePort();
    const states: string[] = [];
    let foreign: Promise<ChildProcess> | undefined;
    // The app binds only after 1.5 s and keeps retrying: a connection probe would meet the
    // other program, which answers HTTP, and call the app ready.
    const last = await server.client.deployApp(
      { spec: specOf('latecomer', port, { BIND_AFTER_MS: '1500', BIND_RETRY: '1' }) },
      (status) => {
        states.push(status.state);
        if (status.message.startsWith('IngressNotConfigured')) foreign = holdPort(port);
      },
      { deadlineSeconds: 60 },
    );
    const holder = await foreign;
    expect(states).not.toContain('Started');
    expect(last.state).toBe('Failed');
    expect(last.message).toContain(`port ${port} is held by another program (pid ${holder?.pid} node)`);
    expect((await viaIngress(server.addresses.httpEndpoint, 'latecomer', '/')).status).toBe(404);
  });

  test('a deploy on the port of another running app fails at once, naming that app; the running app keeps serving', async () => {
    const port = await freePort();
    expect((await server.client.deployApp({ spec: specOf('first', port) }, () => {})).state).toBe('Started');
    const states: string[] = [];
    const last = await server.client.deployApp({ spec: specOf('second', port) }, (status) =>
      states.push(status.state),
    );
    expect(states).not.toContain('Started');
    expect(last.message).toMatch(
      new RegExp(`^port ${port} is held by app first \\(project default, domain development\\); `),
    );
    expect((await viaIngress(server.addresses.httpEndpoint, 'second', '/')).status).toBe(404);
    const first = await viaIngress(server.addresses.httpEndpoint, 'first', '/');
    expect([first.status, first.body]).toEqual([200, expect.stringMatching(/^app \d+$/)]);
    await server.client.stopApp({ id: { name: 'first', ...scope } });
  });

  test('an app restarted while another program holds its port stays down (503, never the other program) until the port is free', async () => {
    const port = await freePort();
    expect((await server.client.deployApp({ spec: specOf('phoenix2', port) }, () => {})).state).toBe(
      'Started',
    );
    const first = await viaIngress(server.addresses.httpEndpoint, 'phoenix2', '/exit');
    expect(first.body).toMatch(/^app \d+$/);
    // The app exits 20 ms later; another program takes the port before the restart (1 s later).
    const foreign = await holdPort(port);

    // Each look records the app's state and what the ingress answers, until the restart has failed.
    const seen = new Set<string>();
    const message = await waitUntil(
      async () => {
        const app = await server.client.getApp({ id: { name: 'phoenix2', ...scope } });
        seen.add(app.status?.state ?? '');
        const answer = await viaIngress(server.addresses.httpEndpoint, 'phoenix2', '/');
        seen.add(`${answer.status} ${answer.body.startsWith('{') ? 'json' : answer.body}`);
        const text = app.status?.message ?? '';
        return text.includes('held by another program') && text;
      },
      { what: 'the restart to meet the other program', intervalMs: 100 },
    );
    expect(message).toMatch(
      new RegExp(
        `^RevisionMissing: port ${port} is held by another program \\(pid ${foreign.pid} node\\), not by the app; .*; restarting in 2 s$`,
      ),
    );
    expect([...seen].sort()).toEqual(['503 json', 'Pending']);

    // Once the other program is gone, the next restart (2 s later) serves again.
    await release(foreign);
    const answer = await waitUntil(
      async () => {
        const seenNow = await viaIngress(server.addresses.httpEndpoint, 'phoenix2', '/');
        expect(seenNow.body).not.toBe('foreign');
        return seenNow.status === 200 && seenNow;
      },
      { what: 'the app to serve again', intervalMs: 100 },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^app \d+$/);
    expect(answer.body).not.toBe(first.body);
    expect((await server.client.getApp({ id: { name: 'phoenix2', ...scope } })).status?.state).toBe(
      'Started',
    );
    await server.client.stopApp({ id: { name: 'phoenix2', ...scope } });
  }, 30000);
});
