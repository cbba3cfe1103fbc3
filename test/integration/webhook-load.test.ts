import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { AdminClient } from '../../src/client/admin-client.js';
import { createApp } from '../../src/webhook/app.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

const KEY = 'load-test-key-0123456789abcdef';
const LAUNCH = '/run-workflow/default/development/wf.add_one_wf/v1';

/** Two webhook replicas over real HTTP, sharing nothing but the admin server. */
describe('webhook under concurrent and repeated deliveries', () => {
  let server: TestServer;
  let client: AdminClient;
  const replicas: Array<{ http: Server; base: string }> = [];

  beforeAll(async () => {
    server = await startTestServer('sqlite', { executorParallelism: 1 });
    await registerAddOne(server.client, 'v1');
    client = new AdminClient({ endpoint: server.addresses.grpcEndpoint, insecure: true });
    for (let i = 0; i < 2; i++) {
      const app = createApp({ client, apiKeys: KEY, rateLimit: false });
      const http = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => http.once('listening', resolve));
      replicas.push({ http, base: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
    }
  });
  afterAll(async () => {
    for (const { http } of replicas) {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
    client.close();
    await server.stop();
  });

  /** Every execution name in default/development (all pages). */
  const executionNames = async (): Promise<Set<string>> => {
    const names = new Set<string>();
    let token = '';
    do {
      const page = await server.client.listExecutions({
        id: { project: 'default', domain: 'development' },
        limit: 1000,
        token,
      });
      for (const execution of page.executions) names.add(execution.id?.name ?? '');
      token = page.token;
    } while (token);
    return names;
  };

  const post = async (replica: number, body: unknown, headers: Record<string, string> = {}) => {
    const target = replicas[replica % replicas.length] as { base: string };
    const response = await fetch(`${target.base}${LAUNCH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  test('200 parallel launches create exactly 200 executions', async () => {
    const before = await executionNames();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post(i, { x: i })));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    const launched = new Set(answers.map((a) => (a.body.execution as { name: string }).name));
    expect(launched.size).toBe(200);
    const after = await executionNames();
    expect(after.size - before.size).toBe(200);
    for (const name of launched) expect(after.has(name)).toBe(true);
  }, 60_000);

  test('50 parallel deliveries of one idempotent request, spread over two replicas, create one execution', async () => {
    const before = await executionNames();
    const headers = { 'idempotency-key': `parallel-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i, { x: 1 }, headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const after = await executionNames();
    expect(after.size - before.size).toBe(1);
  }, 60_000);

  test('50 sequential deliveries of one idempotent request create one execution; other inputs get 409', async () => {
    const before = await executionNames();
    const headers = { 'idempotency-key': `sequential-${Date.now()}` };
    const urls = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const answer = await post(i, { x: 2 }, headers);
      expect(answer.status).toBe(200);
      urls.add(String(answer.body.url));
    }
    expect(urls.size).toBe(1);
    const conflicts = await Promise.all([post(0, { x: 3 }, headers), post(1, { x: 3 }, headers)]);
    expect(conflicts.map((c) => c.status)).toEqual([409, 409]);
    const after = await executionNames();
    expect(after.size - before.size).toBe(1);
  }, 60_000);
});
