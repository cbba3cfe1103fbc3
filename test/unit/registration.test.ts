import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status } from '@grpc/grpc-js';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { AlreadyExistsError, InvalidArgumentError } from '../../src/client/errors.js';
import {
  compileWorkflowFile,
  type LoadedWorkflowFile,
  loadWorkflowFile,
  RegistrationError,
  registerEntities,
  versionOf,
  WorkflowFileError,
} from '../../src/registration/index.js';

const EXAMPLE = new URL('../../examples/add-one/wf.yaml', import.meta.url);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orch-reg-'));
});

async function fileWith(text: string, name = 'wf.yaml'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

async function problemsOf(text: string): Promise<string[]> {
  const path = await fileWith(text);
  try {
    await loadWorkflowFile(path);
  } catch (error) {
    expect(error).toBeInstanceOf(WorkflowFileError);
    // The first line counts the problems; each of the others is one, indented.
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.replace(`  ${path}:`, ''));
  }
  throw new Error('expected the file to be rejected');
}

const TASK = `tasks:
  add_one:
    command: [node, -e, "0"]
    inputs: { x: integer }
    outputs: { o0: integer }
`;

describe('loading a workflow file', () => {
  test('the example loads and compiles to a task, a workflow and its default launch plan', async () => {
    const file = await loadWorkflowFile(EXAMPLE.pathname);
    const entities = compileWorkflowFile(file, { project: 'p', domain: 'development' }, 'v1');
    expect(entities.tasks.map((t) => t.id.name)).toEqual(['wf.add_one']);
    expect(entities.workflows.map((w) => w.id.name)).toEqual(['wf.add_one_wf']);
    expect(entities.launchPlans.map((l) => l.id.name)).toEqual(['wf.add_one_wf']);
    const node = entities.workflows[0]?.spec.template?.nodes?.[0];
    expect(node?.task_node?.reference_id).toMatchObject({ name: 'wf.add_one', version: 'v1', project: 'p' });
    expect(node?.inputs).toEqual([{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }]);
    expect(entities.workflows[0]?.spec.template?.outputs).toEqual([
      { var: 'o0', binding: { promise: { node_id: 'n0', var: 'o0' } } },
    ]);
  });

  test('an unknown key is reported at its line and column', async () => {
    const problems = await problemsOf(`${TASK}    retires: 3\n`);
    expect(problems).toEqual(['6:5: tasks.add_one.retires: unknown key; did you mean "retries"?']);
  });

  test('a bad type string is reported where it stands', async () => {
    const problems = await problemsOf(TASK.replace('{ x: integer }', '{ x: integr }'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^4:18: tasks\.add_one\.inputs\.x: /);
  });

  test('YAML syntax errors carry line and column', async () => {
    const problems = await problemsOf('tasks:\n  a: [1, 2\n');
    expect(problems[0]).toMatch(/^\d+:\d+: /);
  });

  test('every problem of the file is listed at once', async () => {
    const text = `${TASK}workflows:
  wf1:
    inputs: { x: integer }
    nodes:
      - { id: n0, task: add_two, inputs: { x: "{{ inputs.x }}" } }
      - { id: n1, task: add_one, inputs: { x: "{{ n9.o0 }}" } }
      - { id: n2, task: add_one, inputs: { x: "two" } }
    outputs: { o0: "{{ n2.nope }}" }
`;
    const problems = await problemsOf(text);
    expect(problems).toEqual([
      '10:25: workflows.wf1.nodes.0.task: task "add_two" is not defined in this file',
      '11:47: workflows.wf1.nodes.1.inputs.x: no node "n9" in workflow wf1; did you mean "n0"?',
      '12:47: workflows.wf1.nodes.2.inputs.x: not an integer (expected integer)',
      '13:20: workflows.wf1.outputs.o0: node "n2" (task add_one) has no output "nope"',
    ]);
  });

  test('unbound task inputs, cycles and bad launch plans are rejected', async () => {
    const text = `${TASK}workflows:
  wf1:
    nodes:
      - { id: a, task: add_one, inputs: { x: "{{ b.o0 }}" } }
      - { id: b, task: add_one, inputs: { x: "{{ a.o0 }}" } }
      - { id: c, task: add_one }
launch_plans:
  nightly: { workflow: wf1, fixed_inputs: { y: 1 } }
`;
    const problems = (await problemsOf(text)).join('\n');
    expect(problems).toMatch(/nodes form a cycle: a -> b -> a/);
    expect(problems).toMatch(/input "x" of task add_one is not bound/);
    expect(problems).toMatch(/launch_plans\.nightly\.fixed_inputs\.y: workflow wf1 has no input "y"/);
  });

  test('a missing file is named', async () => {
    await expect(loadWorkflowFile(join(dir, 'absent.yaml'))).rejects.toThrow(
      /absent\.yaml:1:1: cannot read .*no such file/,
    );
  });
});

describe('computed version', () => {
  test('is 22 URL-safe characters, the same for the same bytes and new for any change', async () => {
    const text = await readFile(EXAMPLE, 'utf8');
    const a = versionOf(await loadWorkflowFile(await fileWith(text, 'wf.yaml')));
    const b = versionOf(await loadWorkflowFile(await fileWith(text, 'wf.yaml')));
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b).toBe(a);
    const comment = versionOf(await loadWorkflowFile(await fileWith(`${text}\n# note\n`, 'wf.yaml')));
    expect(comment).not.toBe(a);
    const renamed = versionOf(await loadWorkflowFile(await fileWith(text, 'other.yaml')));
    expect(renamed).not.toBe(a);
  });
});

describe('registrar', () => {
  let file: LoadedWorkflowFile;
  beforeAll(async () => {
    file = await loadWorkflowFile(EXAMPLE.pathname);
  });

  test('registers in dependency order and counts AlreadyExists as success', async () => {
    const calls: string[] = [];
    const client = {
      createTask: async () => {
        calls.push('task');
        throw new AlreadyExistsError('exists', status.ALREADY_EXISTS, 'CreateTask');
      },
      createWorkflow: async () => {
        calls.push('workflow');
      },
      createLaunchPlan: async () => {
        calls.push('launch plan');
      },
    };
    const seen: string[] = [];
    const result = await registerEntities(
      client,
      compileWorkflowFile(file, { project: 'p', domain: 'd' }, 'v'),
      (e) => seen.push(`${e.kind}: ${e.name}`),
    );
    expect(calls).toEqual(['task', 'workflow', 'launch plan']);
    expect(seen).toEqual(['Task: wf.add_one', 'Workflow: wf.add_one_wf', 'Launch Plan: wf.add_one_wf']);
    expect(result.map((r) => r.alreadyExisted)).toEqual([true, false, false]);
  });

  test('any other rejection stops the registration and names the entity', async () => {
    const rejection = new InvalidArgumentError('different spec', status.INVALID_ARGUMENT, 'CreateWorkflow');
    const client = {
      createTask: async () => {},
      createWorkflow: async () => {
        throw rejection;
      },
      createLaunchPlan: async () => {
        throw new Error('must not be reached');
      },
    };
    const error = await registerEntities(
      client,
      compileWorkflowFile(file, { project: 'p', domain: 'd' }, 'v'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrationError);
    expect((error as Error).message).toBe('registering workflow wf.add_one_wf failed: different spec');
    expect((error as Error).cause).toBe(rejection);
  });
});
