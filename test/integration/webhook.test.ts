import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import request from 'supertest';
import { literalMapToJson } from '../../src/api/literals.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { signBody } from '../../src/http-edge/auth.js';
import { createApp, type LogRecord, type WebhookApp } from '../../src/webhook/app.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { ADD_ONE_SCRIPT, registerAddOne } from '../helpers/specs.js';

const KEY = 'k3y-with-enough-entropy-0123456789';
const OLD_KEY = 'previous-key-still-accepted-9876543210';
const SECRET = 'signing-secret-for-senders-without-headers';
const PATH = '/run-workflow/default/development/wf.add_one_wf/v1';
const STACK = /\n\s+at |node:internal|\.ts:\d+|\.js:\d+/;

describe('webhook app against a real admin server', () => {
  let server: TestServer;
  let client: AdminClient;
  let app: WebhookApp;
  const logged: LogRecord[] = [];
  /** Every answer of every test, to check none carries a stack trace or a secret. */
  const answers: string[] = [];
  const record = <T extends { text: string; headers: Record<string, string> }>(res: T): T => {
    answers.push(`${JSON.stringify(res.headers)}\n${res.text}`);
    return res;
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    await registerAddOne(server.client, 'v1');
    client = new AdminClient({ endpoint: server.addresses.grpcEndpoint, insecure: true });
    app = createApp({
      client,
      apiKeys: [KEY, OLD_KEY],
      signingSecrets: [SECRET],
      log: (entry) => logged.push(entry),
    });
  });
  afterAll(async () => {
    client.close();
    await server.stop();
  });

  const executionCount = async () =>
    (await server.client.listExecutions({ id: { project: 'default', domain: 'development' }, limit: 1000 }))
      .executions.length;
  const auth = { Authorization: `Bearer ${KEY}` };

  test.each([
    ['no header', undefined],
    ['a wrong key', `Bearer ${KEY}x`],
    ['a prefix of the key', `Bearer ${KEY.slice(0, 10)}`],
    ['the key without Bearer', KEY],
    ['a wrong key with a lower-case scheme', `bearer ${KEY}x`],
    ['an empty bearer', 'Bearer '],
    ['two keys', `Bearer ${KEY},${OLD_KEY}`],
  ])('%s gets 401 with WWW-Authenticate and launches nothing', async (_label, header) => {
    const before = await executionCount();
    let call = request(app).post(PATH).send({ x: 2 });
    if (header !== undefined) call = call.set('Authorization', header);
    const res = record(await call);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).toEqual({
      error: 'missing or invalid credentials',
      code: 'unauthorized',
      request_id: res.headers['x-request-id'],
    });
    expect(await executionCount()).toBe(before);
  });

  test('200: the right key launches the launch plan; the answer has the console URL and the execution', async () => {
    const res = record(await request(app).post(PATH).set(auth).send({ x: 2 }));
    expect(res.status).toBe(200);
    const url = res.body.url as string;
    expect(url).toMatch(
      new RegExp(
        `^${server.addresses.httpEndpoint}/console/projects/default/domains/development/executions/[a-z][a-z0-9]{19}$`,
      ),
    );
    const name = url.split('/').pop() as string;
    expect(res.body.execution).toEqual({ project: 'default', domain: 'development', name });
    const execution = await waitForExecution(server.client, res.body.execution);
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 3 });
  });

  test('every configured key is accepted (rotation)', async () => {
    const res = record(
      await request(app).post(PATH).set('Authorization', `Bearer ${OLD_KEY}`).send({ x: 5 }),
    );
    expect(res.status).toBe(200);
  });

  test("a foreign Origin and Host: no key is 401, the key launches, no CORS grant, the URL is the admin's", async () => {
    const foreign = { Origin: 'https://evil.example', Host: 'evil.example' };
    const refused = record(await request(app).post(PATH).set(foreign).send({ x: 2 }));
    expect([refused.status, refused.body.code]).toEqual([401, 'unauthorized']);
    const res = record(await request(app).post(PATH).set(foreign).set(auth).send({ x: 2 }));
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body.url).toMatch(new RegExp(`^${server.addresses.httpEndpoint}/console/`));
    expect(res.body.url).not.toContain('evil.example');
  });

  test('the launch path with a query, a trailing slash, another letter case or escaped characters launches as the plain one does', async () => {
    const shapes = [
      `${PATH}?source=ci`,
      `${PATH}/`,
      PATH.replace('run-workflow', 'Run-Workflow'),
      PATH.replace('wf.add_one_wf', 'wf%2Eadd%5Fone_wf'),
    ];
    for (const path of shapes) {
      logged.length = 0;
      const res = record(await request(app).post(path).set(auth).send({ x: 2 }));
      expect([path, res.status, res.headers['content-type']]).toEqual([
        path,
        200,
        'application/json; charset=utf-8',
      ]);
      expect(res.body.execution).toMatchObject({ project: 'default', domain: 'development' });
      const line = logged.find((entry) => entry.msg === 'request');
      expect([path, line?.route, line?.status, line?.execution]).toEqual([
        path,
        'run-workflow',
        200,
        res.body.execution.name,
      ]);
    }
    // A segment that does not decode is the caller's mistake, whatever the shape.
    const broken = record(await request(app).post(`${PATH}%E0`).set(auth).send({ x: 2 }));
    expect([broken.status, broken.body.code]).toEqual([400, 'bad_request']);
    const longer = record(await request(app).post(`${PATH}/more`).set(auth).send({ x: 2 }));
    expect([longer.status, longer.body.code]).toEqual([404, 'not_found']);
  });

  test('signature mode: an HMAC-SHA256 of the raw body with the signing secret authenticates', async () => {
    const body = JSON.stringify({ x: 7 });
    const good = record(
      await request(app)
        .post(PATH)
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', signBody(body, SECRET))
        .send(body),
    );
    expect(good.status).toBe(200);
    const before = await executionCount();
    const tampered = record(
      await request(app)
        .post(PATH)
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', signBody(body, SECRET))
        .send(JSON.stringify({ x: 8 })),
    );
    expect(tampered.status).toBe(401);
    const wrongSecret = record(
      await request(app)
        .post(PATH)
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', signBody(body, `${SECRET}x`))
        .send(body),
    );
    expect(wrongSecret.status).toBe(401);
    // A wrong bearer key is not rescued by a valid signature.
    const both = record(
      await request(app)
        .post(PATH)
        .set('Authorization', 'Bearer nope')
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', signBody(body, SECRET))
        .send(body),
    );
    expect(both.status).toBe(401);
    expect(await executionCount()).toBe(before);
  });

  test('signature mode is off without a signing secret', async () => {
    const noSigning = createApp({ client, apiKeys: KEY });
    const body = JSON.stringify({ x: 7 });
    const res = record(
      await request(noSigning)
        .post(PATH)
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', signBody(body, SECRET))
        .send(body),
    );
    expect(res.status).toBe(401);
  });

  test('422: inputs that do not fit the launch plan list every problem at once; nothing launched', async () => {
    const before = await executionCount();
    const res = record(await request(app).post(PATH).set(auth).send({ x: 'two', y: 1, constructor: 2 }));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('invalid_inputs');
    expect(res.body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'x', message: expect.stringMatching(/not an integer/) }),
        expect.objectContaining({ path: 'y', message: expect.stringMatching(/unknown input/) }),
        expect.objectContaining({ path: 'constructor', message: expect.stringMatching(/unknown input/) }),
      ]),
    );
    const missing = record(await request(app).post(PATH).set(auth).send({}));
    expect(missing.status).toBe(422);
    expect(missing.body.problems).toEqual([
      expect.objectContaining({ path: 'x', message: expect.stringMatching(/missing required input/) }),
    ]);
    const empty = record(await request(app).post(PATH).set(auth));
    expect(empty.status).toBe(422);
    expect(await executionCount()).toBe(before);
  });

  test('400: a body that is not a JSON object, malformed JSON, a malformed Idempotency-Key, deep nesting', async () => {
    const array = record(await request(app).post(PATH).set(auth).send([1, 2]));
    expect([array.status, array.body.code]).toEqual([400, 'not_an_object']);
    const scalar = record(
      await request(app).post(PATH).set(auth).set('Content-Type', 'application/json').send('3'),
    );
    expect(scalar.status).toBe(400);
    const broken = record(
      await request(app).post(PATH).set(auth).set('Content-Type', 'application/json').send('{"x": '),
    );
    expect([broken.status, broken.body.code]).toEqual([400, 'malformed_json']);
    const badKey = record(
      await request(app).post(PATH).set(auth).set('Idempotency-Key', 'caf\u00e9').send({ x: 1 }),
    );
    expect([badKey.status, badKey.body.code]).toEqual([400, 'bad_idempotency_key']);
    const deep = record(
      await request(app)
        .post(PATH)
        .set(auth)
        .set('Content-Type', 'application/json')
        .send(`{"x": ${'['.repeat(5000)}${']'.repeat(5000)}}`),
    );
    expect([deep.status, deep.body.code]).toEqual([400, 'too_deep']);
  });

  test('415: a body that is not JSON', async () => {
    const text = record(
      await request(app).post(PATH).set(auth).set('Content-Type', 'text/plain').send('x=2'),
    );
    expect([text.status, text.body.code]).toEqual([415, 'unsupported_media_type']);
    const form = record(await request(app).post(PATH).set(auth).type('form').send({ x: '2' }));
    expect(form.status).toBe(415);
    const latin = record(
      await request(app)
        .post(PATH)
        .set(auth)
        .set('Content-Type', 'application/json; charset=latin1')
        .send('{}'),
    );
    expect(latin.status).toBe(415);
    const vendor = record(
      await request(app)
        .post(PATH)
        .set(auth)
        .set('Content-Type', 'application/vnd.orch+json')
        .send('{"x": 1}'),
    );
    expect(vendor.status).toBe(200);
  });

  test('the content types the API documents are the ones it accepts: JSON and +json types, UTF-8', async () => {
    const doc = (await request(app).get('/openapi.json')).body as {
      paths: Record<string, { post?: { responses: Record<string, { description: string }> } }>;
    };
    const documented = doc.paths['/run-workflow/{project}/{domain}/{workflow_name}/{version}']?.post;
    expect(documented?.responses['415']?.description).toContain(
      'neither `application/json` nor a `+json` type such as `application/vnd.api+json`',
    );
    const page = await readFile(new URL('../../docs/webhook.md', import.meta.url), 'utf8');
    expect(page).toContain(`| 415 | ${documented?.responses['415']?.description} |`);
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json', 'Application/JSON']) {
      const accepted = record(
        await request(app).post(PATH).set(auth).set('Content-Type', type).send('{"x": 1}'),
      );
      expect([type, accepted.status]).toEqual([type, 200]);
    }
    for (const type of [
      'text/plain',
      'application/json-patch',
      'text/json',
      'application/vnd.api+json; charset=utf-16',
    ]) {
      const refused = record(
        await request(app).post(PATH).set(auth).set('Content-Type', type).send('{"x": 1}'),
      );
      expect([type, refused.status, refused.body.code]).toEqual([type, 415, 'unsupported_media_type']);
      expect(refused.body.error).toBe(
        'the body must be JSON: Content-Type application/json or application/<type>+json, UTF-8',
      );
    }
  });

  test('413: a body over the limit, declared or streamed', async () => {
    const small = createApp({ client, apiKeys: KEY, maxBodyBytes: 64 });
    const big = JSON.stringify({ x: 1, pad: 'a'.repeat(100) });
    const res = record(
      await request(small).post(PATH).set(auth).set('Content-Type', 'application/json').send(big),
    );
    expect([res.status, res.body.code]).toEqual([413, 'too_large']);
    const fits = record(await request(small).post(PATH).set(auth).send({ x: 1 }));
    expect(fits.status).toBe(200);
  });

  test('404: no such launch plan version, project or domain; no such endpoint', async () => {
    for (const path of [
      '/run-workflow/default/development/wf.add_one_wf/nope',
      '/run-workflow/default/development/wf.nothing/v1',
      '/run-workflow/nowhere/development/wf.add_one_wf/v1',
      '/run-workflow/default/nodomain/wf.add_one_wf/v1',
    ]) {
      const res = record(await request(app).post(path).set(auth).send({ x: 2 }));
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'not_found']);
    }
    const other = record(await request(app).get('/nothing/here'));
    expect(other.status).toBe(404);
    const short = record(await request(app).post('/run-workflow/default/development').set(auth).send({}));
    expect(short.status).toBe(404);
  });

  test('405: another method on the launch route', async () => {
    const res = record(await request(app).get(PATH).set(auth));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  test('409: an Idempotency-Key reused with other inputs; 200 and the same execution with the same ones', async () => {
    const key = `order-${Date.now()}`;
    const first = record(await request(app).post(PATH).set(auth).set('Idempotency-Key', key).send({ x: 10 }));
    expect(first.status).toBe(200);
    expect(first.body.execution.name).toMatch(/^wh-[0-9a-f]{32}$/);
    const again = record(await request(app).post(PATH).set(auth).set('Idempotency-Key', key).send({ x: 10 }));
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = record(await request(app).post(PATH).set(auth).set('Idempotency-Key', key).send({ x: 11 }));
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_conflict']);
    // Another replica (a fresh app with empty caches) decides the same from the admin's records.
    const replica = createApp({ client, apiKeys: KEY });
    const same = record(
      await request(replica).post(PATH).set(auth).set('Idempotency-Key', key).send({ x: 10 }),
    );
    expect(same.status).toBe(200);
    expect(same.body).toEqual(first.body);
    const conflict = record(
      await request(replica).post(PATH).set(auth).set('Idempotency-Key', key).send({ x: 12 }),
    );
    expect(conflict.status).toBe(409);
    // The same key for another launch plan version is a conflict too.
    await registerAddOne(server.client, 'v2');
    const otherVersion = record(
      await request(replica)
        .post('/run-workflow/default/development/wf.add_one_wf/v2')
        .set(auth)
        .set('Idempotency-Key', key)
        .send({ x: 10 }),
    );
    expect(otherVersion.status).toBe(409);
  });

  test('429: over the per-key rate limit, with Retry-After; other keys are not limited', async () => {
    const limited = createApp({ client, apiKeys: [KEY, OLD_KEY], rateLimit: { limit: 2, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = record(await request(limited).post(PATH).set(auth).send({ x: i }));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.body.code).toBe('rate_limited');
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
    const otherKey = record(
      await request(limited).post(PATH).set('Authorization', `Bearer ${OLD_KEY}`).send({ x: 1 }),
    );
    expect(otherKey.status).toBe(200);
    // Requests that fail authentication do not spend a key's quota.
    const unauthenticated = record(
      await request(limited).post(PATH).set('Authorization', 'Bearer x').send({}),
    );
    expect(unauthenticated.status).toBe(401);
  });

  test('503 with Retry-After: the admin is unreachable after the client retries', async () => {
    const dead = new AdminClient({
      endpoint: 'localhost:1',
      insecure: true,
      retry: { maxAttempts: 2, initialBackoffMs: 10, perAttemptSeconds: 2 },
    });
    const lines: LogRecord[] = [];
    const offline = createApp({ client: dead, apiKeys: KEY, log: (entry) => lines.push(entry) });
    const res = record(await request(offline).post(PATH).set(auth).send({ x: 2 }));
    expect([res.status, res.body.code]).toEqual([503, 'unavailable']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error).not.toMatch(/localhost:1|ECONNREFUSED/);
    const ready = record(await request(offline).get('/readyz'));
    expect(ready.status).toBe(503);
    dead.close();
    expect(JSON.stringify(lines)).not.toContain(KEY);
    expect(lines.some((l) => l.msg === 'admin service unavailable')).toBe(true);
  });

  test('503 within the request deadline when the admin keeps failing', async () => {
    const slow = new AdminClient({
      endpoint: 'localhost:1',
      insecure: true,
      retry: { maxAttempts: 20, initialBackoffMs: 400, perAttemptSeconds: 2 },
    });
    const offline = createApp({ client: slow, apiKeys: KEY, requestTimeoutMs: 300 });
    const started = Date.now();
    const res = record(await request(offline).post(PATH).set(auth).send({ x: 2 }));
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);
    slow.close();
  });

  test('a stopped admin server gets 503', async () => {
    const other = await startTestServer('sqlite', { executorParallelism: 1 });
    await registerAddOne(other.client, 'v1');
    const otherClient = new AdminClient({
      endpoint: other.addresses.grpcEndpoint,
      insecure: true,
      retry: { maxAttempts: 2, initialBackoffMs: 10, perAttemptSeconds: 2 },
    });
    const webhook = createApp({ client: otherClient, apiKeys: KEY });
    const ok = record(await request(webhook).post(PATH).set(auth).send({ x: 1 }));
    expect(ok.status).toBe(200);
    await other.stop();
    const res = record(await request(webhook).post(PATH).set(auth).send({ x: 1 }));
    expect(res.status).toBe(503);
    otherClient.close();
  });

  test('no answer carried a stack trace or a secret; logs redact credentials', async () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const text of answers) {
      expect(text).not.toMatch(STACK);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(OLD_KEY);
      expect(text).not.toContain(SECRET);
    }
    const text = JSON.stringify(logged);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(OLD_KEY);
    expect(text).not.toContain(SECRET);
    const launched = logged.find((l) => l.msg === 'request' && l.status === 200);
    expect(launched).toMatchObject({
      level: 'info',
      method: 'POST',
      route: 'run-workflow',
      principal: expect.stringMatching(/^(key|signature)#\d$/),
    });
    // A success's record is slim; a refusal's carries the request headers, credentials redacted.
    expect(launched).not.toHaveProperty('headers');
    const refused = logged.find(
      (l) =>
        l.msg === 'request' && l.status === 401 && (l.headers as { authorization?: string })?.authorization,
    );
    expect(refused).toMatchObject({
      level: 'info',
      route: 'run-workflow',
      headers: expect.objectContaining({ authorization: '[redacted]', 'content-type': expect.any(String) }),
    });
    const signatures = logged
      .map((l) => (l.headers as Record<string, string> | undefined)?.['x-hub-signature-256'])
      .filter((value) => value !== undefined);
    expect(signatures.length).toBeGreaterThan(0);
    expect(new Set(signatures)).toEqual(new Set(['[redacted]']));
  });
});

