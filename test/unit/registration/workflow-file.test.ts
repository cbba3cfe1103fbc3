import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { compileWorkflowFile, loadWorkflowFile, WorkflowFileError } from '../../../src/registration/index.js';
import { ADD_ONE, problemsOf, tempDir, writeWorkflowFile } from './files.js';

/** ADD_ONE with one piece of text replaced (which must be there). */
function addOneWith(find: string, replace: string): string {
  expect(ADD_ONE).toContain(find);
  return ADD_ONE.replace(find, replace);
}

describe('loading a valid workflow file', () => {
  test('gives the path, the stem that prefixes entity names, the bytes and the document', async () => {
    const path = await writeWorkflowFile(ADD_ONE, 'wf.yaml');
    const file = await loadWorkflowFile(path);
    expect(file.path).toBe(path);
    expect(file.stem).toBe('wf');
    expect(file.bytes.toString('utf8')).toBe(ADD_ONE);
    expect(file.doc.tasks?.add_one).toMatchObject({
      image: 'node:20-slim',
      inputs: { x: 'integer' },
      outputs: { o0: 'integer' },
      retries: 1,
      timeout: '30s',
    });
    expect(file.doc.tasks?.add_one?.command.slice(0, 2)).toEqual(['node', '-e']);
    expect(file.doc.workflows?.add_one_wf?.nodes).toEqual([
      { id: 'n0', task: 'add_one', inputs: { x: '{{ inputs.x }}' } },
    ]);
  });

  test('JSON is read as well, and its problems carry line and column too', async () => {
    const json = JSON.stringify({
      tasks: { t: { command: ['true'], inputs: { x: 'integer' } } },
      workflows: { w: { nodes: [{ id: 'n0', task: 't', inputs: { x: 1 } }] } },
    });
    const file = await loadWorkflowFile(await writeWorkflowFile(json, 'flow.json'));
    expect(file.stem).toBe('flow');
    expect(file.doc.workflows?.w?.nodes[0]?.inputs).toEqual({ x: 1 });

    const problems = await problemsOf(json.replace('"inputs":{"x":1}', '"inputs":{"x":true}'));
    expect(problems).toEqual([
      `1:${json.indexOf('"x":1') + 5}: workflows.w.nodes.0.inputs.x: not an integer (expected integer)`,
    ]);
  });
});

