import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { AlreadyExistsError, InvalidArgumentError, NotFoundError } from '../../src/client/errors.js';
import { startTestServer, TEST_DATABASES, type TestServer, waitForExecution } from '../helpers/server.js';
import {
  ADD_ONE_SCRIPT,
  idOf,
  launchPlanOf,
  nodeTask,
  oneNodeWorkflow,
  registerAddOne,
} from '../helpers/specs.js';

const X_INTEGER = { variables: { x: { type: parseType('integer') } } };
const inputs = (x: unknown) => literalMapFromJson({ x }, X_INTEGER);

describe.each(TEST_DATABASES)('admin server over gRPC and HTTP on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
    await registerAddOne(server.client, 'v1');
  });
  afterAll(async () => {
    await server.stop();
  });

  test('has the default project with the three domains', async () => {
    const project = await server.client.getProject('default');
    expect(project.domains.map((d) => d.id)).toEqual(['development', 'staging', 'production']);
  });

  test('GET /healthcheck answers 200', async () => {
    const res = await fetch(`${server.addresses.httpEndpoint}/healthcheck`);
    expect(res.status).toBe(200);
  });

  test('re-registering an identical task answers AlreadyExists', async () => {
    const id = idOf('TASK', 'wf.add_one', 'v1');
    const again = registerAddOne(server.client, 'v1');
    await expect(again).rejects.toBeInstanceOf(AlreadyExistsError);
    const task = await server.client.getTask(id);
    expect(task.closure?.compiled_task?.template?.container?.command[0]).toBe('node');
  });

  test('re-registering the identical task, workflow and launch plan each answers AlreadyExists', async () => {
    const task = idOf('TASK', 'wf.add_one', 'v1');
    const wf = idOf('WORKFLOW', 'wf.add_one_wf', 'v1');
    const lp = idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1');
    const taskSpec = nodeTask('wf.add_one', 'v1', ADD_ONE_SCRIPT, { x: 'integer' }, { o0: 'integer' });
    await expect(server.client.createTask(task, taskSpec)).rejects.toBeInstanceOf(AlreadyExistsError);
    await expect(
      server.client.createWorkflow(wf, oneNodeWorkflow('wf.add_one_wf', 'v1', task)),
    ).rejects.toBeInstanceOf(AlreadyExistsError);
    await expect(server.client.createLaunchPlan(lp, launchPlanOf(wf))).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
  });

  test.each([
    ['a space', 'wf add'],
    ['a slash', 'wf/add'],
    ['an empty name', ''],
    ['a name longer than 255 characters', 'x'.repeat(256)],
  ])('an id with %s answers InvalidArgument', async (_label, name) => {
    const id = idOf('TASK', name, 'v1');
    const error = await server.client
      .createTask(id, nodeTask(name, 'v1', '0', {}, {}))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toMatch(/id\.name/);
  });

  test('a different spec under an existing id answers InvalidArgument naming the field', async () => {
    const id = idOf('TASK', 'wf.add_one', 'v1');
    const changed = nodeTask('wf.add_one', 'v1', 'process.exit(0)', { x: 'integer' }, { o0: 'integer' });
    const error = await server.client.createTask(id, changed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(String((error as Error).message)).toMatch(/template\.container\.command\[2\]/);
  });

  test('a workflow referencing an unregistered task does not compile', async () => {
    const missing = idOf('TASK', 'wf.nope', 'v9');
    const error = await server.client
      .createWorkflow(idOf('WORKFLOW', 'wf.broken', 'v1'), {
        template: {
          interface: { inputs: X_INTEGER, outputs: { variables: {} } },
          nodes: [{ id: 'n0', task_node: { reference_id: missing }, inputs: [] }],
          outputs: [],
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toMatch(/wf\.nope version v9 is not registered/);
  });

  test('an execution runs the task as a subprocess and records SUCCEEDED with outputs', async () => {
    const id = await server.client.createExecution({
      project: 'default',
      domain: 'development',
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1') },
      inputs: inputs(2),
    });
    expect(id.name).toMatch(/^[a-z][a-z0-9]{19}$/);
    const execution = await waitForExecution(server.client, id);
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 3 });
    const data = await server.client.getExecutionData(id);
    expect(literalMapToJson(data.full_inputs)).toEqual({ x: 2 });
    expect(literalMapToJson(data.full_outputs)).toEqual({ o0: 3 });

    // The HTTP side serves the same execution as JSON.
    const res = await fetch(
      `${server.addresses.httpEndpoint}/api/v1/executions/default/development/${id.name}`,
    );
    expect(res.status).toBe(200);
    const json = (await res.json()) as { closure: { phase: string; started_at: string } };
    expect(json.closure.phase).toBe('SUCCEEDED');
    expect(json.closure.started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('a failing task records FAILED with the error', async () => {
    const script = "process.stderr.write('boom: no luck');process.exit(3)";
    await registerAddOne(server.client, 'fails', script);
    const id = await server.client.createExecution({
      project: 'default',
      domain: 'development',
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'fails') },
      inputs: inputs(1),
    });
    const execution = await waitForExecution(server.client, id);
    expect(execution.closure?.phase).toBe('FAILED');
    expect(execution.closure?.error?.message).toMatch(/exited with code 3: boom: no luck/);
  });

  test('bad inputs are rejected before anything runs, every problem named', async () => {
    const scope = { id: { project: 'default', domain: 'development' }, limit: 1000 };
    const before = (await server.client.listExecutions(scope)).executions.length;
    const error = await server.client
      .createExecution({
        project: 'default',
        domain: 'development',
        spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1') },
        inputs: { literals: { y: { scalar: { primitive: { integer: '1' } } } } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toMatch(/unknown input "y"/);
    expect((error as Error).message).toMatch(/missing required input "x"/);
    expect((await server.client.listExecutions(scope)).executions.length).toBe(before);
  });

  test('unknown executions answer NotFound over gRPC and 404 over HTTP', async () => {
    const id = { project: 'default', domain: 'development', name: 'nosuchexecution' };
    await expect(server.client.getExecution(id)).rejects.toBeInstanceOf(NotFoundError);
    const res = await fetch(
      `${server.addresses.httpEndpoint}/api/v1/executions/default/development/nosuchexecution`,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 5,
      message: expect.stringMatching(/does not exist/),
      details: [],
    });
  });

  test('lists page with an opaque token, newest first', async () => {
    for (let i = 0; i < 3; i++) {
      await server.client.createExecution({
        project: 'default',
        domain: 'development',
        spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1') },
        inputs: inputs(i),
      });
    }
    const scope = { id: { project: 'default', domain: 'development' } };
    const first = await server.client.listExecutions({ ...scope, limit: 2 });
    expect(first.executions).toHaveLength(2);
    expect(first.token).not.toBe('');
    const second = await server.client.listExecutions({ ...scope, limit: 100, token: first.token });
    const names = [...first.executions, ...second.executions].map((e) => e.id?.name);
    expect(new Set(names).size).toBe(names.length);
    const res = await fetch(`${server.addresses.httpEndpoint}/api/v1/executions/default/development?limit=1`);
    const body = (await res.json()) as { executions: unknown[]; token: string };
    expect(body.executions).toHaveLength(1);
    expect(typeof body.token).toBe('string');
    // A parameter given twice is refused naming it, not read as one of its values.
    const twice = await fetch(
      `${server.addresses.httpEndpoint}/api/v1/executions/default/development?limit=1&limit=500`,
    );
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain('query parameter limit: give it once');
  });

  test('lists filter with eq, value_in, contains and time comparisons, and sort by a field', async () => {
    const scope = { id: { project: 'default', domain: 'development' } };
    // Earlier tests launched executions that may still run: let them finish so phases hold still.
    const launched = await server.client.listExecutions({ ...scope, limit: 1000 });
    for (const e of launched.executions)
      await waitForExecution(server.client, e.id as { project: string; domain: string; name: string });
    const all = await server.client.listExecutions({ ...scope, limit: 1000 });
    const succeeded = await server.client.listExecutions({
      ...scope,
      filters: 'eq(execution.phase,SUCCEEDED)',
    });
    expect(succeeded.executions.length).toBeGreaterThan(0);
    expect(succeeded.executions.every((e) => e.closure?.phase === 'SUCCEEDED')).toBe(true);
    const either = await server.client.listExecutions({
      ...scope,
      filters: 'value_in(phase,SUCCEEDED;FAILED)',
    });
    expect(either.executions.length).toBe(
      all.executions.filter((e) => ['SUCCEEDED', 'FAILED'].includes(String(e.closure?.phase))).length,
    );
    const one = all.executions[0]?.id?.name as string;
    const byName = await server.client.listExecutions({
      ...scope,
      filters: `contains(name,${one.slice(2, 9)})`,
    });
    expect(byName.executions.map((e) => e.id?.name)).toContain(one);
    const future = await server.client.listExecutions({
      ...scope,
      filters: 'gt(created_at,2100-01-01T00:00:00Z)',
    });
    expect(future.executions).toEqual([]);
    const failsVersion = await server.client.listExecutions({
      ...scope,
      filters: 'eq(launch_plan.version,fails)',
    });
    expect(failsVersion.executions.map((e) => e.spec?.launch_plan?.version)).toEqual(['fails']);
    const sorted = await server.client.listExecutions({
      ...scope,
      sort_by: { key: 'name', direction: 'ASCENDING' },
    });
    const names = sorted.executions.map((e) => e.id?.name as string);
    expect(names).toEqual([...names].sort());
  });

  test.each([
    ['eq(nme,x)', /unknown field nme/],
    ['eq(name)', /"eq\(name\)" is not of the form/],
    ['like(name,x)', /unknown operator like/],
    ['gt(created_at,yesterday)', /yesterday is not an RFC 3339 timestamp/],
    ['eq(phase,DONE)', /DONE is not one of/],
    ['contains(created_at,2)', /contains applies only to text fields/],
  ])('filter %s answers InvalidArgument naming the term', async (filters, message) => {
    const request = { id: { project: 'default', domain: 'development' }, filters };
    const error = await server.client.listExecutions(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toMatch(message);
    const res = await fetch(
      `${server.addresses.httpEndpoint}/api/v1/executions/default/development?filters=${encodeURIComponent(filters)}`,
    );
    expect(res.status).toBe(400);
  });
});
