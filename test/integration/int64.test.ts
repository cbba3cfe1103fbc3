import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import request from 'supertest';
import { runOrch } from '../../src/cli/program.js';
import { runOrchctl } from '../../src/ctl/program.js';
import { createApp, type WebhookApp } from '../../src/webhook/app.js';
import { captureIO } from '../helpers/io.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';

/**
 * Integer literals are int64 (proto/orch/core/v1/literals.proto): every value from -2^63 to 2^63-1
 * goes in through the webhook, the JSON gateway and gRPC, reaches the task's ORCH_INPUTS_FILE, comes
 * back from its ORCH_OUTPUTS_FILE, and reads back through gRPC, the gateway and orchctl with every
 * digit; beyond the range it is refused by name.
 */

/**
 * A task that copies its input to its output as text: the digits after `"x":` in the inputs file
 * become the output `o`, so the output equals the input only when both files carry exact digits.
 */
const COPY_YAML = `
tasks:
  copy:
    command: [node, -e, "const fs=require('fs');const t=fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8');const m=/\\"x\\":(-?[0-9]+)[,}]/.exec(t);fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,m?'{\\"o\\":'+m[1]+'}':'{}')"]
    inputs: { x: integer }
    outputs: { o: integer }
workflows:
  copy_wf:
    inputs: { x: integer }
    nodes:
      - { id: n0, task: copy, inputs: { x: "{{ inputs.x }}" } }
    outputs: { o: "{{ n0.o }}" }
launch_plans:
  copy_max: { workflow: copy_wf, fixed_inputs: { x: 9223372036854775807 } }
  copy_min: { workflow: copy_wf, default_inputs: { x: -9223372036854775808 } }
`;

const BIG = ['9007199254740993', '9223372036854775807', '-9223372036854775808'];
const scope = { project: 'default', domain: 'development' };
const KEY = 'int64-webhook-key-with-enough-entropy';

