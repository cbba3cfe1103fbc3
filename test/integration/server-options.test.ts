import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import pg from 'pg';
import { AdminClient } from '../../src/client/admin-client.js';
import { UnavailableError } from '../../src/client/errors.js';
import { loadConfig } from '../../src/config/load.js';
import type { Logger } from '../../src/server/logger.js';
import { createServer, type ServerAddresses } from '../../src/server/server.js';
import { createTestDatabase, type PostgresCluster, testCluster } from '../helpers/postgres.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orch-server-options-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withServer(
  flags: Record<string, string>,
  run: (addresses: ServerAddresses, lines: string[]) => Promise<void>,
): Promise<void> {
  const lines: string[] = [];
  const record = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  };
  const logger: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
  const dataDir = await mkdtemp(join(dir, 'data-'));
  const server = createServer({
    config: loadConfig({
      flags: {
        'server.httpPort': '0',
        'sharedservice.security.allowLocalhostAccess': 'true',
        'server.grpc.port': '0',
        ...flags,
      },
      env: {},
      home: dataDir,
    }),
    dataDir,
    logger,
  });
  const addresses = await server.listen();
  try {
    await run(addresses, lines);
  } finally {
    await server.close();
  }
}

describe('TLS with --server.security.secure', () => {
  let cert: string;
  let key: string;
  beforeAll(async () => {
    cert = join(dir, 'cert.pem');
    key = join(dir, 'key.pem');
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ]);
  });

  test('serves gRPC and HTTP over TLS; a plaintext client is refused', async () => {
    const flags = {
      'server.security.secure': 'true',
      'server.security.ssl.certificateFile': cert,
      'server.security.ssl.keyFile': key,
    };
    await withServer(flags, async (addresses) => {
      expect(addresses.httpEndpoint).toMatch(/^https:\/\/localhost:\d+$/);
      const client = new AdminClient({
        endpoint: addresses.grpcEndpoint,
        caCertFile: cert,
        deadlineSeconds: 5,
      });
      expect((await client.getProject('default')).id).toBe('default');
      client.close();

      const plain = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true, deadlineSeconds: 2 });
      await expect(plain.getProject('default')).rejects.toBeInstanceOf(UnavailableError);
      plain.close();

      const ca = await readFile(cert);
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpsRequest(`${addresses.httpEndpoint}/healthcheck`, { ca }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
    });
  });

  test('a missing key file is named', async () => {
    const flags = {
      'server.security.secure': 'true',
      'server.security.ssl.certificateFile': cert,
      'server.security.ssl.keyFile': join(dir, 'absent.pem'),
    };
    await expect(withServer(flags, async () => {})).rejects.toThrow(
      /--server\.security\.ssl\.keyFile\b.*absent\.pem/,
    );
  });
});

