import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { AdminClient } from '../../src/client/admin-client.js';
import { UnavailableError } from '../../src/client/errors.js';
import { createAdminClient } from '../../src/client/from-config.js';
import { loadConfig } from '../../src/config/load.js';
import { createServer, type ServerAddresses } from '../../src/server/server.js';

// A certificate authority made here signs the server's certificate; the admin server serves gRPC
// over TLS with it.

let dir: string;
let ca: string;
let addresses: ServerAddresses;
let close: () => Promise<void>;

function openssl(...args: string[]) {
  execFileSync('openssl', args, { stdio: 'pipe' });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orch-client-tls-'));
  ca = join(dir, 'ca.pem');
  const caKey = join(dir, 'ca.key');
  const key = join(dir, 'server.key');
  const csr = join(dir, 'server.csr');
  const cert = join(dir, 'server.pem');
  const ext = join(dir, 'server.ext');
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    caKey,
    '-out',
    ca,
    '-days',
    '1',
    '-subj',
    '/CN=orch test CA',
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', csr, '-subj', '/CN=localhost');
  execFileSync('sh', ['-c', `printf 'subjectAltName=DNS:localhost\\n' > '${ext}'`]);
  openssl(
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    ca,
    '-CAkey',
    caKey,
    '-CAcreateserial',
    '-out',
    cert,
    '-days',
    '1',
    '-extfile',
    ext,
  );
  const server = createServer({
    config: loadConfig({
      flags: {
        'server.httpPort': '0',
        'sharedservice.security.allowLocalhostAccess': 'true',
        'server.grpc.port': '0',
        'server.security.secure': 'true',
        'server.security.ssl.certificateFile': cert,
        'server.security.ssl.keyFile': key,
      },
      env: {},
      home: dir,
    }),
    dataDir: dir,
    logger: { info() {}, warn() {}, error() {} },
  });
  addresses = await server.listen();
  close = () => server.close();
});
afterAll(async () => {
  await close();
  await rm(dir, { recursive: true, force: true });
});

describe('TLS', () => {
  test('a server certificate signed by the CA in --admin.caCertFilePath is trusted', async () => {
    const warnings: string[] = [];
    const config = loadConfig({
      flags: { 'admin.endpoint': addresses.grpcEndpoint, 'admin.caCertFilePath': ca },
      env: {},
      home: dir,
    });
    const client = createAdminClient(config, 'admin', {
      clientName: 'test',
      env: {},
      warn: (m) => warnings.push(m),
    });
    expect((await client.getProject('default')).id).toBe('default');
    expect(warnings).toEqual([]);
    client.close();
  });

  test('an untrusted certificate is refused with an error that says so and what to do', async () => {
    const client = new AdminClient({ endpoint: addresses.grpcEndpoint, retry: { maxAttempts: 1 } });
    const error = await client.getProject('default').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toMatch(/certificate/i);
    expect((error as Error).message).toContain('TLS verified by the system roots');
    expect((error as UnavailableError).hint).toContain('caCertFilePath');
    client.close();
  });

  test('--admin.insecureSkipVerify connects without verifying, and warns', async () => {
    const warnings: string[] = [];
    const config = loadConfig({
      flags: { 'admin.endpoint': addresses.grpcEndpoint, 'admin.insecureSkipVerify': 'true' },
      env: {},
      home: dir,
    });
    const client = createAdminClient(config, 'admin', {
      clientName: 'test',
      env: {},
      warn: (m) => warnings.push(m),
    });
    expect((await client.getProject('default')).id).toBe('default');
    expect(warnings).toEqual([expect.stringContaining('--admin.insecureSkipVerify')]);
    client.close();
  });

  test('a plaintext client against the TLS server fails as unreachable, naming plaintext', async () => {
    const client = new AdminClient({
      endpoint: addresses.grpcEndpoint,
      insecure: true,
      retry: { maxAttempts: 1 },
    });
    const error = await client.getProject('default').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toContain('plaintext');
    client.close();
  });
});