describe('64-bit integer inputs and outputs, end to end', () => {
  let server: TestServer;
  let work: string;
  let app: WebhookApp;
  let connection: string[];

  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 2 });
    work = await mkdtemp(join(tmpdir(), 'orch-int64-'));
    connection = ['--orch.connection.host', server.addresses.grpcEndpoint, '--orch.connection.insecure'];
    const file = join(work, 'copy.yaml');
    await writeFile(file, COPY_YAML);
    const io = captureIO({ home: work });
    const code = await runOrch(['register', file, '--files.version', 'v1', ...connection], io);
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    app = createApp({ client: server.client, apiKeys: [KEY] });
  });
  afterAll(async () => {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  });

  /** The output `o` read back through gRPC, the JSON gateway and `orchctl get execution -o json`. */
  async function outputsOf(name: string) {
    const done = await waitForExecution(server.client, { ...scope, name });
    expect({ phase: done.closure?.phase, error: done.closure?.error ?? null }).toEqual({
      phase: 'SUCCEEDED',
      error: null,
    });
    const grpc = done.closure?.outputs?.literals?.o?.scalar?.primitive?.integer;
    const http = await fetch(
      `${server.addresses.httpEndpoint}/api/v1/executions/default/development/${name}`,
    );
    const gateway = (
      (await http.json()) as {
        closure: { outputs: { literals: { o: { scalar: { primitive: { integer: unknown } } } } } };
      }
    ).closure.outputs.literals.o.scalar.primitive.integer;
    const io = captureIO({ home: work });
    const adminFlags = ['--admin.endpoint', server.addresses.grpcEndpoint, '--admin.insecure'];
    const args = [
      'get',
      'execution',
      name,
      '-p',
      'default',
      '-d',
      'development',
      '-o',
      'json',
      ...adminFlags,
    ];
    expect(await runOrchctl(args, io)).toBe(0);
    const ctl = /"o":\s*\{\s*"scalar":\s*\{\s*"primitive":\s*\{\s*"integer":\s*"(-?\d+)"/.exec(io.out())?.[1];
    return { grpc, gateway, ctl };
  }

  test.each(BIG)('%s through the webhook comes back with every digit', async (digits) => {
    const res = await request(app)
      .post('/run-workflow/default/development/copy.copy_wf/v1')
      .set('Authorization', `Bearer ${KEY}`)
      .set('Content-Type', 'application/json')
      .send(`{"x": ${digits}}`);
    expect(res.body).toEqual(expect.objectContaining({ execution: expect.anything() }));
    expect(res.status).toBe(200);
    expect(await outputsOf(res.body.execution.name)).toEqual({ grpc: digits, gateway: digits, ctl: digits });
  });

  test.each(
    BIG.flatMap((digits) => [
      [digits, 'a JSON number', digits],
      [digits, 'a string', `"${digits}"`],
    ]),
  )('%s through the JSON gateway as %s comes back with every digit', async (digits, _form, written) => {
    const name = `http${digits.replace('-', 'm')}${written.startsWith('"') ? 's' : 'n'}`.slice(0, 30);
    const body = `{"project":"default","domain":"development","name":"${name}","spec":{"launch_plan":{"resource_type":"LAUNCH_PLAN","project":"default","domain":"development","name":"copy.copy_wf","version":"v1"}},"inputs":{"literals":{"x":{"scalar":{"primitive":{"integer":${written}}}}}}}`;
    const res = await fetch(`${server.addresses.httpEndpoint}/api/v1/executions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(await res.json()).toEqual({ id: expect.objectContaining({ ...scope, name }) });
    expect(await outputsOf(name)).toEqual({ grpc: digits, gateway: digits, ctl: digits });
  });

  test.each(BIG)('%s through gRPC comes back with every digit', async (digits) => {
    const name = `grpc${digits.replace('-', 'm')}`;
    await server.client.createExecution({
      ...scope,
      name,
      spec: {
        launch_plan: { resource_type: 'LAUNCH_PLAN', ...scope, name: 'copy.copy_wf', version: 'v1' },
      },
      inputs: { literals: { x: { scalar: { primitive: { integer: digits } } } } },
    });
    expect(await outputsOf(name)).toEqual({ grpc: digits, gateway: digits, ctl: digits });
  });

  test('fixed and default inputs of a workflow file keep every digit', async () => {
    for (const [plan, digits] of [
      ['copy.copy_max', '9223372036854775807'],
      ['copy.copy_min', '-9223372036854775808'],
    ] as const) {
      const name = plan.replace('.', '-').replace('_', '-');
      await server.client.createExecution({
        ...scope,
        name,
        spec: { launch_plan: { resource_type: 'LAUNCH_PLAN', ...scope, name: plan, version: 'v1' } },
        inputs: { literals: {} },
      });
      expect(await outputsOf(name)).toEqual({ grpc: digits, gateway: digits, ctl: digits });
    }
  });

  test('orchctl tables and YAML show every digit of outputs and fixed inputs', async () => {
    const ctl = async (...args: string[]) => {
      const io = captureIO({ home: work });
      const adminFlags = ['--admin.endpoint', server.addresses.grpcEndpoint, '--admin.insecure'];
      expect(await runOrchctl([...args, '-p', 'default', '-d', 'development', ...adminFlags], io)).toBe(0);
      return io.out();
    };
    expect(await ctl('get', 'execution', 'grpcm9223372036854775808')).toContain('o=-9223372036854775808');
    expect(await ctl('get', 'execution', 'grpc9223372036854775807', '-o', 'yaml')).toMatch(
      /integer: "9223372036854775807"/,
    );
    expect(await ctl('get', 'launchplan', 'copy.copy_max', '--version', 'v1')).toContain(
      'x=9223372036854775807 (fixed)',
    );
    expect(await ctl('get', 'launchplan', 'copy.copy_min', '--version', 'v1')).toContain(
      'x: integer = -9223372036854775808',
    );
  });

  test('orch run --input and --wait print the output with every digit', async () => {
    const io = captureIO({ home: work });
    const args = ['run', 'copy.copy_wf', '--input', 'x=-9223372036854775808', '--wait', ...connection];
    expect(await runOrch(args, io)).toBe(0);
    expect(io.out()).toContain('o=-9223372036854775808\n');
  });

  test.each([
    ['2^63', '9223372036854775808'],
    ['-2^63 - 1', '-9223372036854775809'],
  ])(
    '%s is refused by the webhook with 422 naming the input, the value and the range',
    async (_n, digits) => {
      const res = await request(app)
        .post('/run-workflow/default/development/copy.copy_wf/v1')
        .set('Authorization', `Bearer ${KEY}`)
        .set('Content-Type', 'application/json')
        .send(`{"x": ${digits}}`);
      expect(res.status).toBe(422);
      expect(res.body.problems).toEqual([
        {
          path: 'x',
          message: `${digits} is outside the 64-bit integer range -9223372036854775808 to 9223372036854775807 (expected integer)`,
        },
      ]);
    },
  );

  test('2^63 is refused by the JSON gateway with 400 naming the field and the range', async () => {
    const body = `{"project":"default","domain":"development","spec":{"launch_plan":{"resource_type":"LAUNCH_PLAN","project":"default","domain":"development","name":"copy.copy_wf","version":"v1"}},"inputs":{"literals":{"x":{"scalar":{"primitive":{"integer":9223372036854775808}}}}}}`;
    const res = await fetch(`${server.addresses.httpEndpoint}/api/v1/executions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string };
    expect(answer.message).toContain('inputs.literals.x.scalar.primitive.integer');
    expect(answer.message).toContain('-9223372036854775808 to 9223372036854775807');
    expect(answer.message).toContain('9223372036854775808');
  });
});
