import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import type { WorkflowSpec } from '../../src/api/types.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { processesWith } from '../helpers/processes.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';
import { pollUntil } from '../helpers/wait.js';

// A real admin server process is killed (SIGKILL) in the middle of an execution and started again on
// the same data dir: the execution continues and finishes with the right outputs.

const SERVER = join(process.cwd(), 'test', 'fixtures', 'bin', 'admin-server.mjs');
const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };

const children: ChildProcess[] = [];
let dataDir = '';
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * Starts the server process; resolves once it printed its addresses. With `ownGroup` it leads a
 * process group of its own, as a service manager or a terminal's job control starts it.
 */
async function startServer(
  dir: string,
  ownGroup = false,
): Promise<{ child: ChildProcess; client: AdminClient }> {
  const child = spawn(process.execPath, [SERVER, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: ownGroup,
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await once(lines, 'line')) as [string];
  const addresses = JSON.parse(line) as { grpcEndpoint: string };
  return {
    child,
    client: new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true, deadlineSeconds: 10 }),
  };
}

const WRITE =
  "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));";

describe('an execution survives a killed server', () => {
  test('SIGKILL mid-run, restart on the same data dir: finished nodes are kept, the slow one runs again', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'orch-recovery-'));
    // The slow node finishes only once this file exists: it is created after the restart, so the
    // kill always lands while the node runs.
    const gate = join(dataDir, 'recovery-gate');
    let { child, client } = await startServer(dataDir);
    const fast = idOf('TASK', 'rec.fast', 'v1');
    const slow = idOf('TASK', 'rec.slow', 'v1');
    await client.createTask(
      fast,
      nodeTask(
        'rec.fast',
        'v1',
        `${WRITE}fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({y:i.x+1}))`,
        { x: 'integer' },
        { y: 'integer' },
      ),
    );
    await client.createTask(
      slow,
      nodeTask(
        'rec.slow',
        'v1',
        `${WRITE}const end=()=>fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({y:i.x*10}));` +
          `const wait=()=>fs.existsSync(${JSON.stringify(gate)})?end():setTimeout(wait,20);wait()`,
        { x: 'integer' },
        { y: 'integer' },
      ),
    );
    const wf = idOf('WORKFLOW', 'rec.wf', 'v1');
    const spec: WorkflowSpec = {
      template: {
        id: wf,
        interface: {
          inputs: { variables: { x: { type: parseType('integer'), description: '' } } },
          outputs: { variables: { o0: { type: parseType('integer'), description: '' } } },
        },
        nodes: [
          {
            id: 'n0',
            task_node: { reference_id: fast },
            inputs: [{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }],
          },
          {
            id: 'n1',
            task_node: { reference_id: slow },
            inputs: [{ var: 'x', binding: { promise: { node_id: 'n0', var: 'y' } } }],
          },
        ],
        outputs: [{ var: 'o0', binding: { promise: { node_id: 'n1', var: 'y' } } }],
      },
    };
    await client.createWorkflow(wf, spec);
    const lp = idOf('LAUNCH_PLAN', 'rec.wf', 'v1');
    await client.createLaunchPlan(lp, launchPlanOf(wf));
    const id = await client.createExecution({
      ...scope,
      spec: { launch_plan: lp },
      inputs: literalMapFromJson({ x: 2 }, X),
    });

    // Wait until the slow node runs, then kill the server without a chance to clean up.
    const slowRunning = await pollUntil(
      async () =>
        (await client.listNodeExecutions(id)).node_executions.some(
          (n) => n.id?.node_id === 'n1' && n.closure?.phase === 'RUNNING',
        ),
      Boolean,
    );
    expect(slowRunning).toBe(true);
    client.close();
    child.kill('SIGKILL');
    await once(child, 'exit');

    ({ child, client } = await startServer(dataDir));
    await writeFile(gate, '');
    const last = await client.watchExecution(id, () => undefined, { deadlineSeconds: 20 });
    expect(last.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(last.outputs)).toEqual({ o0: 30 });
    const nodes = (await client.listNodeExecutions(id)).node_executions;
    const byId = Object.fromEntries(nodes.map((n) => [n.id?.node_id ?? '', n.closure]));
    // n0 finished before the kill: it did not run again.
    expect((byId.n0?.task_attempts ?? []).map((a) => a.phase)).toEqual(['SUCCEEDED']);
    // n1's attempt cut short by the kill is recorded as interrupted; the task ran again as attempt 2.
    expect(byId.n1?.phase).toBe('SUCCEEDED');
    expect((byId.n1?.task_attempts ?? []).map((a) => [a.attempt, a.phase, a.error?.code ?? ''])).toEqual([
      [1, 'FAILED', 'Interrupted'],
      [2, 'SUCCEEDED', ''],
    ]);
    client.close();
    child.kill('SIGTERM');
    await once(child, 'exit');
  }, 40_000);
});

