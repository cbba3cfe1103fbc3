import { status } from '@grpc/grpc-js';
import { describe, expect, test } from '@jest/globals';
import type { Identifier } from '../../../src/api/types.js';
import { AlreadyExistsError, InvalidArgumentError } from '../../../src/client/errors.js';
import {
  type CompiledEntities,
  compileWorkflowFile,
  loadWorkflowFile,
  RegistrationError,
  registerEntities,
} from '../../../src/registration/index.js';
import { ADD_ONE, writeWorkflowFile } from './files.js';

const PLANS = `${ADD_ONE}launch_plans:\n  nightly: { workflow: add_one_wf, fixed_inputs: { x: 1 } }\n`;

async function entitiesOf(text: string): Promise<CompiledEntities> {
  const file = await loadWorkflowFile(await writeWorkflowFile(text));
  return compileWorkflowFile(file, { project: 'p', domain: 'd' }, 'v7');
}

/**
 * A stand-in for the admin client's three create calls (the real round trip is tested against the
 * server in test/integration): records every call, and answers with `fail(kind, name)` when it
 * returns an error.
 */
function fakeClient(fail: (kind: string, name: string) => Error | undefined = () => undefined) {
  const calls: string[] = [];
  const create = (kind: string) => async (id: Identifier, spec: object) => {
    calls.push(`${kind} ${id.name}@${id.version}`);
    expect(spec).toBeDefined();
    const error = fail(kind, id.name ?? '');
    if (error) throw error;
  };
  return {
    calls,
    client: {
      createTask: create('task'),
      createWorkflow: create('workflow'),
      createLaunchPlan: create('launch plan'),
    },
  };
}

describe('registering entities', () => {
  test('registers tasks, then workflows, then launch plans, reporting each in order', async () => {
    const { calls, client } = fakeClient();
    const seen: string[] = [];
    const registered = await registerEntities(client, await entitiesOf(PLANS), (e) =>
      seen.push(`${e.kind}: ${e.name}`),
    );
    expect(calls).toEqual([
      'task wf.add_one@v7',
      'workflow wf.add_one_wf@v7',
      'launch plan wf.add_one_wf@v7',
      'launch plan wf.nightly@v7',
    ]);
    expect(seen).toEqual([
      'Task: wf.add_one',
      'Workflow: wf.add_one_wf',
      'Launch Plan: wf.add_one_wf',
      'Launch Plan: wf.nightly',
    ]);
    expect(registered).toEqual([
      { kind: 'Task', name: 'wf.add_one', version: 'v7', alreadyExisted: false },
      { kind: 'Workflow', name: 'wf.add_one_wf', version: 'v7', alreadyExisted: false },
      { kind: 'Launch Plan', name: 'wf.add_one_wf', version: 'v7', alreadyExisted: false },
      { kind: 'Launch Plan', name: 'wf.nightly', version: 'v7', alreadyExisted: false },
    ]);
  });

  test('an entity that already exists counts as registered, and registration goes on', async () => {
    const exists = new AlreadyExistsError('task already exists', status.ALREADY_EXISTS, 'CreateTask');
    const { calls, client } = fakeClient((kind) => (kind === 'task' ? exists : undefined));
    const registered = await registerEntities(client, await entitiesOf(ADD_ONE));
    expect(calls).toHaveLength(3);
    expect(registered.map((e) => [e.kind, e.alreadyExisted])).toEqual([
      ['Task', true],
      ['Workflow', false],
      ['Launch Plan', false],
    ]);
  });

  test('any other error stops registration and names the entity, keeping the error as cause', async () => {
    const rejected = new InvalidArgumentError(
      'spec differs at template.nodes',
      status.INVALID_ARGUMENT,
      'CreateWorkflow',
    );
    const { calls, client } = fakeClient((kind) => (kind === 'workflow' ? rejected : undefined));
    const seen: string[] = [];
    const error = await registerEntities(client, await entitiesOf(ADD_ONE), (e) => seen.push(e.name)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RegistrationError);
    expect((error as RegistrationError).message).toBe(
      'registering workflow wf.add_one_wf failed: spec differs at template.nodes',
    );
    expect((error as RegistrationError).kind).toBe('Workflow');
    expect((error as RegistrationError).entityName).toBe('wf.add_one_wf');
    expect((error as RegistrationError).cause).toBe(rejected);
    expect(calls).toEqual(['task wf.add_one@v7', 'workflow wf.add_one_wf@v7']);
    expect(seen).toEqual(['wf.add_one']);
  });

  test('an error that is not an AdminError is wrapped as well', async () => {
    const { client } = fakeClient((kind) => (kind === 'launch plan' ? new TypeError('boom') : undefined));
    await expect(registerEntities(client, await entitiesOf(ADD_ONE))).rejects.toThrow(
      new RegistrationError('Launch Plan', 'wf.add_one_wf', new TypeError('boom')),
    );
  });
});
