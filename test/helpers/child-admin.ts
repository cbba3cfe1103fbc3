import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { AdminClient } from '../../src/client/admin-client.js';

const ADMIN = join(process.cwd(), 'test', 'fixtures', 'bin', 'lease-admin.ts');

/** An admin server running as a subprocess of its own (test/fixtures/bin/lease-admin.ts). */
export interface ChildAdmin {
  child: ChildProcess;
  client: AdminClient;
  addresses: { grpcEndpoint: string; httpEndpoint: string };
  /** Everything it wrote on stderr so far. */
  stderr(): string;
}

/**
 * Starts an admin replica as a subprocess over `dataDir` with `flags` (a PostgreSQL database, an S3
 * store, lease settings); resolves once it listens.
 * @throws Error with its stderr when it exits before listening (a refused start).
 */
export async function startChildAdmin(dataDir: string, flags: Record<string, string>): Promise<ChildAdmin> {
  const child = spawn(process.execPath, ['--import', 'tsx', ADMIN, dataDir, JSON.stringify(flags)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the admin exited with ${String(code)} before listening:\n${stderr}`);
  });
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string];
  exited.catch(() => undefined);
  const addresses = JSON.parse(line) as ChildAdmin['addresses'];
  return {
    child,
    addresses,
    client: new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true, deadlineSeconds: 10 }),
    stderr: () => stderr,
  };
}
