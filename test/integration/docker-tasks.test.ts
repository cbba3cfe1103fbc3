import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { create as createTar } from 'tar';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import type { TaskSpec } from '../../src/api/types.js';
import {
  dockerSuiteRuns,
  nodeTestImage,
  removeLabelled,
  startDockerAdmin,
  testEngine,
} from '../helpers/docker.js';
import { waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, oneNodeWorkflow } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

// Tasks in containers (--runtime.type docker) on a real Docker engine: an admin in-process over a
// real SQLite file, tasks in containers of a Node image made from this host's files.

const maybe = (await dockerSuiteRuns('docker task runtime')) ? describe : describe.skip;
const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };
const engine = testEngine();

const startAdmin = startDockerAdmin;

/** A task of one integer input `x` and one integer output `o0` running `node -e script` in `image`. */
function task(
  name: string,
  image: string,
  script: string,
  extra: { timeoutSeconds?: number; limits?: { cpu?: string; mem?: string }; network?: boolean } = {},
): TaskSpec {
  return {
    template: {
      id: idOf('TASK', name, 'v1'),
      type: 'container',
      interface: {
        inputs: { variables: { x: { type: parseType('integer'), description: '' } } },
        outputs: { variables: { o0: { type: parseType('string'), description: '' } } },
      },
      metadata: {
        retries: { retries: 0 },
        timeout: { seconds: extra.timeoutSeconds ?? 60, nanos: 0 },
      },
      container: {
        image,
        command: ['node', '-e', script],
        env: [{ key: 'GREETING', value: 'hello' }],
        ...(extra.limits ? { limits: { cpu: extra.limits.cpu ?? '', mem: extra.limits.mem ?? '' } } : {}),
        ...(extra.network ? { network: true } : {}),
      },
    },
  };
}

/** Writes `{o0: <JSON of value>}` where `value` is a JS expression of the script. */
const output = (expression: string) =>
  `require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:JSON.stringify(${expression})}))`;

