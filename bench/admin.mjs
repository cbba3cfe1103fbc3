// An in-process admin for benches: SQLite in a temporary folder, free ports, loopback callers let in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminClient } from '../lib/client/admin-client.js';
import { loadConfig } from '../lib/config/load.js';
import { createServer } from '../lib/server/server.js';

/**
 * Starts an admin with `flags` (over the defaults above) and executor parallelism `parallelism`, and
 * a client of it (deadline 120 s). `close()` stops both and removes the folder.
 */
export async function startBenchAdmin({ flags = {}, parallelism } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'orch-bench-'));
  const server = createServer({
    config: loadConfig({
      flags: {
        'server.httpPort': '0',
        'server.grpc.port': '0',
        'sharedservice.security.allowLocalhostAccess': 'true',
        ...flags,
      },
      env: {},
      home: dir,
    }),
    dataDir: dir,
    taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    executorParallelism: parallelism,
  });
  const addresses = await server.listen();
  const client = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true, deadlineSeconds: 120 });
  return {
    addresses,
    client,
    async close() {
      client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
