import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, registerAddOne } from '../helpers/specs.js';
import { pollUntil } from '../helpers/wait.js';

const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };

describe('the local executor runs at most its parallelism at once', () => {
  let server: TestServer;
  let dir: string;
  /** Once this file exists, the slow task finishes: until then the first execution holds the only slot. */
  let gate: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    dir = await mkdtemp(join(tmpdir(), 'orch-executor-'));
    gate = join(dir, 'gate');
    const slow =
      `const fs=require('fs');const wait=()=>fs.existsSync(${JSON.stringify(gate)})?done():setTimeout(wait,20);` +
      'const done=()=>{const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE));' +
      'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))};wait()';
    await registerAddOne(server.client, 'slow', slow);
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const launch = (x: number) =>
    server.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'slow') },
      inputs: literalMapFromJson({ x }, X),
    });
  const phaseOf = async (id: Awaited<ReturnType<typeof launch>>) =>
    (await server.client.getExecution(id)).closure?.phase;

  test('a second execution waits QUEUED; terminating it while queued ends it ABORTED at once', async () => {
    const first = await launch(1);
    const second = await launch(2);
    const third = await launch(3);
    // The first holds the only slot until the gate opens.
    expect(
      await pollUntil(
        () => phaseOf(first),
        (phase) => phase === 'RUNNING',
      ),
    ).toBe('RUNNING');
    expect(await phaseOf(second)).toBe('QUEUED');
    await server.client.terminateExecution(second, 'changed my mind');
    expect(await phaseOf(second)).toBe('ABORTED');
    await writeFile(gate, '');
    const done = await waitForExecution(server.client, first);
    expect(literalMapToJson(done.closure?.outputs)).toEqual({ o0: 2 });
    const last = await waitForExecution(server.client, third);
    expect(literalMapToJson(last.closure?.outputs)).toEqual({ o0: 4 });
    expect(await phaseOf(second)).toBe('ABORTED');
    expect((await server.client.listNodeExecutions(second)).node_executions).toEqual([]);
  });
});
