import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { holdPort, releasePort, viaIngress } from '../helpers/apps.js';
import { dockerSuiteRuns, nodeTestImage, removeLabelled, testEngine } from '../helpers/docker.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// Apps in containers (--runtime.type docker) on a real Docker engine: the admin in-process, each app
// revision a container of a Node image made from this host's files, reached through the ingress.

const maybe = (await dockerSuiteRuns('docker app runtime')) ? describe : describe.skip;
const engine = testEngine();
const scope = { project: 'default', domain: 'development', org: '' };

/**
 * An HTTP server on `$PORT` of every address that answers `<NAME> <REVISION> <uid>`, after
 * `$SLOW_MS` for `/slow`; `/env` answers whether the secret arrived (its digest, never the value).
 */
const APP = `
const http = require('http');
const crypto = require('crypto');
http.createServer((q, r) => {
  if (q.url === '/env') return r.end(JSON.stringify({
    token: crypto.createHash('sha256').update(process.env.APP_TOKEN || '').digest('hex'),
    mode: process.env.MODE, port: process.env.PORT,
  }));
  if (q.url === '/exit') setTimeout(() => process.exit(9), 20);
  if (q.url === '/host') return http.get('http://host.docker.internal:' + process.env.HOST_PORT + '/', (a) => {
    let t = ''; a.on('data', (c) => (t += c)); a.on('end', () => r.end('host said ' + t));
  }).on('error', (e) => r.end('host unreachable: ' + e.code));
  const answer = () => r.end(process.env.NAME + ' ' + process.env.REVISION + ' ' + process.getuid());
  if (q.url === '/slow') setTimeout(answer, Number(process.env.SLOW_MS || 300));
  else answer();
}).listen(Number(process.env.PORT), '0.0.0.0', () => console.log('listening on ' + process.env.PORT));
`;

/** An app that prints a line and exits 1 before it ever listens: a crash loop. */
const CRASHER = `console.error('boom: no config'); setTimeout(() => process.exit(1), 300);`;

