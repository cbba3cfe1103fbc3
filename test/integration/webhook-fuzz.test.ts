import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { AdminClient } from '../../src/client/admin-client.js';
import { signBody } from '../../src/http-edge/auth.js';
import { createApp, type LogRecord } from '../../src/webhook/app.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

const KEY = 'fuzz-key-Zq9x0123456789abcdefXY';
const SECRET = 'fuzz-signing-secret-0123456789';
const LAUNCH = '/run-workflow/default/development/wf.add_one_wf/v1';
/** The launch route without a version (the active version, else the newest: v1 here). */
const LAUNCH_LATEST = '/run-workflow/default/development/wf.add_one_wf';

interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Printable ASCII without space: what an HTTP client may put in a request target or header value. */
const visible = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });
const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);

const segment = fc.oneof(
  fc.constantFrom(
    'default',
    'development',
    'wf.add_one_wf',
    'v1',
    'run-workflow',
    '%',
    '%zz',
    '..',
    '%00',
    '',
  ),
  visible.map((s) => s.replace(/[/?#]/g, '')),
  fc.string().map(encodeURIComponent),
);
const path = fc.oneof(
  fc.constantFrom(LAUNCH, LAUNCH_LATEST),
  fc.array(segment, { maxLength: 4 }).map((rest) => `/run-workflow/${rest.join('/')}`),
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc.tuple(fc.constant(LAUNCH), visible).map(([p, q]) => `${p}?${q.replace(/#/g, '')}`),
);

const jsonBody = fc.oneof(
  fc.record({ x: fc.integer({ min: -1000, max: 1000 }) }),
  fc.record({ x: fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(null)) }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })),
  fc.jsonValue({ maxDepth: 4 }),
);
const body = fc.oneof(
  jsonBody.map((v) => Buffer.from(JSON.stringify(v) ?? '')),
  fc.string().map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
  fc.constant(Buffer.alloc(0)),
);
const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/merge-patch+json',
    'garbage',
  ),
  { nil: undefined },
);
const wrongAuthorization = fc.oneof(
  visible,
  visible.map((s) => `Bearer ${s}`),
  fc.constantFrom(
    `Bearer ${KEY}x`,
    `Bearer ${KEY.slice(0, -1)}`,
    `bearer ${KEY}x`,
    KEY,
    `Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`,
    'Bearer',
    '',
  ),
);
const extraHeaders = fc.dictionary(
  headerName.filter(
    (n) => !['content-length', 'transfer-encoding', 'host', 'connection', 'authorization'].includes(n),
  ),
  visible,
  { maxKeys: 4 },
);
const common = fc.record({
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH'),
  path,
  body,
  contentType,
  idempotencyKey: fc.option(fc.oneof(visible, fc.constant(' spaced ')), { nil: undefined }),
  extra: extraHeaders,
  signature: fc.option(fc.oneof(visible, fc.constant('sha256=00')), { nil: undefined }),
});

/** Requests aimed at the launch route, so that some of them launch. */
const focused = fc.record({
  method: fc.constant('POST'),
  path: fc.constantFrom(LAUNCH, LAUNCH_LATEST),
  body: jsonBody.map((v) => Buffer.from(JSON.stringify(v) ?? '')),
  contentType: fc.constant('application/json'),
  idempotencyKey: fc.option(fc.constantFrom('delivery-a', 'delivery-b', 'delivery-c'), { nil: undefined }),
  extra: extraHeaders,
  signature: fc.constant(undefined),
});

const toRequest = (
  input: {
    method: string;
    path: string;
    body: Buffer;
    contentType?: string;
    idempotencyKey?: string;
    extra: Record<string, string>;
    signature?: string;
  },
  authorization?: string,
): RawRequest => {
  const headers: Record<string, string> = { ...input.extra };
  if (input.contentType !== undefined) headers['content-type'] = input.contentType;
  if (input.idempotencyKey !== undefined) headers['idempotency-key'] = input.idempotencyKey;
  if (input.signature !== undefined) headers['x-hub-signature-256'] = input.signature;
  if (authorization !== undefined) headers.authorization = authorization;
  return { method: input.method, path: input.path, headers, body: input.body };
};

