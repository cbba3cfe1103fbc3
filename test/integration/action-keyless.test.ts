import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { actionTokenSource, type IdTokenIssuer } from '../../src/action/client.js';
import { main } from '../../src/action/main.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { formatApiKey } from '../../src/client/auth/api-key.js';
import { ClientCredentialsTokenSource } from '../../src/client/auth/client-credentials.js';
import { UnauthenticatedError } from '../../src/client/errors.js';
import {
  ACCESS_TOKEN_TYPE,
  ID_TOKEN_TYPE,
  TOKEN_EXCHANGE_GRANT,
  TokenExchangeTokenSource,
} from '../../src/client/token-exchange.js';
import { displayed, inputEnv, parseOutputs } from '../helpers/action-env.js';
import {
  type ActionsIdTokenService,
  startActionsIdTokenService,
  unsignedIdToken,
} from '../helpers/actions-id-token.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Keyless sign-in (RFC 8693 token exchange of the runner's OIDC ID token) against a real admin that
 * lets no anonymous caller in, with a stand-in for the runner's token service. Its ID tokens are
 * unsigned (`alg: none`), which the admin refuses: these tests check what the Action and the token
 * source send and how they report the refusal (test/e2e/action-keyless.test.ts signs them for real).
 */
describe('keyless sign-in against an admin that requires credentials', () => {
  let server: TestServer;
  let runner: ActionsIdTokenService;
  let dir: string;
  let tokenUrl = '';
  const issued: string[] = [];
  let stdout = '';
  let setVars: string[] = [];

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      flags: { 'sharedservice.security.allowLocalhostAccess': 'false' },
    });
    runner = await startActionsIdTokenService((audience) => {
      const token = unsignedIdToken(audience);
      issued.push(token);
      return token;
    });
    dir = await mkdtemp(join(tmpdir(), 'orch-keyless-'));
    tokenUrl = (await server.client.getOAuth2Metadata()).token_endpoint;
  });
  afterAll(async () => {
    await runner.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    stdout = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    for (const name of setVars) delete process.env[name];
    setVars = [];
    process.exitCode = 0;
  });

  /** Runs the Action once with `inputs` and `env`; resolves to what it wrote. */
  async function act(inputs: Record<string, string>, env: Record<string, string> = {}) {
    const outputFile = join(dir, `output-${Date.now()}-${Math.random()}`);
    await writeFile(outputFile, '');
    const vars: Record<string, string> = {
      ...inputEnv({ endpoint: server.addresses.grpcEndpoint, insecure: 'true', ...inputs }),
      GITHUB_OUTPUT: outputFile,
      GITHUB_WORKSPACE: ROOT,
      GITHUB_SHA: '0000000000000000000000000000000000000001',
      GITHUB_EVENT_NAME: 'push',
      ...env,
    };
    for (const [name, value] of Object.entries(vars)) {
      process.env[name] = value;
      setVars.push(name);
    }
    process.exitCode = 0;
    await main();
    return {
      failed: process.exitCode === 1,
      stdout,
      outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    };
  }

  const register = { command: 'register', files: 'examples/add-one/wf.yaml' };

  test('the token source POSTs the RFC 8693 form without client authentication; a refusal names the token URL and the description', async () => {
    const sent: { url: string; headers: Headers; body: URLSearchParams }[] = [];
    const recording: typeof fetch = async (input, init) => {
      sent.push({
        url: String(input),
        headers: new Headers(init?.headers),
        body: new URLSearchParams(String(init?.body)),
      });
      return fetch(input, init);
    };
    const subject = unsignedIdToken('https://orch.test');
    const client = new AdminClient({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      deadlineSeconds: 10,
      tokenSource: new TokenExchangeTokenSource({
        subjectToken: async () => subject,
        fetch: recording,
        eager: true,
      }),
    });
    try {
      const error = await client.listProjects({}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnauthenticatedError);
      const message = (error as Error).message;
      // The admin's own answer to the same form (today: it does not know the grant), passed on.
      const direct = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: TOKEN_EXCHANGE_GRANT,
          subject_token: subject,
          subject_token_type: ID_TOKEN_TYPE,
        }),
      });
      const answer = (await direct.json()) as { error: string; error_description: string };
      expect(answer.error_description).toBeTruthy();
      expect(message).toContain(
        `TokenExchange: the token endpoint ${tokenUrl} refused the ID token: ` +
          `${answer.error} (${answer.error_description}), HTTP ${direct.status}`,
      );
      expect(message).not.toContain(subject);
    } finally {
      client.close();
    }
    expect(sent.length).toBe(1);
    const [request] = sent;
    expect(request?.url).toBe(tokenUrl);
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: subject,
      subject_token_type: ID_TOKEN_TYPE,
    });
    expect(ACCESS_TOKEN_TYPE).toBe('urn:ietf:params:oauth:token-type:access_token');
  });

  test('without api-key, the Action exchanges the runner ID token for the token endpoint origin; a refusal is one error naming the URL, never the token', async () => {
    issued.length = 0;
    runner.audiences.length = 0;
    const result = await act(register, runner.env);
    expect(result.failed).toBe(true);
    expect(runner.audiences).toEqual([new URL(tokenUrl).origin]);
    expect(issued.length).toBe(1);
    // getIDToken masks the token; it never shows in the log.
    expect(result.stdout).toContain(`::add-mask::${issued[0]}`);
    expect(displayed(result.stdout)).not.toContain(issued[0]);
    expect(result.stdout).toMatch(
      new RegExp(
        `^::error::TokenExchange: the token endpoint ${tokenUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} refused the ID token: \\w+ \\(.+\\), HTTP 4\\d\\d`,
        'm',
      ),
    );
    expect(result.stdout).toContain(
      'orch create trust-policy contributor --name <name> --repository <owner>/<repo>',
    );

    // The audience input, when given, is the one asked for.
    runner.audiences.length = 0;
    await act({ ...register, audience: 'https://orch.acme.example' }, runner.env);
    expect(runner.audiences).toEqual(['https://orch.acme.example']);
  });

  test('a runner token service that refuses (401) fails the step saying what to add to the job', async () => {
    runner.audiences.length = 0;
    const result = await act(register, {
      ...runner.env,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'not-the-request-token',
    });
    expect(result.failed).toBe(true);
    expect(runner.audiences).toEqual([]);
    expect(result.stdout).toContain(
      `TokenExchange: the runner gave no OIDC ID token for audience ${new URL(tokenUrl).origin}`,
    );
    expect(result.stdout).toContain('401');
    expect(result.stdout).toContain('permissions: id-token: write');
  });

  test('a runner token service that never answers fails the call after the deadline, saying so', async () => {
    const never: IdTokenIssuer = () => new Promise<string>(() => undefined);
    const client = new AdminClient({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      retry: { maxAttempts: 1 },
      tokenSource: actionTokenSource(
        {
          endpoint: server.addresses.grpcEndpoint,
          insecure: true,
          apiKey: undefined,
          audience: '',
          idTokenAvailable: true,
        },
        never,
        0.5,
      ),
    });
    try {
      const failure = await client.listProjects().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(String((failure as Error).message)).toContain(
        "the runner's ID token service did not answer within 0.5 s",
      );
    } finally {
      client.close();
    }
  });

  test('with neither api-key nor the runner OIDC variables, the error says to add id-token: write or an api-key', async () => {
    const result = await act(register);
    expect(result.failed).toBe(true);
    expect(result.stdout).toContain(
      'the admin asks for credentials, and this job has neither an api-key input nor an OIDC ID token',
    );
    expect(result.stdout).toContain('permissions: id-token: write');
    expect(result.stdout).toContain('set the api-key input to an API key');
  });

  test('an api-key wins over the runner ID token', async () => {
    // The admin lets no one in anonymously: the key is made as orch-propeller, with its generated secret.
    const admin = new AdminClient({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      deadlineSeconds: 10,
      tokenSource: new ClientCredentialsTokenSource({
        mode: 'ClientSecret',
        endpoint: server.addresses.grpcEndpoint,
        clientId: 'orch-propeller',
        clientSecret: async () =>
          (await readFile(join(server.dataDir, 'secrets', 'client_secret'), 'utf8')).trim(),
      }),
    });
    const created = await admin
      .createApiKey({ name: 'keyless-wins', role: 'ADMIN', org: '' })
      .finally(() => admin.close());
    const key = formatApiKey({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      clientId: created.key?.client_id ?? '',
      clientSecret: created.client_secret,
      org: '',
    });
    runner.audiences.length = 0;
    const result = await act({ ...register, 'api-key': key }, runner.env);
    expect(result.stdout).not.toContain('::error');
    expect(result.failed).toBe(false);
    expect(result.outputs.version).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(runner.audiences).toEqual([]);
  });
});
