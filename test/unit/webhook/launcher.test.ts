import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapToJson } from '../../../src/api/literals.js';
import { type AdminCallOptions, AdminClient } from '../../../src/client/admin-client.js';
import type { LogRecord } from '../../../src/http-edge/log.js';
import { HttpProblem } from '../../../src/http-edge/problem.js';
import { executionNameForKey } from '../../../src/webhook/idempotency.js';
import { Launcher, type LauncherClient, type LaunchRequest } from '../../../src/webhook/launcher.js';
import { WebhookMetrics } from '../../../src/webhook/metrics.js';
import { ClientGoneError, RequestDeadlineError } from '../../../src/webhook/problems.js';
import { startTestServer, type TestServer, waitForExecution } from '../../helpers/server.js';
import { registerAddOne } from '../../helpers/specs.js';

/** The launcher against a real admin server, without HTTP. */
describe('launcher', () => {
  let server: TestServer;
  let launcher: Launcher;
  const lines: LogRecord[] = [];
  const emit = (level: LogRecord['level'], msg: string, fields: Record<string, unknown>) =>
    lines.push({ time: new Date().toISOString(), level, msg, ...fields });
  const metrics = new WebhookMetrics();

  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    await registerAddOne(server.client, 'v1');
    await registerAddOne(server.client, 'v2');
    await registerAddOne(server.client, 'v3');
    launcher = new Launcher(server.client, { emit, metrics, retryAfterSeconds: 7 });
  });
  afterAll(async () => {
    await server.stop();
  });

  const request = (overrides: Partial<LaunchRequest> = {}): LaunchRequest => ({
    project: 'default',
    domain: 'development',
    name: 'wf.add_one_wf',
    version: 'v1',
    inputs: '{"x": 2}',
    call: { deadline: new Date(Date.now() + 10_000) },
    ...overrides,
  });
  /** The problem `launch` rejected with (failing the test when it resolved or threw something else). */
  const problemOf = async (launching: Promise<unknown>): Promise<HttpProblem> => {
    const error = await launching.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HttpProblem);
    if (!(error instanceof HttpProblem)) throw new Error('the launch did not fail with a problem');
    return error;
  };
  const launches = async (outcome: string) =>
    (await metrics.launches.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;

  test('launches the launch plan version with the inputs and answers the console URL', async () => {
    const launched = await launcher.launch(request());
    expect(launched.replayed).toBeUndefined();
    expect(launched.execution).toEqual({
      project: 'default',
      domain: 'development',
      name: expect.stringMatching(/^[a-z][a-z0-9]{19}$/),
    });
    expect(launched.url).toBe(
      `${server.addresses.httpEndpoint}/console/projects/default/domains/development/executions/${launched.execution.name}`,
    );
    const execution = await waitForExecution(server.client, launched.execution);
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 3 });
    expect(await launches('created')).toBeGreaterThanOrEqual(1);
  });

  test('a body that is not a JSON object of inputs is a 400 problem, before anything is launched', async () => {
    const created = await launches('created');
    for (const [inputs, code] of [
      ['{"x": ', 'malformed_json'],
      ['[1, 2]', 'not_an_object'],
      ['null', 'not_an_object'],
      ['"x"', 'not_an_object'],
      [`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`, 'too_deep'],
    ]) {
      const problem = await problemOf(launcher.launch(request({ inputs })));
      expect([problem.status, problem.code]).toEqual([400, code]);
    }
    expect(await launches('created')).toBe(created);
  });

  test('an empty or blank body (a byte order mark allowed) means no inputs', async () => {
    for (const inputs of ['', '  \n', Buffer.from('\ufeff{}')]) {
      const problem = await problemOf(launcher.launch(request({ inputs })));
      expect([problem.status, problem.code]).toEqual([422, 'invalid_inputs']);
      expect(problem.extra.problems).toEqual([{ path: 'x', message: expect.stringMatching(/required/) }]);
    }
  });

  test('inputs that do not fit the launch plan are a 422 problem listing every one', async () => {
    const problem = await problemOf(launcher.launch(request({ inputs: '{"x": "two", "y": 1}' })));
    expect([problem.status, problem.code, problem.message]).toEqual([
      422,
      'invalid_inputs',
      'the inputs do not fit the launch plan',
    ]);
    expect(problem.extra.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'x' }),
        expect.objectContaining({ path: 'y' }),
      ]),
    );
    expect(await launches('invalid')).toBeGreaterThanOrEqual(1);
  });

  test('an unknown launch plan version, name or domain is a 404 problem saying which', async () => {
    for (const [overrides, message] of [
      [
        { version: 'v9' },
        /^launch plan "wf\.add_one_wf" version "v9" not found in default\/development; its newest versions are "v[123]", "v[123]" and "v[123]"$/,
      ],
      [
        { name: 'add_one_wf' },
        /^launch plan "add_one_wf" not found in default\/development; did you mean "wf\.add_one_wf"\?$/,
      ],
      [{ domain: 'nowhere' }, /^launch plan "wf\.add_one_wf" version "v1" not found in default\/nowhere$/],
    ] as const) {
      const problem = await problemOf(launcher.launch(request(overrides)));
      expect([problem.status, problem.code]).toEqual([404, 'not_found']);
      expect(problem.message).toMatch(message);
    }
  });

  test('a malformed idempotency key is a 400 problem', async () => {
    for (const idempotencyKey of ['', ' key', 'caf\u00e9', 'x'.repeat(256)]) {
      const problem = await problemOf(launcher.launch(request({ idempotencyKey })));
      expect([problem.status, problem.code]).toEqual([400, 'bad_idempotency_key']);
    }
  });

  test('an idempotency key names the execution: replays answer it, other inputs are a 409 problem', async () => {
    const idempotencyKey = `delivery-${Date.now()}`;
    const first = await launcher.launch(request({ idempotencyKey }));
    expect(first.replayed).toBe(false);
    expect(first.execution.name).toBe(executionNameForKey(idempotencyKey));
    const again = await launcher.launch(request({ idempotencyKey, inputs: '{ "x" : 2 }' }));
    expect(again).toEqual({ ...first, replayed: true });
    const conflict = await problemOf(launcher.launch(request({ idempotencyKey, inputs: '{"x": 3}' })));
    expect([conflict.status, conflict.code]).toEqual([409, 'idempotency_conflict']);
    const otherVersion = await problemOf(launcher.launch(request({ idempotencyKey, version: 'v2' })));
    expect(otherVersion.status).toBe(409);

    // Another replica (nothing in its memory) finds the same execution through the admin.
    const replica = new Launcher(server.client);
    expect(await replica.launch(request({ idempotencyKey }))).toEqual({ ...first, replayed: true });
    const replicaConflict = await problemOf(replica.launch(request({ idempotencyKey, inputs: '{"x": 4}' })));
    expect(replicaConflict.status).toBe(409);
    // Only the first launcher counts in `metrics`.
    expect(await launches('replayed')).toBeGreaterThanOrEqual(1);
    expect(await launches('conflict')).toBeGreaterThanOrEqual(2);
  });

  test('concurrent deliveries with one key launch once', async () => {
    const idempotencyKey = `burst-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => launcher.launch(request({ idempotencyKey }))),
    );
    expect(new Set(answers.map((a) => a.execution.name))).toEqual(
      new Set([executionNameForKey(idempotencyKey)]),
    );
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
  });

  test("a signal aborted by the deadline is a 503 problem with Retry-After; by the caller's leaving, 499", async () => {
    const late = new AbortController();
    late.abort(new RequestDeadlineError());
    const deadline = await problemOf(launcher.launch(request({ call: { signal: late.signal } })));
    expect([deadline.status, deadline.code, deadline.headers]).toEqual([
      503,
      'unavailable',
      { 'Retry-After': '7' },
    ]);
    expect(lines.some((l) => l.msg === 'launch deadline passed; admin calls cancelled')).toBe(true);

    const gone = new AbortController();
    const launching = launcher.launch(request({ version: 'v3', call: { signal: gone.signal } }));
    gone.abort(new ClientGoneError());
    const left = await problemOf(launching);
    expect([left.status, left.code]).toEqual([499, 'client_closed_request']);
    expect(await launches('cancelled')).toBeGreaterThanOrEqual(1);
  });

  test('an unreachable admin is a 503 problem that names neither the address nor the cause', async () => {
    const dead = new AdminClient({
      endpoint: 'localhost:1',
      insecure: true,
      retry: { maxAttempts: 2, initialBackoffMs: 10, perAttemptSeconds: 2 },
    });
    try {
      const offline = new Launcher(dead, { emit });
      const problem = await problemOf(offline.launch(request()));
      expect([problem.status, problem.code, problem.headers]).toEqual([
        503,
        'unavailable',
        { 'Retry-After': '5' },
      ]);
      expect(problem.message).not.toMatch(/localhost:1|ECONNREFUSED/);
      expect(lines.some((l) => l.msg === 'admin service unavailable')).toBe(true);
    } finally {
      dead.close();
    }
  });

  test('the launch plan cache keeps the most recently used versions, at most cacheMaxItems', async () => {
    const lookups: string[] = [];
    const counting: LauncherClient = {
      getLaunchPlan: (id, options?: AdminCallOptions) => {
        lookups.push(String(id.version));
        return server.client.getLaunchPlan(id, options);
      },
      getActiveLaunchPlan: (...args) => server.client.getActiveLaunchPlan(...args),
      listLaunchPlans: (...args) => server.client.listLaunchPlans(...args),
      createExecution: (...args) => server.client.createExecution(...args),
      getExecution: (...args) => server.client.getExecution(...args),
      getExecutionData: (...args) => server.client.getExecutionData(...args),
      consoleUrl: (...args) => server.client.consoleUrl(...args),
      listEntityIds: (...args) => server.client.listEntityIds(...args),
    };
    const invalid = '{"x": "not a number"}';
    const touch = async (target: Launcher, version: string) =>
      expect((await problemOf(target.launch(request({ version, inputs: invalid })))).status).toBe(422);

    const two = new Launcher(counting, { cacheMaxItems: 2 });
    for (const version of ['v1', 'v2', 'v1', 'v3', 'v1', 'v2']) await touch(two, version);
    // v1 stays (used most recently when v3 came in); v2 was dropped for v3 and fetched again.
    expect(lookups).toEqual(['v1', 'v2', 'v3', 'v2']);

    lookups.length = 0;
    const none = new Launcher(counting, { cacheMaxItems: 0 });
    for (const version of ['v1', 'v1']) await touch(none, version);
    expect(lookups).toEqual(['v1', 'v1']);
  });
});
