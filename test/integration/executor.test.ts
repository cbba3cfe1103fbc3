import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, registerAddOne } from '../helpers/specs.js';

const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };

describe('the local executor runs at most its parallelism at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    const slow =
      "setTimeout(()=>{const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE));fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))},400)";
    await registerAddOne(server.client, 'slow', slow);
  });
  afterAll(async () => {
    await server.stop();
  });

  const launch = (x: number) =>
    server.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'slow') },
      inputs: literalMapFromJson({ x }, X),
    });

  test('a second execution waits QUEUED; terminating it while queued ends it ABORTED at once', async () => {
    const first = await launch(1);
    const second = await launch(2);
    const third = await launch(3);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await server.client.getExecution(first)).closure?.phase).toBe('RUNNING');
    expect((await server.client.getExecution(second)).closure?.phase).toBe('QUEUED');
    await server.client.terminateExecution(second, 'changed my mind');
    expect((await server.client.getExecution(second)).closure?.phase).toBe('ABORTED');
    const done = await waitForExecution(server.client, first);
    expect(literalMapToJson(done.closure?.outputs)).toEqual({ o0: 2 });
    const last = await waitForExecution(server.client, third);
    expect(literalMapToJson(last.closure?.outputs)).toEqual({ o0: 4 });
    expect((await server.client.getExecution(second)).closure?.phase).toBe('ABORTED');
    expect((await server.client.listNodeExecutions(second)).node_executions).toEqual([]);
  });
});
