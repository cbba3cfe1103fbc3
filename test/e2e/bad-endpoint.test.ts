import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runBinary } from '../../scripts/main-job.js';
import { formatApiKey } from '../../src/client/auth/api-key.js';

/**
 * A configuration error in the admin's address stops the servers at start, exit code 2, naming the
 * flag: before, they started and answered every request with an error of their own.
 */
describe('an --orch.connection.host that is not an address', () => {
  let home: string;
  let env: NodeJS.ProcessEnv;
  // A well-formed API key (its admin is never called), so that the host is what is wrong.
  const apiKey = formatApiKey({
    endpoint: 'dns:///127.0.0.1:8089',
    insecure: true,
    clientId: 'bad-endpoint-test',
    clientSecret: 'bad-endpoint-secret-0123456789',
    org: '',
  });

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'orch-bad-endpoint-'));
    const keyFile = join(home, 'app.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    env = {
      PATH: process.env.PATH,
      HOME: home,
      WEBHOOK_API_KEY: 'webhook-key-for-the-bad-endpoint-test',
      GITHUB_APP_ID: '12345',
      GITHUB_APP_PRIVATE_KEY_FILE: keyFile,
      GITHUB_WEBHOOK_SECRET: 'bad-endpoint-webhook-secret',
    };
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  const cases: [string, string, string][] = [
    ['dns:///127.0.0.1:', 'the port after ":" is empty', 'with ORCH_API_KEY'],
    ['127.0.0.1:http', 'the port "http" is not a number from 1 to 65535', 'with ORCH_API_KEY'],
    ['dns:///127.0.0.1:', 'the port after ":" is empty', 'as a sandbox without ORCH_API_KEY'],
  ];

  for (const bin of ['orch-webhook', 'orch-bot']) {
    test.each(cases)(
      `${bin} --orch.connection.host %s exits 2 at start: %s (%s)`,
      async (host, reason, how) => {
        const result = await runBinary(
          bin,
          ['--port', '0', '--orch.connection.host', host, '--orch.connection.insecure'],
          how === 'with ORCH_API_KEY' ? { ...env, ORCH_API_KEY: apiKey } : env,
        );
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(
          `--orch.connection.host: "${host}" is not a valid address (${reason})`,
        );
        expect(result.stdout).not.toMatch(/listening/);
        expect(result.stderr).not.toContain('bad-endpoint-secret');
      },
    );
  }

  test('orchctl refuses --admin.endpoint likewise, before any call', async () => {
    const result = await runBinary(
      'orchctl',
      ['get', 'project', '--admin.endpoint', 'dns:///127.0.0.1:'],
      env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--admin.endpoint: "dns:///127.0.0.1:" is not a valid address');
  });
});
