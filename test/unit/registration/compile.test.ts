import { describe, expect, test } from '@jest/globals';
import { compileWorkflowFile, loadWorkflowFile } from '../../../src/registration/index.js';
import { compileWorkflow } from '../../../src/server/compiler.js';
import { fullMessage } from '../../../src/server/services/messages.js';
import { ADD_ONE, writeWorkflowFile } from './files.js';

const TARGET = { project: 'flytesnacks', domain: 'development' };

async function compiled(
  text: string,
  name = 'wf.yaml',
  target: Parameters<typeof compileWorkflowFile>[1] = TARGET,
) {
  return compileWorkflowFile(await loadWorkflowFile(await writeWorkflowFile(text, name)), target, 'v1');
}

const id = (resource_type: string, name: string, org = '') => ({
  resource_type,
  project: 'flytesnacks',
  domain: 'development',
  name,
  version: 'v1',
  org,
});

describe('compiling the add-one file', () => {
  test('gives 3 entities: task wf.add_one, workflow wf.add_one_wf and its default launch plan', async () => {
    const { tasks, workflows, launchPlans } = await compiled(ADD_ONE);
    expect(tasks.map((t) => t.id)).toEqual([id('TASK', 'wf.add_one')]);
    expect(workflows.map((w) => w.id)).toEqual([id('WORKFLOW', 'wf.add_one_wf')]);
    expect(launchPlans.map((l) => l.id)).toEqual([id('LAUNCH_PLAN', 'wf.add_one_wf')]);
  });

  test('the task is a container task with its interface, retries, timeout, image and command', async () => {
    const { tasks } = await compiled(ADD_ONE);
    const template = tasks[0]?.spec.template;
    expect(template?.id).toEqual(id('TASK', 'wf.add_one'));
    expect(template?.type).toBe('container');
    expect(template?.interface).toEqual({
      inputs: { variables: { x: { type: { simple: 'INTEGER' }, description: '' } } },
      outputs: { variables: { o0: { type: { simple: 'INTEGER' }, description: '' } } },
    });
    expect(template?.metadata).toEqual({ retries: { retries: 1 }, timeout: { seconds: '30', nanos: 0 } });
    expect(template?.container?.image).toBe('node:20-slim');
    expect(template?.container?.command?.slice(0, 2)).toEqual(['node', '-e']);
    expect(template?.container?.command?.[2]).toContain('ORCH_OUTPUTS_FILE');
  });

  test('the workflow binds x to the workflow input and o0 to the output of node n0', async () => {
    const { workflows } = await compiled(ADD_ONE);
    const template = workflows[0]?.spec.template;
    expect(template?.interface).toEqual({
      inputs: { variables: { x: { type: { simple: 'INTEGER' }, description: '' } } },
      outputs: { variables: { o0: { type: { simple: 'INTEGER' }, description: '' } } },
    });
    expect(template?.nodes).toEqual([
      {
        id: 'n0',
        task_node: { reference_id: id('TASK', 'wf.add_one') },
        inputs: [{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }],
      },
    ]);
    expect(template?.outputs).toEqual([{ var: 'o0', binding: { promise: { node_id: 'n0', var: 'o0' } } }]);
  });

  test('the default launch plan runs the workflow with nothing fixed and x required', async () => {
    const { launchPlans } = await compiled(ADD_ONE);
    expect(launchPlans[0]?.spec).toEqual({
      workflow_id: id('WORKFLOW', 'wf.add_one_wf'),
      default_inputs: {
        parameters: { x: { var: { type: { simple: 'INTEGER' }, description: '' }, required: true } },
      },
    });
  });

  test('the server compiles the workflow against the task', async () => {
    const { tasks, workflows } = await compiled(ADD_ONE);
    const task = fullMessage('orch.core.v1.TaskTemplate', tasks[0]?.spec.template);
    const workflow = fullMessage('orch.core.v1.WorkflowTemplate', workflows[0]?.spec.template);
    const closure = compileWorkflow(workflow, (nodeId) => (nodeId === 'n0' ? task : undefined));
    expect(closure.primary?.connections?.upstream).toEqual({ n0: { ids: [] } });
  });

  test('names follow the file stem; ids carry the target organization', async () => {
    const { tasks, workflows, launchPlans } = await compiled(ADD_ONE, 'pipeline.yml', {
      ...TARGET,
      org: 'acme',
    });
    expect(tasks[0]?.id).toEqual(id('TASK', 'pipeline.add_one', 'acme'));
    expect(workflows[0]?.spec.template?.nodes?.[0]?.task_node?.reference_id).toEqual(
      id('TASK', 'pipeline.add_one', 'acme'),
    );
    expect(launchPlans[0]?.spec.workflow_id).toEqual(id('WORKFLOW', 'pipeline.add_one_wf', 'acme'));
  });
});

