import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { startTracing, type TraceSettings } from '../../src/telemetry/start-tracing.js';
import { createApp } from '../../src/webhook/app.js';
import { runWebhook } from '../../src/webhook/main.js';
import { WebhookMetrics } from '../../src/webhook/metrics.js';
import { captureIO } from '../helpers/io.js';
import {
  mintApiKey,
  startTestServer,
  TEST_DATABASES,
  type TestServer,
  waitForExecution,
} from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

type ExecutionId = { project: string; domain: string; name: string };

const KEY = 'observability-key-0123456789abcdef';
const LAUNCH = '/run-workflow/default/development/wf.add_one_wf/v1';

/** One span as OTLP/JSON writes it (ids in hex). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const spansOf = (requests: OtlpRequest[]) =>
  requests.flatMap((r) =>
    r.resourceSpans.flatMap((rs) =>
      rs.scopeSpans.flatMap((ss) =>
        ss.spans.map((span) => ({
          ...span,
          service: rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
        })),
      ),
    ),
  );
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

const settings = (overrides: Partial<TraceSettings>): TraceSettings => ({
  type: 'noop',
  file: { filename: '/tmp/trace.txt' },
  jaeger: { endpoint: 'http://localhost:14268/api/traces' },
  otlpgrpc: { endpoint: 'http://localhost:4317' },
  otlphttp: { endpoint: 'http://localhost:4318/v1/traces' },
  sampler: { parentSampler: 'always' },
  ...overrides,
});

/** The webhook app in-process on a free port, launching through a real admin client. */
async function startWebhookApp(server: TestServer) {
  // As the entry does: one registry, shared by the app and its admin client.
  const metrics = new WebhookMetrics();
  const client = new AdminClient({
    endpoint: server.addresses.grpcEndpoint,
    insecure: true,
    metrics: metrics.client,
  });
  const app = createApp({ client, apiKeys: KEY, rateLimit: false, metrics });
  const listener = app.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  return {
    app,
    base: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    async close() {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
      client.close();
    },
  };
}

const launch = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${LAUNCH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ x: 2 }),
  });

