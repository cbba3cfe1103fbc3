import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import type { AdminClient } from '../../src/client/admin-client.js';
import { formatApiKey } from '../../src/client/auth/api-key.js';
import { UnauthenticatedError } from '../../src/client/errors.js';
import { type ClientSection, createAdminClient, tokenCacheDir } from '../../src/client/from-config.js';
import { loadConfig, type RawValue } from '../../src/config/load.js';
import { type AdminServer, createServer, type ServerAddresses } from '../../src/server/server.js';
import { type AttemptCounter, attemptCounter } from '../helpers/attempts.js';

// The client's headless flows against the real admin server with loopback access off, so every call
// but discovery needs a token: ClientSecret (the server's bootstrap client, orch-propeller, whose
// secret the server generates into <data>/secrets/client_secret), ApiKey from ORCH_API_KEY alone,
// ExternalCommand, and what a user sees when credentials are wrong.

describe('client authentication against the admin server (loopback access off)', () => {
  let dataDir: string;
  let home: string;
  let server: AdminServer;
  let addresses: ServerAddresses;
  let propellerSecretFile: string;
  let admin: AdminClient;
  let apiKey: string;
  let apiKeySecret: string;
  let apiKeyClientId: string;
  const clients: AdminClient[] = [];

  /** A client built the way the CLIs build theirs: configuration, environment and home from the edge. */
  const configured = (
    section: ClientSection,
    flags: Record<string, RawValue>,
    env: Record<string, string> = {},
  ): AdminClient => {
    const config = loadConfig({ flags, env: {}, home });
    const counter = attemptCounter();
    const client = createAdminClient(config, section, {
      clientName: 'test',
      env,
      home,
      notify: (message) => notices.push(message),
      metrics: counter.metrics,
    });
    clients.push(client);
    counters.set(client, counter);
    return client;
  };
  const counters = new Map<AdminClient, AttemptCounter>();
  /** The gRPC attempts of `method` that `client` has made so far (a call that never went out made none). */
  const attemptsOf = (client: AdminClient, method: string) =>
    counters.get(client)?.count(method) ?? Promise.resolve(-1);
  const notices: string[] = [];
  const tokenUrl = () => `${addresses.httpEndpoint}/oauth2/token`;
  /**
   * Runs a call of `client` that must fail; its error, and how many requests reached the admin's
   * token endpoint meanwhile (the token sources send them with the global fetch).
   */
  const failure = async (client: AdminClient, call: (client: AdminClient) => Promise<unknown>) => {
    const sent = jest.spyOn(globalThis, 'fetch');
    try {
      const error = await call(client).then(
        () => {
          throw new Error('expected a failure');
        },
        (e: unknown) => e as UnauthenticatedError,
      );
      const tokenRequests = sent.mock.calls.filter(
        ([input]) => (input instanceof Request ? input.url : String(input)) === tokenUrl(),
      ).length;
      return { error, tokenRequests };
    } finally {
      sent.mockRestore();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'orch-client-auth-'));
    home = await mkdtemp(join(tmpdir(), 'orch-client-home-'));
    server = createServer({
      config: loadConfig({
        flags: { 'server.httpPort': '0', 'server.grpc.port': '0' },
        env: {},
        home: dataDir,
      }),
      embedded: true,
      dataDir,
      generatedSecretsDir: join(dataDir, 'secrets'),
      taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    addresses = await server.listen();
    propellerSecretFile = join(dataDir, 'secrets', 'client_secret');

    // orchctl's default flow: ClientSecret as orch-propeller, the secret read from its file.
    admin = configured('admin', {
      'admin.endpoint': addresses.grpcEndpoint,
      'admin.insecure': true,
      'admin.clientSecretLocation': propellerSecretFile,
    });
    const created = await admin.createApiKey({ name: 'ci-key', role: 'ADMIN' });
    apiKeyClientId = created.key?.client_id ?? '';
    apiKeySecret = created.client_secret;
    apiKey = formatApiKey({
      endpoint: addresses.grpcEndpoint,
      insecure: true,
      clientId: apiKeyClientId,
      clientSecret: apiKeySecret,
      org: '',
    });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });

  test('ClientSecret: orch-propeller with its secret file gets a token and is the admin', async () => {
    const me = await admin.userInfo();
    expect(me).toMatchObject({
      subject: 'orch-propeller',
      client_id: 'orch-propeller',
      role: 'ADMIN',
      method: 'bearer',
    });
  });

  test('ApiKey: ORCH_API_KEY alone (no config file, no endpoint flag) reaches and authenticates', async () => {
    const client = configured('orch', {}, { ORCH_API_KEY: apiKey });
    const me = await client.userInfo();
    expect(me).toMatchObject({ subject: apiKeyClientId, role: 'ADMIN', method: 'bearer' });
    expect((await client.listProjects()).projects.length).toBeGreaterThan(0);
  });

  test('the token is cached in a 0600 file and reused by a second client without a token request', async () => {
    const dir = tokenCacheDir(home);
    const files = (await readdir(dir)).filter((name) => name.startsWith('ApiKey-'));
    expect(files).toHaveLength(1);
    const file = join(dir, files[0] as string);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(apiKeySecret);
    expect(JSON.parse(text)).toMatchObject({ client_id: apiKeyClientId, flow: 'ApiKey' });
    const before = await stat(file);

    const second = configured('orch', {}, { ORCH_API_KEY: apiKey });
    expect((await second.userInfo()).subject).toBe(apiKeyClientId);
    // One attempt: the first call already carried the cached token (an anonymous one is refused).
    expect(await attemptsOf(second, 'UserInfo')).toBe(1);
    // No new token was fetched: every fetched token is written, and the file was not replaced.
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  test('a wrong secret fails once and fast, naming the flow and the token URL, never the secret', async () => {
    const wrongSecret = 'definitely-not-the-secret-0123456789';
    const wrong = formatApiKey({
      endpoint: addresses.grpcEndpoint,
      insecure: true,
      clientId: apiKeyClientId,
      clientSecret: wrongSecret,
      org: '',
    });
    // Many retries with long backoff configured: none of them may be spent on refused credentials.
    const client = configured(
      'orch',
      { 'orch.connection.maxRetries': '6', 'orch.connection.maxBackoffDelay': '8s' },
      { ORCH_API_KEY: wrong },
    );
    const { error, tokenRequests } = await failure(client, (c) => c.listProjects());
    // Once: one token request (an API key's token is fetched before the first attempt, so no
    // attempt went out), and no backoff.
    expect(tokenRequests).toBe(1);
    expect(await attemptsOf(client, 'ListProjects')).toBe(0);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect(error.message).toContain(
      `ApiKey: the token endpoint ${tokenUrl()} refused client "${apiKeyClientId}"`,
    );
    expect(error.message).toContain('invalid_client');
    // The flow once: at the start of the message, not again at its end.
    expect(error.message.match(/ApiKey/g)).toHaveLength(1);
    expect(error.hint).toMatch(/ORCH_API_KEY/);
    for (const secret of [wrongSecret, wrong, apiKeySecret]) {
      expect(error.message).not.toContain(secret);
      expect(error.hint).not.toContain(secret);
    }
  });

  test('ExternalCommand: the token the command prints is sent', async () => {
    const tokenFile = join(dataDir, 'token-for-command');
    const res = await fetch(tokenUrl(), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${apiKeyClientId}:${apiKeySecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    await writeFile(tokenFile, `${((await res.json()) as { access_token: string }).access_token}\n`);
    const client = configured('orch', {
      'orch.connection.host': addresses.grpcEndpoint,
      'orch.connection.insecure': true,
      'orch.auth.type': 'ExternalCommand',
      'orch.auth.externalAuth.command': [
        process.execPath,
        '-e',
        // No commas: a strings flag splits on them.
        "process.stdout.write(require('fs').readFileSync(process.argv[1]).toString())",
        tokenFile,
      ],
    });
    expect((await client.userInfo()).subject).toBe(apiKeyClientId);
  });

  test('Pkce (orch default) fails only once a token is needed, when the admin serves no login, pointing at ORCH_API_KEY', async () => {
    const client = configured('orch', {
      'orch.connection.host': addresses.grpcEndpoint,
      'orch.connection.insecure': true,
    });
    // Discovery is anonymous: no token needed, no failure.
    expect((await client.getOAuth2Metadata()).token_endpoint).toBe(tokenUrl());
    const { error, tokenRequests } = await failure(client, (c) => c.listProjects());
    // At once: no token request (there is no login to get one from), one attempt, no backoff.
    expect(tokenRequests).toBe(0);
    expect(await attemptsOf(client, 'ListProjects')).toBe(1);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect(error.message).toMatch(/^Pkce: the admin's authorization server has no authorization_endpoint/);
    expect(notices).toEqual([]);
    expect(error.hint).toMatch(/ORCH_API_KEY/);
  });

  test('a deleted key: its cached token is refused, the refresh is refused, the user is told once', async () => {
    const created = await admin.createApiKey({ name: 'short-lived', role: 'VIEWER' });
    const key = formatApiKey({
      endpoint: addresses.grpcEndpoint,
      insecure: true,
      clientId: created.key?.client_id ?? '',
      clientSecret: created.client_secret,
      org: '',
    });
    const client = configured('orch', {}, { ORCH_API_KEY: key });
    expect((await client.userInfo()).role).toBe('VIEWER');
    await admin.deleteApiKey({ name: 'short-lived' });
    const later = configured('orch', {}, { ORCH_API_KEY: key });
    const { error, tokenRequests } = await failure(later, (c) => c.listProjects());
    // The cached token went with the one attempt; the refresh is the one token request; no backoff.
    expect(tokenRequests).toBe(1);
    expect(await attemptsOf(later, 'ListProjects')).toBe(1);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect(error.message).toContain(`ApiKey: the token endpoint ${tokenUrl()} refused client`);
    expect(error.message).not.toContain(created.client_secret);
  });
});
