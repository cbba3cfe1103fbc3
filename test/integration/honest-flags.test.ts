import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';
import { runOrch } from '../../src/cli/program.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { formatApiKey } from '../../src/client/auth/api-key.js';
import { loadConfig } from '../../src/config/load.js';
import { createServer } from '../../src/server/server.js';
import { captureIO } from '../helpers/io.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const require = createRequire(import.meta.url);

/** Asks the server's reflection service for its services; rejects with the call's error. */
async function listServices(endpoint: string): Promise<string[]> {
  const definition = loadSync(
    join(
      dirname(require.resolve('@grpc/reflection/package.json')),
      'build/proto/grpc/reflection/v1/reflection.proto',
    ),
    { keepCase: true },
  );
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    grpc: { reflection: { v1: { ServerReflection: grpc.ServiceClientConstructor } } };
  };
  const client = new loaded.grpc.reflection.v1.ServerReflection(endpoint, grpc.credentials.createInsecure());
  try {
    const call = (
      client as unknown as { ServerReflectionInfo: () => grpc.ClientDuplexStream<object, object> }
    ).ServerReflectionInfo();
    const response = await new Promise<{ list_services_response: { service: { name: string }[] } }>(
      (resolve, reject) => {
        call.on('data', resolve);
        call.on('error', reject);
        call.write({ list_services: '' });
      },
    );
    call.end();
    return response.list_services_response.service.map((s) => s.name);
  } finally {
    client.close();
  }
}

describe('--sharedservice.grpcServerReflection=false', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { flags: { 'sharedservice.grpcServerReflection': 'false' } });
  });
  afterAll(() => server.stop());

  test('turns reflection off: a reflection call fails UNIMPLEMENTED', async () => {
    await expect(listServices(server.addresses.grpcEndpoint)).rejects.toMatchObject({
      code: grpc.status.UNIMPLEMENTED,
    });
  });
});

describe('one token header for orch and orchctl', () => {
  const header = 'x-grpc-auth';
  let dataDir: string;
  let close: (() => Promise<void>) | undefined;

  const start = async (loopbackWithoutToken: boolean) => {
    const server = createServer({
      config: loadConfig({
        flags: {
          'server.httpPort': '0',
          'server.grpc.port': '0',
          'auth.grpcAuthorizationHeader': header,
          'sharedservice.security.allowLocalhostAccess': String(loopbackWithoutToken),
        },
        env: {},
        home: dataDir,
      }),
      dataDir,
      generatedSecretsDir: join(dataDir, 'secrets'),
    });
    const addresses = await server.listen();
    close = () => server.close();
    return addresses;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'orch-header-'));
  });
  afterAll(async () => {
    await close?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('orch with ORCH_API_KEY sends its token in the header the admin publishes', async () => {
    // A key minted while loopback callers need no token; then the admin restarts requiring one.
    const first = await start(true);
    const admin = new AdminClient({ endpoint: first.grpcEndpoint, insecure: true, deadlineSeconds: 10 });
    const created = await admin.createApiKey({ name: 'ci', role: 'ADMIN', org: '' });
    admin.close();
    await close?.();
    close = undefined;
    const second = await start(false);
    const key = formatApiKey({
      endpoint: second.grpcEndpoint,
      insecure: true,
      clientId: created.key?.client_id ?? '',
      clientSecret: created.client_secret,
      org: '',
    });
    const io = captureIO({ env: { ORCH_API_KEY: key }, home: dataDir });
    const code = await runOrch(['get', 'api-key', '-o', 'json'], io);
    expect(io.err()).not.toContain('no access token');
    expect(code).toBe(0);
    expect(io.out()).toContain('ci');
  });
});

describe('orchctl --otel.type file', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer();
    dir = await mkdtemp(join(tmpdir(), 'orchctl-otel-'));
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('writes the spans of its calls to --otel.file.filename, as the admin does', async () => {
    const file = join(dir, 'traces.jsonl');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, 'lib/bundle/orchctl.cjs'),
        'get',
        'project',
        '--admin.endpoint',
        server.addresses.grpcEndpoint,
        '--admin.insecure',
        '--otel.type',
        'file',
        '--otel.file.filename',
        file,
      ],
      { env: { PATH: process.env.PATH, HOME: dir } },
    );
    expect(stdout).toContain('default');
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    const spans = lines.flatMap((line) =>
      (
        JSON.parse(line) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }
      ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => span.name))),
    );
    expect(spans).toEqual(expect.arrayContaining([expect.stringContaining('ListProjects')]));
    expect(lines.join('\n')).toContain('"orchctl"');
  });
});