describe('problems of a workflow file, each at its line and column', () => {
  test('an unknown key, at the key', async () => {
    expect(await problemsOf(addOneWith('    retries: 1', '    retires: 1'))).toEqual([
      '13:5: tasks.add_one.retires: unknown key; did you mean "retries"?',
    ]);
    expect(await problemsOf(`${ADD_ONE}launch_plan: {}\n`)).toEqual([
      '21:1: launch_plan: unknown key; did you mean "launch_plans"?',
    ]);
  });

  test('a bad type string, at the type', async () => {
    const problems = await problemsOf(addOneWith('inputs:  { x: integer }', 'inputs:  { x: integr }'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^11:19: tasks\.add_one\.inputs\.x: invalid type "integr": unknown type "integr"/,
    );
  });

  test('a node referencing a task the file does not define, at the task name', async () => {
    expect(await problemsOf(addOneWith('task: add_one', 'task: add_two'))).toEqual([
      '19:25: workflows.add_one_wf.nodes.0.task: task "add_two" is not defined in this file',
    ]);
  });

  test('a reference to an output the node does not have, at the reference', async () => {
    expect(await problemsOf(addOneWith('o0: "{{ n0.o0 }}"', 'o0: "{{ n0.o1 }}"'))).toEqual([
      '20:20: workflows.add_one_wf.outputs.o0: node "n0" (task add_one) has no output "o1"; did you mean "o0"?',
    ]);
    expect(await problemsOf(addOneWith('"{{ inputs.x }}"', '"{{ inputs.y }}"'))).toEqual([
      '19:47: workflows.add_one_wf.nodes.0.inputs.x: the workflow has no input "y"',
    ]);
  });

  test('a value of the wrong type, at the value (in nodes and in launch plans)', async () => {
    expect(await problemsOf(addOneWith('"{{ inputs.x }}"', '"two"'))).toEqual([
      '19:47: workflows.add_one_wf.nodes.0.inputs.x: not an integer (expected integer)',
    ]);
    const plan = `${ADD_ONE}launch_plans:\n  nightly: { workflow: add_one_wf, fixed_inputs: { x: "1" } }\n`;
    expect(await problemsOf(plan)).toEqual([
      '22:55: launch_plans.nightly.fixed_inputs.x: not an integer (expected integer)',
    ]);
  });

  test('a reference whose type does not match the input it is bound to', async () => {
    const text = addOneWith('inputs:  { x: integer }\n    nodes', 'inputs:  { x: string }\n    nodes');
    expect(await problemsOf(text)).toEqual([
      '19:47: workflows.add_one_wf.nodes.0.inputs.x: {{ inputs.x }} is string but input "x" is integer',
    ]);
  });

  test('every problem of the file is listed at once, in file order', async () => {
    const text = `tasks:
  add_one:
    command: [node, -e, "0"]
    inputs: { x: integer, y: "[float]" }
    outputs: { o0: integer }
    colour: blue
  bad:
    command: [run]
    outputs: { o0: intger }
workflows:
  wf1:
    inputs: { x: integer }
    nodes:
      - { id: n0, task: add_two, inputs: { x: "{{ inputs.x }}" } }
      - { id: n1, task: add_one, inputs: { x: "{{ n9.o0 }}", y: [1.5, "two"] } }
      - { id: n2, task: add_one, inputs: { x: 3, z: 4 } }
    outputs: { o0: "{{ n2.nope }}" }
launch_plans:
  nightly: { workflow: wf2 }
`;
    expect(await problemsOf(text)).toEqual([
      '6:5: tasks.add_one.colour: unknown key; expected one of image, command, inputs, outputs, retries, ' +
        'timeout, cache, cache_version, env, limits, network, secrets',
      '9:20: tasks.bad.outputs.o0: invalid type "intger": unknown type "intger"; expected one of integer, ' +
        'float, string, boolean, datetime, duration, struct, blob, [T], {string: T}, enum(a,b) or T?',
      '14:25: workflows.wf1.nodes.0.task: task "add_two" is not defined in this file',
      '15:47: workflows.wf1.nodes.1.inputs.x: no node "n9" in workflow wf1; did you mean "n0"?',
      '15:71: workflows.wf1.nodes.1.inputs.y.1: not a number (expected float)',
      '16:42: workflows.wf1.nodes.2.inputs: input "y" of task add_one is not bound',
      '16:50: workflows.wf1.nodes.2.inputs.z: task add_one has no input "z" (it has x, y)',
      '17:20: workflows.wf1.outputs.o0: node "n2" (task add_one) has no output "nope"',
      '19:24: launch_plans.nightly.workflow: workflow "wf2" is not defined in this file; did you mean "wf1"?',
    ]);
  });

  test('cycles, reserved node ids, bad command templates and unschedulable launch plans', async () => {
    const text = `tasks:
  t:
    command: [node, "{{ inputs.y }}"]
    inputs: { x: integer }
    outputs: { o0: integer }
workflows:
  w:
    inputs: { x: integer }
    nodes:
      - { id: a, task: t, inputs: { x: "{{ b.o0 }}" } }
      - { id: b, task: t, inputs: { x: "{{ a.o0 }}" } }
      - { id: start-node, task: t, inputs: { x: "{{inputs.x}} + 1" } }
launch_plans:
  nightly: { workflow: w, schedule: { cron: "0 3 * * *" } }
`;
    expect(await problemsOf(text)).toEqual([
      '3:21: tasks.t.command.1: {{ inputs.y }}: task t has no input "y"',
      '10:7: workflows.w.nodes: nodes form a cycle: a -> b -> a',
      '12:15: workflows.w.nodes.2.id: node id "start-node" is reserved',
      '12:49: workflows.w.nodes.2.inputs.x: "{{inputs.x}} + 1" is not a reference: ' +
        'write "{{ inputs.<input> }}" or "{{ <node id>.<output> }}" as the whole value',
      '14:27: launch_plans.nightly.schedule: a scheduled launch plan gets no inputs from a caller: ' +
        'fix or default input "x"',
    ]);
  });

  test('structural problems are said in the file’s terms', async () => {
    expect(await problemsOf('tasks:\n  t:\n    image: x\n')).toEqual([
      '2:3: tasks.t: missing required key "command"',
    ]);
    expect(await problemsOf('tasks:\n  t:\n    command: node\n')).toEqual([
      '3:14: tasks.t.command: expected a list, found the string "node"',
    ]);
    expect(await problemsOf('tasks:\n  t:\n    command: [a]\n    retries: -1\n')).toEqual([
      '4:14: tasks.t.retries: must be 0 or more',
    ]);
    expect(await problemsOf('- tasks\n')).toEqual([
      '1:1: a workflow file is a mapping of tasks, workflows and launch_plans, not a list',
    ]);
    expect(await problemsOf('')).toEqual(['1:1: the file defines no tasks, workflows or launch_plans']);
  });

  test('YAML syntax errors and duplicate keys carry line and column', async () => {
    expect(await problemsOf('tasks:\n  t:\n    command: [a, b\n')).toEqual([
      expect.stringMatching(/^4:1: .*flow sequence/i),
    ]);
    expect(await problemsOf('tasks:\n  t: { command: [a] }\n  t: { command: [b] }\n')).toEqual([
      '3:3: Map keys must be unique',
    ]);
  });

  test('a file that does not exist is named, with the reason', async () => {
    const path = join(await tempDir(), 'absent.yaml');
    const error = await loadWorkflowFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFileError);
    expect((error as Error).message).toBe(
      `1 problem in ${path}:\n  ${path}:1:1: cannot read the workflow file: no such file`,
    );
  });
});

