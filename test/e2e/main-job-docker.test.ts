import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import type Docker from 'dockerode';
import { parseDocument } from 'yaml';
import { buildOrchImage } from '../../scripts/build-image.js';
import { postToHost, ROOT, runBinary, runMainJob } from '../../scripts/main-job.js';
import {
  dockerSuiteRuns,
  nodeTestImage,
  removeLabelled,
  startDockerAdmin,
  testEngine,
} from '../helpers/docker.js';
import { mintApiKey, waitForExecution } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// `npm run demo:docker` on a real engine: orch's own image built from the repository's Dockerfile
// (on Node images made from this host's files, as no public registry is reachable here), the
// webhook run from it as a container, the add-one task in a container of the docker runtime.

const maybe = (await dockerSuiteRuns("orch's image and the docker demo")) ? describe : describe.skip;
const engine = testEngine();

maybe("orch's own image and the main job on the docker runtime", () => {
  test('the image runs as non-root with orch, orchctl, orch-webhook and orch-bot on PATH; its webhook container launches add-one, which runs in a container', async () => {
    const orchImage = 'orch-test/orch:e2e';
    const lines: string[] = [];
    const id = await buildOrchImage({
      tag: orchImage,
      baseImage: await nodeTestImage(engine),
      buildImage: await nodeTestImage(engine),
      onLine: (line) => lines.push(line),
    });
    expect(id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(lines.some((line) => /^Step \d+\/\d+ : RUN npm ci --omit=dev/.test(line))).toBe(true);

    const info = await engine.getImage(orchImage).inspect();
    expect(info.Config.User).toBe('65534:65534');
    // The commands answer from PATH, and the runtime image holds no development dependency.
    const run = async (cmd: string[]) => {
      const container = await engine.createContainer({
        Image: orchImage,
        Cmd: cmd,
        HostConfig: { AutoRemove: false },
      });
      await container.start();
      await container.wait();
      const out = (await container.logs({ stdout: true, stderr: true })).toString('utf8');
      await container.remove({ force: true });
      return out;
    };
    for (const command of ['orch', 'orchctl', 'orch-webhook', 'orch-bot']) {
      expect(await run([command, '--help'])).toMatch(/Usage: /);
    }
    expect(
      await run(['sh', '-c', 'ls /opt/orch/node_modules/jest /opt/orch/node_modules/typescript 2>&1; id -u']),
    ).toMatch(/No such file[\s\S]*No such file[\s\S]*65534/);

    const result = await runMainJob(() => {}, {
      docker: { orchImage, taskImage: await nodeTestImage(engine) },
    });
    expect(result.runtime).toMatch(/^docker \(/);
    expect(result.phase).toBe('SUCCEEDED');
    expect(result.outputs).toEqual({ o0: 3 });
    expect(result.principal).toBe('ci-key');
    expect(result.wrongKeyStatus).toBe(401);
    expect(result.executionsAfterWrongKey).toBe(result.executionsBeforeWrongKey);
    // The webhook's container is gone, and so is every task container.
    const left = await engine.listContainers({
      all: true,
      filters: { name: [result.webhookContainer ?? '-'] },
    });
    expect(left).toEqual([]);
    const tasks = await engine.listContainers({
      all: true,
      filters: { label: [`org.orch.execution=${result.executionName}`] },
    });
    expect(tasks).toEqual([]);
  }, 600_000);

  test("orch's image has a HEALTHCHECK that finds its server on $PORT, or on 8080/8088, and reports one serving nothing unhealthy", async () => {
    const orchImage = 'orch-test/orch:health';
    await buildOrchImage({
      tag: orchImage,
      baseImage: await nodeTestImage(engine),
      buildImage: await nodeTestImage(engine),
    });
    const info = await engine.getImage(orchImage).inspect();
    expect(info.Config.Healthcheck?.Test?.[0]).toBe('CMD');
    const containers: Docker.Container[] = [];
    // The image's own test, checked every second here instead of every 30 s (the engine takes the
    // test from the image when the container gives none).
    const start = async (cmd: string[], env: string[] = []) => {
      const container = await engine.createContainer({
        Image: orchImage,
        Cmd: cmd,
        Env: env,
        Healthcheck: { Interval: 1e9, Timeout: 5e9, Retries: 1 },
      });
      containers.push(container);
      await container.start();
      return container;
    };
    const health = (container: Docker.Container) =>
      waitUntil(
        async () => {
          const status = (await container.inspect()).State.Health?.Status;
          return status === 'starting' ? undefined : status;
        },
        { what: 'a health status', timeoutMs: 60_000, intervalMs: 250 },
      );
    try {
      // A server on the admin's HTTP port 8088 without PORT (the test image's Node lacks what the
      // embedded database needs, so not the admin itself), one on the $PORT a runtime gives an app,
      // and a process that serves nothing.
      const server = (port: string) =>
        `require('http').createServer((q, r) => r.end('ok')).listen(Number(${port}))`;
      const admin = await start(['node', '-e', server("'8088'")]);
      const app = await start(['node', '-e', server('process.env.PORT')], ['PORT=9123']);
      const idle = await start(['node', '-e', 'setInterval(() => {}, 1e6)']);
      expect(await health(admin)).toBe('healthy');
      expect(await health(app)).toBe('healthy');
      expect(await health(idle)).toBe('unhealthy');
    } finally {
      for (const container of containers) await container.remove({ force: true });
    }
  }, 600_000);

  test("the example webhook app deploys from orch's image on the docker runtime, on its own 8080, and launches add-one", async () => {
    // The image the first test built (built again from the engine's cache when this runs alone).
    const orchImage = 'orch-test/orch:e2e';
    await buildOrchImage({
      tag: orchImage,
      baseImage: await nodeTestImage(engine),
      buildImage: await nodeTestImage(engine),
    });
    const taskImage = await nodeTestImage(engine);
    const home = await mkdtemp(join(tmpdir(), 'orch-webhook-app-'));
    // An admin served on every address, as `orch serve` is, so that the app's container reaches it.
    const admin = await startDockerAdmin(
      home,
      { 'runtime.docker.defaultImage': orchImage },
      { host: '0.0.0.0' },
    );
    const { addresses, client } = admin;
    const env = { PATH: process.env.PATH, HOME: home };
    const connection = ['--orch.connection.host', addresses.grpcEndpoint, '--orch.connection.insecure'];
    try {
      const { key } = await mintApiKey(admin, 'webhook-app');
      const webhookKey = 'webhook-key-in-a-container-5521';
      for (const [name, value] of [
        ['WEBHOOK_API_KEY', webhookKey],
        ['ORCH_API_KEY', key],
      ] as const) {
        await client.createSecret({
          id: { name, org: '', project: '', domain: '' },
          secret_spec: { string_value: value },
        });
      }
      // The task runs in a Node image of this host (the file's node:20-slim is not reachable here).
      const wf = parseDocument(await readFile(join(ROOT, 'examples', 'add-one', 'wf.yaml'), 'utf8'));
      wf.setIn(['tasks', 'add_one', 'image'], taskImage);
      await writeFile(join(home, 'wf.yaml'), wf.toString());
      const registered = await runBinary('orch', ['register', join(home, 'wf.yaml'), ...connection], env);
      const version = /^Computed version is (\S+)$/m.exec(registered.stdout)?.[1] ?? '';
      expect(version).not.toBe('');

      // The example app file as it is (port 8080, which the app gets as $PORT), with the admin's
      // address as its container reaches it.
      const app = parseDocument(await readFile(join(ROOT, 'examples', 'webhook', 'app.yaml'), 'utf8'));
      // (The admin advertises localhost, which inside the container is the container itself: its gRPC
      // and token endpoints are given as the container reaches them.)
      const grpcPort = new URL(`http://${addresses.grpcEndpoint.replace(/^dns:\/\/\//, '')}`).port;
      const httpPort = new URL(addresses.httpEndpoint).port;
      app.setIn(['apps', 'webhook', 'env'], {
        ORCHCTL_ORCH_CONNECTION_HOST: `dns:///host.docker.internal:${grpcPort}`,
        ORCHCTL_ORCH_CONNECTION_INSECURE: 'true',
        ORCHCTL_ORCH_AUTH_TOKENURL: `http://host.docker.internal:${httpPort}/oauth2/token`,
      });
      await writeFile(join(home, 'app.yaml'), app.toString());
      const deployed = await runBinary(
        'orch',
        ['deploy', 'apps', join(home, 'app.yaml'), 'webhook', '--timeout', '60s', ...connection],
        env,
      );
      expect([deployed.code, deployed.stderr]).toEqual([0, '']);
      const endpoint = deployed.stdout.trim().split('\n').at(-1) ?? '';
      expect(endpoint).toMatch(/^http:\/\/webhook\.apps\.localhost:\d+$/);

      const response = await postToHost(
        endpoint,
        `/run-workflow/default/development/wf.add_one_wf/${version}`,
        JSON.stringify({ x: 2 }),
        { authorization: `Bearer ${webhookKey}`, 'content-type': 'application/json' },
      );
      expect(`${response.status} ${response.body.slice(0, 400)}`).toMatch(/^200 /);
      const name = (JSON.parse(response.body) as { url: string }).url.split('/').pop() ?? '';
      const done = await waitForExecution(
        client,
        { project: 'default', domain: 'development', name },
        60_000,
      );
      expect(done.closure?.phase).toBe('SUCCEEDED');
      expect(done.spec?.metadata?.principal).toBe('webhook-app');
    } finally {
      await admin.stop();
      await removeLabelled('org.orch.kind=app', engine);
      await rm(home, { recursive: true, force: true });
    }
  }, 600_000);
});
