import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import descriptor from 'protobufjs/ext/descriptor/index.js';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { AlreadyExistsError, InvalidArgumentError, NotFoundError } from '../../src/client/errors.js';
import { startTestServer, TEST_DATABASES, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, registerAddOne } from '../helpers/specs.js';

const require = createRequire(import.meta.url);
const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };

describe.each(TEST_DATABASES)('the rest of the admin API on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
    await registerAddOne(server.client, 'v1');
    await registerAddOne(server.client, 'v2');
  });
  afterAll(async () => {
    await server.stop();
  });

  test('projects can be updated and archived; filters see the state', async () => {
    await server.client.registerProject({ id: 'flows', name: 'flows' });
    await server.client.updateProject({
      id: 'flows',
      name: 'Flows',
      description: 'team flows',
      state: 'ARCHIVED',
    });
    const project = await server.client.getProject('flows');
    expect(project).toMatchObject({ name: 'Flows', description: 'team flows', state: 'ARCHIVED' });
    const archived = await server.client.listProjects({ filters: 'eq(state,ARCHIVED)' });
    expect(archived.projects.map((p) => p.id)).toEqual(['flows']);
    await expect(
      server.client.updateProject({ id: 'nope', name: 'x', state: 'ACTIVE' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  test('projects list a page at a time in id order, or sorted as asked', async () => {
    for (const id of ['pa', 'pc', 'pb']) await server.client.registerProject({ id, name: id.toUpperCase() });
    const seen: string[] = [];
    let token = '';
    do {
      const page = await server.client.listProjects({ limit: 2, token, filters: 'contains(id,p)' });
      expect(page.projects.length).toBeLessThanOrEqual(2);
      seen.push(...page.projects.map((p) => p.id));
      token = page.token;
    } while (token);
    expect(seen.filter((id) => ['pa', 'pb', 'pc'].includes(id))).toEqual(['pa', 'pb', 'pc']);
    expect(new Set(seen).size).toBe(seen.length);
    const byName = await server.client.listProjects({
      filters: 'value_in(id,pa;pb;pc)',
      sort_by: { key: 'name', direction: 'DESCENDING' },
    });
    expect(byName.projects.map((p) => p.name)).toEqual(['PC', 'PB', 'PA']);
    await expect(
      server.client.listProjects({ sort_by: { key: 'labels', direction: 'ASCENDING' } }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  test('entity id lists give each name once, a page at a time', async () => {
    const first = await server.client.listEntityIds('Task', { ...scope, limit: 1 });
    expect(first.entities.map((e) => e.name)).toEqual(['wf.add_one']);
    const workflows = await server.client.listEntityIds('Workflow', scope);
    expect(workflows.entities.map((e) => e.name)).toEqual(['wf.add_one_wf']);
    const plans = await server.client.listEntityIds('LaunchPlan', scope);
    expect(plans.entities.map((e) => e.name)).toEqual(['wf.add_one_wf']);
  });

  test('at most one version of a launch plan is active', async () => {
    const named = { ...scope, name: 'wf.add_one_wf' };
    await expect(server.client.getActiveLaunchPlan(named)).rejects.toBeInstanceOf(NotFoundError);
    await server.client.updateLaunchPlan(idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1'), 'ACTIVE');
    expect((await server.client.getActiveLaunchPlan(named)).id?.version).toBe('v1');
    await server.client.updateLaunchPlan(idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v2'), 'ACTIVE');
    expect((await server.client.getActiveLaunchPlan(named)).id?.version).toBe('v2');
    expect(
      (await server.client.getLaunchPlan(idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1'))).closure?.state,
    ).toBe('INACTIVE');
  });

  test('node executions and their data are recorded', async () => {
    const id = await server.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1') },
      inputs: literalMapFromJson({ x: 41 }, X),
    });
    await waitForExecution(server.client, id);
    const nodes = await server.client.listNodeExecutions(id);
    expect(nodes.node_executions.map((n) => [n.id?.node_id, n.closure?.phase, n.closure?.attempts])).toEqual([
      ['n0', 'SUCCEEDED', 1],
    ]);
    const data = await server.client.getNodeExecutionData(id, 'n0');
    expect(literalMapToJson(data.inputs)).toEqual({ x: 41 });
    expect(literalMapToJson(data.outputs)).toEqual({ o0: 42 });
  });

  test('relaunch runs the same launch plan with the same inputs under a new name', async () => {
    const id = await server.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1') },
      inputs: literalMapFromJson({ x: 9 }, X),
    });
    await waitForExecution(server.client, id);
    const again = await server.client.relaunchExecution(id, 'again-9');
    expect(again.name).toBe('again-9');
    const execution = await waitForExecution(server.client, again);
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 10 });
    expect(execution.spec?.metadata?.mode).toBe('RELAUNCH');
  });

  test('terminate stops a running execution, which ends ABORTED; a finished one cannot be terminated', async () => {
    const slow = idOf('TASK', 'slow', 'v1');
    await server.client.createTask(slow, {
      template: {
        id: slow,
        type: 'container',
        interface: { inputs: X, outputs: { variables: {} } },
        container: { command: ['node', '-e', 'setTimeout(() => {}, 60000)'] },
      },
    });
    const wf = idOf('WORKFLOW', 'slow_wf', 'v1');
    await server.client.createWorkflow(wf, {
      template: {
        interface: { inputs: X, outputs: { variables: {} } },
        nodes: [
          {
            id: 'n0',
            task_node: { reference_id: slow },
            inputs: [{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }],
          },
        ],
        outputs: [],
      },
    });
    await server.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'slow_wf', 'v1'), { workflow_id: wf });
    const id = await server.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'slow_wf', 'v1') },
      inputs: literalMapFromJson({ x: 1 }, X),
    });
    for (let i = 0; i < 100; i++) {
      const nodes = await server.client.listNodeExecutions(id);
      if (nodes.node_executions[0]?.closure?.phase === 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const started = Date.now();
    await server.client.terminateExecution(id, 'no longer needed');
    expect(Date.now() - started).toBeLessThan(5000);
    const execution = await server.client.getExecution(id);
    expect(execution.closure?.phase).toBe('ABORTED');
    expect(execution.closure?.error?.message).toBe('no longer needed');
    await expect(server.client.terminateExecution(id)).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  test('terminate right after launch, before the task process exists, still stops it at once', async () => {
    await registerAddOne(server.client, 'sleepy', 'setTimeout(() => {}, 60000)');
    const ids = await Promise.all(
      ['early-1', 'early-2', 'early-3'].map((name) =>
        server.client.createExecution({
          ...scope,
          name,
          spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'sleepy') },
          inputs: literalMapFromJson({ x: 1 }, X),
        }),
      ),
    );
    const started = Date.now();
    for (const [i, id] of ids.entries()) {
      // Staggered so that some land while the node's files are being written.
      await new Promise((resolve) => setTimeout(resolve, i * 5));
      await server.client.terminateExecution(id, 'too early');
    }
    for (const id of ids) {
      expect((await waitForExecution(server.client, id, 10000)).closure?.phase).toBe('ABORTED');
    }
    expect(Date.now() - started).toBeLessThan(10000);
  });

  test('gRPC health answers SERVING and reflection lists the services', async () => {
    const healthDef = loadSync(
      join(dirname(require.resolve('grpc-health-check/package.json')), 'proto/health/v1/health.proto'),
      {
        enums: String,
      },
    );
    const health = grpc.loadPackageDefinition(healthDef) as unknown as {
      grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
    };
    const healthClient = new health.grpc.health.v1.Health(
      server.addresses.grpcEndpoint,
      grpc.credentials.createInsecure(),
    );
    const status = await new Promise<{ status: string }>((resolve, reject) =>
      (
        healthClient as unknown as {
          check: (req: object, cb: (err: Error, res: { status: string }) => void) => void;
        }
      ).check({ service: '' }, (err: Error, res: { status: string }) => (err ? reject(err) : resolve(res))),
    );
    healthClient.close();
    expect(status.status).toBe('SERVING');

    const reflectionDef = loadSync(
      join(
        dirname(require.resolve('@grpc/reflection/package.json')),
        'build/proto/grpc/reflection/v1/reflection.proto',
      ),
      { keepCase: true },
    );
    const reflection = grpc.loadPackageDefinition(reflectionDef) as unknown as {
      grpc: { reflection: { v1: { ServerReflection: grpc.ServiceClientConstructor } } };
    };
    const client = new reflection.grpc.reflection.v1.ServerReflection(
      server.addresses.grpcEndpoint,
      grpc.credentials.createInsecure(),
    );
    const call = (
      client as unknown as { ServerReflectionInfo: () => grpc.ClientDuplexStream<object, object> }
    ).ServerReflectionInfo();
    const response = await new Promise<{ list_services_response: { service: { name: string }[] } }>(
      (resolve, reject) => {
        call.on('data', resolve);
        call.on('error', reject);
        call.write({ list_services: '' });
      },
    );
    // The files reflection serves carry the proto comments, so `grpcurl describe` shows them.
    const fileCall = (
      client as unknown as { ServerReflectionInfo: () => grpc.ClientDuplexStream<object, object> }
    ).ServerReflectionInfo();
    const files = await new Promise<{ file_descriptor_response: { file_descriptor_proto: Buffer[] } }>(
      (resolve, reject) => {
        fileCall.on('data', resolve);
        fileCall.on('error', reject);
        fileCall.write({ file_containing_symbol: 'orch.service.v1.AdminService' });
      },
    );
    fileCall.end();
    call.end();
    client.close();
    const names = response.list_services_response.service.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['orch.service.v1.AdminService', 'orch.service.v1.AuthMetadataService']),
    );
    const comments = files.file_descriptor_response.file_descriptor_proto
      .map(
        (bytes) =>
          descriptor.FileDescriptorProto.toObject(descriptor.FileDescriptorProto.decode(bytes)) as {
            sourceCodeInfo?: { location?: { leadingComments?: string }[] };
          },
      )
      .flatMap((file) => file.sourceCodeInfo?.location ?? [])
      .map((location) => location.leadingComments ?? '');
    expect(comments).toContain(
      ' Activates or deactivates one launch plan version (contributor). NOT_FOUND when the version does not exist.\n',
    );
  });

  test('launches in the same instant get their own rows; a duplicate name fails alone', async () => {
    const launch = (name: string) =>
      server.client.createExecution({
        ...scope,
        name,
        spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v1') },
        inputs: literalMapFromJson({ x: 5 }, X),
      });
    const names = ['burst-a', 'burst-b', 'burst-a', 'burst-c', 'burst-b'];
    const outcomes = await Promise.allSettled(names.map(launch));
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(AlreadyExistsError);
    }
    const listed = await server.client.listExecutions({
      id: scope,
      filters: 'contains(name,burst-)',
      limit: 10,
    });
    expect(listed.executions.map((e) => e.id?.name).sort()).toEqual(['burst-a', 'burst-b', 'burst-c']);
    for (const name of ['burst-a', 'burst-b', 'burst-c']) {
      const done = await waitForExecution(server.client, { ...scope, name });
      expect(literalMapToJson(done.closure?.outputs)).toEqual({ o0: 6 });
    }
  });
});