describe('declared secrets', () => {
  test('are compiled into the task as key and environment variable', async () => {
    const path = await writeWorkflowFile(
      addOneWith(
        '    retries: 1',
        '    retries: 1\n    secrets: [API_TOKEN, { key: db.password, env_var: DB_PASSWORD }]',
      ),
    );
    const file = await loadWorkflowFile(path);
    const { tasks } = compileWorkflowFile(file, { project: 'p', domain: 'd' }, 'v1');
    expect(tasks[0]?.spec.template?.security_context?.secrets).toEqual([
      { key: 'API_TOKEN', env_var: 'API_TOKEN' },
      { key: 'db.password', env_var: 'DB_PASSWORD' },
    ]);
  });

  test('a secret that cannot be a variable, or clashes with env or the executor, is reported where it is', async () => {
    const problems = await problemsOf(
      addOneWith(
        '    retries: 1',
        '    retries: 1\n    env: { MODE: fast }\n    secrets: [db.password, MODE, ORCH_ATTEMPT, { key: a, env_var: B }, { key: b, env_var: B }]',
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/secrets\.0: "db\.password" cannot be an environment variable/),
      expect.stringMatching(/secrets\.1: MODE is already set in env/),
      expect.stringMatching(/secrets\.2: ORCH_ATTEMPT is already set by the executor/),
      expect.stringMatching(/secrets\.4: B is given by two secrets/),
    ]);
  });
});

