import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminClient } from '../../src/client/admin-client.js';
import { loadConfig } from '../../src/config/load.js';
import type { Logger } from '../../src/server/logger.js';
import { createServer, type ServerAddresses } from '../../src/server/server.js';
import { createTestDatabase, testCluster } from './postgres.js';
import { waitUntil } from './wait.js';

/** A real admin server in-process on free ports over a fresh database, and a client to it. */
export interface TestServer {
  addresses: ServerAddresses;
  client: AdminClient;
  dataDir: string;
  stop(): Promise<void>;
}

/** The databases suites run against: SQLite always, PostgreSQL when the global setup started one. */
export type TestDatabase = 'sqlite' | 'postgres';
export const TEST_DATABASES: TestDatabase[] = testCluster() ? ['sqlite', 'postgres'] : ['sqlite'];

/** Starts {@link TestServer} over a fresh database; call `stop()` in afterAll/afterEach. */
export async function startTestServer(
  database: TestDatabase = 'sqlite',
  options: {
    executorParallelism?: number;
    /** More flags (they win over the helper's own). */
    flags?: Record<string, string>;
    /** Also open the metrics listener (give `sharedservice.profilerPort: '0'` in `flags`). */
    metricsListener?: boolean;
    /** Where the server logs. @default silent */
    logger?: Logger;
    /**
     * The data dir to use (SQLite's `orch.db` in it), e.g. a stopped server's to start it again;
     * `stop()` then leaves it in place. @default a new temporary one, removed by `stop()`
     */
    dataDir?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'orch-test-')));
  const cluster = testCluster();
  if (database === 'postgres' && !cluster) throw new Error('no PostgreSQL test cluster is running');
  const dbFlags = database === 'postgres' && cluster ? await createTestDatabase(cluster) : {};
  const server = createServer({
    config: loadConfig({
      flags: {
        'server.httpPort': '0',
        'sharedservice.security.allowLocalhostAccess': 'true',
        'server.grpc.port': '0',
        'orch.connection.maxRetries': '0',
        ...dbFlags,
        ...options.flags,
      },
      env: {},
      home: dataDir,
    }),
    embedded: database === 'sqlite',
    generatedSecretsDir: join(dataDir, 'secrets'),
    executorParallelism: options.executorParallelism,
    metricsListener: options.metricsListener,
    ...(options.logger ? { logger: options.logger } : {}),
    dataDir,
    taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  const addresses = await server.listen();
  const client = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true, deadlineSeconds: 10 });
  return {
    addresses,
    client,
    dataDir,
    async stop() {
      client.close();
      await server.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls an execution until it reaches a terminal phase (or `timeoutMs` passes). */
export async function waitForExecution(
  client: AdminClient,
  id: { project: string; domain: string; name: string },
  timeoutMs = 20000,
) {
  let phase = 'unknown';
  return waitUntil(
    async () => {
      const execution = await client.getExecution(id);
      phase = String(execution.closure?.phase);
      return ['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'].includes(phase) && execution;
    },
    { what: () => `execution ${id.name} to end (still ${phase})`, timeoutMs, intervalMs: 50 },
  );
}

/**
 * Creates a real API key on `server` (through its API, as `orch create api-key` does) and returns it
 * as `ORCH_API_KEY` holds it, with its client secret (to check that it is never printed).
 */
export async function mintApiKey(
  server: TestServer,
  name: string,
  role: 'ADMIN' | 'CONTRIBUTOR' | 'VIEWER' = 'ADMIN',
): Promise<{ key: string; clientSecret: string; clientId: string }> {
  const { formatApiKey } = await import('../../src/client/auth/api-key.js');
  const created = await server.client.createApiKey({ name, role, org: '' });
  const clientId = created.key?.client_id ?? '';
  return {
    clientId,
    clientSecret: created.client_secret,
    key: formatApiKey({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      clientId,
      clientSecret: created.client_secret,
      org: '',
    }),
  };
}

/**
 * An access token for an API key from the admin's token endpoint at `base` (its HTTP endpoint),
 * through the client credentials grant (RFC 6749 section 4.4), as a program holding the key gets one.
 * @throws Error when the endpoint does not answer 200 with an access token.
 */
export async function clientCredentialsToken(
  base: string,
  key: { clientId: string; clientSecret: string },
): Promise<string> {
  const grant = await fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${key.clientId}:${key.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await grant.json()) as { access_token?: string };
  if (grant.status !== 200 || !body.access_token) {
    throw new Error(`the token endpoint answered ${grant.status} without an access token`);
  }
  return body.access_token;
}

/** A TCP port on 127.0.0.1 that was free a moment ago (for apps, which listen on a port they are given). */
export async function freePort(): Promise<number> {
  const { createServer: createNetServer } = await import('node:net');
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