describe('compiling literals, templates and launch plans', () => {
  const FILE = `tasks:
  scale:
    command: [node, scale.js, "--factor={{ inputs.factor }}"]
    inputs: { factor: float, tags: "[string]", limits: "{string: integer}", note: "string?" }
    outputs: { o0: float }
    env: { B: "2", A: "1" }
  add_one:
    command: [node, add_one.js]
    inputs: { x: integer }
    outputs: { o0: integer }
workflows:
  pipe:
    inputs: { x: integer, label: "string?" }
    nodes:
      - { id: n0, task: add_one, inputs: { x: "{{ inputs.x }}" } }
      - { id: n1, task: scale, inputs: { factor: 2.5, tags: [a, b], limits: { cpu: 2 } } }
    outputs: { o0: "{{ n1.o0 }}", counted: "{{ n0.o0 }}" }
launch_plans:
  nightly: { workflow: pipe, fixed_inputs: { x: 1 }, schedule: { cron: "0 3 * * *" } }
  keen: { workflow: pipe, default_inputs: { x: 5 } }
`;

  test('entities come sorted by name: tasks, workflows, then launch plans', async () => {
    const { tasks, workflows, launchPlans } = await compiled(FILE);
    expect(tasks.map((t) => t.id.name)).toEqual(['wf.add_one', 'wf.scale']);
    expect(workflows.map((w) => w.id.name)).toEqual(['wf.pipe']);
    expect(launchPlans.map((l) => l.id.name)).toEqual(['wf.keen', 'wf.nightly', 'wf.pipe']);
  });

  test('templates in command arguments stay for the executor; env is sorted by name', async () => {
    const { tasks } = await compiled(FILE);
    const scale = tasks.find((t) => t.id.name === 'wf.scale')?.spec.template;
    expect(scale?.container?.command).toEqual(['node', 'scale.js', '--factor={{ inputs.factor }}']);
    expect(scale?.container?.env).toEqual([
      { key: 'A', value: '1' },
      { key: 'B', value: '2' },
    ]);
    expect(scale?.metadata).toEqual({ retries: { retries: 0 } });
  });

  test('literal node inputs become literals of the task input type', async () => {
    const { workflows } = await compiled(FILE);
    const n1 = workflows[0]?.spec.template?.nodes?.find((n) => n.id === 'n1');
    expect(n1?.inputs).toEqual([
      { var: 'factor', binding: { scalar: { primitive: { float_value: 2.5 } } } },
      { var: 'limits', binding: { map: { bindings: { cpu: { scalar: { primitive: { integer: '2' } } } } } } },
      {
        var: 'tags',
        binding: {
          collection: {
            bindings: [
              { scalar: { primitive: { string_value: 'a' } } },
              { scalar: { primitive: { string_value: 'b' } } },
            ],
          },
        },
      },
    ]);
  });

  test('workflow outputs take the types of what they refer to', async () => {
    const { workflows } = await compiled(FILE);
    expect(workflows[0]?.spec.template?.interface?.outputs).toEqual({
      variables: {
        counted: { type: { simple: 'INTEGER' }, description: '' },
        o0: { type: { simple: 'FLOAT' }, description: '' },
      },
    });
  });

  test('launch plans: fixed inputs, defaults, the remaining inputs as parameters, the schedule', async () => {
    const { launchPlans } = await compiled(FILE);
    const byName = Object.fromEntries(launchPlans.map((l) => [l.id.name, l.spec]));
    const label = { var: { type: { simple: 'STRING', optional: true }, description: '' }, required: false };
    const x = { type: { simple: 'INTEGER' }, description: '' };
    expect(byName['wf.nightly']).toEqual({
      workflow_id: id('WORKFLOW', 'wf.pipe'),
      fixed_inputs: { literals: { x: { scalar: { primitive: { integer: '1' } } } } },
      default_inputs: { parameters: { label } },
      schedule: { cron_schedule: { schedule: '0 3 * * *' } },
    });
    expect(byName['wf.keen']).toEqual({
      workflow_id: id('WORKFLOW', 'wf.pipe'),
      fixed_inputs: { literals: {} },
      default_inputs: {
        parameters: { label, x: { var: x, default: { scalar: { primitive: { integer: '5' } } } } },
      },
    });
    expect(byName['wf.pipe']?.default_inputs).toEqual({
      parameters: { label, x: { var: x, required: true } },
    });
  });

  test('the server compiles a workflow with several nodes and literal bindings', async () => {
    const { tasks, workflows } = await compiled(FILE);
    const byName = new Map(
      tasks.map((t) => [t.id.name, fullMessage('orch.core.v1.TaskTemplate', t.spec.template)]),
    );
    const template = workflows[0]?.spec.template;
    const workflow = fullMessage('orch.core.v1.WorkflowTemplate', template);
    const taskOf = (nodeId: string) =>
      byName.get(template?.nodes?.find((n) => n.id === nodeId)?.task_node?.reference_id?.name ?? '');
    const closure = compileWorkflow(workflow, taskOf);
    expect(closure.primary?.connections?.upstream).toEqual({ n0: { ids: [] }, n1: { ids: [] } });
    expect(closure.tasks?.map((t) => t.template?.id?.name).sort()).toEqual(['wf.add_one', 'wf.scale']);
  });
});