describe('CORS', () => {
  test('answers preflights with the configured origins and headers', async () => {
    await withServer({}, async (addresses) => {
      const res = await fetch(`${addresses.httpEndpoint}/api/v1/projects`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://console.example.com',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'orch-authorization',
        },
      });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type,orch-authorization');
    });
  });

  test('is off with --server.security.allowCors=false', async () => {
    await withServer({ 'server.security.allowCors': 'false' }, async (addresses) => {
      const res = await fetch(`${addresses.httpEndpoint}/api/v1/projects`, {
        headers: { origin: 'https://console.example.com' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});

describe('--server.security.auditAccess', () => {
  test('logs every call with its principal, method and outcome, on both transports', async () => {
    await withServer({ 'server.security.auditAccess': 'true' }, async (addresses, lines) => {
      const client = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true });
      await client.getProject('default');
      await client.getProject('missing').catch(() => {});
      client.close();
      await fetch(`${addresses.httpEndpoint}/api/v1/projects/default`);
      const access = lines.filter((l) => l.startsWith('info access'));
      expect(access).toHaveLength(3);
      expect(access[0]).toContain('"transport":"grpc","method":"orch.service.v1.AdminService/GetProject"');
      // Loopback callers without a token are let in (allowLocalhostAccess) as `localhost`.
      expect(access[0]).toContain('"principal":"localhost","outcome":"OK"');
      expect(access[1]).toContain('"outcome":"NOT_FOUND"');
      expect(access[2]).toContain('"transport":"http"');
    });
  });

  test('logs nothing of the kind when off', async () => {
    await withServer({}, async (addresses, lines) => {
      await fetch(`${addresses.httpEndpoint}/api/v1/projects/default`);
      expect(lines.filter((l) => l.startsWith('info access'))).toEqual([]);
    });
  });
});

describe('configuration files drive the server', () => {
  test('a config file sets the database file', async () => {
    const file = join(dir, 'admin.yaml');
    const database = join(dir, 'from-config.db');
    await writeFile(file, `database:\n  sqlite:\n    file: ${database}\n`);
    const dataDir = await mkdtemp(join(dir, 'data-'));
    const server = createServer({
      config: loadConfig({
        flags: {
          config: file,
          'server.httpPort': '0',
          'sharedservice.security.allowLocalhostAccess': 'true',
          'server.grpc.port': '0',
        },
        env: {},
      }),
      dataDir,
    });
    const addresses = await server.listen();
    await server.close();
    expect(addresses.database).toBe(database);
  });
});

const cluster = testCluster();
(cluster ? describe : describe.skip)('--database.postgres.readReplicaHost', () => {
  async function start(replicaHost: string) {
    const flags = await createTestDatabase(cluster as PostgresCluster);
    const dataDir = await mkdtemp(join(dir, 'data-'));
    const server = createServer({
      config: loadConfig({
        flags: {
          'server.httpPort': '0',
          'sharedservice.security.allowLocalhostAccess': 'true',
          'server.grpc.port': '0',
          'orch.connection.maxRetries': '0',
          'database.postgres.readReplicaHost': replicaHost,
          ...flags,
        },
        env: {},
        home: dataDir,
      }),
      dataDir,
      embedded: false,
      generatedSecretsDir: join(dataDir, 'secrets'),
      logger: { info() {}, warn() {}, error() {} },
    });
    return { server, dbname: flags['database.postgres.dbname'] as string };
  }

  test('list queries go to the replica; gets and writes stay on the primary', async () => {
    const { server, dbname } = await start((cluster as PostgresCluster).host);
    const addresses = await server.listen();
    const client = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true });
    const observer = new pg.Client({
      ...(cluster as PostgresCluster),
      user: 'postgres',
      database: 'postgres',
    });
    await observer.connect();
    // What each pool's sessions last ran: the replica's only ever hold list queries.
    const replicaQueries = async () =>
      (
        await observer.query<{ query: string }>(
          "SELECT query FROM pg_stat_activity WHERE datname = $1 AND application_name = 'orch-admin-replica'",
          [dbname],
        )
      ).rows
        .map((r) => r.query)
        .filter(Boolean);
    try {
      await client.registerProject({ id: 'replicated', name: 'replicated' });
      expect((await client.getProject('replicated')).id).toBe('replicated');
      expect(await replicaQueries()).toEqual([]);
      const listed = await client.listProjects();
      expect(listed.projects.map((p) => p.id)).toContain('replicated');
      expect(await replicaQueries()).toEqual([expect.stringMatching(/^select .* from "projects"/)]);
    } finally {
      await observer.end();
      client.close();
      await server.close();
    }
  });

  test('an unreachable replica stops the server from starting, naming it', async () => {
    const { server } = await start('127.0.0.2');
    await expect(server.listen()).rejects.toThrow(/127\.0\.0\.2.*\(read replica\)/);
  });
});

describe('ports already in use', () => {
  test('the error names the port and the flag that sets it, for HTTP and for gRPC', async () => {
    await withServer({}, async (taken) => {
      for (const [flags, port, flag] of [
        [{ 'server.httpPort': String(taken.httpPort) }, taken.httpPort, '--server.httpPort'],
        [{ 'server.grpc.port': String(taken.grpcPort) }, taken.grpcPort, '--server.grpc.port'],
      ] as const) {
        const dataDir = await mkdtemp(join(dir, 'busy-'));
        const second = createServer({
          config: loadConfig({
            flags: { 'server.httpPort': '0', 'server.grpc.port': '0', ...flags },
            env: {},
            home: dataDir,
          }),
          dataDir,
        });
        const failure = await second.listen().then(
          () => undefined,
          (error: unknown) => (error as Error).message,
        );
        await second.close();
        expect(failure).toContain(`port ${port} on 127.0.0.1 is already in use (${flag})`);
        expect(failure).toContain('0 picks a free port');
      }
    });
  });
});
