import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { runOrch } from '../../src/cli/program.js';
import {
  ensureIsolatedNetwork,
  ISOLATED_CONFIG,
  ISOLATED_NETWORK,
  overlappingNetworkOf,
  parseConstraints,
  renewIsolatedNetwork,
  staleNetworkOf,
} from '../../src/engines/swarm-engine.js';
import { silentLogger } from '../../src/server/logger.js';
import { openRuntime } from '../../src/server/runtime/open.js';
import { CONSTRAINTS_ENV, type SwarmTaskRuntime, serviceName } from '../../src/server/runtime/swarm-tasks.js';
import type { AttemptIds, TaskAttemptEnd, TaskAttemptSpec } from '../../src/server/runtime/tasks.js';
import { nodeTestImage, startDockerAdmin, testEngine } from '../helpers/docker.js';
import { captureIO } from '../helpers/io.js';
import { waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';
import {
  openSwarmTasks,
  removeLabelledServices,
  servicesLabelled,
  swarmSuiteRuns,
} from '../helpers/swarm.js';

// Tasks as Docker Swarm jobs (--runtime.type swarm) on the real engine, a one-node swarm: the
// runtime driven directly (an attempt's folder made here), then through an in-process admin that
// registers and runs the examples.

const maybe = (await swarmSuiteRuns('swarm task runtime')) ? describe : describe.skip;
const engine = testEngine();
const RUN = `t${Date.now().toString(36)}`;
const scope = { project: 'default', domain: 'development' };

/** Opens the swarm runtime as the admin does, with a 2 s grace period. */

maybe('the swarm task runtime, directly', () => {
  let image: string;
  let work: string;
  let runtime: SwarmTaskRuntime;
  let count = 0;

  beforeAll(async () => {
    image = await nodeTestImage(engine);
    work = await mkdtemp(join(tmpdir(), 'orch-swarm-'));
    runtime = await openSwarmTasks();
  }, 120_000);

  afterAll(async () => {
    await removeLabelledServices(`org.orch.execution=${RUN}`);
    await rm(work, { recursive: true, force: true });
  });

  /** A fresh attempt of `node -e script` with inputs {x: 41}; its folder is made. */
  async function attempt(script: string, extra: Partial<TaskAttemptSpec> = {}): Promise<TaskAttemptSpec> {
    count += 1;
    const ids: AttemptIds = { ...scope, execution: RUN, node: `n${count}`, attempt: 1 };
    const dir = join(work, `n${count}`);
    await mkdir(join(dir, 'io'), { recursive: true });
    await writeFile(join(dir, 'io', 'inputs.json'), JSON.stringify({ x: 41 }));
    return {
      ids,
      argv: ['node', '-e', script],
      env: { GREETING: 'hello', ORCH_ATTEMPT: '1' },
      dir,
      image,
      limits: {},
      network: false,
      timeoutMs: 60_000,
      signal: new AbortController().signal,
      ...extra,
    };
  }

  const outputs = async (spec: TaskAttemptSpec) =>
    JSON.parse(await readFile(join(spec.dir, 'io', 'outputs.json'), 'utf8'));
  const write = (expression: string) =>
    `require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify(${expression}))`;
  const servicesOf = (spec: TaskAttemptSpec) =>
    servicesLabelled(`org.orch.node=${spec.ids.node}`).then((all) =>
      all.filter((s) => JSON.stringify(s.Spec).includes(RUN)),
    );

  test('an attempt runs as a job, non-root, read-only, no capabilities, isolated; outputs, logs, and nothing left', async () => {
    const spec = await attempt(
      `const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));` +
        `console.log('out line');console.error('err line');` +
        `const tryTo=(f)=>{try{f();return 'allowed'}catch(e){return e.code||e.message}};` +
        write(
          `{x:i.x,uid:process.getuid(),greeting:process.env.GREETING,cwd:process.cwd(),` +
            `writeRoot:tryTo(()=>fs.writeFileSync('/evil','x')),writeTmp:tryTo(()=>fs.writeFileSync('/tmp/ok','x')),` +
            `capEff:fs.readFileSync('/proc/self/status','utf8').match(/CapEff:\\s*(\\w+)/)[1],` +
            // The admin's files: the attempts' folder on the host and this checkout are not there.
            `hostPaths:${JSON.stringify([work, process.cwd()])}.map((p)=>fs.existsSync(p)),` +
            `env:Object.keys(process.env).filter(k=>!['HOME','PATH','HOSTNAME','GREETING','ORCH_INPUTS_FILE','ORCH_OUTPUTS_FILE','ORCH_ATTEMPT','NODE_EXTRA_CA_CERTS'].includes(k)),` +
            `interfaces:Object.keys(require('os').networkInterfaces()).sort()}`,
        ),
    );
    let started = 0;
    const runFrom = Date.now();
    const end = await runtime.run(spec, async () => {
      started += 1;
    });
    expect(end).toMatchObject({ kind: 'exited', code: 0 });
    expect(started).toBe(1);
    expect(await outputs(spec)).toEqual({
      x: 41,
      uid: 65534,
      greeting: 'hello',
      cwd: '/tmp',
      writeRoot: 'EROFS',
      writeTmp: 'allowed',
      capEff: '0000000000000000',
      hostPaths: [false, false],
      env: [],
      // An internal network's interface: a service always gets one (see ISOLATED_NETWORK).
      interfaces: ['eth0', 'lo'],
    });
    expect(await readFile(join(spec.dir, 'stdout.log'), 'utf8')).toBe('out line\n');
    expect(await readFile(join(spec.dir, 'stderr.log'), 'utf8')).toBe('err line\n');
    // Beside each log, its line's time as the engine recorded it (between the run's start and end).
    for (const stream of ['stdout', 'stderr']) {
      const [offset, at] = (await readFile(join(spec.dir, `${stream}.times`), 'utf8')).split(/[ \n]/);
      expect(offset).toBe('0');
      expect(Number(at)).toBeGreaterThanOrEqual(runFrom);
      expect(Number(at)).toBeLessThanOrEqual(Date.now());
    }
    expect(await servicesOf(spec)).toEqual([]);
    expect(await runtime.holds(spec.ids)).toBe(false);
    const volumes = await engine.listVolumes({
      filters: { label: [`org.orch.execution=${RUN}`, `org.orch.node=${spec.ids.node}`] },
    });
    expect(volumes.Volumes ?? []).toEqual([]);
    const network = await engine.getNetwork(runtime.isolatedNetwork).inspect();
    expect([network.Internal, network.Scope, network.Name.startsWith(ISOLATED_NETWORK)]).toEqual([
      true,
      'swarm',
      true,
    ]);
  }, 90_000);

  test('a renewed isolated network replaces one that nodes refuse; a runtime on the removed one moves to it', async () => {
    // What Docker 20.10 says of a swarm network whose node copy outlived a restart of the daemon.
    expect(staleNetworkOf('network u7leg3uixi4hi6v4lfdzthj52 exists')).toBe('u7leg3uixi4hi6v4lfdzthj52');
    expect(staleNetworkOf('No such image: busybox:latest')).toBeUndefined();
    // What it says when a left-over copy of a removed network holds the subnet the node chose.
    const overlap =
      'cannot create network 560u166jdfaj448xo6d238ei6 (br-560u166jdfaj): conflicts with network ' +
      'fnesq58b6yc894vosx0yn5963 (br-fnesq58b6yc8): networks have overlapping IPv4';
    expect(overlappingNetworkOf(overlap)).toBe('fnesq58b6yc894vosx0yn5963');
    expect(staleNetworkOf(overlap)).toBeUndefined();
    expect(overlappingNetworkOf('network u7leg3uixi4hi6v4lfdzthj52 exists')).toBeUndefined();
    const before = await ensureIsolatedNetwork(engine);
    const stuck = await openSwarmTasks(); // joins `before`, which is removed below
    const renewed = await renewIsolatedNetwork(engine, before);
    expect(renewed).not.toBe(before);
    // Renewing the same stale network again (another attempt, another admin) makes no third one.
    expect(await renewIsolatedNetwork(engine, before)).toBe(renewed);
    expect(await ensureIsolatedNetwork(engine)).toBe(renewed);
    const network = await engine.getNetwork(renewed).inspect();
    expect([network.Internal, network.Scope, network.ConfigFrom?.Network]).toEqual([
      true,
      'swarm',
      ISOLATED_CONFIG,
    ]);
    expect(network.Name).toMatch(new RegExp(`^${ISOLATED_NETWORK}-[0-9a-z]+$`));
    // The stale one is gone (a listing may show it a moment longer), unless a job of another suite
    // was on it then: either way there is nothing left here to remove.
    await expect(engine.getNetwork(before).remove()).rejects.toThrow(/not found|in use|active endpoints/);
    expect(stuck.isolatedNetwork).toBe(before);
    const spec = await attempt(write(`Object.keys(require('os').networkInterfaces()).sort()`));
    const end = await stuck.run(spec, async () => {});
    expect(end).toMatchObject({ kind: 'exited', code: 0 });
    expect(await outputs(spec)).toEqual(['eth0', 'lo']);
    expect(stuck.isolatedNetwork).toBe(renewed);
  }, 90_000);

  test('a job gets the reservations, limits and constraints of its task and the runtime', async () => {
    const spec = await attempt(`setTimeout(()=>{},60000)`, {
      limits: { cpuMillis: 500, memoryBytes: 128 * 1024 * 1024 },
      env: { [CONSTRAINTS_ENV]: 'node.role==manager' },
    });
    const stop = new AbortController();
    const running = runtime.run({ ...spec, signal: stop.signal }, async () => undefined);
    let inspected: {
      Spec: {
        Mode: unknown;
        TaskTemplate: { Resources: unknown; Placement: { Constraints: string[] }; RestartPolicy: unknown };
      };
    } | null = null;
    for (let i = 0; i < 100 && !inspected; i++) {
      inspected = await engine
        .getService(serviceName(spec.ids))
        .inspect()
        .catch(() => null);
      if (!inspected) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(inspected?.Spec.Mode).toEqual({ ReplicatedJob: { MaxConcurrent: 1, TotalCompletions: 1 } });
    expect(inspected?.Spec.TaskTemplate.RestartPolicy).toMatchObject({ Condition: 'none' });
    expect(inspected?.Spec.TaskTemplate.Resources).toEqual({
      Limits: { NanoCPUs: 500_000_000, MemoryBytes: 128 * 1024 * 1024, Pids: 1024 },
      Reservations: { NanoCPUs: 125_000_000, MemoryBytes: 32 * 1024 * 1024 },
    });
    expect(inspected?.Spec.TaskTemplate.Placement.Constraints).toEqual(['node.role==manager']);
    stop.abort('terminate');
    const end = await running;
    expect(end).toMatchObject({ kind: 'killed', reason: 'terminate' });
    expect(await servicesOf(spec)).toEqual([]);
    // Stopped while it was being started: its container, which came after, is gone too.
    expect(
      await engine.listContainers({ all: true, filters: { label: [`org.orch.node=${spec.ids.node}`] } }),
    ).toEqual([]);
  }, 90_000);

  test('a failing task: its exit code and the tail of its standard error', async () => {
    const spec = await attempt(`console.error('x'.repeat(3000));console.error('the end');process.exit(3)`);
    const end = await runtime.run(spec, async () => undefined);
    if (end.kind !== 'exited') throw new Error(`the task ended ${end.kind}, not exited`);
    expect(end.code).toBe(3);
    expect(end.stderrTail.endsWith('the end')).toBe(true);
    expect(end.stderrTail.length).toBeLessThanOrEqual(2048);
    expect((await readFile(join(spec.dir, 'stderr.log'), 'utf8')).length).toBe(3000 + 1 + 'the end\n'.length);
  }, 90_000);

  test('a timeout removes the job: timed out, no service left', async () => {
    const spec = await attempt(`console.log('started');setTimeout(()=>{},60000)`, { timeoutMs: 3000 });
    const end = await runtime.run(spec, async () => undefined);
    expect(end).toMatchObject({ kind: 'killed', reason: 'timeout' });
    expect(await servicesOf(spec)).toEqual([]);
  }, 90_000);

  test('terminate removes the running job; nothing is left', async () => {
    const spec = await attempt(`console.log('started');setTimeout(()=>{},60000)`);
    const stop = new AbortController();
    const running = runtime.run({ ...spec, signal: stop.signal }, async () => undefined);
    for (let i = 0; i < 200; i++) {
      if ((await readFile(join(spec.dir, 'stdout.log'), 'utf8').catch(() => '')).includes('started')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stop.abort('terminate');
    const end: TaskAttemptEnd = await running;
    expect(end).toMatchObject({ kind: 'killed', reason: 'terminate' });
    expect(await servicesOf(spec)).toEqual([]);
    expect(
      await engine.listContainers({ all: true, filters: { label: [`org.orch.node=${spec.ids.node}`] } }),
    ).toEqual([]);
  }, 90_000);

  test('a job whose service someone else removes ends, saying so', async () => {
    const spec = await attempt(`console.log('started');setTimeout(()=>{},60000)`);
    const running = runtime.run(spec, async () => undefined);
    for (let i = 0; i < 200; i++) {
      if ((await readFile(join(spec.dir, 'stdout.log'), 'utf8').catch(() => '')).includes('started')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await engine.getService(serviceName(spec.ids)).remove();
    const end = await running;
    expect(end).toMatchObject({ kind: 'lost', what: "the job's service was removed" });
  }, 90_000);

  test('a task over its memory limit ends OOM-killed, naming the limit', async () => {
    const spec = await attempt(
      `const keep=[];for(let i=0;i<40;i++){keep.push(Buffer.alloc(16*1024*1024,1))};${write('keep.length')}`,
      { limits: { memoryBytes: 96 * 1024 * 1024 } },
    );
    const end = await runtime.run(spec, async () => undefined);
    expect(end).toMatchObject({ kind: 'oomKilled', memoryBytes: 96 * 1024 * 1024 });
  }, 90_000);

  test('constraints no node satisfies keep the job pending until its timeout, which says why', async () => {
    const spec = await attempt(`console.log('never')`, {
      timeoutMs: 3000,
      env: { [CONSTRAINTS_ENV]: 'node.labels.orch-test-zone==nowhere' },
    });
    const end = await runtime.run(spec, async () => undefined);
    expect(end).toMatchObject({
      kind: 'killed',
      reason: 'timeout',
      stderrTail: expect.stringMatching(/not started: no suitable node/),
    });
    expect(await servicesOf(spec)).toEqual([]);
  }, 90_000);

  test('a malformed constraint is refused before anything runs, naming it', async () => {
    const spec = await attempt(`console.log('never')`, { env: { [CONSTRAINTS_ENV]: 'zone=a' } });
    const end = await runtime.run(spec, async () => undefined);
    expect(end).toMatchObject({ kind: 'notStarted' });
    expect(end.kind === 'notStarted' && end.error).toMatch(
      /ORCH_SWARM_CONSTRAINTS: "zone=a" is not a swarm placement constraint/,
    );
    expect(await servicesOf(spec)).toEqual([]);
    expect(() => parseConstraints(['node.labels.zone==a, node.role!=manager'], 'x')).not.toThrow();
    await expect(openSwarmTasks(['node.labels.zone'])).rejects.toThrow(
      /--runtime.swarm.constraints: "node.labels.zone" is not a swarm placement constraint/,
    );
  }, 90_000);

  test('secret values go in a Swarm secret read by the task: never in the service spec, labels or env; removed after', async () => {
    const value = `s3cret-'quoted' "and" $dollar ${RUN}`;
    const spec = await attempt(
      `console.log('started');setTimeout(()=>{${write('{token:process.env.API_TOKEN,greeting:process.env.GREETING}')}},1500)`,
      { env: { GREETING: 'hello', API_TOKEN: value }, secretEnv: ['API_TOKEN'] },
    );
    const running = runtime.run(spec, async () => undefined);
    let seen = '';
    for (let i = 0; i < 100 && !seen; i++) {
      const inspected = await engine
        .getService(serviceName(spec.ids))
        .inspect()
        .catch(() => null);
      if (inspected) seen = JSON.stringify(inspected);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toContain('orch-env');
    expect(seen).toContain('GREETING=hello');
    expect(seen).not.toContain('s3cret');
    const { Spec } = JSON.parse(seen);
    expect(Spec.TaskTemplate.ContainerSpec.Env.filter((e: string) => e.startsWith('API_TOKEN'))).toEqual([]);
    expect(JSON.stringify([Spec.Labels, Spec.TaskTemplate.ContainerSpec.Labels])).not.toContain('API_TOKEN');
    const end = await running;
    expect(end).toMatchObject({ kind: 'exited', code: 0 });
    expect(await outputs(spec)).toEqual({ token: value, greeting: 'hello' });
    expect(await engine.listSecrets({ filters: { label: [`org.orch.node=${spec.ids.node}`] } })).toEqual([]);
  }, 90_000);

  test('a task that asks for a network gets the default bridge, not the isolated network', async () => {
    const spec = await attempt(write(`Object.keys(require('os').networkInterfaces()).sort()`), {
      network: true,
    });
    const running = runtime.run(spec, async () => undefined);
    let networks: unknown;
    for (let i = 0; i < 100 && networks === undefined; i++) {
      const inspected = await engine
        .getService(serviceName(spec.ids))
        .inspect()
        .catch(() => null);
      if (inspected) networks = inspected.Spec.TaskTemplate.Networks ?? [];
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(networks).toEqual([]);
    expect(await running).toMatchObject({ kind: 'exited', code: 0 });
    expect(await outputs(spec)).toEqual(['eth0', 'lo']);
  }, 90_000);

  test("'shutdown' lets go of a running job; a new runtime holds it and re-attaches, running it once", async () => {
    const spec = await attempt(
      `console.log('host='+require('os').hostname());setTimeout(()=>{${write(`require('os').hostname()`)}},4000)`,
    );
    const stop = new AbortController();
    const first = runtime.run({ ...spec, signal: stop.signal }, async () => undefined);
    for (let i = 0; i < 200; i++) {
      if ((await readFile(join(spec.dir, 'stdout.log'), 'utf8').catch(() => '')).includes('host=')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stop.abort('shutdown');
    expect(await first).toEqual({ kind: 'detached' });
    await runtime.close();
    const again = await openSwarmTasks();
    expect(await again.holds(spec.ids)).toBe(true);
    let started = 0;
    const end = await again.run(spec, async () => {
      started += 1;
    });
    expect(end).toMatchObject({ kind: 'exited', code: 0 });
    expect(started).toBe(1);
    const host = await outputs(spec);
    expect((await readFile(join(spec.dir, 'stdout.log'), 'utf8')).match(/host=\w+/g)).toEqual([
      `host=${host}`,
    ]);
    expect(await again.holds(spec.ids)).toBe(false);
  }, 90_000);
});

maybe('the swarm runtime through an admin', () => {
  let image: string;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof startDockerAdmin>>;

  beforeAll(async () => {
    image = await nodeTestImage(engine);
    dataDir = await mkdtemp(join(tmpdir(), 'orch-swarm-admin-'));
    admin = await startDockerAdmin(dataDir, { 'runtime.type': 'swarm' });
  }, 120_000);

  afterAll(async () => {
    await admin?.stop();
    await removeLabelledServices('org.orch.kind=task');
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Registers an example copied with its tasks' image replaced by the test image; resolves to its version. */
  async function register(example: string, file: string): Promise<string> {
    const dir = join(dataDir, example);
    await cp(join(ROOT, 'examples', example), dir, { recursive: true });
    const path = join(dir, file);
    await writeFile(path, (await readFile(path, 'utf8')).replaceAll('node:20-slim', image));
    const io = captureIO({ home: dataDir });
    const code = await runOrch(
      [
        'register',
        path,
        '--orch.connection.host',
        admin.addresses.grpcEndpoint,
        '--orch.connection.insecure',
      ],
      io,
    );
    expect([code, io.err()]).toEqual([0, '']);
    return /^Computed version is (\S+)$/m.exec(io.out())?.[1] ?? '';
  }

  async function launch(
    plan: string,
    version: string,
    inputs: Record<string, unknown>,
    types: Record<string, string>,
  ) {
    const id = await admin.client.createExecution({
      ...scope,
      spec: { launch_plan: { resource_type: 'LAUNCH_PLAN', ...scope, name: plan, version } },
      inputs: literalMapFromJson(inputs, {
        variables: Object.fromEntries(Object.entries(types).map(([k, t]) => [k, { type: parseType(t) }])),
      }),
    });
    return waitForExecution(admin.client, id, 90_000);
  }

  test('a declared secret reaches the task through a Swarm secret, never the service spec; nothing is left', async () => {
    const value = `swarm-secret-${RUN}`;
    const res = await fetch(`${admin.addresses.httpEndpoint}/api/v1/secrets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: { name: 'SWARM_TOKEN' }, secret_spec: { string_value: value } }),
    });
    expect(res.status).toBe(200);
    const task = nodeTask(
      'swarm_secret',
      'v1',
      // The script compares a digest: the value itself would be in the service's command.
      `const h=require('crypto').createHash('sha256').update(process.env.TOKEN||'').digest('hex');` +
        `setTimeout(()=>require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:h===${JSON.stringify(createHash('sha256').update(value).digest('hex'))}?1:0})),1500)`,
      { x: 'integer' },
      { o0: 'integer' },
    );
    if (task.template?.container) task.template.container.image = image;
    if (task.template)
      task.template.security_context = { secrets: [{ key: 'SWARM_TOKEN', env_var: 'TOKEN' }] };
    await admin.client.createTask(idOf('TASK', 'swarm_secret', 'v1'), task);
    const wf = idOf('WORKFLOW', 'swarm_secret_wf', 'v1');
    await admin.client.createWorkflow(
      wf,
      oneNodeWorkflow('swarm_secret_wf', 'v1', idOf('TASK', 'swarm_secret', 'v1')),
    );
    await admin.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'swarm_secret_wf', 'v1'), launchPlanOf(wf));
    const id = await admin.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'swarm_secret_wf', 'v1') },
      inputs: literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } }),
    });
    let seen = '';
    for (let i = 0; i < 200 && !seen; i++) {
      const found = await servicesLabelled(`org.orch.execution=${id.name}`);
      if (found.length > 0) seen = JSON.stringify(found);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toContain('orch-env');
    expect(seen).not.toContain(value);
    const done = await waitForExecution(admin.client, id, 90_000);
    expect([done.closure?.phase, literalMapToJson(done.closure?.outputs)]).toEqual(['SUCCEEDED', { o0: 1 }]);
    expect(await engine.listSecrets({ filters: { label: [`org.orch.execution=${id.name}`] } })).toEqual([]);
    expect(await servicesLabelled(`org.orch.execution=${id.name}`)).toEqual([]);
  }, 120_000);

  test('after an admin restart a running job is re-attached, not run again', async () => {
    const task = nodeTask(
      'swarm_slow',
      'v1',
      `console.log('host='+require('os').hostname());setTimeout(()=>require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:1})),5000)`,
      { x: 'integer' },
      { o0: 'integer' },
    );
    if (task.template?.container) task.template.container.image = image;
    await admin.client.createTask(idOf('TASK', 'swarm_slow', 'v1'), task);
    const wf = idOf('WORKFLOW', 'swarm_slow_wf', 'v1');
    await admin.client.createWorkflow(
      wf,
      oneNodeWorkflow('swarm_slow_wf', 'v1', idOf('TASK', 'swarm_slow', 'v1')),
    );
    await admin.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'swarm_slow_wf', 'v1'), launchPlanOf(wf));
    const id = await admin.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'swarm_slow_wf', 'v1') },
      inputs: literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } }),
    });
    let service: string | undefined;
    for (let i = 0; i < 200 && !service; i++) {
      const found = await servicesLabelled(`org.orch.execution=${id.name}`);
      const tasks: Array<{ Status?: { State?: string } }> = found[0]
        ? await engine.listTasks({ filters: { service: [found[0].ID] } })
        : [];
      if (found[0] && tasks.some((t) => t.Status?.State === 'running')) service = found[0].ID;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(service).toBeDefined();
    await admin.stop();
    expect((await servicesLabelled(`org.orch.execution=${id.name}`)).map((s) => s.ID)).toEqual([service]);
    admin = await startDockerAdmin(dataDir, { 'runtime.type': 'swarm' });
    const done = await waitForExecution(admin.client, id, 90_000);
    expect([done.closure?.phase, done.closure?.error?.message]).toEqual(['SUCCEEDED', undefined]);
    const log = await fetch(
      `${admin.addresses.httpEndpoint}/console/projects/default/domains/development/executions/${id.name}/nodes/n0/log`,
    );
    expect((await log.text()).match(/host=\w+/g)?.length).toBe(1);
    const nodes = await admin.client.listNodeExecutions(id);
    expect(nodes.node_executions[0]?.closure?.attempts ?? 1).toBe(1);
    expect(await servicesLabelled(`org.orch.execution=${id.name}`)).toEqual([]);
  }, 120_000);

  test('examples/add-one runs as a swarm job', async () => {
    const version = await register('add-one', 'wf.yaml');
    const done = await launch('wf.add_one_wf', version, { x: 2 }, { x: 'integer' });
    expect([done.closure?.phase, done.closure?.error?.message]).toEqual(['SUCCEEDED', undefined]);
    expect(literalMapToJson(done.closure?.outputs)).toEqual({ o0: 3 });
  }, 120_000);

  test('examples/csv-pipeline fans out over the CSV in its bundle and fans in, as swarm jobs', async () => {
    const version = await register('csv-pipeline', 'pipeline.yaml');
    const done = await launch('pipeline.sales_report', version, { target: 100 }, { target: 'float' });
    expect([done.closure?.phase, done.closure?.error?.message]).toEqual(['SUCCEEDED', undefined]);
    expect(literalMapToJson(done.closure?.outputs)).toEqual({
      grand_total: 222.75,
      best_region: 'south',
      above_target: true,
    });
    expect(await servicesLabelled(`org.orch.execution=${done.id?.name}`)).toEqual([]);
  }, 180_000);
});

describe('the swarm runtime without an engine', () => {
  test('opening it fails, saying where it looked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orch-swarm-none-'));
    try {
      await expect(
        openRuntime(
          {
            type: 'swarm',
            docker: {
              host: `unix://${join(dir, 'no-such.sock')}`,
              defaultImage: 'x',
              user: '65534:65534',
              stopGracePeriod: '2s',
              taskLimits: { cpu: '1', mem: '1Gi' },
              tmpSize: '64Mi',
            },
            swarm: { constraints: [] },
          },
          { baseEnv: {}, logger: silentLogger },
        ),
      ).rejects.toThrow(/no Docker engine answers at unix:\/\/.*no-such\.sock/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