/** True while `pid` is a live process (a zombie waiting to be reaped counts as gone). */
async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/^\d+ \(.*\) Z/.test(stat);
}

describe('task processes die with the admin that started them', () => {
  test("SIGKILL of the admin's process group ends the running task and what it started", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orch-tether-'));
    const pidFile = join(dir, 'pids.json');
    const { child, client } = await startServer(join(dir, 'data'), true);
    try {
      const task = idOf('TASK', 'tether.sleep', 'v1');
      // The task starts a grandchild, says both pids, and runs on until killed. It also starts a
      // process in a session of its own (setsid), out of its process group: the cgroup holds it.
      const marker = `${7000 + Math.floor(Math.random() * 1000)}.${process.pid}`;
      const script =
        "const {spawn}=require('child_process');const fs=require('fs');" +
        "const g=spawn('sleep',['300'],{stdio:'ignore'});" +
        `spawn('setsid',['sleep',${JSON.stringify(marker)}],{stdio:'ignore',detached:true});` +
        `fs.writeFileSync(${JSON.stringify(pidFile)},JSON.stringify({task:process.pid,grandchild:g.pid}));` +
        'setInterval(()=>{},1000)';
      await client.createTask(
        task,
        nodeTask('tether.sleep', 'v1', script, { x: 'integer' }, { o0: 'integer' }),
      );
      const wf = idOf('WORKFLOW', 'tether.wf', 'v1');
      await client.createWorkflow(wf, oneNodeWorkflow('tether.wf', 'v1', task));
      const lp = idOf('LAUNCH_PLAN', 'tether.wf', 'v1');
      await client.createLaunchPlan(lp, launchPlanOf(wf));
      await client.createExecution({
        ...scope,
        spec: { launch_plan: lp },
        inputs: literalMapFromJson({ x: 1 }, X),
      });
      const pids = await pollUntil(
        () =>
          readFile(pidFile, 'utf8')
            .then((text) => JSON.parse(text) as { task: number; grandchild: number })
            .catch(() => undefined),
        (read) => read !== undefined,
      );
      expect(pids).toBeDefined();
      const { task: taskPid, grandchild } = pids as { task: number; grandchild: number };
      expect([await alive(taskPid), await alive(grandchild)]).toEqual([true, true]);
      const escaped = await pollUntil(
        () => processesWith(marker),
        (pids) => pids.length === 1,
      );
      expect(escaped).toHaveLength(1);
      client.close();

      // What a service manager or Ctrl+\ does: the admin's whole process group, no chance to clean up.
      process.kill(-(child.pid as number), 'SIGKILL');
      await once(child, 'exit');
      await pollUntil(
        async () => (await alive(taskPid)) || (await alive(grandchild)),
        (eitherAlive) => !eitherAlive,
        10_000,
      );
      // Where the host gives a writable cgroup v2 hierarchy (root in CI), the setsid process goes too.
      const contained = process.getuid?.() === 0;
      await pollUntil(
        () => processesWith(marker),
        (pids) => !contained || pids.length === 0,
        10_000,
      );
      expect({
        task: await alive(taskPid),
        grandchild: await alive(grandchild),
        escaped: contained ? (await processesWith(marker)).length : 0,
      }).toEqual({ task: false, grandchild: false, escaped: 0 });
      for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
    } finally {
      if (child.exitCode === null && child.signalCode === null)
        process.kill(-(child.pid as number), 'SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
