import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalFromJson, literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, nodeTask } from '../helpers/specs.js';

// The console's launch form: generated from a launch plan's interface, read back against it, and
// launched through CreateExecution.

const scope = { project: 'default', domain: 'development' };
const FORM = '/console/projects/default/domains/development/launch_plans/form.lp/v1/launch';
const TYPES: Record<string, string> = {
  x: 'integer',
  ratio: 'float',
  label: 'string',
  flag: 'boolean',
  when: 'datetime',
  wait: 'duration',
  color: 'enum(red,green)',
  items: '[integer]',
  extra: '{string: string}',
  fixed: 'string',
};
const variables = Object.fromEntries(
  Object.entries(TYPES).map(([k, t]) => [k, { type: parseType(t), description: '' }]),
);

let server: TestServer;
let base: string;

async function openForm() {
  const res = await fetch(`${base}${FORM}`);
  const text = await res.text();
  return {
    res,
    text,
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    csrf: /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? '',
  };
}

const submit = (form: { cookie: string; csrf: string }, fields: Record<string, string>) =>
  fetch(`${base}${FORM}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
    body: new URLSearchParams({ csrf: form.csrf, ...fields }).toString(),
  });

beforeAll(async () => {
  server = await startTestServer('sqlite');
  base = server.addresses.httpEndpoint;
  const task = idOf('TASK', 'form.task', 'v1');
  await server.client.createTask(
    task,
    nodeTask(
      'form.task',
      'v1',
      "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE, JSON.stringify({o0: 1}))",
      { x: 'integer' },
      { o0: 'integer' },
    ),
  );
  const wf = idOf('WORKFLOW', 'form.wf', 'v1');
  await server.client.createWorkflow(wf, {
    template: {
      id: wf,
      interface: {
        inputs: { variables },
        outputs: { variables: { o0: { type: parseType('integer'), description: '' } } },
      },
      nodes: [
        {
          id: 'n0',
          task_node: { reference_id: task },
          inputs: [{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }],
        },
      ],
      outputs: [{ var: 'o0', binding: { promise: { node_id: 'n0', var: 'o0' } } }],
    },
  } as never);
  await server.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'form.lp', 'v1'), {
    workflow_id: wf,
    default_inputs: {
      parameters: {
        label: {
          var: { type: parseType('string'), description: '' },
          default: literalFromJson('hello <b>', parseType('string')),
        },
        ratio: {
          var: { type: parseType('float'), description: '' },
          default: literalFromJson(0.5, parseType('float')),
        },
      },
    },
    fixed_inputs: literalMapFromJson(
      { fixed: 'pinned' },
      { variables: { fixed: { type: parseType('string'), description: '' } } },
    ),
  } as never);
});
afterAll(async () => {
  await server.stop();
});

const values = {
  x: '1',
  flag: 'true',
  when: '2026-01-02T03:04:05Z',
  wait: '1m30s',
  color: 'green',
  items: '[1, 2]',
  extra: '{"k": "v"}',
};
/** The form's fields for `values` (`input.<name>`). */
const fieldsOf = (v: Record<string, string>) =>
  Object.fromEntries(Object.entries(v).map(([k, t]) => [`input.${k}`, t]));
const required = fieldsOf(values);

describe('the launch form', () => {
  test('is generated from the interface: typed controls, defaults prefilled, fixed inputs read-only', async () => {
    const { res, text } = await openForm();
    expect(res.status).toBe(200);
    expect(text).toContain('name="input.x" value="" data-kind="integer" inputmode="decimal"');
    expect(text).toContain('name="input.label" value="hello &lt;b&gt;" data-kind="string"');
    expect(text).toContain('name="input.ratio" value="0.5"');
    expect(text).toMatch(
      /<select id="input-\d+" name="input.color" data-kind="enum">\n<option value="">\(not set\)<\/option>\n<option>red<\/option><option>green<\/option>/,
    );
    expect(text).toMatch(/<textarea id="input-\d+" name="input.items" rows="4" cols="60" data-kind="json">/);
    expect(text).toContain('<td>fixed</td><td><pre>&quot;pinned&quot;</pre></td>');
    expect(text).not.toContain('name="input.fixed"');
    expect(text).toContain('<script src="/console/assets/launch.js"></script>');
  });

  test('invalid values come back 400 beside their fields, the values kept', async () => {
    const form = await openForm();
    const res = await submit(form, {
      ...required,
      'input.x': 'ten',
      'input.items': '[1,',
      'input.color': 'blue',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toMatch(
      /name="input.x" value="ten"[^>]*aria-invalid="true" aria-describedby="(input-\d+-error)">\n<span class="field-error" id="\1" aria-live="polite">not a whole number \(expected integer\)<\/span>/,
    );
    expect(text).toContain('not valid JSON (expected [integer])');
    expect(text).toContain('not one of red, green');
    // Missing required input.
    const missing = await submit(form, { ...required, 'input.when': '' });
    expect(missing.status).toBe(400);
    const missingText = await missing.text();
    expect(missingText).toContain('when is required (datetime)');
    expect(missingText.match(/is required/g)).toHaveLength(1);
    expect(
      await server.client.listExecutions({ id: scope, limit: 10 }).then((l) => l.executions.length),
    ).toBe(0);
  });

  test('valid values launch through CreateExecution and redirect to the execution', async () => {
    const form = await openForm();
    const res = await submit(form, fieldsOf({ ...values, x: '41' }));
    expect(res.status).toBe(303);
    const name = /\/executions\/([a-z][a-z0-9]{19})$/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    expect(name).not.toBe('');
    expect((await waitForExecution(server.client, { ...scope, name })).closure?.phase).toBe('SUCCEEDED');
    const data = await server.client.getExecutionData({ ...scope, name });
    expect(literalMapToJson(data.full_inputs)).toMatchObject({
      x: 41,
      label: 'hello <b>',
      ratio: 0.5,
      flag: true,
      color: 'green',
      items: [1, 2],
      extra: { k: 'v' },
      fixed: 'pinned',
    });
  });

  test('a chosen name already taken is shown on the form; a forged post is refused', async () => {
    const form = await openForm();
    const fields = required;
    expect((await submit(form, { ...fields, name: 'named-run' })).status).toBe(303);
    const again = await submit(form, { ...fields, name: 'named-run' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('execution default/development/named-run already exists');
    const forged = await submit({ cookie: form.cookie, csrf: 'A'.repeat(43) }, fields);
    expect(forged.status).toBe(403);
  });
});
