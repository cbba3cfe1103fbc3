import { once } from 'node:events';
import { request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { AdminClient } from '../../src/client/admin-client.js';
import { CancelledError, DeadlineExceededError } from '../../src/client/errors.js';
import { createApp, type LogRecord, type WebhookDeps } from '../../src/webhook/app.js';
import { runWebhook } from '../../src/webhook/main.js';
import { type GrpcRelay, startGrpcRelay } from '../helpers/grpc-relay.js';
import { captureIO } from '../helpers/io.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

// What an outside probe of the webhook found, each through the real app over real HTTP against a real
// in-process admin server. Calls to the admin pass through a real gRPC relay (test/helpers/grpc-relay.ts)
// that can hold CreateExecution the way a slow network would, and never forwards a call its caller
// cancelled meanwhile: so "nothing was created" below means the webhook cancelled its call.

const KEY = 'hostile-test-key-0123456789abcdef';
const LAUNCH = '/run-workflow/default/development/wf.add_one_wf/v1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const servers: Server[] = [];
/** Serves `createApp(deps)` on 127.0.0.1:0 (until the end of the test). */
async function serve(deps: WebhookDeps): Promise<{ base: string; port: number }> {
  const http = createApp(deps).listen(0, '127.0.0.1');
  servers.push(http);
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port };
}
const stopAll = async () => {
  for (const http of servers.splice(0)) {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }
};

