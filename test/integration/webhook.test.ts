import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import request from 'supertest';
import { literalMapToJson } from '../../src/api/literals.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { bearerMatches, createApp } from '../../src/webhook/app.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

const KEY = 'k3y-with-enough-entropy-0123456789';
const PATH = '/run-workflow/default/development/wf.add_one_wf/v1';

describe('webhook app against a real admin server', () => {
  let server: TestServer;
  let app: ReturnType<typeof createApp>;
  const logged: string[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    await registerAddOne(server.client, 'v1');
    app = createApp({
      client: server.client,
      apiKey: KEY,
      log: (m, f) => logged.push(`${m} ${JSON.stringify(f)}`),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  const executionCount = async () =>
    (await server.client.listExecutions({ id: { project: 'default', domain: 'development' } })).executions
      .length;

  test.each([
    ['no header', undefined],
    ['a wrong key', `Bearer ${KEY}x`],
    ['a prefix of the key', `Bearer ${KEY.slice(0, 10)}`],
    ['the key without Bearer', KEY],
    ['an empty bearer', 'Bearer '],
  ])('%s gets 401 and launches nothing', async (_label, header) => {
    const before = await executionCount();
    let call = request(app).post(PATH).send({ x: 2 });
    if (header !== undefined) call = call.set('Authorization', header);
    const res = await call;
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    expect(await executionCount()).toBe(before);
  });

  test('the right key launches the launch plan and answers the console URL of the execution', async () => {
    const res = await request(app).post(PATH).set('Authorization', `Bearer ${KEY}`).send({ x: 2 });
    expect(res.status).toBe(200);
    const url = res.body.url as string;
    expect(url).toMatch(
      new RegExp(
        `^${server.addresses.httpEndpoint}/console/projects/default/domains/development/executions/[a-z][a-z0-9]{19}$`,
      ),
    );
    const name = url.split('/').pop() as string;
    const execution = await waitForExecution(server.client, {
      project: 'default',
      domain: 'development',
      name,
    });
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 3 });
  });

  test('inputs that do not fit the launch plan get 400 listing every problem, nothing launched', async () => {
    const before = await executionCount();
    const res = await request(app).post(PATH).set('Authorization', `Bearer ${KEY}`).send({ x: 'two', y: 1 });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'x', message: expect.stringMatching(/not an integer/) }),
        expect.objectContaining({ path: 'y', message: expect.stringMatching(/unknown input/) }),
      ]),
    );
    expect(await executionCount()).toBe(before);
  });

  test('a missing required input gets 400', async () => {
    const res = await request(app).post(PATH).set('Authorization', `Bearer ${KEY}`).send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/missing required input/);
  });

  test('a body that is not a JSON object gets 400; not JSON at all gets 400 or 415', async () => {
    const auth = { Authorization: `Bearer ${KEY}` };
    const array = await request(app).post(PATH).set(auth).send([1, 2]);
    expect(array.status).toBe(400);
    const broken = await request(app)
      .post(PATH)
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('{"x": ');
    expect(broken.status).toBe(400);
    const text = await request(app).post(PATH).set(auth).set('Content-Type', 'text/plain').send('x=2');
    expect(text.status).toBe(415);
  });

  test('an unknown launch plan version gets 404', async () => {
    const res = await request(app)
      .post('/run-workflow/default/development/wf.add_one_wf/nope')
      .set('Authorization', `Bearer ${KEY}`)
      .send({ x: 2 });
    expect(res.status).toBe(404);
  });

  test('an unreachable admin gets 503 and the key never reaches the log', async () => {
    const dead = new AdminClient({ endpoint: 'localhost:1', insecure: true, deadlineSeconds: 2 });
    const lines: string[] = [];
    const offline = createApp({
      client: dead,
      apiKey: KEY,
      log: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
    });
    const res = await request(offline).post(PATH).set('Authorization', `Bearer ${KEY}`).send({ x: 2 });
    dead.close();
    expect(res.status).toBe(503);
    expect(lines.join('\n')).not.toContain(KEY);
    expect(logged.join('\n')).not.toContain(KEY);
  });
});

describe('bearerMatches', () => {
  test('accepts exactly "Bearer <key>"', () => {
    expect(bearerMatches(`Bearer ${KEY}`, KEY)).toBe(true);
    expect(bearerMatches(`bearer ${KEY}`, KEY)).toBe(false);
    expect(bearerMatches(`Bearer ${KEY} `, KEY)).toBe(false);
    expect(bearerMatches(undefined, KEY)).toBe(false);
  });
});
