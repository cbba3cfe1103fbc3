import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { SignJWT } from 'jose';
import { parse as parseYaml } from 'yaml';
import { runBinary } from '../../scripts/main-job.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { formatApiKey } from '../../src/client/auth/api-key.js';
import { StaticTokenSource } from '../../src/client/token-source.js';
import { displayed, inputEnv, parseOutputs, pullRequestOpened, writeEvent } from '../helpers/action-env.js';
import { type ActionsIdTokenService, startActionsIdTokenService } from '../helpers/actions-id-token.js';
import { FakeGithub, serveHandlers } from '../helpers/github-api.js';
import { type FakeIssuer, startFakeIssuer } from '../helpers/oidc-issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'index.js');

/**
 * Keyless sign-in end to end: the bundled Action (dist/index.js) run as a subprocess the way a runner
 * runs it, with no api-key, against a real admin that lets no anonymous caller in and trusts a fake
 * OIDC issuer on loopback; a stand-in for the runner's token service hands out ID tokens that issuer
 * signs (or, for the hostile cases, tokens it should refuse). The admin exchanges them at its token
 * endpoint (RFC 8693) under a trust policy for acme/flows.
 */
describe('the bundled Action signs in keylessly under a trust policy', () => {
  let server: TestServer;
  let issuer: FakeIssuer;
  let admin: AdminClient;
  let api: { url: string; close: () => Promise<void> };
  let dir: string;
  const github = new FakeGithub(2);
  /** What the runner's token service hands out next, for the audience the Action asks. */
  let next: (audience: string) => Promise<string> = (audience) => issuer.token(audience);
  let runner: ActionsIdTokenService;
  const issued: string[] = [];

  beforeAll(async () => {
    if (!existsSync(BUNDLE)) throw new Error('dist/index.js is missing: run `npm run build:action`');
    issuer = await startFakeIssuer();
    server = await startTestServer('sqlite', {
      flags: {
        'sharedservice.security.allowLocalhostAccess': 'false',
        'auth.tokenExchange.issuers': issuer.issuer,
      },
    });
    // The built-in admin client's secret, generated on first start, to create the policy as an admin.
    const secret = (await readFile(join(server.dataDir, 'secrets', 'client_secret'), 'utf8')).trim();
    const answer = await fetch(`${server.addresses.httpEndpoint}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`orch-propeller:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const token = ((await answer.json()) as { access_token: string }).access_token;
    admin = new AdminClient({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      tokenSource: new StaticTokenSource(token, 'test'),
    });
    await admin.createTrustPolicy({
      policy: {
        name: 'flows-e2e',
        issuer: issuer.issuer,
        role: 'CONTRIBUTOR',
        conditions: [
          { claim: 'repository', pattern: 'acme/flows' },
          { claim: 'ref', pattern: 'refs/heads/main' },
        ],
        projects: ['default'],
      },
    });
    runner = await startActionsIdTokenService(async (audience) => {
      const token = await next(audience);
      issued.push(token);
      return token;
    });
    api = await serveHandlers(github.handlers);
    dir = await mkdtemp(join(tmpdir(), 'orch-action-keyless-'));
  });
  afterAll(async () => {
    admin?.close();
    await api?.close();
    await runner?.close();
    await server?.stop();
    await issuer?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs the bundle with no api-key and the runner's OIDC variables; resolves to what it wrote. */
  async function runBundle(inputs: Record<string, string>, env: Record<string, string> = {}) {
    const outputFile = join(dir, `output-${issued.length}-${Date.now()}`);
    await writeFile(outputFile, '');
    const child = spawn(process.execPath, [BUNDLE], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        ...inputEnv({ endpoint: server.addresses.grpcEndpoint, insecure: 'true', 'api-key': '', ...inputs }),
        ...runner.env,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
        GITHUB_WORKSPACE: ROOT,
        GITHUB_API_URL: api.url,
        GITHUB_REPOSITORY: 'acme/flows',
        GITHUB_SHA: '0000000000000000000000000000000000000002',
        GITHUB_EVENT_NAME: 'push',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stdout, stderr, outputs: parseOutputs(await readFile(outputFile, 'utf8')) };
  }

  test('registers examples/add-one and runs it, recorded as launched by the repository and ref', async () => {
    next = (audience) => issuer.token(audience);
    const register = await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml' });
    expect(register.stderr).toBe('');
    expect(register.code).toBe(0);
    expect(register.stdout).toContain('Successfully registered 3 entities');
    const run = await runBundle(
      {
        command: 'run',
        'launch-plan': 'wf.add_one_wf',
        version: register.outputs.version ?? '',
        inputs: '{"x": 2}',
        wait: 'true',
        'github-token': 'ghs_keylessE2eToken0123456789',
      },
      {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: await writeEvent(dir, 'opened', pullRequestOpened()),
      },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs.phase).toBe('SUCCEEDED');
    const execution = await admin.getExecution({
      project: 'default',
      domain: 'development',
      name: run.outputs['execution-name'] ?? '',
    });
    expect(execution.spec?.metadata?.principal).toBe('127.0.0.1:acme/flows@refs/heads/main');
    // Every ID token went to the admin's origin, and none was shown in the log.
    for (const token of issued) expect(displayed(register.stdout + run.stdout)).not.toContain(token);
  });

  const now = () => Math.floor(Date.now() / 1000);
  /** A token the issuer signs, with its payload's signature swapped for another token's. */
  const forged = async (audience: string) => {
    const [head, body] = (await issuer.token(audience)).split('.');
    return `${head}.${body}.${(await issuer.token(audience)).split('.')[2]}`;
  };
  const hostile: [string, (audience: string) => Promise<string>, RegExp][] = [
    ['for another audience', () => issuer.token('https://elsewhere.example.com'), /another audience/],
    [
      'that expired',
      (a) => issuer.token(a, { exp: now() - 120, iat: now() - 420, nbf: now() - 420 }),
      /expired/,
    ],
    ['not valid before a future nbf', (a) => issuer.token(a, { nbf: now() + 600 }), /nbf/],
    [
      'of another repository',
      (a) => issuer.token(a, { repository: 'mallory/flows', repository_owner: 'mallory' }),
      /no trust policy .* matches this ID token/,
    ],
    ['with a forged signature', forged, /signature does not verify/],
    [
      'with alg none',
      async (a) => {
        const [, body] = (await issuer.token(a)).split('.');
        return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
      },
      /algorithm "none" is not accepted/,
    ],
    [
      'signed HS256 with the public key as the secret',
      async (a) => {
        const jwk = issuer.publicJwk();
        const t = now();
        return new SignJWT({ repository: 'acme/flows', ref: 'refs/heads/main', jti: `hs-${t}`, sub: 's' })
          .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
          .setIssuer(issuer.issuer)
          .setAudience(a)
          .setIssuedAt(t)
          .setExpirationTime(t + 300)
          .sign(new TextEncoder().encode(JSON.stringify(jwk)));
      },
      /algorithm "HS256" is not accepted/,
    ],
    [
      'signed by a key the issuer never published',
      (a) => issuer.token(a, {}, 'unpublished'),
      /signed by a key this server does not know/,
    ],
  ];
  test.each(hostile)(
    'an ID token %s fails the step with one clear ::error::',
    async (_what, make, reason) => {
      next = make;
      const run = await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml' });
      expectRefused(run, reason);
    },
  );

  test('an ID token exchanged once is refused when replayed', async () => {
    let held: string | undefined;
    next = async (audience) => (held ??= await issuer.token(audience));
    expect((await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml' })).code).toBe(0);
    expectRefused(
      await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml' }),
      /exchanged before/,
    );
  });

  test('a policy limited to one project cannot register into another', async () => {
    next = (audience) => issuer.token(audience);
    const run = await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml', project: 'other' });
    expect(run.code).toBe(1);
    const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error'));
    expect(errors.join('\n')).toMatch(/may act only in project default \(its trust policy's limit\)/);
    expect(errors.join('\n')).toContain('other');
    // Nothing was registered there.
    const listed = await admin
      .listLaunchPlans({ id: { project: 'other', domain: 'development' }, limit: 10 })
      .catch(() => ({ launch_plans: [] }));
    expect(listed.launch_plans).toEqual([]);
  });

  test("the README's keyless example: its trust-policy command and workflow register examples/add-one", async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Register from CI without a key'));
    const command = /```sh\n([\s\S]*?)```/.exec(section)?.[1]?.replace(/\\\n\s*/g, '') ?? '';
    const workflow = parseYaml(/```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '') as {
      permissions: Record<string, string>;
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    // The command as written, against this admin: its issuer is the loopback stand-in for GitHub's.
    const args = command.trim().split(/\s+/);
    expect(args.slice(0, 3)).toEqual(['orch', 'create', 'trust-policy']);
    const minted = await admin.createApiKey({ name: 'readme-admin', role: 'ADMIN', org: '' });
    const key = formatApiKey({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      clientId: minted.key?.client_id ?? '',
      clientSecret: minted.client_secret,
      org: '',
    });
    const created = await runBinary('orch', [...args.slice(1), '--issuer', issuer.issuer], {
      PATH: process.env.PATH,
      HOME: dir,
      ORCH_API_KEY: key,
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    try {
      expect(workflow.permissions['id-token']).toBe('write');
      const step = Object.values(workflow.jobs)
        .flatMap((job) => job.steps)
        .find((s) => s.uses?.startsWith('orch/orch@'));
      const inputs = { ...step?.with };
      expect(inputs.endpoint).toMatch(/^\$\{\{ vars\.ORCH_ENDPOINT \}\}$/);
      delete inputs.endpoint;
      next = (audience) => issuer.token(audience);
      const run = await runBundle(inputs);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/registered 3 entities|All 3 entities were already registered/);
      const policies = await admin.listTrustPolicies({ limit: 10 });
      expect(policies.policies.map((p) => p.name)).toContain('flows-main');
    } finally {
      await admin.deleteTrustPolicy({ name: 'flows-main' });
    }
  });

  /** The step failed with exactly one `::error::` from the refused exchange, matching `reason`. */
  function expectRefused(run: { code: number | null; stdout: string; stderr: string }, reason: RegExp): void {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^::error::TokenExchange: the token endpoint \S+ refused the ID token: invalid_grant \(/,
    );
    expect(errors[0]).toMatch(reason);
    expect(displayed(run.stdout)).not.toContain(issued.at(-1));
  }
});
