import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runBinary } from '../../scripts/main-job.js';
import { formatApiKey } from '../../src/client/auth/api-key.js';
import { freePort } from '../helpers/server.js';

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

/**
 * An admin address where nothing listens, with ORCH_API_KEY set: the error says that nothing answers
 * at that address, naming it once. Before, the key's token discovery wrapped the failure as a
 * credentials problem ("Set the token URL ...") and printed the endpoint in brackets twice over.
 */
describe('an admin address where nothing listens, with ORCH_API_KEY set', () => {
  let home: string;
  let env: NodeJS.ProcessEnv;
  let closed: string;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'orch-closed-endpoint-'));
    // A port that was free a moment ago: bound and released, so nothing listens on it.
    closed = `dns:///127.0.0.1:${await freePort()}`;
    const key = (endpoint: string) =>
      formatApiKey({
        endpoint,
        insecure: true,
        clientId: 'closed-endpoint-test',
        clientSecret: 'closed-endpoint-secret-0123456789',
        org: '',
      });
    env = { PATH: process.env.PATH, HOME: home, ORCH_API_KEY: key(closed) };
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  /** The one error line (without its hint) printed for a run that must fail with exit code 1. */
  const errorLine = (result: { code: number | null; stdout: string; stderr: string }): string => {
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('closed-endpoint-secret');
    const line = result.stderr.split('\n')[0] ?? '';
    expect(line).toMatch(/^Error: /);
    return line;
  };

  const expectNothingAnswers = (line: string, endpoint: string) => {
    expect(line).toContain(`nothing answers at ${endpoint}: the connection was refused`);
    // The address once, no bracket pairs, nothing about tokens.
    expect(line.split(endpoint)).toHaveLength(2);
    expect(line).not.toMatch(/[[\]()]/);
    expect(line).not.toMatch(/token/i);
  };

  test('orchctl get project --admin.endpoint <closed port> says nothing answers there', async () => {
    const other = {
      ...env,
      ORCH_API_KEY: formatApiKey({
        endpoint: 'dns:///127.0.0.1:8089',
        insecure: true,
        clientId: 'closed-endpoint-test',
        clientSecret: 'closed-endpoint-secret-0123456789',
        org: '',
      }),
    };
    const result = await runBinary(
      'orchctl',
      ['get', 'project', '--admin.endpoint', closed, '--admin.insecure'],
      other,
    );
    expectNothingAnswers(errorLine(result), closed);
    expect(result.stderr).not.toMatch(/token/i);
  });

  test('orchctl and orch with the address of the key itself say the same', async () => {
    expectNothingAnswers(errorLine(await runBinary('orchctl', ['get', 'project'], env)), closed);
    const run = await runBinary('orch', ['run', 'wf.add_one_wf'], env);
    expectNothingAnswers(errorLine(run), closed);
    expect(run.stderr).not.toMatch(/token/i);
  });
});