describe('the task output cache fields', () => {
  test('cache and cache_version are compiled into the task metadata', async () => {
    const path = await writeWorkflowFile(
      addOneWith('    retries: 1', '    retries: 1\n    cache: true\n    cache_version: "2"'),
    );
    const file = await loadWorkflowFile(path);
    expect(file.doc.tasks?.add_one).toMatchObject({ cache: true, cache_version: '2' });
    const { tasks } = compileWorkflowFile(file, { project: 'p', domain: 'd' }, 'v1');
    expect(tasks[0]?.spec.template?.metadata).toEqual({
      retries: { retries: 1 },
      timeout: { seconds: '30', nanos: 0 },
      cache: true,
      cache_version: '2',
    });
  });

  test('cache without cache_version gets the empty version; no cache leaves the metadata as it was', async () => {
    const cached = await loadWorkflowFile(
      await writeWorkflowFile(addOneWith('    retries: 1', '    retries: 1\n    cache: true')),
    );
    expect(
      compileWorkflowFile(cached, { project: 'p', domain: 'd' }, 'v1').tasks[0]?.spec.template?.metadata,
    ).toMatchObject({ cache: true, cache_version: '' });
    const plain = await loadWorkflowFile(await writeWorkflowFile(ADD_ONE));
    const metadata = compileWorkflowFile(plain, { project: 'p', domain: 'd' }, 'v1').tasks[0]?.spec.template
      ?.metadata;
    expect(metadata).not.toHaveProperty('cache');
    expect(metadata).not.toHaveProperty('cache_version');
  });

  test('cache_version without cache: true, and a cache that is not a boolean, are reported where they are', async () => {
    expect(await problemsOf(addOneWith('    retries: 1', '    retries: 1\n    cache_version: "2"'))).toEqual([
      '14:20: tasks.add_one.cache_version: is only allowed with cache: true',
    ]);
    expect(
      await problemsOf(
        addOneWith('    retries: 1', '    retries: 1\n    cache: false\n    cache_version: "2"'),
      ),
    ).toEqual(['15:20: tasks.add_one.cache_version: is only allowed with cache: true']);
    const problems = await problemsOf(addOneWith('    retries: 1', '    retries: 1\n    cache: "yes"'));
    expect(problems).toEqual([expect.stringMatching(/^14:12: tasks\.add_one\.cache: /)]);
  });
});

describe('container limits and network', () => {
  test('limits (YAML numbers read as quantities) and network: true are compiled into the container', async () => {
    const file = await loadWorkflowFile(
      await writeWorkflowFile(
        addOneWith(
          '    retries: 1',
          '    retries: 1\n    limits: { cpu: 0.5, mem: 256Mi }\n    network: true',
        ),
      ),
    );
    const container = compileWorkflowFile(file, { project: 'p', domain: 'd' }, 'v1').tasks[0]?.spec.template
      ?.container;
    expect(container).toMatchObject({ limits: { cpu: '0.5', mem: '256Mi' }, network: true });
    const plain = await loadWorkflowFile(await writeWorkflowFile(ADD_ONE));
    const bare = compileWorkflowFile(plain, { project: 'p', domain: 'd' }, 'v1').tasks[0]?.spec.template
      ?.container;
    expect(bare).not.toHaveProperty('limits');
    expect(bare).not.toHaveProperty('network');
  });

  test('a limit that is not a quantity, a zero limit, an unknown key and a network that is not a boolean are reported where they are', async () => {
    const problems = await problemsOf(
      addOneWith(
        '    retries: 1',
        '    retries: 1\n    limits: { cpu: lots, mem: 0, gpu: 1 }\n    network: "yes"',
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^14:\d+: tasks\.add_one\.limits\.cpu: "lots" is not a CPU quantity/),
      expect.stringMatching(/^14:\d+: tasks\.add_one\.limits\.mem: must be more than 0/),
      '14:34: tasks.add_one.limits.gpu: unknown key; did you mean "cpu"?',
      expect.stringMatching(/^15:\d+: tasks\.add_one\.network: expected true or false/),
    ]);
  });
});
