import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { ExecutionEvent__Output } from '../../src/api/generated/orch/admin/v1/ExecutionEvent.js';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import type { Identifier, WorkflowSpec } from '../../src/api/types.js';
import { checkTransition, IllegalTransitionError } from '../../src/server/executor/phases.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask } from '../helpers/specs.js';
import { pollUntil } from '../helpers/wait.js';

// The local executor on a real server: parallel branches, timeouts, retries, terminate, watch.

const scope = { project: 'default', domain: 'development' };
const vars = (types: Record<string, string>) => ({
  variables: Object.fromEntries(Object.entries(types).map(([k, t]) => [k, { type: parseType(t) }])),
});
const promise = (node_id: string, v: string) => ({ promise: { node_id, var: v } });

/** Registers one task, a workflow of `nodes` over it and the default launch plan; the launch plan id. */
async function register(
  server: TestServer,
  name: string,
  script: string,
  taskIo: { inputs: Record<string, string>; outputs: Record<string, string> },
  workflow: {
    inputs: Record<string, string>;
    outputs: Record<string, string>;
    nodes: { id: string; inputs: Record<string, unknown> }[];
    bindings: Record<string, ReturnType<typeof promise>>;
  },
  metadata: { retries?: number; timeoutSeconds?: number } = {},
): Promise<Identifier> {
  const task = idOf('TASK', `${name}.task`, 'v1');
  const spec = nodeTask(`${name}.task`, 'v1', script, taskIo.inputs, taskIo.outputs);
  const template = spec.template as NonNullable<typeof spec.template>;
  template.metadata = {
    retries: { retries: metadata.retries ?? 0 },
    timeout: { seconds: metadata.timeoutSeconds ?? 30, nanos: 0 },
  };
  await server.client.createTask(task, spec);
  const wf = idOf('WORKFLOW', `${name}.wf`, 'v1');
  const wfSpec: WorkflowSpec = {
    template: {
      id: wf,
      interface: { inputs: vars(workflow.inputs), outputs: vars(workflow.outputs) },
      nodes: workflow.nodes.map((n) => ({
        id: n.id,
        task_node: { reference_id: task },
        inputs: Object.entries(n.inputs).map(([v, binding]) => ({ var: v, binding: binding as never })),
      })),
      outputs: Object.entries(workflow.bindings).map(([v, binding]) => ({ var: v, binding })),
    },
  };
  await server.client.createWorkflow(wf, wfSpec);
  const lp = idOf('LAUNCH_PLAN', `${name}.wf`, 'v1');
  await server.client.createLaunchPlan(lp, launchPlanOf(wf));
  return lp;
}

const launch = (
  server: TestServer,
  lp: Identifier,
  inputs: Record<string, unknown>,
  types: Record<string, string>,
) =>
  server.client.createExecution({
    ...scope,
    spec: { launch_plan: lp },
    inputs: literalMapFromJson(inputs, vars(types)),
  });

/** Whether a process is gone (no such process, or a zombie waiting for its parent). */
async function gone(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat === '' || / Z /.test(stat);
}

const WRITE =
  "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));";

let server: TestServer;
let work: string;
beforeAll(async () => {
  server = await startTestServer('sqlite');
  work = await mkdtemp(join(tmpdir(), 'orch-graph-'));
});
afterAll(async () => {
  await server.stop();
  await rm(work, { recursive: true, force: true });
});

describe('phase transitions', () => {
  test('legal moves pass; illegal ones throw', () => {
    expect(() => checkTransition('execution', 'QUEUED', 'RUNNING')).not.toThrow();
    expect(() => checkTransition('execution', 'RUNNING', 'SUCCEEDING')).not.toThrow();
    expect(() => checkTransition('execution', 'ABORTING', 'ABORTED')).not.toThrow();
    expect(() => checkTransition('execution', 'SUCCEEDED', 'RUNNING')).toThrow(IllegalTransitionError);
    expect(() => checkTransition('execution', 'RUNNING', 'QUEUED')).toThrow(/RUNNING -> QUEUED/);
    expect(() => checkTransition('execution', 'RUNNING', 'SUCCEEDED')).toThrow(IllegalTransitionError);
    expect(() => checkTransition('execution', 'ABORTING', 'RUNNING')).toThrow(IllegalTransitionError);
    expect(() => checkTransition('node', 'SUCCEEDED', 'RUNNING')).toThrow(IllegalTransitionError);
    expect(() => checkTransition('node', 'BOGUS', 'RUNNING')).toThrow(IllegalTransitionError);
  });
});