describe('fuzzing the webhook with arbitrary paths, headers and bodies', () => {
  let server: TestServer;
  let client: AdminClient;
  let http: Server;
  let base: { host: string; port: number };
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const logs: LogRecord[] = [];

  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    await registerAddOne(server.client, 'v1');
    client = new AdminClient({ endpoint: server.addresses.grpcEndpoint, insecure: true });
    const app = createApp({
      client,
      apiKeys: KEY,
      signingSecrets: [SECRET],
      rateLimit: false,
      // Hundreds of failed authentications from one address are the point here, not a guesser.
      authFailureLimit: false,
      log: (r) => logs.push(r),
    });
    http = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => http.once('listening', resolve));
    base = { host: '127.0.0.1', port: (http.address() as AddressInfo).port };
  });
  afterAll(async () => {
    agent.destroy();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    client.close();
    await server.stop();
  });

  const send = (req: RawRequest) =>
    new Promise<{ status: number; text: string; headers: string }>((resolve, reject) => {
      // An explicit length: Node's client sends a DELETE or GET body without one otherwise.
      const headers = { ...req.headers, 'content-length': String(req.body.length) };
      const call = httpRequest({ ...base, agent, method: req.method, path: req.path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: JSON.stringify(res.headers),
          }),
        );
        res.on('error', reject);
      });
      call.on('error', reject);
      call.end(req.body.length > 0 ? req.body : undefined);
    });

  const executionCount = async () => {
    let count = 0;
    let token = '';
    do {
      const page = await server.client.listExecutions({
        id: { project: 'default', domain: 'development' },
        limit: 1000,
        token,
      });
      count += page.executions.length;
      token = page.token;
    } while (token);
    return count;
  };

  const checkAnswer = (answer: { status: number; text: string; headers: string }) => {
    expect(answer.status).not.toBe(500);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toContain(KEY);
    expect(answer.headers).not.toContain(KEY);
    expect(answer.text).not.toContain(SECRET);
    expect(answer.text).not.toMatch(/\n\s+at |node:internal|\.ts:\d+/);
  };

  test('without a valid key or signature: never 500, never a launch, never the key in an answer', async () => {
    const before = await executionCount();
    let launchRoutes = 0;
    await fc.assert(
      fc.asyncProperty(
        common,
        fc.option(wrongAuthorization, { nil: undefined }),
        async (input, authorization) => {
          const req = toRequest(input, authorization);
          const answer = await send(req);
          checkAnswer(answer);
          expect(answer.status).not.toBe(200);
          if (answer.status === 401) expect(answer.text).toContain('"code":"unauthorized"');
          if (req.method === 'POST' && (req.path === LAUNCH || req.path === LAUNCH_LATEST)) {
            launchRoutes += 1;
            // On the launch route every unauthenticated request is refused (or, for a signature-mode
            // request, its body rejected before its signature is checked).
            expect([401, 413, 415]).toContain(answer.status);
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(launchRoutes).toBeGreaterThan(10);
    expect(await executionCount()).toBe(before);
  }, 120_000);

  test('with a valid key or signature: never 500, only 200s launch, never the key in an answer', async () => {
    const before = await executionCount();
    const launched = new Set<string>();
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(common, focused), fc.boolean(), async (input, signed) => {
        const req = signed
          ? toRequest({ ...input, signature: signBody(input.body, SECRET) })
          : toRequest(input, `Bearer ${KEY}`);
        const answer = await send(req);
        checkAnswer(answer);
        statuses.add(answer.status);
        if (answer.status === 200) {
          const parsed = JSON.parse(answer.text) as { url: string; execution: { name: string } };
          expect(parsed.url.endsWith(`/${parsed.execution.name}`)).toBe(true);
          launched.add(parsed.execution.name);
        }
      }),
      { numRuns: 300 },
    );
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 404, 422]));
    expect(await executionCount()).toBe(before + launched.size);
    expect(JSON.stringify(logs)).not.toContain(KEY);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  }, 120_000);
});
