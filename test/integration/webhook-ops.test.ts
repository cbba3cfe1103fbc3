import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runWebhook } from '../../src/webhook/main.js';
import { captureIO } from '../helpers/io.js';
import { mintApiKey, startTestServer, type TestServer } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

const KEY = 'ops-test-key-0123456789abcdef';
// A real API key of the test admin, made in beforeAll; never to be logged.
let PLATFORM_SECRET = '';
let PLATFORM_KEY = '';
const LAUNCH = '/run-workflow/default/development/wf.add_one_wf/v1';

/** Runs `orch-webhook` in-process with the given arguments; `stop()` delivers the interrupt. */
async function startWebhook(args: string[], env: Record<string, string>) {
  let interrupt: (signal: string) => void = () => {};
  const io = {
    ...captureIO({ env, home: '/nonexistent' }),
    interrupted: new Promise<string>((resolve) => {
      interrupt = resolve;
    }),
  };
  const exited = runWebhook(['--port', '0', ...args], io);
  const match = await waitUntil(() => /listening on (\S+)/.exec(io.out()), {
    what: () => `orch-webhook to start; its stderr:\n${io.err()}`,
  });
  return {
    base: match[1] as string,
    io,
    exited,
    stop: async () => {
      interrupt('SIGTERM');
      return exited;
    },
  };
}

describe('orch-webhook in operation', () => {
  let server: TestServer;
  let webhook: Awaited<ReturnType<typeof startWebhook>>;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    ({ key: PLATFORM_KEY, clientSecret: PLATFORM_SECRET } = await mintApiKey(server, 'ops-test'));
    await registerAddOne(server.client, 'v1');
    webhook = await startWebhook(
      [
        '--orch.connection.host',
        server.addresses.grpcEndpoint,
        '--orch.connection.insecure',
        '--rate-limit',
        '0',
      ],
      { WEBHOOK_API_KEY: `${KEY},second-key-abcdefghijkl`, ORCH_API_KEY: PLATFORM_KEY },
    );
  });
  afterAll(async () => {
    await server.stop();
  });

  test('healthz, healthcheck and readyz answer without a key', async () => {
    for (const path of ['/healthz', '/healthcheck']) {
      const res = await fetch(`${webhook.base}${path}`);
      expect([path, res.status, await res.json()]).toEqual([path, 200, { status: 'ok' }]);
    }
    const ready = await fetch(`${webhook.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  test('a launch with ORCH_API_KEY configured answers 200 and an X-Request-Id', async () => {
    const res = await fetch(`${webhook.base}${LAUNCH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 2 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await res.json()) as { url: string };
    expect(body.url).toContain('/console/projects/default/domains/development/executions/');
  });

  test('metrics count requests by route and status and time launches, on the webhook registry', async () => {
    await fetch(`${webhook.base}${LAUNCH}`, { method: 'POST', body: '{}' });
    const res = await fetch(`${webhook.base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /orch_webhook_http_requests_total\{method="POST",route="run-workflow",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /orch_webhook_http_requests_total\{method="POST",route="run-workflow",status="401"\} [1-9]/,
    );
    // The launch is timed: it is in the histogram (how long it took is the bench's business, not a test's).
    expect(text).toMatch(/orch_webhook_launch_duration_seconds_bucket\{le="\+Inf",outcome="created"\} [1-9]/);
    expect(text).toMatch(/orch_webhook_launch_duration_seconds_count\{outcome="created"\} [1-9]/);
    expect(text).toContain('orch_webhook_process_cpu_seconds_total');
  });

  test('the OpenAPI document is served', async () => {
    const res = await fetch(`${webhook.base}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/run-workflow/{project}/{domain}/{workflow_name}/{version}');
  });

  test('access logs are JSON lines on stderr with request ids, credentials redacted', async () => {
    const res = await fetch(`${webhook.base}${LAUNCH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'x-hub-signature-256': 'sha256=00' },
    });
    const requestId = res.headers.get('x-request-id');
    // The access record is written when the response has finished: wait for it rather than a fixed time.
    await waitUntil(() => webhook.io.err().includes(`"request_id":"${requestId}"`), {
      what: `the access record of request ${requestId}`,
    });
    const lines = webhook.io
      .err()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = lines.find((l) => l.request_id === requestId);
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'POST',
      route: 'run-workflow',
      status: 422,
      principal: 'key#0',
      headers: expect.objectContaining({ authorization: '[redacted]', 'x-hub-signature-256': '[redacted]' }),
    });
    expect(webhook.io.err()).not.toContain(KEY);
    expect(webhook.io.err()).not.toContain(PLATFORM_KEY);
    expect(webhook.io.err()).not.toContain(PLATFORM_SECRET);
  });

  test('SIGTERM: requests in flight finish, then the process ends with 0', async () => {
    // A webhook whose admin never answers: its launch takes the whole 1.5 s deadline.
    const slow = await startWebhook(
      [
        '--orch.connection.host',
        'localhost:1',
        '--orch.connection.insecure',
        '--orch.connection.maxRetries',
        '50',
        '--orch.connection.maxBackoffDelay',
        '1s',
        '--request-timeout',
        '1500ms',
      ],
      { WEBHOOK_API_KEY: KEY },
    );
    expect(slow.io.err()).toMatch(/ORCH_API_KEY is not set: launching without platform credentials/);
    const started = Date.now();
    const inFlight = fetch(`${slow.base}${LAUNCH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: '{"x": 1}',
    });
    // The interrupt comes once the launch is under way: its first admin call attempt is counted.
    await waitUntil(
      async () =>
        /orch_webhook_grpc_client_handled_total\{[^}]*\} [1-9]/.test(
          await (await fetch(`${slow.base}/metrics`)).text(),
        ),
      { what: 'the launch to call the admin' },
    );
    const stopped = slow.stop();
    const res = await inFlight;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await stopped).toBe(0);
    // Connections left idle by finished requests are closed at once, not after the keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(2500);
    await expect(fetch(`${slow.base}/healthz`)).rejects.toThrow();
    expect(slow.io.err()).toContain('"msg":"shutting down"');
  });

  test('the main webhook stops cleanly too', async () => {
    expect(await webhook.stop()).toBe(0);
  });
});