describe('the launch route without a version: the active version, else the newest', () => {
  const LATEST = '/run-workflow/default/development/wf.add_one_wf';
  let server: TestServer;
  let client: AdminClient;
  let app: WebhookApp;
  const auth = { Authorization: `Bearer ${KEY}` };
  /** Every answer, to check none carries a stack trace or the key. */
  const answers: string[] = [];
  const record = <T extends { text: string; headers: Record<string, string> }>(res: T): T => {
    answers.push(`${JSON.stringify(res.headers)}\n${res.text}`);
    return res;
  };
  const executionCount = async () =>
    (await server.client.listExecutions({ id: { project: 'default', domain: 'development' }, limit: 1000 }))
      .executions.length;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    // Two versions that tell themselves apart by their output: "old" adds 1, "new" adds 10.
    await registerAddOne(server.client, 'old');
    // Registered in a later millisecond than "old", so it is the newest by creation time.
    const registeredOld = Date.now();
    while (Date.now() <= registeredOld) await new Promise((resolve) => setImmediate(resolve));
    await registerAddOne(server.client, 'new', ADD_ONE_SCRIPT.replace('o0:i.x+1', 'o0:i.x+10'));
    client = new AdminClient({ endpoint: server.addresses.grpcEndpoint, insecure: true });
    app = createApp({ client, apiKeys: KEY });
  });
  afterAll(async () => {
    client.close();
    await server.stop();
  });

  test('with no active version it launches the newest and names it in the answer', async () => {
    const res = record(await request(app).post(LATEST).set(auth).send({ x: 2 }));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['execution', 'url', 'version']);
    expect(res.body.version).toBe('new');
    expect(res.body.url).toBe(
      `${server.addresses.httpEndpoint}/console/projects/default/domains/development/executions/${res.body.execution.name}`,
    );
    const execution = await waitForExecution(server.client, res.body.execution);
    expect(execution.spec?.launch_plan?.version).toBe('new');
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 12 });
  });

  test('with an active version it launches that one, even when a newer exists', async () => {
    await server.client.updateLaunchPlan(
      {
        resource_type: 'LAUNCH_PLAN',
        project: 'default',
        domain: 'development',
        name: 'wf.add_one_wf',
        version: 'old',
      },
      'ACTIVE',
    );
    const res = record(await request(app).post(LATEST).set(auth).send({ x: 2 }));
    expect([res.status, res.body.version]).toEqual([200, 'old']);
    const execution = await waitForExecution(server.client, res.body.execution);
    expect(execution.spec?.launch_plan?.version).toBe('old');
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 3 });
    // Activating another version moves the next launch at once (nothing is cached across requests).
    await server.client.updateLaunchPlan(
      {
        resource_type: 'LAUNCH_PLAN',
        project: 'default',
        domain: 'development',
        name: 'wf.add_one_wf',
        version: 'new',
      },
      'ACTIVE',
    );
    const next = record(await request(app).post(LATEST).set(auth).send({ x: 2 }));
    expect([next.status, next.body.version]).toEqual([200, 'new']);
  });

  test('the versioned path still answers url and execution only', async () => {
    const res = record(await request(app).post(`${LATEST}/old`).set(auth).send({ x: 2 }));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['execution', 'url']);
  });

  test('an unknown launch plan, project or domain answers 404 as on the versioned path; nothing launched', async () => {
    const before = await executionCount();
    for (const target of [
      '/run-workflow/default/development/wf.nothing',
      '/run-workflow/nowhere/development/wf.add_one_wf',
      '/run-workflow/default/nodomain/wf.add_one_wf',
    ]) {
      const latest = record(await request(app).post(target).set(auth).send({ x: 2 }));
      const versioned = record(await request(app).post(`${target}/old`).set(auth).send({ x: 2 }));
      expect([target, latest.status, latest.body.code]).toEqual([target, 404, 'not_found']);
      expect([target, latest.status, latest.body.code]).toEqual([
        target,
        versioned.status,
        versioned.body.code,
      ]);
      // Worded as every command words it: the name not found where it was looked for.
      expect(latest.body.error).toMatch(
        /^launch plan "wf\.(nothing|add_one_wf)" not found in [a-z]+\/[a-z]+/,
      );
    }
    expect(await executionCount()).toBe(before);
  });

  test.each([
    ['no header', undefined],
    ['a wrong key', `Bearer ${KEY}x`],
    ['a prefix of the key', `Bearer ${KEY.slice(0, 10)}`],
    ['the key without Bearer', KEY],
    ['an empty bearer', 'Bearer '],
  ])('%s gets 401 with WWW-Authenticate and launches nothing', async (_label, header) => {
    const before = await executionCount();
    let call = request(app).post(LATEST).send({ x: 2 });
    if (header !== undefined) call = call.set('Authorization', header);
    const res = record(await call);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).toEqual({
      error: 'missing or invalid credentials',
      code: 'unauthorized',
      request_id: res.headers['x-request-id'],
    });
    expect(await executionCount()).toBe(before);
  });

  test('wrong types, unknown or missing inputs: 422 listing every problem; not an object or not JSON: 400; nothing launched', async () => {
    const before = await executionCount();
    const wrong = record(await request(app).post(LATEST).set(auth).send({ x: 'two', y: 1 }));
    expect([wrong.status, wrong.body.code]).toEqual([422, 'invalid_inputs']);
    expect(wrong.body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'x', message: expect.stringMatching(/not an integer/) }),
        expect.objectContaining({ path: 'y', message: expect.stringMatching(/unknown input/) }),
      ]),
    );
    for (const value of [1.5, true, null, [1], { n: 1 }, '9223372036854775808']) {
      const res = record(await request(app).post(LATEST).set(auth).send({ x: value }));
      expect([JSON.stringify(value), res.status]).toEqual([JSON.stringify(value), 422]);
    }
    const missing = record(await request(app).post(LATEST).set(auth).send({}));
    expect(missing.body.problems).toEqual([
      expect.objectContaining({ path: 'x', message: expect.stringMatching(/missing required input/) }),
    ]);
    const array = record(await request(app).post(LATEST).set(auth).send([1, 2]));
    expect([array.status, array.body.code]).toEqual([400, 'not_an_object']);
    const broken = record(
      await request(app).post(LATEST).set(auth).set('Content-Type', 'application/json').send('{"x": '),
    );
    expect([broken.status, broken.body.code]).toEqual([400, 'malformed_json']);
    const deep = record(
      await request(app)
        .post(LATEST)
        .set(auth)
        .set('Content-Type', 'application/json')
        .send(`{"x": ${'['.repeat(5000)}${']'.repeat(5000)}}`),
    );
    expect([deep.status, deep.body.code]).toEqual([400, 'too_deep']);
    const text = record(
      await request(app).post(LATEST).set(auth).set('Content-Type', 'text/plain').send('x=2'),
    );
    expect([text.status, text.body.code]).toEqual([415, 'unsupported_media_type']);
    expect(await executionCount()).toBe(before);
  });

  test('413: a body over the limit, declared or streamed, launches nothing', async () => {
    const before = await executionCount();
    const small = createApp({ client, apiKeys: KEY, maxBodyBytes: 64 });
    const big = JSON.stringify({ x: 1, pad: 'a'.repeat(100) });
    const declared = record(
      await request(small).post(LATEST).set(auth).set('Content-Type', 'application/json').send(big),
    );
    expect([declared.status, declared.body.code]).toEqual([413, 'too_large']);
    // Over the default 1 MiB.
    const huge = record(
      await request(app)
        .post(LATEST)
        .set(auth)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ x: 1, pad: 'a'.repeat(2 * 1024 * 1024) })),
    );
    expect([huge.status, huge.body.code]).toEqual([413, 'too_large']);
    expect(await executionCount()).toBe(before);
    const fits = record(await request(small).post(LATEST).set(auth).send({ x: 1 }));
    expect(fits.status).toBe(200);
  });

  test('405 for another method; an Idempotency-Key replays the same answer, version included, and 409 with other inputs', async () => {
    const get = record(await request(app).get(LATEST).set(auth));
    expect([get.status, get.headers.allow]).toEqual([405, 'POST']);
    const key = `latest-${Date.now()}`;
    const first = record(
      await request(app).post(LATEST).set(auth).set('Idempotency-Key', key).send({ x: 4 }),
    );
    expect(first.status).toBe(200);
    const again = record(
      await request(app).post(LATEST).set(auth).set('Idempotency-Key', key).send({ x: 4 }),
    );
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = record(
      await request(app).post(LATEST).set(auth).set('Idempotency-Key', key).send({ x: 5 }),
    );
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_conflict']);
  });

  test('the OpenAPI document lists the path without a version and its version field', async () => {
    const doc = (await request(app).get('/openapi.json')).body as {
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    expect(
      Object.keys(doc.paths['/run-workflow/{project}/{domain}/{workflow_name}']?.post?.responses ?? {}),
    ).toEqual(
      Object.keys(
        doc.paths['/run-workflow/{project}/{domain}/{workflow_name}/{version}']?.post?.responses ?? {},
      ),
    );
    expect(doc.components.schemas.LaunchedVersion?.required).toEqual(['url', 'execution', 'version']);
  });

  test('no answer carried a stack trace or the key', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const text of answers) {
      expect(text).not.toMatch(STACK);
      expect(text).not.toContain(KEY);
    }
  });
});
