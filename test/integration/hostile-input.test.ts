import type { ServiceError } from '@grpc/grpc-js';
import { Client, credentials, Metadata, status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { MAX_NESTING_DEPTH } from '../../src/api/limits.js';
import { loadApi } from '../../src/api/proto.js';
import { startTestServer, TEST_DATABASES, type TestServer, waitForExecution } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

// The admin's API under input an outside client sends: malformed 64-bit integers, values nested
// thousands deep, oversized bodies and text, over HTTP (as curl sends them) and gRPC (as a client
// orch did not write sends them, raw bytes included).

/** JSON text of a literal list nested `depth` levels around the integer 1 (too deep for JSON.stringify). */
function nestedJson(depth: number): string {
  return `${'{"collection":{"literals":['.repeat(depth)}{"scalar":{"primitive":{"integer":"1"}}}${']}}'.repeat(depth)}`;
}

/** Protobuf wire bytes of a length-delimited field. */
function lengthDelimited(field: number, payload: Buffer): Buffer {
  const length: number[] = [];
  let n = payload.length;
  do {
    length.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return Buffer.concat([Buffer.from([(field << 3) | 2, ...length]), payload]);
}

/** Raw bytes of an ExecutionCreateRequest whose input x is a literal list nested `depth` deep. */
function deepRequestBytes(launchPlanVersion: string, depth: number): Buffer {
  let literal: Buffer = Buffer.alloc(0);
  for (let i = 0; i < depth; i += 1) literal = lengthDelimited(2, lengthDelimited(1, literal));
  const text = (field: number, value: string) => lengthDelimited(field, Buffer.from(value));
  const launchPlan = Buffer.concat([
    Buffer.from([0x08, 3]), // resource_type LAUNCH_PLAN
    text(2, 'default'),
    text(3, 'development'),
    text(4, 'wf.add_one_wf'),
    text(5, launchPlanVersion),
  ]);
  const entry = Buffer.concat([text(1, 'x'), lengthDelimited(2, literal)]);
  return Buffer.concat([
    text(1, 'default'),
    text(2, 'development'),
    lengthDelimited(4, lengthDelimited(1, launchPlan)),
    lengthDelimited(5, lengthDelimited(1, entry)),
  ]);
}

describe.each(TEST_DATABASES)('hostile input on %s', (database) => {
  let server: TestServer;
  let http: string;
  let launchPlan: Record<string, unknown>;
  beforeAll(async () => {
    server = await startTestServer(database);
    http = server.addresses.httpEndpoint;
    const registered = await registerAddOne(server.client, 'v1');
    launchPlan = registered.lp as unknown as Record<string, unknown>;
  });
  afterAll(async () => {
    await server.stop();
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${http}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code?: number; message?: string } };
  };
  const launch = (x: unknown) => {
    const request = JSON.stringify({
      project: 'default',
      domain: 'development',
      spec: { launch_plan: launchPlan },
      inputs: { literals: { x: '<x>' } },
    });
    return post(
      '/api/v1/executions',
      request.replace('"<x>"', typeof x === 'string' ? x : JSON.stringify(x)),
    );
  };
  const executionCount = async () =>
    (await server.client.listExecutions({ id: { project: 'default', domain: 'development' }, limit: 1000 }))
      .executions?.length ?? 0;

  test('malformed int64 strings are refused naming the field, and nothing runs', async () => {
    const before = await executionCount();
    for (const integer of ['zz', '0x10', '18446744073709551616', '1.5', '', ' 7', 1.5, true]) {
      const res = await launch({ scalar: { primitive: { integer } } });
      expect([integer, res.status]).toEqual([integer, 400]);
      expect(res.body.code).toBe(status.INVALID_ARGUMENT);
      expect(res.body.message).toMatch(
        /inputs\.literals\.x\.scalar\.primitive\.integer: expected a whole number/,
      );
    }
    expect(await executionCount()).toBe(before);
    // What proto3's JSON mapping does accept: decimal strings, numbers, and whole exponent forms.
    for (const [integer, expected] of [
      ['41', 42],
      [6, 7],
      ['1e3', 1001],
    ] as const) {
      const res = await launch({ scalar: { primitive: { integer } } });
      expect([integer, res.status]).toEqual([integer, 200]);
      const id = (res.body as { id: { project: string; domain: string; name: string } }).id;
      const done = await waitForExecution(server.client, id);
      expect(done.closure?.phase).toBe('SUCCEEDED');
      const data = await server.client.getExecutionData(id);
      expect(data.full_outputs?.literals?.o0?.scalar?.primitive?.integer).toBe(String(expected));
    }
  });

  test('other fields are as strict: enums, booleans, strings and unsigned integers', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/api/v1/api_keys', { name: 'k', role: 'SUPERUSER' }, /role: expected one of .*ADMIN/],
      ['/api/v1/api_keys', { name: 7, role: 'ADMIN' }, /name: expected a string/],
      ['/api/v1/projects', { project: { id: 'p1', name: ['x'] } }, /project\.name: expected a string/],
      // An API key name is checked as given, never rewritten; a huge one is not echoed back whole.
      [
        '/api/v1/api_keys',
        { name: 'My_Key', role: 'ADMIN' },
        /API key name "My_Key" is not valid.*\(such as "my-key"\)/,
      ],
      [
        '/api/v1/api_keys',
        { name: 'k'.repeat(100_000), role: 'ADMIN' },
        /^API key name "k{80}" is not valid/,
      ],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.message).toMatch(message);
      expect(String(res.body.message).length).toBeLessThan(1000);
    }
    expect((await server.client.listApiKeys({ org: '', limit: 100 })).keys.map((k) => k.name)).not.toContain(
      'my-key',
    );
  });

  test('a literal nested past the limit is 400 over HTTP, never a 500 or a stack overflow', async () => {
    const justOver = await launch(nestedJson(MAX_NESTING_DEPTH + 1));
    expect(justOver.status).toBe(400);
    expect(justOver.body.message).toMatch(/input "x" nests lists and maps deeper than 64 levels/);
    for (const depth of [3000, 20000]) {
      const res = await launch(nestedJson(depth));
      expect([depth, res.status]).toEqual([depth, 400]);
      expect(res.body.code).toBe(status.INVALID_ARGUMENT);
      expect(res.body.message).not.toMatch(/call stack|internal/i);
    }
  });

  test('a literal nested deep over gRPC is INVALID_ARGUMENT, at the limit and far past it', async () => {
    const version = String(launchPlan.version);
    const raw = new Client(server.addresses.grpcEndpoint, credentials.createInsecure());
    const send = (bytes: Buffer) =>
      new Promise<ServiceError | null>((resolve) =>
        raw.makeUnaryRequest(
          '/orch.service.v1.AdminService/CreateExecution',
          (b: Buffer) => b,
          (b: Buffer) => b,
          bytes,
          new Metadata(),
          (err) => resolve(err),
        ),
      );
    // 50 levels answered INTERNAL before; the depth rule now speaks, as over HTTP.
    for (const depth of [50, MAX_NESTING_DEPTH + 1]) {
      const err = await send(deepRequestBytes(version, depth));
      expect([depth, err?.code]).toEqual([depth, status.INVALID_ARGUMENT]);
      expect(err?.details).toMatch(depth > MAX_NESTING_DEPTH ? /deeper than 64 levels/ : /input "x"/);
    }
    const far = await send(deepRequestBytes(version, 3000));
    expect(far?.code).toBe(status.INVALID_ARGUMENT);
    expect(far?.details).toMatch(/not a valid ExecutionCreateRequest: maximum nesting depth exceeded/);
    raw.close();
  });

  test('an oversized body is 413, and over-long project text is refused on both transports', async () => {
    const huge = JSON.stringify({ project: { id: 'big', description: 'x'.repeat(11 * 1024 * 1024) } });
    const tooLarge = await post('/api/v1/projects', huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: status.RESOURCE_EXHAUSTED });
    expect(tooLarge.body.message).toMatch(/larger than the limit of 10485760 bytes/);

    const long = await post('/api/v1/projects', {
      project: { id: 'wordy', description: 'x'.repeat(9_000_000) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/project\.description is 9000000 characters long; at most 300/);
    await expect(
      server.client.registerProject({ id: 'wordy', name: 'n'.repeat(65) } as never),
    ).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringMatching(/project\.name is 65/),
    });
    const update = await fetch(`${http}/api/v1/projects/default`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'default', state: 'ACTIVE', labels: { team: 'v'.repeat(64) } }),
    });
    expect(update.status).toBe(400);
    expect(((await update.json()) as { message: string }).message).toMatch(/labels\.team is 64 characters/);
    const page = await fetch(`${http}/console`);
    expect((await page.text()).length).toBeLessThan(100_000);
  });

  test('task limits that are not quantities, or not a boolean network, are refused on both transports', async () => {
    const task = (limits: unknown, network: unknown = false) => ({
      id: {
        resource_type: 'TASK',
        project: 'default',
        domain: 'development',
        name: 'limited',
        version: 'v1',
      },
      spec: {
        template: {
          type: 'container',
          interface: {},
          container: { image: 'x', command: ['true'], limits, network },
        },
      },
    });
    const cpu = await post('/api/v1/tasks', task({ cpu: 'lots', mem: '0' }));
    expect(cpu.status).toBe(400);
    expect(cpu.body.message).toMatch(/container\.limits\.cpu "lots" is not a positive CPU quantity/);
    expect(cpu.body.message).toMatch(/container\.limits\.mem must be more than 0/);
    const network = await post('/api/v1/tasks', task({}, 'yes'));
    expect(network.status).toBe(400);
    expect(network.body.message).toMatch(/network/);
    const { id, spec } = task({ mem: '12 parsecs' });
    await expect(server.client.createTask(id as never, spec as never)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringMatching(/container\.limits\.mem "12 parsecs" is not a memory size/),
    });
  });
});

test('the API loads with room for a literal nested to the limit', () => {
  // A request carrying a literal nested MAX_NESTING_DEPTH deep encodes and decodes.
  const type = loadApi().root.lookupType('orch.admin.v1.ExecutionCreateRequest');
  const bytes = deepRequestBytes('v1', MAX_NESTING_DEPTH);
  expect(() => type.decode(bytes)).not.toThrow();
});
