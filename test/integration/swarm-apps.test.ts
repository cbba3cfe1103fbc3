import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import express from 'express';
import { parseDocument } from 'yaml';
import { buildOrchImage } from '../../scripts/build-image.js';
import { ROOT, runBinary } from '../../scripts/main-job.js';
import { loadAppFile } from '../../src/apps/app-file.js';
import { LABELS } from '../../src/engines/docker-engine.js';
import { AppRuntime, type AppStatusOut } from '../../src/server/apps/runtime.js';
import { AppRepository } from '../../src/server/db/app-repository.js';
import { openSqlite } from '../../src/server/db/connect.js';
import { createIngress } from '../../src/server/http/ingress.js';
import { silentLogger } from '../../src/server/logger.js';
import type { AppInstance, AppRevisionSpec } from '../../src/server/runtime/apps.js';
import { LocalAppInstances } from '../../src/server/runtime/local-apps.js';
import { SWARM_LABELS, SwarmAppRuntime, serviceNameOf } from '../../src/server/runtime/swarm-apps.js';
import { createAppHandlers } from '../../src/server/services/apps.js';
import { viaIngress } from '../helpers/apps.js';
import {
  dockerSuiteRuns,
  nodeTestImage,
  removeLabelled,
  startDockerAdmin,
  testEngine,
} from '../helpers/docker.js';
import { mintApiKey, startTestServer, waitForExecution } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// Apps as Swarm services (the swarm runtime) on the real engine, a one-node swarm: the runtime
// itself, then the app runtime and the ingress over it, with a rolling update under load.

const maybe = (await dockerSuiteRuns('swarm app runtime')) ? describe : describe.skip;
const engine = testEngine();

/**
 * An HTTP server on `$PORT` answering `<REVISION> <hostname>`; `/secret` answers the digest of
 * `$APP_TOKEN` (never the value); `/say?<word>` prints `said <REVISION> <word>`. On SIGTERM it keeps serving 1.5 s (a drain period), then exits.
 */
const APP = `
const http = require('http');
const crypto = require('crypto');
http.createServer((q, r) => {
  if (q.url.startsWith('/say?')) { console.log('said ' + process.env.REVISION + ' ' + q.url.slice(5)); return r.end('said'); }
  if (q.url === '/secret') return r.end(crypto.createHash('sha256').update(process.env.APP_TOKEN || '').digest('hex'));
  r.end(process.env.REVISION + ' ' + require('os').hostname());
}).listen(Number(process.env.PORT), '0.0.0.0', () => console.log('listening on ' + process.env.PORT));
process.on('SIGTERM', () => setTimeout(() => process.exit(0), 1500));
`;

/** A healthcheck of the node image: the app answers on $PORT. */
const HEALTHCHECK = [
  'CMD',
  'node',
  '-e',
  "require('http').get('http://127.0.0.1:'+process.env.PORT+'/',()=>process.exit(0)).on('error',()=>process.exit(1))",
];

interface Answer {
  status: number;
  body: string;
}

/** A GET (or a POST of `body`) to `http://host:port/path`: its status and body. */
function send(host: string, port: number, path = '/', headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host, port, path, headers, method: body === undefined ? 'GET' : 'POST' }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** GET `http://host:port/path`: its status and body. */
function get(host: string, port: number, path = '/') {
  return send(host, port, path);
}

