import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminClient } from '../../src/client/admin-client.js';
import { loadConfig } from '../../src/config/load.js';
import { createServer, type ServerAddresses } from '../../src/server/server.js';

/** A real admin server in-process on free ports over a fresh SQLite file, and a client to it. */
export interface TestServer {
  addresses: ServerAddresses;
  client: AdminClient;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts {@link TestServer}; call `stop()` in afterAll/afterEach. */
export async function startTestServer(): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'orch-test-'));
  const server = createServer({
    config: loadConfig({
      flags: { 'server.httpPort': '0', 'server.grpc.port': '0' },
      env: {},
      home: dataDir,
    }),
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
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls an execution until it reaches a terminal phase (or `timeoutMs` passes). */
export async function waitForExecution(
  client: AdminClient,
  id: { project: string; domain: string; name: string },
  timeoutMs = 20000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const execution = await client.getExecution(id);
    const phase = String(execution.closure?.phase);
    if (['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'].includes(phase)) return execution;
    if (Date.now() > deadline) throw new Error(`execution ${id.name} still ${phase} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