/** One POST over a fresh connection, optionally from another local address. */
function post(
  port: number,
  headers: Record<string, string>,
  body = '{"x": 1}',
  localAddress?: string,
): Promise<{ status: number; headers: Record<string, unknown>; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: LAUNCH,
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            json: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

describe('the webhook under hostile conditions', () => {
  let server: TestServer;
  let relay: GrpcRelay;
  let client: AdminClient;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    await registerAddOne(server.client, 'v1');
    relay = await startGrpcRelay(server.addresses.grpcEndpoint);
    client = new AdminClient({ endpoint: relay.endpoint, insecure: true });
  });
  afterEach(async () => {
    relay.release();
    relay.calls.length = 0;
    await stopAll();
  });
  afterAll(async () => {
    client.close();
    await relay.close();
    await server.stop();
  });

  const executionCount = async () =>
    (await server.client.listExecutions({ id: { project: 'default', domain: 'development' }, limit: 1000 }))
      .executions.length;

  describe('6. a launch is cancelled with its request', () => {
    test('past the request timeout the answer is 503, the CreateExecution carried that deadline and was cancelled, and nothing is ever created', async () => {
      const logs: LogRecord[] = [];
      const { base } = await serve({
        client,
        apiKeys: KEY,
        requestTimeoutMs: 1000,
        log: (r) => logs.push(r),
      });
      // The launch plan is cached first, so the held call is the launch itself.
      const warm = await fetch(`${base}${LAUNCH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: '{"x": 1}',
      });
      expect(warm.status).toBe(200);
      relay.calls.length = 0;
      const before = await executionCount();
      relay.hold('CreateExecution');

      const sent = Date.now();
      const res = await fetch(`${base}${LAUNCH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: '{"x": 2}',
      });
      const answeredAfter = Date.now() - sent;
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('unavailable');
      expect(answeredAfter).toBeGreaterThanOrEqual(950);
      expect(answeredAfter).toBeLessThan(2500);

      const held = await relay.arrival('CreateExecution');
      // The admin call carried the request's deadline, not the client's 15 s per attempt.
      expect(held.deadline).toBeLessThanOrEqual(sent + 1000 + 500);
      // ...and was cancelled with the request.
      await waitUntil(() => held.cancelled, { timeoutMs: 2000 });
      // Let it go: a call still wanted would now reach the admin and launch.
      relay.release();
      await sleep(500);
      expect(held.forwarded).toBe(false);
      expect(relay.calls.filter((c) => c.path.endsWith('/CreateExecution'))).toHaveLength(1);
      expect(await executionCount()).toBe(before);
      // Whichever noticed first, the webhook's timer or the call's own deadline, the log says why.
      expect(
        logs.some((l) =>
          ['launch deadline passed; admin calls cancelled', 'admin service unavailable'].includes(l.msg),
        ),
      ).toBe(true);
    });

    test('a caller that disconnects before the answer cancels its CreateExecution; nothing is created', async () => {
      const logs: LogRecord[] = [];
      const { port } = await serve({
        client,
        apiKeys: KEY,
        requestTimeoutMs: 10_000,
        log: (r) => logs.push(r),
      });
      const before = await executionCount();
      relay.hold('CreateExecution');
      const call = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: LAUNCH,
        agent: false,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      });
      call.on('error', () => {});
      call.end('{"x": 3}');
      const held = await relay.arrival('CreateExecution');
      expect(held.cancelled).toBe(false);
      call.destroy();
      await waitUntil(() => held.cancelled, { timeoutMs: 2000 });
      relay.release();
      await sleep(500);
      expect(held.forwarded).toBe(false);
      expect(await executionCount()).toBe(before);
      await waitUntil(() => logs.some((l) => l.msg === 'request' && l.status === 499), { timeoutMs: 3000 });
    });

    test('AdminClient: an aborted signal cancels the call in flight (no retry) and rejects with CancelledError', async () => {
      const retrying = new AdminClient({
        endpoint: relay.endpoint,
        insecure: true,
        retry: { maxAttempts: 4, initialBackoffMs: 10 },
      });
      try {
        relay.hold('GetVersion');
        const abort = new AbortController();
        const pending = retrying.getVersion({ signal: abort.signal });
        const held = await relay.arrival('GetVersion');
        const reason = new Error('caller gave up');
        abort.abort(reason);
        const error = await pending.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(CancelledError);
        expect((error as CancelledError).cause).toBe(reason);
        expect((error as CancelledError).rpc).toBe('GetVersion');
        await waitUntil(() => held.cancelled, { timeoutMs: 2000 });
        relay.release();
        await sleep(200);
        expect(relay.calls.filter((c) => c.path.endsWith('/GetVersion'))).toHaveLength(1);

        // A signal already aborted sends nothing.
        relay.calls.length = 0;
        await expect(retrying.getVersion({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
          CancelledError,
        );
        expect(relay.calls).toHaveLength(0);

        // The call's own deadline bounds every attempt and ends the retries.
        relay.hold('GetVersion');
        const started = Date.now();
        const late = await retrying.getVersion({ deadline: new Date(started + 300) }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(late).toBeInstanceOf(DeadlineExceededError);
        expect(Date.now() - started).toBeLessThan(1500);
        const bounded = await relay.arrival('GetVersion');
        expect(bounded.deadline).toBeLessThanOrEqual(started + 300 + 250);
      } finally {
        retrying.close();
      }
    });

    test('every AdminClient RPC carries a deadline', async () => {
      const recorder = await startGrpcRelay();
      const probe = new AdminClient({
        endpoint: recorder.endpoint,
        insecure: true,
        retry: { maxAttempts: 1 },
      });
      // Methods of the class that are not RPCs (helpers, close).
      const NOT_RPCS = new Set([
        'constructor',
        'close',
        'attempt',
        'cancelled',
        'authorizationKey',
        'metadataFor',
        'metadataNow',
        'stamped',
        'mayAuthenticate',
        'callWithRetries',
        'call',
        'watchOnce',
        'serverStream',
      ]);
      const ARGS: Record<string, unknown[]> = {
        getProject: ['p'],
        listEntityIds: ['Task', { project: 'p', domain: 'd' }],
        updateLaunchPlan: [{}, 'ACTIVE'],
        getNodeExecutionData: [{}, 'n0'],
        watchExecution: [{ name: 'n' }, () => {}],
        deployApp: [{}, () => {}],
        consoleUrl: [{ project: 'p', domain: 'd', name: 'n' }],
      };
      const methods = Object.getOwnPropertyNames(AdminClient.prototype).filter(
        (name) =>
          !NOT_RPCS.has(name) &&
          typeof (AdminClient.prototype as unknown as Record<string, unknown>)[name] === 'function',
      );
      try {
        expect(methods.length).toBeGreaterThan(40);
        for (const name of methods) {
          const seen = recorder.calls.length;
          const started = Date.now();
          const method = (probe as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[name];
          await expect(method?.apply(probe, ARGS[name] ?? [{}])).rejects.toThrow();
          const made = recorder.calls.slice(seen);
          expect([name, made.length > 0]).toEqual([name, true]);
          for (const call of made) {
            // An attempt's 15 s; streams their own deadlineSeconds (an hour for a watch, 10 min a deploy).
            const most = /\/(WatchExecution|Deploy)$/.test(call.path) ? 3600_000 : 15_000;
            expect([name, call.path, Number.isFinite(call.deadline)]).toEqual([name, call.path, true]);
            expect([name, call.path, call.deadline <= started + most + 1000]).toEqual([
              name,
              call.path,
              true,
            ]);
          }
        }
      } finally {
        probe.close();
        await recorder.close();
      }
    });
  });

  describe('7. webhook credentials', () => {
    test('a. the Bearer scheme in any case launches (RFC 7235 §2.1)', async () => {
      const { port } = await serve({ client, apiKeys: KEY });
      for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
        const res = await post(port, { authorization: `${scheme} ${KEY}` });
        expect([scheme, res.status]).toEqual([scheme, 200]);
        expect(res.json.url).toEqual(expect.stringContaining('/executions/'));
      }
      const wrong = await post(port, { authorization: `bearer ${KEY}x` });
      expect(wrong.status).toBe(401);
    });

    test('b. failed authentications are limited per address by default: 20 of 300 wrong keys get 401, the rest 429', async () => {
      const logs: LogRecord[] = [];
      const { port } = await serve({ client, apiKeys: KEY, log: (r) => logs.push(r) });
      const statuses = new Map<number, number>();
      let last: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i < 300; i++) {
        last = await post(port, { authorization: `Bearer wrong-guess-${i}` });
        statuses.set(last.status, (statuses.get(last.status) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 401: 20, 429: 280 });
      expect(last?.json.code).toBe('too_many_failures');
      const retryAfter = Number(last?.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The presented keys never reach the log.
      const text = JSON.stringify(logs);
      expect(text).not.toContain('wrong-guess-');
      expect(text).not.toContain(KEY);
      expect(logs.filter((l) => l.msg.startsWith('too many failed authentications'))).toHaveLength(1);
    });

    test('b. past the limit the address is refused whatever key it sends; another address is not', async () => {
      const { port } = await serve({
        client,
        apiKeys: KEY,
        authFailureLimit: { limit: 3, windowMs: 60_000 },
      });
      const before = await executionCount();
      const seen: number[] = [];
      for (let i = 0; i < 4; i++) seen.push((await post(port, { authorization: `Bearer nope-${i}` })).status);
      // No credentials at all is a failed authentication too.
      seen.push((await post(port, {})).status);
      expect(seen).toEqual([401, 401, 401, 429, 429]);
      // The right key from the blocked address: refused too, so a right guess looks like a wrong one.
      const blocked = await post(port, { authorization: `Bearer ${KEY}` });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json).toEqual({
        error: 'too many failed authentications from this address; try again later',
        code: 'too_many_failures',
        request_id: blocked.headers['x-request-id'],
      });
      expect(await executionCount()).toBe(before);
      // A caller with the right key from another address (127.0.0.2 is loopback too) is unaffected.
      const other = await post(port, { authorization: `Bearer ${KEY}` }, '{"x": 4}', '127.0.0.2');
      expect(other.status).toBe(200);
      // Unauthenticated endpoints stay open to the blocked address.
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
    });

    test('b. the limit can be turned off', async () => {
      const { port } = await serve({ client, apiKeys: KEY, authFailureLimit: false });
      for (let i = 0; i < 25; i++) {
        expect((await post(port, { authorization: `Bearer nope-${i}` })).status).toBe(401);
      }
    });

    test('c. a body shorter than its Content-Length gets a JSON 408 at the request timeout, and the connection closes', async () => {
      const logs: LogRecord[] = [];
      const { port } = await serve({
        client,
        apiKeys: KEY,
        requestTimeoutMs: 1000,
        log: (r) => logs.push(r),
      });
      const answer = await shortBody(port);
      expect(answer.text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer.text).toMatch(/\r\ncontent-type: application\/json/i);
      const body = JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)) as Record<
        string,
        unknown
      >;
      expect(body).toEqual({
        error: 'the request body did not arrive within the request timeout',
        code: 'request_timeout',
        request_id: expect.any(String),
      });
      expect(answer.answeredMs).toBeGreaterThanOrEqual(950);
      expect(answer.answeredMs).toBeLessThan(2000);
      expect(answer.closedMs).toBeLessThan(2500);
      await waitUntil(() => logs.some((l) => l.msg === 'request' && l.status === 408), { timeoutMs: 3000 });
    });

    test('c. a caller that leaves halfway through its body launches nothing, is logged 499, and the next launch is served', async () => {
      const logs: LogRecord[] = [];
      const { port } = await serve({ client, apiKeys: KEY, log: (r) => logs.push(r) });
      const before = await executionCount();
      for (const [encoding, sent] of [
        ['', '{"x":'],
        ['Content-Encoding: gzip\r\n', '\x1f\x8b'],
      ] as const) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => {});
        await once(socket, 'connect');
        socket.write(
          `POST ${LAUNCH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n` +
            `Content-Type: application/json\r\n${encoding}Content-Length: 40\r\n\r\n${sent}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        socket.destroy();
        await waitUntil(() => logs.filter((l) => l.msg === 'request' && l.status === 499).length === 1, {
          timeoutMs: 3000,
        });
        logs.length = 0;
      }
      const next = await fetch(`http://127.0.0.1:${port}${LAUNCH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ x: 1 }),
      });
      expect(next.status).toBe(200);
      expect(await executionCount()).toBe(before + 1);
    });

    test('c. and through orch-webhook with --request-timeout 1s; --auth-failure-limit is honoured', async () => {
      let interrupt: (signal: string) => void = () => {};
      const io = {
        ...captureIO({ env: { WEBHOOK_API_KEY: KEY }, home: '/nonexistent' }),
        interrupted: new Promise<string>((resolve) => {
          interrupt = resolve;
        }),
      };
      const exited = runWebhook(
        [
          '--port',
          '0',
          '--orch.connection.host',
          relay.endpoint,
          '--orch.connection.insecure',
          '--request-timeout',
          '1s',
          '--auth-failure-limit',
          '2',
          '--auth-failure-window',
          '30s',
        ],
        io,
      );
      try {
        await waitUntil(() => /listening on \S+:(\d+)/.test(io.out()), { timeoutMs: 10_000 });
        const port = Number(/listening on \S+:(\d+)/.exec(io.out())?.[1]);
        const answer = await shortBody(port);
        expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer.text).toContain('"code":"request_timeout"');
        expect(answer.answeredMs).toBeLessThan(2000);
        const seen: number[] = [];
        for (let i = 0; i < 3; i++) seen.push((await post(port, { authorization: `Bearer no-${i}` })).status);
        expect(seen).toEqual([401, 401, 429]);
        const retryAfter = Number((await post(port, { authorization: 'Bearer no' })).headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(30);
        expect(io.err()).not.toContain('Bearer no-');
      } finally {
        interrupt('SIGTERM');
        expect(await exited).toBe(0);
      }
    });
  });
});

/**
 * Sends a launch whose `Content-Length` (100) is larger than the 5 bytes that follow, over a raw
 * socket, and waits for the answer and for the server to close the connection.
 */
async function shortBody(port: number): Promise<{ text: string; answeredMs: number; closedMs: number }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const started = Date.now();
  socket.write(
    `POST ${LAUNCH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"x":',
  );
  let text = '';
  let answeredMs = -1;
  socket.on('data', (chunk: Buffer) => {
    if (answeredMs < 0) answeredMs = Date.now() - started;
    text += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const closedMs = await Promise.race([
    once(socket, 'close').then(() => Date.now() - started),
    new Promise<number>((resolve) => {
      timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), 5000);
    }),
  ]);
  clearTimeout(timer);
  socket.destroy();
  return { text, answeredMs, closedMs };
}