/** An app runtime over a swarm runtime, on a SQLite file, with the ingress on a free port of 127.0.0.1. */
interface AppsOverSwarm {
  apps: AppRuntime;
  /** AppService's handlers over `apps` and this replica's database. */
  service: ReturnType<typeof createAppHandlers>['unary'];
  httpPort: number;
  /** A request to app `name` through the ingress: its status and body. */
  ask(name: string, path?: string, body?: string, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

async function startApps(
  instances: SwarmAppRuntime,
  secrets: Record<string, string>,
  /** The database file of another replica to share; default: a new one, removed on close. */
  dbFile?: string,
): Promise<AppsOverSwarm> {
  const dir = dbFile ? undefined : await mkdtemp(join(tmpdir(), 'orch-swarm-apps-'));
  const handle = await openSqlite(dbFile ?? join(dir ?? '', 'admin.db'));
  let httpPort = 0;
  const repo = new AppRepository(handle.db);
  const apps = new AppRuntime({
    repo,
    instances,
    secrets: { get: async (key) => secrets[key] },
    appsHost: () => `apps.localhost:${httpPort}`,
    logger: silentLogger,
  });
  const app = express();
  app.use(
    createIngress({
      route: (name) => apps.route(name),
      guard: async () => {
        throw new Error('no app here requires auth');
      },
      logger: silentLogger,
    }),
  );
  const http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  const address = http.address();
  httpPort = typeof address === 'object' && address ? address.port : 0;
  return {
    apps,
    service: createAppHandlers({ runtime: apps, repo }).unary,
    httpPort,
    ask: (name, path = '/', body, headers = {}) =>
      send('127.0.0.1', httpPort, path, { host: `${name}.apps.localhost:${httpPort}`, ...headers }, body),
    close: async () => {
      await apps.close();
      await new Promise((resolve) => http.close(resolve));
      await handle.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Removes the services and secrets labelled as apps named `name*`. */
async function cleanUp(prefix: string): Promise<void> {
  const services = await engine.listServices({ filters: { label: [`${LABELS.kind}=app`] } });
  for (const service of services) {
    if (service.Spec?.Labels?.[LABELS.app]?.startsWith(prefix))
      await engine
        .getService(service.ID)
        .remove()
        .catch(() => undefined);
  }
  const secrets = (await engine.listSecrets({ filters: { label: [`${LABELS.kind}=app`] } })) as {
    ID: string;
    Spec?: { Labels?: Record<string, string> };
  }[];
  for (const secret of secrets) {
    if (secret.Spec?.Labels?.[LABELS.app]?.startsWith(prefix))
      await engine
        .getSecret(secret.ID)
        .remove()
        .catch(() => undefined);
  }
}

describe('replicas on runtimes that run one instance per app', () => {
  test('more than one is refused at deploy, naming the swarm runtime', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orch-swarm-apps-'));
    const handle = await openSqlite(join(dir, 'admin.db'));
    try {
      const apps = new AppRuntime({
        repo: new AppRepository(handle.db),
        instances: new LocalAppInstances({ dir: join(dir, 'apps'), baseEnv: {} }),
        appsHost: () => 'apps.localhost:1',
        logger: silentLogger,
      });
      const spec = {
        id: { name: 'web', project: 'default', domain: 'development', org: '' },
        port: 8080,
        args: ['node', '-e', ''],
        replicas: 2,
      };
      await expect(apps.deploy(spec, () => undefined, 1000)).rejects.toThrow(
        'app web: replicas 2 is not a whole number from 1 to 1 (the local runtime runs one instance per app; --runtime.type swarm runs several)',
      );
      await expect(apps.deploy({ ...spec, replicas: 1.5 }, () => undefined, 1000)).rejects.toThrow(
        /replicas 1.5 is not a whole number/,
      );
      await apps.close();
    } finally {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

maybe('apps as Swarm services (swarm runtime)', () => {
  const prefix = `swt${randomBytes(3).toString('hex')}`;
  let image = '';
  let runtime: SwarmAppRuntime;

  beforeAll(async () => {
    image = await nodeTestImage(engine);
    runtime = new SwarmAppRuntime({
      engine,
      defaultImage: image,
      user: '1000:1000',
      stopGraceSeconds: 5,
      tmpBytes: 16 * 1024 * 1024,
      logger: silentLogger,
      healthcheck: HEALTHCHECK,
      monitorSeconds: 2,
    });
  }, 120_000);

  afterAll(async () => {
    await cleanUp(prefix);
  }, 60_000);

  test('a 2-replica service answers on both tasks, keeps the secret out of its spec, logs, and stops', async () => {
    const token = `tok-${randomBytes(8).toString('hex')}`;
    const name = `${prefix}-direct`;
    const spec: AppRevisionSpec = {
      ids: { org: 'acme', project: 'default', domain: 'development', name, revision: 1 },
      argv: ['node', '-e', APP],
      env: { PORT: '8080', REVISION: 'r1', APP_TOKEN: token },
      secretEnv: ['APP_TOKEN'],
      port: 8080,
      image: '',
      limits: { cpuMillis: 250, memoryBytes: 64 * 1024 * 1024 },
      replicas: 2,
    };
    const logs: string[] = [];
    const instance = await runtime.start(spec, (line) => logs.push(line));
    const targetOf = (i: AppInstance) => i.target?.();
    try {
      await waitUntil(() => instance.answers(), {
        what: 'a task answers',
        timeoutMs: 60_000,
        intervalMs: 200,
      });
      // Both tasks answer, each on its own published port, and the instance spreads over them.
      const ports = await waitUntil(
        () => {
          const seen = new Set<number>();
          for (let i = 0; i < 6; i++) seen.add(targetOf(instance)?.port ?? 0);
          seen.delete(0);
          return seen.size === 2 ? [...seen] : undefined;
        },
        { what: 'two answering tasks', timeoutMs: 60_000, intervalMs: 200 },
      );
      const answers = await Promise.all(ports.map((port) => get('127.0.0.1', port)));
      expect(answers.map((a) => a.body.split(' ')[0])).toEqual(['r1', 'r1']);
      expect(new Set(answers.map((a) => a.body.split(' ')[1])).size).toBe(2);
      // The secret arrives as its variable, from a Swarm secret.
      const digest = await get('127.0.0.1', ports[0] ?? 0, '/secret');
      expect(digest.body).toBe(createHash('sha256').update(token).digest('hex'));

      const service = (await engine.getService(serviceNameOf(spec.ids)).inspect()) as {
        Spec: Record<string, unknown> & {
          Labels: Record<string, string>;
          TaskTemplate: {
            ContainerSpec: Record<string, unknown> & { Labels: Record<string, string> };
            Resources: { Limits: Record<string, number>; Reservations: Record<string, number> };
          };
          UpdateConfig: Record<string, unknown>;
        };
      };
      expect(service.Spec.Labels).toMatchObject({
        [LABELS.kind]: 'app',
        [SWARM_LABELS.org]: 'acme',
        [LABELS.project]: 'default',
        [LABELS.domain]: 'development',
        [LABELS.app]: name,
        [LABELS.revision]: '1',
      });
      expect(service.Spec.TaskTemplate.ContainerSpec.Labels[LABELS.revision]).toBe('1');
      expect(service.Spec.TaskTemplate.Resources.Limits).toMatchObject({
        NanoCPUs: 250_000_000,
        MemoryBytes: 64 * 1024 * 1024,
        Pids: 1024,
      });
      expect(service.Spec.TaskTemplate.Resources.Reservations).toMatchObject({
        NanoCPUs: 62_500_000,
        MemoryBytes: 16 * 1024 * 1024,
      });
      expect(service.Spec.TaskTemplate.ContainerSpec).toMatchObject({
        User: '1000:1000',
        ReadOnly: true,
        Init: true,
        Hosts: ['host-gateway host.docker.internal'],
        CapabilityDrop: ['ALL'],
      });
      expect(service.Spec.UpdateConfig).toMatchObject({
        Parallelism: 1,
        Order: 'start-first',
        FailureAction: 'rollback',
      });
      // The secret's value is nowhere in the service: not its labels, not its env, not anywhere.
      expect(JSON.stringify(service)).not.toContain(token);
      await waitUntil(() => logs.some((line) => line.includes('listening on 8080')), {
        what: 'the log line',
        timeoutMs: 30_000,
      });
    } finally {
      await instance.stop();
    }
    expect(await instance.ended).toBe('stopped');
    expect(instance.running()).toBe(false);
    await expect(engine.getService(serviceNameOf(spec.ids)).inspect()).rejects.toThrow();
    const left = await engine.listContainers({
      all: true,
      filters: { label: [`${LABELS.app}=${name}`] },
    });
    expect(left).toEqual([]);
    const secrets = await engine.listSecrets({ filters: { label: [`${LABELS.app}=${name}`] } });
    expect(secrets).toEqual([]);
  }, 180_000);

  test('a revision whose tasks keep failing ends, with its own log lines, and stop removes its service', async () => {
    const name = `${prefix}-crash`;
    const spec: AppRevisionSpec = {
      ids: { org: '', project: 'default', domain: 'development', name, revision: 1 },
      argv: ['node', '-e', "console.error('boom: no config'); setTimeout(() => process.exit(3), 200)"],
      env: { PORT: '8080' },
      port: 8080,
      image: '',
      limits: {},
    };
    const logs: string[] = [];
    const instance = await runtime.start(spec, (line) => logs.push(line));
    try {
      expect(await instance.ended).toMatch(/^its tasks keep failing \(\d+ failed; last: .*exit.*\)$/);
      expect(instance.running()).toBe(false);
      expect(await instance.answers()).toBe(false);
      await waitUntil(() => logs.includes('boom: no config'), { what: 'its log line', timeoutMs: 10_000 });
    } finally {
      await instance.stop();
    }
    await expect(engine.getService(serviceNameOf(spec.ids)).inspect()).rejects.toThrow();
  }, 120_000);

  // With a healthcheck Swarm stops an old task only once the new one is healthy, and rolls back a
  // revision that never becomes healthy; without one the admin's probe alone routes, and a failed
  // revision is rolled back when the app runtime stops it.
  test('every admin replica routes to an app deployed through another; one closing leaves it running', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orch-swarm-replicas-'));
    const dbFile = join(dir, 'admin.db');
    const swarm = () =>
      new SwarmAppRuntime({
        engine,
        defaultImage: image,
        user: '1000:1000',
        stopGraceSeconds: 5,
        tmpBytes: 16 * 1024 * 1024,
        logger: silentLogger,
        healthcheck: HEALTHCHECK,
        monitorSeconds: 2,
      });
    const secrets = { APP_TOKEN: 'replica-token' };
    const a = await startApps(swarm(), secrets, dbFile);
    const b = await startApps(swarm(), secrets, dbFile);
    const name = `${prefix}-shared`;
    const key = { name, project: 'default', domain: 'development', org: '' };
    const deploy = async (through: AppsOverSwarm, revision: string) => {
      const statuses: AppStatusOut[] = [];
      await through.apps.deploy(
        {
          id: key,
          port: 8080,
          args: ['node', '-e', APP],
          env: { REVISION: revision },
          secrets: [{ key: 'APP_TOKEN', env_var: 'APP_TOKEN' }],
          requires_auth: false,
          replicas: 2,
        },
        (status) => statuses.push(status),
        120_000,
      );
      return statuses.at(-1);
    };
    const answersWith = (through: AppsOverSwarm, revision: string) =>
      waitUntil(
        async () => {
          await through.apps.sync();
          const answer = await through.ask(name);
          return answer.status === 200 && answer.body.startsWith(`${revision} `) && answer;
        },
        { what: `revision ${revision} to answer`, timeoutMs: 60_000, intervalMs: 200 },
      );
    try {
      expect(await deploy(a, 'r1')).toMatchObject({ state: 'Started', revision: 1 });
      // B never deployed it: it adopts the service from the database, without changing it.
      const service = await engine.getService(serviceNameOf(key)).inspect();
      await answersWith(b, 'r1');
      expect((await engine.getService(serviceNameOf(key)).inspect()).Version?.Index).toBe(
        service.Version?.Index,
      );
      // What the adopted service prints is kept by B as by A, each line with when it arrived.
      const before = Date.now();
      expect((await b.ask(name, '/say?adopted-1')).status).toBe(200);
      const logs = await waitUntil(
        async () => {
          const answer = await b.service.GetLogs({ id: key, limit: 500 }, undefined);
          return answer.lines?.some((l) => l.line === 'said r1 adopted-1') && answer;
        },
        { what: "B to keep the adopted service's line", timeoutMs: 30_000, intervalMs: 200 },
      );
      expect(logs.revision).toBe(1);
      const at = Number(logs.lines?.find((l) => l.line === 'said r1 adopted-1')?.at_ms);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
      // A shuts down: the service is the swarm's, and B keeps serving it.
      await a.close();
      expect((await engine.getService(serviceNameOf(key)).inspect()).ID).toBe(service.ID);
      for (let i = 0; i < 5; i++) expect((await b.ask(name)).status).toBe(200);
      // A restarted A adopts it again; a redeploy through B reaches A too.
      const again = await startApps(swarm(), secrets, dbFile);
      await answersWith(again, 'r1');
      expect(await deploy(b, 'r2')).toMatchObject({ state: 'Started', revision: 2 });
      await answersWith(again, 'r2');
      // Stopped through a replica that never routed to it: the service goes, and B's route with it.
      const c = await startApps(swarm(), secrets, dbFile);
      await c.apps.stop(key);
      await expect(engine.getService(service.ID).inspect()).rejects.toThrow();
      await waitUntil(async () => (await b.ask(name)).status === 404, {
        what: "B's route to go",
        timeoutMs: 30_000,
        intervalMs: 200,
      });
      await again.close();
      await c.close();
    } finally {
      await b.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  describe.each([
    ['with a healthcheck', HEALTHCHECK],
    ['without a healthcheck', undefined],
  ])('through the app runtime and the ingress, %s', (variant, healthcheck) => {
    let stack: AppsOverSwarm;

    beforeAll(async () => {
      stack = await startApps(
        new SwarmAppRuntime({
          engine,
          defaultImage: image,
          user: '1000:1000',
          stopGraceSeconds: 5,
          tmpBytes: 16 * 1024 * 1024,
          logger: silentLogger,
          ...(healthcheck ? { healthcheck } : {}),
          monitorSeconds: 2,
        }),
        { APP_TOKEN: 'runtime-token-1' },
      );
    }, 60_000);

    afterAll(async () => {
      await stack?.close();
    }, 60_000);

    const ask = (name: string) => stack.ask(name);

    const deploy = async (name: string, revision: string, script = APP, timeoutMs = 120_000) => {
      const statuses: AppStatusOut[] = [];
      await stack.apps.deploy(
        {
          id: { name, project: 'default', domain: 'development', org: '' },
          port: 8080,
          args: ['node', '-e', script],
          env: { REVISION: revision },
          secrets: [{ key: 'APP_TOKEN', env_var: 'APP_TOKEN' }],
          requires_auth: false,
          limits: { cpu: '250m', mem: '64Mi' },
          replicas: 2,
        },
        (status) => statuses.push(status),
        timeoutMs,
      );
      return statuses;
    };

    test('a 2-replica app spreads requests, and a redeploy rolls over without a failed request', async () => {
      const name = `${prefix}-rolling-${healthcheck ? 'hc' : 'nohc'}`;
      const first = await deploy(name, 'r1');
      expect(first.at(-1)).toMatchObject({ state: 'Started', revision: 1 });
      // Requests spread over both replicas.
      const hosts = await waitUntil(
        async () => {
          const seen = new Set<string>();
          for (let i = 0; i < 8; i++) seen.add((await ask(name)).body);
          return seen.size === 2 ? [...seen] : undefined;
        },
        { what: 'answers from both replicas', timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(hosts.every((body) => body.startsWith('r1 '))).toBe(true);

      // A client keeps asking while revision 2 rolls over the same service.
      const answers: { status: number; body: string }[] = [];
      let going = true;
      const client = (async () => {
        while (going)
          answers.push(await ask(name).catch((error: Error) => ({ status: 0, body: error.message })));
      })();
      const serviceBefore = await engine
        .getService(serviceNameOf({ org: '', project: 'default', domain: 'development', name }))
        .inspect();
      const second = await deploy(name, 'r2');
      going = false;
      await client;
      expect(second.at(-1)).toMatchObject({ state: 'Started', revision: 2 });
      // The same service, updated (not a second one).
      const serviceAfter = await engine
        .getService(serviceNameOf({ org: '', project: 'default', domain: 'development', name }))
        .inspect();
      expect(serviceAfter.ID).toBe(serviceBefore.ID);
      expect(serviceAfter.Spec?.Labels?.[LABELS.revision]).toBe('2');
      console.log(
        `swarm rolling update ${variant}: ${answers.length} requests during the redeploy, ` +
          `${answers.filter((a) => a.body.startsWith('r1 ')).length} from r1, ` +
          `${answers.filter((a) => a.body.startsWith('r2 ')).length} from r2`,
      );
      const failed = answers.filter((a) => a.status !== 200);
      expect(failed).toEqual([]);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.some((a) => a.body.startsWith('r2 '))).toBe(true);
      // Afterwards every answer comes from revision 2, from both of its replicas.
      const after = new Set<string>();
      for (let i = 0; i < 10; i++) after.add((await ask(name)).body);
      expect([...after].every((body) => body.startsWith('r2 '))).toBe(true);
      await waitUntil(
        async () => {
          for (let i = 0; i < 6; i++) after.add((await ask(name)).body);
          return [...after].filter((body) => body.startsWith('r2 ')).length >= 2;
        },
        { what: 'answers from both revision-2 replicas', timeoutMs: 60_000, intervalMs: 200 },
      );

      // A revision that never answers fails; the service goes back to revision 2, which keeps serving.
      const third = await deploy(name, 'r3', 'setInterval(() => {}, 1000)', 20_000);
      expect(third.at(-1)).toMatchObject({ state: 'Failed', revision: 3 });
      expect(third.at(-1)?.message).toContain('revision 2 keeps serving');
      // Its last log lines are its own: none of revision 2's tasks.
      expect(third.at(-1)?.message).not.toContain('listening on');
      const rolledBack = await engine.getService(serviceAfter.ID).inspect();
      expect(rolledBack.Spec?.Labels?.[LABELS.revision]).toBe('2');
      for (let i = 0; i < 5; i++) expect((await ask(name)).body).toMatch(/^r2 /);

      await stack.apps.stop({ name, project: 'default', domain: 'development', org: '' });
      await expect(engine.getService(serviceAfter.ID).inspect()).rejects.toThrow();
      expect(await engine.listSecrets({ filters: { label: [`${LABELS.app}=${name}`] } })).toEqual([]);
    }, 300_000);
  });
});

maybe('an admin with --runtime.type swarm', () => {
  test('deploys a 2-replica app whose replicas both answer through its ingress, and stops it', async () => {
    const image = await nodeTestImage(engine);
    const server = await startTestServer('sqlite', {
      flags: {
        'runtime.type': 'swarm',
        'runtime.docker.defaultImage': image,
        'runtime.docker.stopGracePeriod': '2s',
      },
    });
    const name = `swa${randomBytes(3).toString('hex')}`;
    try {
      const last = await server.client.deployApp(
        {
          spec: {
            id: { name, project: 'default', domain: 'development', org: '' },
            port: 8080,
            args: ['node', '-e', APP],
            env: { REVISION: 'r1' },
            requires_auth: false,
            replicas: 2,
          },
        },
        () => {},
      );
      expect(last).toMatchObject({ state: 'Started', revision: 1 });
      const service = await engine
        .getService(serviceNameOf({ org: '', project: 'default', domain: 'development', name }))
        .inspect();
      expect(service.Spec?.Mode?.Replicated?.Replicas).toBe(2);
      const hosts = await waitUntil(
        async () => {
          const seen = new Set<string>();
          for (let i = 0; i < 8; i++)
            seen.add((await viaIngress(server.addresses.httpEndpoint, name, '/')).body);
          return seen.size === 2 && [...seen];
        },
        { what: 'answers from both replicas through the admin', timeoutMs: 60_000, intervalMs: 200 },
      );
      expect(hosts.every((body) => body.startsWith('r1 '))).toBe(true);
      await server.client.stopApp({ id: { name, project: 'default', domain: 'development', org: '' } });
      await expect(engine.getService(service.ID).inspect()).rejects.toThrow();
    } finally {
      await server.stop();
      await cleanUp(name);
    }
  }, 180_000);
});

maybe('the example webhook app on the swarm runtime', () => {
  test("deploys from orch's image with two replicas, both answering, and launches add-one", async () => {
    // orch's image, built from this repository on Node images of this host (cached by the engine).
    const orchImage = 'orch-test/orch:e2e';
    await buildOrchImage({
      tag: orchImage,
      baseImage: await nodeTestImage(engine),
      buildImage: await nodeTestImage(engine),
    });
    const home = await mkdtemp(join(tmpdir(), 'orch-swarm-webhook-'));
    // The admin (tasks in containers) on every address, so that the webhook's tasks reach it.
    const admin = await startDockerAdmin(home, {}, { host: '0.0.0.0' });
    const { addresses, client } = admin;
    let stack: AppsOverSwarm | undefined;
    const name = `webhook-${randomBytes(3).toString('hex')}`;
    try {
      const { key } = await mintApiKey(admin, 'webhook-app');
      const webhookKey = 'webhook-key-in-swarm-7731';
      const wf = parseDocument(await readFile(join(ROOT, 'examples', 'add-one', 'wf.yaml'), 'utf8'));
      wf.setIn(['tasks', 'add_one', 'image'], await nodeTestImage(engine));
      await writeFile(join(home, 'wf.yaml'), wf.toString());
      const connection = ['--orch.connection.host', addresses.grpcEndpoint, '--orch.connection.insecure'];
      const env = { PATH: process.env.PATH, HOME: home };
      const registered = await runBinary('orch', ['register', join(home, 'wf.yaml'), ...connection], env);
      const version = /^Computed version is (\S+)$/m.exec(registered.stdout)?.[1] ?? '';
      expect(version).not.toBe('');

      // The example app file with two replicas, and the admin's address as its tasks reach it.
      const grpcPort = new URL(`http://${addresses.grpcEndpoint.replace(/^dns:\/\/\//, '')}`).port;
      const httpPort = new URL(addresses.httpEndpoint).port;
      const file = parseDocument(await readFile(join(ROOT, 'examples', 'webhook', 'app.yaml'), 'utf8'));
      file.setIn(['apps', 'webhook', 'replicas'], 2);
      file.setIn(['apps', 'webhook', 'env'], {
        ORCHCTL_ORCH_CONNECTION_HOST: `dns:///host.docker.internal:${grpcPort}`,
        ORCHCTL_ORCH_CONNECTION_INSECURE: 'true',
        ORCHCTL_ORCH_AUTH_TOKENURL: `http://host.docker.internal:${httpPort}/oauth2/token`,
      });
      await writeFile(join(home, 'app.yaml'), file.toString());
      const app = (await loadAppFile(join(home, 'app.yaml'))).app('webhook');
      expect(app.replicas).toBe(2);

      stack = await startApps(
        new SwarmAppRuntime({
          engine,
          defaultImage: orchImage,
          user: '65534:65534',
          stopGraceSeconds: 5,
          tmpBytes: 16 * 1024 * 1024,
          logger: silentLogger,
        }),
        { WEBHOOK_API_KEY: webhookKey, ORCH_API_KEY: key },
      );
      const statuses: AppStatusOut[] = [];
      await stack.apps.deploy(
        {
          id: { name, project: 'default', domain: 'development', org: '' },
          port: app.port,
          args: app.argv,
          secrets: app.secrets,
          requires_auth: app.requires_auth,
          limits: { cpu: app.limits.cpu, mem: app.limits.mem },
          env: app.env,
          replicas: app.replicas,
        },
        (status) => statuses.push(status),
        120_000,
      );
      expect(statuses.at(-1)?.message).toBe('Service is ready');

      // Both replicas answer their health check on their own published ports.
      const ports = await waitUntil(
        async () => {
          const tasks: {
            Status?: { State?: string; PortStatus?: { Ports?: { PublishedPort?: number }[] } };
          }[] = await engine.listTasks({
            filters: {
              service: [serviceNameOf({ org: '', project: 'default', domain: 'development', name })],
            },
          });
          const up = tasks.filter((t) => t.Status?.State === 'running');
          const found = up.map((t) => t.Status?.PortStatus?.Ports?.[0]?.PublishedPort ?? 0);
          if (found.length !== 2) return undefined;
          const answers = await Promise.all(
            found.map((port) => get('127.0.0.1', port, '/healthz').catch(() => undefined)),
          );
          return answers.every((a) => a?.status === 200) ? found : undefined;
        },
        { what: 'both webhook replicas healthy', timeoutMs: 60_000, intervalMs: 500 },
      );
      expect(new Set(ports).size).toBe(2);

      // Through the ingress, the webhook launches add-one with its key.
      const response = await stack.ask(
        name,
        `/run-workflow/default/development/wf.add_one_wf/${version}`,
        JSON.stringify({ x: 2 }),
        { authorization: `Bearer ${webhookKey}`, 'content-type': 'application/json' },
      );
      expect(`${response.status} ${response.body.slice(0, 400)}`).toMatch(/^200 /);
      const execution = (JSON.parse(response.body) as { url: string }).url.split('/').pop() ?? '';
      const done = await waitForExecution(
        client,
        { project: 'default', domain: 'development', name: execution },
        60_000,
      );
      expect(done.closure?.phase).toBe('SUCCEEDED');
      expect(done.spec?.metadata?.principal).toBe('webhook-app');
    } finally {
      // Closing the app runtime lets go of the service (it is the swarm's): it is removed here.
      await stack?.close();
      await cleanUp(name);
      await admin.stop();
      await removeLabelled('org.orch.kind=task', engine);
      await rm(home, { recursive: true, force: true });
    }
  }, 900_000);
});
