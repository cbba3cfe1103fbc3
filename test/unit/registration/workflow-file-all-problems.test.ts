import { describe, expect, test } from '@jest/globals';
import { closestName, editDistance } from '../../../src/api/suggest.js';
import { loadWorkflowFile, registerFiles, WorkflowFileError } from '../../../src/registration/index.js';
import { problemsOf, writeWorkflowFile } from './files.js';

/** A task with a bad retries, a bad timeout and a misspelt key, and a workflow with misspelt references. */
const MANY_PROBLEMS = `tasks:
  fetch:
    command: [node, fetch.cjs]
    inputs: { symbol: string }
    outputs: { quote: string }
    retries: many
    timeout: forever
    secret: [API_KEY]
workflows:
  quote:
    inputs: { symbol: string }
    nodes:
      - { id: get, task: fetch, inputs: { symbol: "{{ inputs.symbl }}" } }
    outputs: { quote: "{{ get.quot }}", again: "{{ gte.quote }}" }
`;

describe('every problem of a workflow file at once', () => {
  test('a bad retries does not hide a bad timeout, a misspelt key or the checks of the nodes using the task', async () => {
    const path = await writeWorkflowFile(MANY_PROBLEMS);
    const error = await loadWorkflowFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFileError);
    expect((error as Error).message.split('\n')).toEqual([
      `6 problems in ${path}:`,
      `  ${path}:6:14: tasks.fetch.retries: expected a whole number, found the string "many"`,
      `  ${path}:7:14: tasks.fetch.timeout: "forever" is not a duration such as 30s, 5m or 1h30m`,
      `  ${path}:8:5: tasks.fetch.secret: unknown key; did you mean "secrets"?`,
      `  ${path}:13:51: workflows.quote.nodes.0.inputs.symbol: the workflow has no input "symbl"; did you mean "symbol"?`,
      `  ${path}:14:23: workflows.quote.outputs.quote: node "get" (task fetch) has no output "quot"; did you mean "quote"?`,
      `  ${path}:14:48: workflows.quote.outputs.again: no node "gte" in workflow quote; did you mean "get"?`,
    ]);
  });

  test('a misspelt key gets the closest known key at every level, and what it misspells is not reported again', async () => {
    const text = `tasks:
  t:
    comand: [a, "{{ inputs.x }}"]
    input: { x: integer }
    limits: { cpus: 1 }
    secrets: [{ key: K, env_vr: V }]
workflows:
  w:
    input: { x: integer }
    nodes:
      - { id: n0, tsk: t, inputs: { x: 1 } }
      - { id: n1, task: t, input: { x: 1 } }
    output: { o: "{{ n0.y }}" }
launch_plans:
  lp: { workflow: w, fixed_input: { x: 1 }, schedul: { cron: "0 3 * * *" } }
`;
    // No "missing required key" for command or task, no "task t has no input x" for the bindings of
    // n0, no "input x is not bound" for n1: each follows from a misspelling already reported.
    expect(await problemsOf(text)).toEqual([
      '3:5: tasks.t.comand: unknown key; did you mean "command"?',
      '4:5: tasks.t.input: unknown key; did you mean "inputs"?',
      '5:15: tasks.t.limits.cpus: unknown key; did you mean "cpu"?',
      '6:25: tasks.t.secrets.0.env_vr: unknown key; did you mean "env_var"?',
      '9:5: workflows.w.input: unknown key; did you mean "inputs"?',
      '11:19: workflows.w.nodes.0.tsk: unknown key; did you mean "task"?',
      '12:28: workflows.w.nodes.1.input: unknown key; did you mean "inputs"?',
      '13:5: workflows.w.output: unknown key; did you mean "outputs"?',
      '15:22: launch_plans.lp.fixed_input: unknown key; did you mean "fixed_inputs"?',
      '15:45: launch_plans.lp.schedul: unknown key; did you mean "schedule"?',
    ]);
    expect(await problemsOf('task:\n  t: { command: [a] }\n')).toEqual([
      '1:1: task: unknown key; did you mean "tasks"?',
    ]);
  });

  test('an unknown key with no close match lists the keys that may be there', async () => {
    expect(await problemsOf('tasks:\n  t: { command: [a], colour: blue }\n')).toEqual([
      '2:22: tasks.t.colour: unknown key; expected one of image, command, inputs, outputs, retries, ' +
        'timeout, cache, cache_version, env, limits, network, secrets',
    ]);
  });

  test('a misspelt task, workflow, node, input or output names the closest one that exists, and is not reported again as unbound', async () => {
    const text = `tasks:
  fetch:
    command: [node, fetch.cjs, "{{ inputs.symbl }}"]
    inputs: { symbol: string }
    outputs: { quote: string }
workflows:
  quote:
    inputs: { symbol: string }
    nodes:
      - { id: get, task: fetch, inputs: { symbl: "{{ inputs.symbol }}" } }
      - { id: other, task: fetc, inputs: { symbol: "{{ get.quote }}" } }
    outputs: { quote: "{{ get.qoute }}" }
launch_plans:
  daily: { workflow: qoute, fixed_inputs: { symbol: X } }
  weekly: { workflow: quote, fixed_inputs: { symbole: X }, schedule: { cron: "0 3 * * 1" } }
`;
    expect(await problemsOf(text)).toEqual([
      '3:32: tasks.fetch.command.2: {{ inputs.symbl }}: task fetch has no input "symbl"; did you mean "symbol"?',
      '10:43: workflows.quote.nodes.0.inputs.symbl: task fetch has no input "symbl"; did you mean "symbol"? (it has symbol)',
      '11:28: workflows.quote.nodes.1.task: task "fetc" is not defined in this file; did you mean "fetch"?',
      '12:23: workflows.quote.outputs.quote: node "get" (task fetch) has no output "qoute"; did you mean "quote"?',
      '14:22: launch_plans.daily.workflow: workflow "qoute" is not defined in this file; did you mean "quote"?',
      '15:46: launch_plans.weekly.fixed_inputs.symbole: workflow quote has no input "symbole"; did you mean "symbol"?',
    ]);
  });

  test('a task whose inputs or outputs are invalid is not judged by the nodes using it', async () => {
    const text = `tasks:
  t:
    command: [a]
    inputs: { x: 1 }
    outputs: [o0]
workflows:
  w:
    nodes:
      - { id: n0, task: t, inputs: { y: 2 } }
    outputs: { o: "{{ n0.o1 }}" }
`;
    expect(await problemsOf(text)).toEqual([
      '4:18: tasks.t.inputs.x: expected a string, found the number 1',
      '5:14: tasks.t.outputs: expected a mapping, found a list',
    ]);
  });

  test('a node that is not a mapping does not hide the checks of the other nodes', async () => {
    const text = `tasks:
  t: { command: [a], outputs: { o: string } }
workflows:
  w:
    nodes: [oops, { id: n1, task: t }]
    outputs: { a: "{{ n0.o }}", b: "{{ n1.p }}" }
`;
    // n0 may be the node that is not a mapping: a reference to it is not judged.
    expect(await problemsOf(text)).toEqual([
      '5:13: workflows.w.nodes.0: expected a mapping, found the string "oops"',
      '6:36: workflows.w.outputs.b: node "n1" (task t) has no output "p"',
    ]);
  });
});