describe('tracing', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-trace-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('--otel.type file: one trace spans the webhook request, the admin RPC and the database insert', async () => {
    const filename = join(dir, 'trace.txt');
    const tracing = startTracing(settings({ type: 'file', file: { filename } }), 'orch-test', {
      info() {},
      warn() {},
      error() {},
    });
    const server = await startTestServer('sqlite', { executorParallelism: 1 });
    const webhook = await startWebhookApp(server);
    try {
      await registerAddOne(server.client, 'v1');
      // The caller's own trace context is continued, not replaced.
      const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
      const res = await launch(webhook.base, { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` });
      expect(res.status).toBe(200);
      const { execution } = (await res.json()) as { execution: { name: string } };
      await webhook.close();
      await server.stop();
      await tracing.shutdown();

      const lines = (await readFile(filename, 'utf8')).trim().split('\n');
      const spans = spansOf(lines.map((line) => JSON.parse(line) as OtlpRequest));
      const trace = spans.filter((s) => s.traceId === callerTrace);
      const byId = new Map(trace.map((s) => [s.spanId, s]));
      const find = (name: string, kind: number) => {
        const span = trace.find((s) => s.name === name && s.kind === kind);
        if (!span) throw new Error(`no ${name} span in the trace: ${trace.map((s) => s.name).join(', ')}`);
        return span;
      };
      // Kinds: 2 SERVER, 3 CLIENT.
      const request = find('HTTP POST', 2);
      expect(request.parentSpanId).toBe('00f067aa0ba902b7');
      expect(attribute(request, 'http.response.status_code')).toBe(200);
      const launchSpan = find('webhook.launch', 1);
      expect(launchSpan.parentSpanId).toBe(request.spanId);
      expect(attribute(launchSpan, 'orch.execution.name')).toBe(execution.name);
      const clientCall = find('orch.service.v1.AdminService/CreateExecution', 3);
      const served = find('orch.service.v1.AdminService/CreateExecution', 2);
      expect(served.parentSpanId).toBe(clientCall.spanId);
      const insert = trace.find(
        (s) => s.name === 'INSERT' && String(attribute(s, 'db.query.text')).includes('into "executions"'),
      );
      expect(insert).toBeDefined();
      // The insert descends from the served RPC, which descends from the webhook request.
      const ancestors = (span: OtlpSpan | undefined): string[] => {
        const names: string[] = [];
        for (let at = span; at?.parentSpanId; at = byId.get(at.parentSpanId)) names.push(at.parentSpanId);
        return names;
      };
      expect(ancestors(insert)).toEqual(
        expect.arrayContaining([served.spanId, clientCall.spanId, request.spanId]),
      );
      // Query parameters (inputs, secrets) are never recorded: only the SQL with placeholders.
      expect(lines.join('\n')).not.toContain(KEY);
      expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['orch-test']));
    } finally {
      await webhook.close().catch(() => {});
      await server.stop().catch(() => {});
      await tracing.shutdown();
    }
  });

  test('--otel.type otlphttp: a collector receives the spans over OTLP/HTTP', async () => {
    const received: OtlpRequest[] = [];
    const paths: string[] = [];
    const collector: Server = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    collector.listen(0, '127.0.0.1');
    await once(collector, 'listening');
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
    const tracing = startTracing(settings({ type: 'otlphttp', otlphttp: { endpoint } }), 'orch-admin', {
      info() {},
      warn() {},
      error() {},
    });
    const server = await startTestServer('sqlite', { executorParallelism: 1 });
    try {
      const version = await server.client.getVersion();
      expect(version).toBeDefined();
      await server.stop();
      await tracing.shutdown();
      expect(paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
      const spans = spansOf(received);
      const served = spans.find((s) => s.name === 'orch.service.v1.AdminService/GetVersion' && s.kind === 2);
      const called = spans.find((s) => s.name === 'orch.service.v1.AdminService/GetVersion' && s.kind === 3);
      expect(served?.service).toBe('orch-admin');
      expect(served?.parentSpanId).toBe(called?.spanId);
      expect(served?.traceId).toBe(called?.traceId);
      expect(attribute(served as OtlpSpan, 'rpc.grpc.status_code')).toBe(0);
    } finally {
      await server.stop().catch(() => {});
      await tracing.shutdown();
      collector.close();
    }
  });
});

describe('metrics and logs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      executorParallelism: 1,
      metricsListener: true,
      flags: { 'sharedservice.profilerPort': '0', 'sharedservice.profiler.enabled': 'true' },
    });
    await registerAddOne(server.client, 'v1');
  });
  afterAll(async () => {
    await server.stop();
  });

  test('after a launch, /metrics counts it on the webhook and on the admin server', async () => {
    const webhook = await startWebhookApp(server);
    try {
      expect((await launch(webhook.base)).status).toBe(200);
      const hook = await (await fetch(`${webhook.base}/metrics`)).text();
      expect(hook).toMatch(/^orch_webhook_launches_total\{outcome="created"\} 1$/m);
      expect(hook).toMatch(
        /^orch_webhook_grpc_client_handled_total\{grpc_type="unary",grpc_service="orch\.service\.v1\.AdminService",grpc_method="CreateExecution",grpc_code="OK"\} 1$/m,
      );
      expect(hook).toMatch(
        /^orch_webhook_grpc_client_handling_seconds_count\{[^}]*grpc_method="CreateExecution"[^}]*\} 1$/m,
      );

      const metricsEndpoint = server.addresses.metricsEndpoint;
      expect(metricsEndpoint).toMatch(/^http:\/\/localhost:\d+$/);
      const res = await fetch(`${metricsEndpoint}/metrics`);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const admin = await res.text();
      expect(admin).toMatch(
        /^service:grpc_server_handled_total\{grpc_type="unary",grpc_service="orch\.service\.v1\.AdminService",grpc_method="CreateExecution",grpc_code="OK"\} 1$/m,
      );
      expect(admin).toMatch(
        /^service:grpc_server_handling_seconds_count\{[^}]*grpc_method="CreateExecution"[^}]*\} 1$/m,
      );
      // The gauge counts every unfinished phase (0 when none); the launch is in one of them or done.
      const unfinished = [...admin.matchAll(/^service:executions\{phase="(\w+)"\} (\d+)$/gm)];
      expect(unfinished.map((m) => m[1]).sort()).toEqual(
        ['ABORTING', 'FAILING', 'QUEUED', 'RUNNING', 'SUCCEEDING', 'UNDEFINED'].sort(),
      );
      expect(admin).toMatch(/^service:executor_queue_depth \d+$/m);
      expect(admin).toMatch(/^service:process_cpu_seconds_total /m);

      // Once both launches have finished, they have left the gauge and each is counted once.
      expect((await launch(webhook.base)).status).toBe(200);
      const { executions } = await server.client.listExecutions({
        id: { project: 'default', domain: 'development' },
        limit: 10,
        token: '',
      });
      expect(executions).toHaveLength(2);
      for (const { id } of executions) {
        expect((await waitForExecution(server.client, id as ExecutionId)).closure?.phase).toBe('SUCCEEDED');
      }
      const after = await (await fetch(`${metricsEndpoint}/metrics`)).text();
      expect(after).toMatch(/^service:executions_finished_total\{phase="SUCCEEDED"\} 2$/m);
      const left = [...after.matchAll(/^service:executions\{phase="(\w+)"\} (\d+)$/gm)];
      expect(left.map((m) => `${m[1]} ${m[2]}`).sort()).toEqual(
        ['ABORTING', 'FAILING', 'QUEUED', 'RUNNING', 'SUCCEEDING', 'UNDEFINED'].map((phase) => `${phase} 0`),
      );
    } finally {
      await webhook.close();
    }
  });

  test('--sharedservice.profiler.enabled serves a CPU profile next to /metrics', async () => {
    const res = await fetch(`${server.addresses.metricsEndpoint}/debug/pprof/profile?seconds=1`);
    expect(res.status).toBe(200);
    const profile = (await res.json()) as { nodes: unknown[]; startTime: number; endTime: number };
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(profile.endTime - profile.startTime).toBeGreaterThanOrEqual(900_000); // microseconds
    const bad = await fetch(`${server.addresses.metricsEndpoint}/debug/pprof/profile?seconds=600`);
    expect(bad.status).toBe(400);
  });

  test('the webhook entry logs JSON lines through --logger.*, without any secret value', async () => {
    const { key: platformKey, clientSecret } = await mintApiKey(server, 'observability-logs');
    let interrupt: (signal: string) => void = () => {};
    const io = {
      ...captureIO({ env: { WEBHOOK_API_KEY: KEY, ORCH_API_KEY: platformKey }, home: '/nonexistent' }),
      interrupted: new Promise<string>((resolve) => {
        interrupt = resolve;
      }),
    };
    const exited = runWebhook(
      [
        '--port',
        '0',
        '--orch.connection.host',
        server.addresses.grpcEndpoint,
        '--orch.connection.insecure',
        '--logger.level',
        '5',
        '--logger.show-source',
      ],
      io,
    );
    const match = await waitUntil(() => /listening on (\S+)/.exec(io.out()), {
      what: () => `orch-webhook to start; its stderr:\n${io.err()}`,
    });
    const base = match[1] ?? '';
    expect((await launch(base, { cookie: 'session=cookie-secret-value' })).status).toBe(200);
    // A refused launch is logged too (warning), with its cause.
    await fetch(`${base}/run-workflow/default/development/wf.add_one_wf/v1`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer wrong-key-but-still-a-secret',
        cookie: 'session=cookie-secret-value',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    interrupt('SIGTERM');
    expect(await exited).toBe(0);
    const lines = io
      .err()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = lines.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({ level: 'info', service: 'orch-webhook', status: 200 });
    // The refusal's record carries the request headers, credentials redacted.
    expect(access[1]).toMatchObject({
      level: 'info',
      status: 401,
      headers: expect.objectContaining({ authorization: '[redacted]', cookie: '[redacted]' }),
    });
    expect(typeof access[0]?.time).toBe('string');
    expect(String(access[0]?.source)).toMatch(/^[\w-]+\.(ts|js):\d+$/);
    expect(lines.find((l) => l.msg === 'shutting down')).toMatchObject({ level: 'warn', signal: 'SIGTERM' });
    for (const secret of [
      KEY,
      platformKey,
      clientSecret,
      'cookie-secret-value',
      'wrong-key-but-still-a-secret',
    ]) {
      expect(io.err()).not.toContain(secret);
    }
  });
});

describe.each(TEST_DATABASES)('execution metrics on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, {
      executorParallelism: 1,
      metricsListener: true,
      flags: { 'sharedservice.profilerPort': '0' },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  const scrape = async () => {
    const text = await (await fetch(`${server.addresses.metricsEndpoint}/metrics`)).text();
    const values = (name: string) =>
      Object.fromEntries(
        [...text.matchAll(new RegExp(`^service:${name}\\{phase="(\\w+)"\\} (\\d+)$`, 'gm'))].map((m) => [
          m[1],
          Number(m[2]),
        ]),
      );
    return { unfinished: values('executions'), finished: values('executions_finished_total') };
  };

  test('executions{phase} counts the executions in flight; executions_finished_total those that ended', async () => {
    // The only executor slot is held by a task that sleeps, so later launches stay QUEUED.
    const { lp } = await registerAddOne(server.client, 'hold', 'setTimeout(() => {}, 60000)');
    const launch = () =>
      server.client.createExecution({
        project: 'default',
        domain: 'development',
        spec: { launch_plan: lp },
        inputs: literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } }),
      });
    const ids = [await launch(), await launch(), await launch()];
    await waitUntil(async () => (await scrape()).unfinished.RUNNING === 1, {
      what: 'the first execution to run',
      intervalMs: 50,
    });
    expect((await scrape()).unfinished).toEqual({
      UNDEFINED: 0,
      QUEUED: 2,
      RUNNING: 1,
      SUCCEEDING: 0,
      FAILING: 0,
      ABORTING: 0,
    });
    expect((await scrape()).finished).toEqual({});

    for (const id of ids) await server.client.terminateExecution(id as ExecutionId, 'test over');
    for (const id of ids) await waitForExecution(server.client, id as ExecutionId);
    const after = await scrape();
    expect(Object.values(after.unfinished)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(after.finished).toEqual({ ABORTED: 3 });
  });
});