maybe('apps in containers (docker runtime)', () => {
  let server: TestServer;
  const holders: ChildProcess[] = [];

  const specOf = (name: string, port: number, env: Record<string, string>, script = APP) => ({
    id: { name, ...scope },
    port,
    args: ['node', '-e', script],
    env,
    requires_auth: false,
    limits: { cpu: '500m', mem: '128Mi' },
    secrets: [{ key: 'APP_TOKEN', env_var: 'APP_TOKEN' }],
  });

  const appContainers = (name: string) =>
    engine.listContainers({ all: true, filters: { label: [`org.orch.app=${name}`] } });

  beforeAll(async () => {
    const image = await nodeTestImage(engine);
    server = await startTestServer('sqlite', {
      flags: {
        'runtime.type': 'docker',
        'runtime.docker.defaultImage': image,
        'runtime.docker.stopGracePeriod': '2s',
      },
    });
    await server.client.createSecret({
      id: { name: 'APP_TOKEN', org: '', project: '', domain: '' },
      secret_spec: { string_value: 'tok-in-a-container-77' },
    });
  }, 120_000);

  afterAll(async () => {
    for (const child of holders) await releasePort(child);
    await server?.stop();
    await removeLabelled('org.orch.kind=app', engine);
  });

  test('two apps that listen on the same port, held on the host by another program, both run and route', async () => {
    // The port the apps listen on inside their containers is held on the host: no collision.
    const port = await freePort();
    holders.push(await holdPort(port));
    for (const name of ['left', 'right']) {
      const statuses: string[] = [];
      const last = await server.client.deployApp(
        {
          spec: specOf(name, port, { NAME: name, REVISION: '1', MODE: 'container', HOST_PORT: String(port) }),
        },
        (status) => statuses.push(status.state),
      );
      expect([last.state, last.message]).toEqual(['Started', 'Service is ready']);
    }
    expect((await viaIngress(server.addresses.httpEndpoint, 'left', '/')).body).toBe('left 1 65534');
    expect((await viaIngress(server.addresses.httpEndpoint, 'right', '/')).body).toBe('right 1 65534');
    // Env, PORT and the secret arrived; the secret's value is in no status.
    const env = JSON.parse((await viaIngress(server.addresses.httpEndpoint, 'left', '/env')).body);
    const digest = (await import('node:crypto')).createHash('sha256').update('tok-in-a-container-77');
    expect(env).toEqual({ token: digest.digest('hex'), mode: 'container', port: String(port) });
    const app = await server.client.getApp({ id: { name: 'left', ...scope } });
    expect(JSON.stringify(app)).not.toContain('tok-in-a-container-77');
    // Each is one container, with the app's limits, published on loopback only.
    const [left] = await appContainers('left');
    expect(left).toBeDefined();
    const info = await engine.getContainer(left?.Id ?? '').inspect();
    expect(info.HostConfig.Memory).toBe(128 * 1024 * 1024);
    expect(info.HostConfig.NanoCpus).toBe(500_000_000);
    expect(info.HostConfig.ReadonlyRootfs).toBe(true);
    expect(info.HostConfig.CapDrop).toEqual(['ALL']);
    expect(info.NetworkSettings.Ports[`${port}/tcp`]?.[0]?.HostIp).toBe('127.0.0.1');
    expect(info.Config.Labels['org.orch.revision']).toBe('1');
    // The host's services listening on every address are reachable as host.docker.internal: the
    // program holding the app's port on the host answers there.
    const fromHost = await viaIngress(server.addresses.httpEndpoint, 'left', '/host');
    expect(fromHost.body).toBe('host said foreign');

    // A crash is restarted (1 s backoff) in a new container, and serves again.
    expect((await viaIngress(server.addresses.httpEndpoint, 'right', '/exit')).body).toBe('right 1 65534');
    let state = '';
    const deadline = Date.now() + 30_000;
    for (let sawDown = false; Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await server.client.getApp({ id: { name: 'right', ...scope } })).status?.state ?? '';
      if (state === 'Pending') sawDown = true;
      if (sawDown && state === 'Started') break;
    }
    expect(state).toBe('Started');
    expect((await viaIngress(server.addresses.httpEndpoint, 'right', '/')).body).toBe('right 1 65534');
  }, 120_000);

  test('a redeploy starts the new revision, switches the route, then stops the old one: no request fails', async () => {
    const port = await freePort();
    const first = await server.client.deployApp(
      { spec: specOf('rolling', port, { NAME: 'rolling', REVISION: 'a', SLOW_MS: '400' }) },
      () => {},
    );
    expect(first.state).toBe('Started');
    let deploying = true;
    const answers: string[] = [];
    let batches = 0;
    const load = (async () => {
      while (deploying) {
        const batch = await Promise.all(
          ['/', '/slow', '/', '/slow'].map((path) =>
            viaIngress(server.addresses.httpEndpoint, 'rolling', path).then(
              (answer) => `${answer.status} ${answer.body}`,
              (error: Error) => `error ${error.message}`,
            ),
          ),
        );
        answers.push(...batch);
        batches += 1;
      }
    })();
    // Requests flow before the redeploy, during it and after it: one batch answered first, then one
    // sent wholly after the redeploy (the batch in flight when it ended may have started before).
    await waitUntil(() => batches >= 1, { what: 'a batch of answers from revision a' });
    const second = await server.client.deployApp(
      { spec: specOf('rolling', port, { NAME: 'rolling', REVISION: 'b', SLOW_MS: '400' }) },
      () => {},
    );
    const afterRedeploy = batches + 2;
    await waitUntil(() => batches >= afterRedeploy, { what: 'a batch sent after the redeploy' });
    deploying = false;
    await load;
    expect(second).toMatchObject({ state: 'Started', revision: 2 });
    expect(new Set(answers)).toEqual(new Set(['200 rolling a 65534', '200 rolling b 65534']));
    // Once the route switched, the old revision answered no more.
    expect(answers.lastIndexOf('200 rolling a 65534')).toBeLessThan(
      answers.indexOf('200 rolling b 65534') + 4,
    );
    const left = await appContainers('rolling');
    expect(left.map((c) => c.Labels['org.orch.revision'])).toEqual(['2']);
  }, 120_000);

  test('an app that crash-loops while its port is held on the host is never Started; its log is in the status', async () => {
    const port = await freePort();
    holders.push(await holdPort(port));
    const states: string[] = [];
    const last = await server.client.deployApp(
      { spec: specOf('crasher', port, {}, CRASHER), timeout_seconds: 20 },
      (status) => states.push(status.state),
    );
    expect(states).not.toContain('Started');
    expect(last.state).toBe('Failed');
    expect(last.message).toMatch(/^the app exited \(1\) before it answered on port \d+/);
    expect(last.message).toContain('boom: no config');
    expect((await viaIngress(server.addresses.httpEndpoint, 'crasher', '/')).status).toBe(404);
    expect(await appContainers('crasher')).toEqual([]);
  }, 60_000);

  test('an image that cannot be had fails the deployment, naming it', async () => {
    const port = await freePort();
    const spec = {
      ...specOf('noimage', port, {}),
      image: { name: 'nothing-here', registry: '127.0.0.1:1', tag: 'v1' },
    };
    const last = await server.client.deployApp({ spec }, () => {});
    expect(last.state).toBe('Failed');
    expect(last.message).toContain("cannot start the app's container (image 127.0.0.1:1/nothing-here:v1)");
  }, 60_000);

  test('bad limits are refused before anything starts', async () => {
    const port = await freePort();
    await expect(
      server.client.deployApp(
        { spec: { ...specOf('badlimits', port, {}), limits: { cpu: 'lots', mem: '1Gi' } } },
        () => {},
      ),
    ).rejects.toMatchObject({ message: expect.stringMatching(/limits\.cpu "lots" is not a CPU quantity/) });
    await expect(
      server.client.deployApp(
        { spec: { ...specOf('badlimits', port, {}), limits: { cpu: '1', mem: '12' } } },
        () => {},
      ),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/limits\.mem "12" is not a memory size of at least 4Mi/),
    });
  });
});