describe('the local executor', () => {
  test('independent branches run at the same time, and their join waits for both', async () => {
    // Each node says it started, and finishes only once two nodes have started: a and b can only
    // both end when they run at the same time (c, started after a, finds both marks).
    const started = await mkdtemp(join(work, 'started-'));
    const script =
      `${WRITE}const start=Date.now();const dir=${JSON.stringify(started)};` +
      "fs.writeFileSync(require('path').join(dir,String(process.pid)),'');" +
      'const end=()=>fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({start,end:Date.now(),y:i.x+1}));' +
      'const wait=()=>fs.readdirSync(dir).length>=2?setTimeout(end,600):setTimeout(wait,20);wait()';
    const lp = await register(
      server,
      'par',
      script,
      { inputs: { x: 'integer' }, outputs: { start: 'integer', end: 'integer', y: 'integer' } },
      {
        inputs: { x: 'integer' },
        outputs: { s0: 'integer', e0: 'integer', s1: 'integer', e1: 'integer', s2: 'integer', y: 'integer' },
        nodes: [
          { id: 'a', inputs: { x: promise('start-node', 'x') } },
          { id: 'b', inputs: { x: promise('start-node', 'x') } },
          { id: 'c', inputs: { x: promise('a', 'y') } },
        ],
        bindings: {
          s0: promise('a', 'start'),
          e0: promise('a', 'end'),
          s1: promise('b', 'start'),
          e1: promise('b', 'end'),
          s2: promise('c', 'start'),
          y: promise('c', 'y'),
        },
      },
    );
    const id = await launch(server, lp, { x: 1 }, { x: 'integer' });
    const done = await waitForExecution(server.client, id);
    expect(done.closure?.phase).toBe('SUCCEEDED');
    const out = literalMapToJson(done.closure?.outputs) as Record<string, number>;
    expect(out.y).toBe(3);
    // a and b overlap; c starts after a ended.
    expect(Math.max(out.s0 ?? 0, out.s1 ?? 0)).toBeLessThan(Math.min(out.e0 ?? 0, out.e1 ?? 0));
    expect(out.s2).toBeGreaterThanOrEqual(out.e0 ?? Number.POSITIVE_INFINITY);
    const nodes = (await server.client.listNodeExecutions(id)).node_executions;
    expect(nodes.map((n) => [n.id?.node_id, n.closure?.phase])).toEqual([
      ['a', 'SUCCEEDED'],
      ['b', 'SUCCEEDED'],
      ['c', 'SUCCEEDED'],
    ]);
    for (const node of nodes) {
      expect(
        Number(node.closure?.duration?.seconds ?? 0) * 1000 + (node.closure?.duration?.nanos ?? 0) / 1e6,
      ).toBeGreaterThanOrEqual(500);
      expect(node.closure?.task_attempts.map((a) => a.phase)).toEqual(['SUCCEEDED']);
    }
  });

  test('a task past its timeout ends the execution TIMED_OUT', async () => {
    const lp = await register(
      server,
      'slowpoke',
      'setTimeout(()=>{},30000)',
      { inputs: { x: 'integer' }, outputs: { y: 'integer' } },
      {
        inputs: { x: 'integer' },
        outputs: { y: 'integer' },
        nodes: [{ id: 'n0', inputs: { x: promise('start-node', 'x') } }],
        bindings: { y: promise('n0', 'y') },
      },
      { timeoutSeconds: 1 },
    );
    const id = await launch(server, lp, { x: 1 }, { x: 'integer' });
    const done = await waitForExecution(server.client, id);
    expect(done.closure?.phase).toBe('TIMED_OUT');
    expect(done.closure?.error?.message).toMatch(/node n0: timed out after 1s/);
    const [node] = (await server.client.listNodeExecutions(id)).node_executions;
    expect(node?.closure?.phase).toBe('TIMED_OUT');
    expect(node?.closure?.task_attempts[0]?.error?.code).toBe('Timeout');
  });

  test('a flaky task succeeds on its second attempt; both attempts are recorded', async () => {
    const script =
      `${WRITE}if(process.env.ORCH_ATTEMPT==='1'){console.error('first try fails');process.exit(3)}` +
      "console.log('second try');fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({y:i.x*10}))";
    const lp = await register(
      server,
      'flaky',
      script,
      { inputs: { x: 'integer' }, outputs: { y: 'integer' } },
      {
        inputs: { x: 'integer' },
        outputs: { y: 'integer' },
        nodes: [{ id: 'n0', inputs: { x: promise('start-node', 'x') } }],
        bindings: { y: promise('n0', 'y') },
      },
      { retries: 1 },
    );
    const id = await launch(server, lp, { x: 4 }, { x: 'integer' });
    const done = await waitForExecution(server.client, id);
    expect(done.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(done.closure?.outputs)).toEqual({ y: 40 });
    const [node] = (await server.client.listNodeExecutions(id)).node_executions;
    expect(node?.closure?.attempts).toBe(2);
    const attempts = node?.closure?.task_attempts ?? [];
    expect(attempts.map((a) => [a.attempt, a.phase])).toEqual([
      [1, 'FAILED'],
      [2, 'SUCCEEDED'],
    ]);
    expect(attempts[0]?.error).toMatchObject({ kind: 'USER', code: 'NonZeroExit' });
    expect(attempts[0]?.error?.message).toMatch(/exited with code 3: first try fails/);
  });

  test('outputs that do not match the interface fail the node', async () => {
    const lp = await register(
      server,
      'badout',
      "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({y:'nope'}))",
      { inputs: { x: 'integer' }, outputs: { y: 'integer' } },
      {
        inputs: { x: 'integer' },
        outputs: { y: 'integer' },
        nodes: [{ id: 'n0', inputs: { x: promise('start-node', 'x') } }],
        bindings: { y: promise('n0', 'y') },
      },
    );
    const id = await launch(server, lp, { x: 1 }, { x: 'integer' });
    const done = await waitForExecution(server.client, id);
    expect(done.closure?.phase).toBe('FAILED');
    expect(done.closure?.error).toMatchObject({ code: 'BadOutputs', kind: 'USER' });
  });

  test('terminate kills the whole process tree and ends ABORTED with the cause', async () => {
    const script =
      `${WRITE}const c=require('child_process').spawn('sleep',['30'],{stdio:'ignore'});` +
      'fs.writeFileSync(i.pidfile,String(c.pid));setTimeout(()=>{},30000)';
    const lp = await register(
      server,
      'tree',
      script,
      { inputs: { pidfile: 'string' }, outputs: {} },
      {
        inputs: { pidfile: 'string' },
        outputs: {},
        nodes: [{ id: 'n0', inputs: { pidfile: promise('start-node', 'pidfile') } }],
        bindings: {},
      },
    );
    const pidfile = join(work, 'sleep.pid');
    const id = await launch(server, lp, { pidfile }, { pidfile: 'string' });
    const pid = await pollUntil(
      async () => Number(await readFile(pidfile, 'utf8').catch(() => '0')),
      (read) => read > 0,
    );
    expect(pid).toBeGreaterThan(0);
    expect(await gone(pid)).toBe(false);
    await server.client.terminateExecution(id, 'no longer needed');
    const done = await waitForExecution(server.client, id);
    expect(done.closure?.phase).toBe('ABORTED');
    expect(done.closure?.error?.message).toBe('no longer needed');
    expect(await pollUntil(() => gone(pid), Boolean, 10_000)).toBe(true);
    const [node] = (await server.client.listNodeExecutions(id)).node_executions;
    expect(node?.closure?.phase).toBe('ABORTED');
  });

  test('WatchExecution streams the phases in order and ends with the outputs', async () => {
    const script = `${WRITE}setTimeout(()=>fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({y:i.x+1})),300)`;
    const lp = await register(
      server,
      'watched',
      script,
      { inputs: { x: 'integer' }, outputs: { y: 'integer' } },
      {
        inputs: { x: 'integer' },
        outputs: { y: 'integer' },
        nodes: [{ id: 'n0', inputs: { x: promise('start-node', 'x') } }],
        bindings: { y: promise('n0', 'y') },
      },
    );
    const id = await launch(server, lp, { x: 2 }, { x: 'integer' });
    const events: ExecutionEvent__Output[] = [];
    const last = await server.client.watchExecution(id, (e) => events.push(e), { deadlineSeconds: 20 });
    expect(last.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(last.outputs)).toEqual({ y: 3 });
    const phases: string[] = events.filter((e) => !e.node_id).map((e) => String(e.phase));
    const order = ['QUEUED', 'RUNNING', 'SUCCEEDING', 'SUCCEEDED'];
    expect(phases).toEqual(order.filter((p) => phases.includes(p)));
    expect(phases).toEqual(expect.arrayContaining(['RUNNING', 'SUCCEEDING', 'SUCCEEDED']));
    const nodeEvents = events.filter((e) => e.node_id).map((e) => [e.node_id, e.node_phase]);
    expect(nodeEvents).toEqual([
      ['n0', 'RUNNING'],
      ['n0', 'SUCCEEDED'],
    ]);
    // A finished execution: one event, then the end.
    const again: ExecutionEvent__Output[] = [];
    await server.client.watchExecution(id, (e) => again.push(e));
    expect(again.map((e) => e.phase)).toEqual(['SUCCEEDED']);
  });
});