describe('the closest name to a typo', () => {
  test('a swap of two adjacent characters is one edit', () => {
    expect(editDistance('retires', 'retries')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  test('is suggested only when close for its length, and never for a known name', () => {
    const keys = ['image', 'command', 'inputs', 'outputs', 'retries', 'timeout', 'secrets'];
    expect(closestName('input', keys)).toBe('inputs');
    expect(closestName('Secret', keys)).toBe('secrets');
    expect(closestName('imgae', keys)).toBe('image');
    expect(closestName('colour', keys)).toBeUndefined();
    expect(closestName('inputs', keys)).toBeUndefined();
    expect(closestName('x', ['y'])).toBeUndefined();
  });
});

describe('the problems of several files', () => {
  test('are counted together, file by file in the order given, each line naming its file', async () => {
    const first = await writeWorkflowFile('tasks:\n  t: { command: [a], retries: -1 }\n', 'one.yaml');
    const second = await writeWorkflowFile('tasks:\n  t: { command: [a], timeout: soon }\n', 'two.yaml');
    const error = await registerFiles(undefined, [first, second], {
      target: { project: 'p', domain: 'd' },
      dryRun: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFileError);
    expect((error as Error).message.split('\n')).toEqual([
      '2 problems in 2 workflow files:',
      `  ${first}:2:31: tasks.t.retries: must be 0 or more`,
      `  ${second}:2:31: tasks.t.timeout: "soon" is not a duration such as 30s, 5m or 1h30m`,
    ]);
  });
});