maybe('tasks in containers (docker runtime)', () => {
  let image: string;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof startAdmin>>;

  async function register(name: string, spec: TaskSpec) {
    const taskId = idOf('TASK', name, 'v1');
    const wf = idOf('WORKFLOW', `${name}_wf`, 'v1');
    await admin.client.createTask(taskId, spec);
    const workflow = oneNodeWorkflow(`${name}_wf`, 'v1', taskId);
    // The tasks here output a string: the workflow's output is typed after it.
    if (workflow.template)
      workflow.template.interface = {
        inputs: { variables: { x: { type: parseType('integer'), description: '' } } },
        outputs: { variables: { o0: { type: parseType('string'), description: '' } } },
      };
    await admin.client.createWorkflow(wf, workflow);
    await admin.client.createLaunchPlan(idOf('LAUNCH_PLAN', `${name}_wf`, 'v1'), launchPlanOf(wf));
  }

  const launch = (name: string, x = 1) =>
    admin.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', `${name}_wf`, 'v1') },
      inputs: literalMapFromJson({ x }, X),
    });

  const containersOf = (execution: string) =>
    engine.listContainers({ all: true, filters: { label: [`org.orch.execution=${execution}`] } });
  /** Waits until no container of `execution` is left: a harvested container is removed right after its attempt. */
  const noContainersLeft = (execution: string) =>
    waitUntil(async () => (await containersOf(execution)).length === 0, {
      what: `the containers of ${execution} to be removed`,
      timeoutMs: 30_000,
      intervalMs: 100,
    });

  beforeAll(async () => {
    image = await nodeTestImage(engine);
    dataDir = await mkdtemp(join(tmpdir(), 'orch-docker-'));
    admin = await startAdmin(dataDir);
  }, 120_000);

  afterAll(async () => {
    await admin?.stop();
    await removeLabelled('org.orch.kind=task', engine);
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a task runs in its image as a non-root user with its inputs, env and outputs, and the container is removed', async () => {
    await register(
      'probe',
      task(
        'probe',
        image,
        `const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));` +
          `console.log('out line');console.error('err line');` +
          output(
            `{x:i.x,uid:process.getuid(),gid:process.getgid(),greeting:process.env.GREETING,cwd:process.cwd(),attempt:process.env.ORCH_ATTEMPT}`,
          ),
      ),
    );
    const launchedAt = Date.now();
    const id = await launch('probe', 41);
    const done = await waitForExecution(admin.client, id, 60_000);
    expect(done.closure?.phase).toBe('SUCCEEDED');
    const seen = JSON.parse(String(literalMapToJson(done.closure?.outputs).o0));
    expect(seen).toEqual({ x: 41, uid: 65534, gid: 65534, greeting: 'hello', cwd: '/tmp', attempt: '1' });
    await noContainersLeft(id.name);
    // Its output is the attempt's logs, as the console shows them.
    const log = await fetch(
      `${admin.addresses.httpEndpoint}/console/projects/default/domains/development/executions/${id.name}/nodes/n0/log`,
    );
    expect(log.status).toBe(200);
    const text = await log.text();
    expect(text).toContain('=== attempt 1 stdout (SUCCEEDED) ===\nout line\n');
    expect(text).toContain('=== attempt 1 stderr (SUCCEEDED) ===\nerr line\n');
    // With timestamps, each line starts with the engine's time of it.
    const timed = await (await fetch(`${log.url}?timestamps=true`)).text();
    const stamp = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) out line$/m.exec(timed);
    expect(stamp).not.toBeNull();
    expect(timed).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z err line$/m);
    const at = Date.parse(stamp?.[1] ?? '');
    expect(at).toBeGreaterThanOrEqual(launchedAt);
    expect(at).toBeLessThanOrEqual(Date.now());
  }, 90_000);

  test("a task cannot read the admin's database, keys or home, has a read-only root, no capabilities and no network", async () => {
    await register(
      'isolated',
      task(
        'isolated',
        image,
        `const fs=require('fs');const tryTo=(f)=>{try{f();return 'allowed'}catch(e){return e.code||e.message}};` +
          `const paths=${JSON.stringify([join(dataDir, 'orch.db'), join(dataDir, 'secrets'), dataDir, '/root'])};` +
          `const seen={};for(const p of paths)seen[p]=fs.existsSync(p);` +
          `seen.writeRoot=tryTo(()=>fs.writeFileSync('/evil','x'));` +
          `seen.writeTmp=tryTo(()=>fs.writeFileSync('/tmp/ok','x'));` +
          `seen.env=Object.keys(process.env).filter(k=>!['HOME','PATH','HOSTNAME','GREETING','ORCH_INPUTS_FILE','ORCH_OUTPUTS_FILE','ORCH_ATTEMPT','NODE_EXTRA_CA_CERTS'].includes(k));` +
          `seen.capEff=fs.readFileSync('/proc/self/status','utf8').match(/CapEff:\\s*(\\w+)/)[1];` +
          `seen.noNewPrivs=fs.readFileSync('/proc/self/status','utf8').match(/NoNewPrivs:\\s*(\\d)/)[1];` +
          `seen.interfaces=Object.keys(require('os').networkInterfaces());` +
          output('seen'),
      ),
    );
    const id = await launch('isolated');
    const done = await waitForExecution(admin.client, id, 60_000);
    expect(done.closure?.phase).toBe('SUCCEEDED');
    const seen = JSON.parse(String(literalMapToJson(done.closure?.outputs).o0));
    expect(seen).toEqual({
      [join(dataDir, 'orch.db')]: false,
      [join(dataDir, 'secrets')]: false,
      [dataDir]: false,
      '/root': true,
      writeRoot: 'EROFS',
      writeTmp: 'allowed',
      env: [],
      capEff: '0000000000000000',
      noNewPrivs: '1',
      interfaces: ['lo'],
    });
  }, 90_000);

  test('a code bundle is mounted read-only as the working directory, readable by the task user', async () => {
    const root = join(dataDir, 'bundle-src');
    await mkdir(join(root, 'lib'), { recursive: true });
    await writeFile(join(root, 'lib', 'step.txt'), '5');
    await writeFile(
      join(root, 'main.js'),
      `const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));` +
        `let write;try{fs.writeFileSync('here.txt','x');write='allowed'}catch(e){write=e.code}` +
        output(`{sum:i.x+Number(fs.readFileSync('lib/step.txt','utf8')),cwd:process.cwd(),write}`),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of createTar({ gzip: true, cwd: root, portable: true }, ['main.js', 'lib']))
      chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const location = await admin.client.createUploadLocation({
      ...scope,
      filename: 'bundle.tar.gz',
      content_md5: createHash('md5').update(bytes).digest(),
    });
    const put = await fetch(location.signed_url, { method: 'PUT', body: bytes, headers: location.headers });
    expect(put.status).toBe(200);
    const spec = task('bundled', image, '');
    const container = spec.template?.container;
    if (container) {
      container.command = ['node', 'main.js'];
      container.code_bundle = location.native_url;
    }
    await register('bundled', spec);
    const done = await waitForExecution(admin.client, await launch('bundled', 10), 60_000);
    expect(done.closure?.error?.message ?? '').toBe('');
    expect(done.closure?.phase).toBe('SUCCEEDED');
    expect(JSON.parse(String(literalMapToJson(done.closure?.outputs).o0))).toEqual({
      sum: 15,
      cwd: '/orch/code',
      write: 'EROFS',
    });
  }, 90_000);

  test('a task that asks for a network gets one', async () => {
    await register(
      'networked',
      task('networked', image, output(`Object.keys(require('os').networkInterfaces()).sort()`), {
        network: true,
      }),
    );
    const done = await waitForExecution(admin.client, await launch('networked'), 60_000);
    expect(done.closure?.phase).toBe('SUCCEEDED');
    expect(JSON.parse(String(literalMapToJson(done.closure?.outputs).o0))).toEqual(['eth0', 'lo']);
  }, 90_000);

  test('an image the engine lacks is pulled first; one that cannot be pulled fails the attempt, naming the image', async () => {
    const absent = '127.0.0.1:9/orch-absent:never';
    await register('absent', task('absent', absent, output('1')));
    const done = await waitForExecution(admin.client, await launch('absent'), 60_000);
    expect(done.closure?.phase).toBe('FAILED');
    expect(done.closure?.error?.message).toContain(
      `image ${absent} is not in the engine and cannot be pulled`,
    );
    await noContainersLeft(done.id?.name ?? '');
  }, 90_000);

  test('a task over its memory limit ends OOMKilled, naming the limit', async () => {
    await register(
      'hungry',
      task(
        'hungry',
        image,
        `const keep=[];for(let i=0;i<40;i++){keep.push(Buffer.alloc(16*1024*1024,1))};${output('keep.length')}`,
        { limits: { mem: '96Mi' } },
      ),
    );
    const id = await launch('hungry');
    const done = await waitForExecution(admin.client, id, 60_000);
    expect(done.closure?.phase).toBe('FAILED');
    expect(done.closure?.error?.code).toBe('OOMKilled');
    expect(done.closure?.error?.message).toContain('memory limit of 96Mi');
    await noContainersLeft(id.name);
  }, 90_000);

  test('a timeout stops the container: TIMED_OUT, and no container is left', async () => {
    await register('sleepy', task('sleepy', image, 'setTimeout(()=>{},60000)', { timeoutSeconds: 2 }));
    const id = await launch('sleepy');
    const started = Date.now();
    const done = await waitForExecution(admin.client, id, 60_000);
    expect(done.closure?.phase).toBe('TIMED_OUT');
    expect(Date.now() - started).toBeLessThan(20_000);
    await noContainersLeft(id.name);
  }, 90_000);

  test('terminate stops the running container: ABORTED, and no container is left', async () => {
    await register('longer', task('longer', image, 'setTimeout(()=>{},60000)'));
    const id = await launch('longer');
    for (let i = 0; i < 200 && (await containersOf(id.name)).every((c) => c.State !== 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await containersOf(id.name)).map((c) => c.State)).toEqual(['running']);
    await admin.client.terminateExecution(id, 'enough');
    const done = await waitForExecution(admin.client, id, 30_000);
    expect(done.closure?.phase).toBe('ABORTED');
    await noContainersLeft(id.name);
  }, 90_000);

  test('after an admin restart a running container is re-attached (not rerun) and a finished one harvested', async () => {
    // Each run prints its container's host name (the container id's first 12 characters).
    const script = (ms: number) =>
      `console.log('host='+require('os').hostname());setTimeout(()=>{${output(`require('os').hostname()`)}},${ms})`;
    await register('slowish', task('slowish', image, script(6000)));
    await register('quick', task('quick', image, script(200)));
    const slow = await launch('slowish');
    const quick = await launch('quick');
    let running: string | undefined;
    for (let i = 0; i < 200 && !running; i++) {
      running = (await containersOf(slow.name)).find((c) => c.State === 'running')?.Id;
      if (!running) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(running).toBeDefined();
    await admin.stop();
    // While no admin runs, the quick task finishes; the slow one goes on.
    const quickContainer = async () => (await containersOf(quick.name))[0];
    for (let i = 0; i < 100 && (await quickContainer())?.State !== 'exited'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await quickContainer())?.State).toBe('exited');
    expect((await containersOf(slow.name)).map((c) => [c.Id, c.State])).toEqual([[running, 'running']]);

    const restartedAt = Date.now();
    admin = await startAdmin(dataDir);
    const slowDone = await waitForExecution(admin.client, slow, 60_000);
    const quickDone = await waitForExecution(admin.client, quick, 60_000);
    expect([slowDone.closure?.phase, slowDone.closure?.error?.message]).toEqual(['SUCCEEDED', undefined]);
    expect([quickDone.closure?.phase, quickDone.closure?.error?.message]).toEqual(['SUCCEEDED', undefined]);
    // The same container finished the slow task: its host name is the one that was running.
    expect(JSON.parse(String(literalMapToJson(slowDone.closure?.outputs).o0))).toBe(running?.slice(0, 12));
    // Its log is the container's whole output, printed once: it never ran a second time.
    const log = await fetch(
      `${admin.addresses.httpEndpoint}/console/projects/default/domains/development/executions/${slow.name}/nodes/n0/log`,
    );
    expect((await log.text()).match(/host=\w+/g)).toEqual([`host=${running?.slice(0, 12)}`]);
    // Its line keeps the time the container printed it, before the restart (not the re-attach's).
    const timed = await (await fetch(`${log.url}?timestamps=true`)).text();
    const stamp = /^(\S+) host=\w+$/m.exec(timed)?.[1];
    expect(Date.parse(stamp ?? '')).toBeLessThan(restartedAt);
    const nodes = await admin.client.listNodeExecutions(slow);
    expect(nodes.node_executions[0]?.closure?.attempts ?? 1).toBe(1);
    await noContainersLeft(slow.name);
    await noContainersLeft(quick.name);
  }, 120_000);
});

describe('the docker runtime without an engine', () => {
  test('the admin does not start, and says where it looked and what to do', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'orch-docker-none-'));
    try {
      await expect(
        startAdmin(dataDir, { 'runtime.docker.host': `unix://${join(dataDir, 'no-such.sock')}` }),
      ).rejects.toThrow(/no Docker engine answers at unix:\/\/.*no-such\.sock.*--runtime\.type local/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
