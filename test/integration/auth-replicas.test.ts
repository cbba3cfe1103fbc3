import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadConfig } from '../../src/config/load.js';
import { authSecretNames, generateMissingAuthSecrets } from '../../src/server/auth/keys.js';
import type { Logger } from '../../src/server/logger.js';
import { LocalSecretSource } from '../../src/server/secrets.js';
import { type AdminServer, createServer, type ServerAddresses } from '../../src/server/server.js';
import { BrowserSession, PROVIDER_CLIENT, startProvider, type TestProvider } from '../helpers/oidc.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { freePort } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// Three admin replicas over ONE PostgreSQL database with the same secrets, as behind a load balancer:
// an interactive login begun on one replica completes on another (the codes live in the database),
// a session cookie of one is good on all, a code is redeemed at most once across them, and a deleted
// API key stops working on every replica within the 5 s its key id may be remembered.

/** The issuer every replica names (the load balancer's URL): tokens of one verify on all. */
const ISSUER = 'http://orch.replicas.test/';
/** How long a replica may remember an API key's key id (OAuthClients.isActive), plus a margin. */
const REVOCATION_WAIT_MS = 5000 + 3000;

interface Replica {
  server: AdminServer;
  addresses: ServerAddresses;
  dataDir: string;
  /** Its log lines: level, message, fields as JSON. */
  logs: string[];
}

/** A logger that keeps its lines in `logs`. */
function recording(logs: string[]): Logger {
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

const cluster = testCluster();
const describeOnPostgres = cluster ? describe : describe.skip;

describeOnPostgres('auth across three admin replicas on one PostgreSQL', () => {
  let provider: TestProvider;
  let secretsDir: string;
  let callback: string;
  let replicas: Replica[] = [];
  let adminToken: string;
  let replicaFlags: (port: number) => Record<string, string>;
  const [a, b, c] = [0, 1, 2].map((i) => () => (replicas[i] as Replica).addresses.httpEndpoint) as [
    () => string,
    () => string,
    () => string,
  ];

  beforeAll(async () => {
    const dbFlags = await createTestDatabase(cluster as NonNullable<typeof cluster>);
    // One set of secrets for all (what `orch serve init-secrets` writes once and every replica mounts).
    secretsDir = await mkdtemp(join(tmpdir(), 'orch-replica-secrets-'));
    const names = authSecretNames(loadConfig({ flags: {}, env: {}, home: secretsDir }));
    await generateMissingAuthSecrets(
      new LocalSecretSource({ envPrefix: 'NONE_', filesDir: secretsDir, env: {} }),
      names,
      secretsDir,
    );
    const ports = [await freePort(), await freePort(), await freePort()];
    callback = `http://localhost:${await freePort()}/callback`;
    provider = await startProvider(ports.map((port) => `http://localhost:${port}/callback`));
    replicaFlags = (port) => ({
      'server.httpPort': String(port),
      'server.grpc.port': '0',
      'orch.connection.maxRetries': '0',
      'auth.appAuth.selfAuthServer.issuer': ISSUER,
      'auth.userAuth.openId.baseUrl': provider.issuer,
      'auth.userAuth.openId.clientId': PROVIDER_CLIENT.id,
      'auth.appAuth.thirdPartyConfig.orchClient.redirectUri': callback,
      ...dbFlags,
    });
    for (const port of ports) replicas.push(await startReplica(replicaFlags(port), secretsDir));
    const propeller = (await readFile(join(secretsDir, 'client_secret'), 'utf8')).trim();
    const granted = await clientCredentials(a(), 'orch-propeller', propeller);
    expect(granted.status).toBe(200);
    adminToken = String(granted.body.access_token);
  }, 60000);

  afterAll(async () => {
    for (const replica of replicas) {
      await replica.server.close();
      await rm(replica.dataDir, { recursive: true, force: true });
    }
    replicas = [];
    await provider?.stop();
    if (secretsDir) await rm(secretsDir, { recursive: true, force: true });
  });

  /** Starts a replica with `flags`, its secrets from (or generated into) `secrets`. */
  async function startReplica(flags: Record<string, string>, secrets: string): Promise<Replica> {
    const dataDir = await mkdtemp(join(tmpdir(), 'orch-replica-'));
    const logs: string[] = [];
    const server = createServer({
      config: loadConfig({ flags, env: {}, home: dataDir }),
      dataDir,
      embedded: false,
      generatedSecretsDir: secrets,
      logger: recording(logs),
      secretEnv: { ORCH_SECRET_oidc_client_secret: PROVIDER_CLIENT.secret },
      taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    return { server, addresses: await server.listen(), dataDir, logs };
  }

  /** A browser logged in at the provider through `endpoint`'s `/login` as `user`. */
  async function loggedIn(endpoint: string, user: string): Promise<BrowserSession> {
    const browser = new BrowserSession();
    const form = await browser.visit(`${endpoint}/login?redirect_url=/me`);
    const me = await browser.loginAtProvider(form, user);
    expect(me.url).toBe(`${endpoint}/me`);
    expect(JSON.parse(me.body)).toMatchObject({ subject: user, method: 'cookie' });
    return browser;
  }

  test('a device login started on A, approved on B with a session from A, polled to tokens on C', async () => {
    const started = await form(a(), '/oauth2/device/auth', { client_id: 'orch-ctl', scope: 'all offline' });
    expect(started.status).toBe(200);
    const device = started.body as { device_code: string; user_code: string; verification_uri: string };
    expect(device.verification_uri).toBe(`${a()}/oauth2/device`);
    const poll = () =>
      form(c(), '/oauth2/token', {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.device_code,
        client_id: 'orch-ctl',
      });
    expect((await poll()).body).toMatchObject({ error: 'authorization_pending' });
    // Polled again at once, on another replica: the interval bookkeeping is shared.
    const early = await form(b(), '/oauth2/token', {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: device.device_code,
      client_id: 'orch-ctl',
    });
    expect(early.body).toMatchObject({ error: 'slow_down' });

    // The user logs in on A; the browser's session cookie is then good on B, where it approves.
    const browser = await loggedIn(a(), 'carol');
    const page = await browser.visit(
      `${b()}/oauth2/device?user_code=${encodeURIComponent(device.user_code)}`,
    );
    expect(page.url).toBe(`${b()}/oauth2/device?user_code=${encodeURIComponent(device.user_code)}`);
    expect(page.body).toContain('Approve a device');
    const approved = await browser.submit(page, /\/oauth2\/device$/, {
      user_code: device.user_code,
      decision: 'approve',
    });
    expect(approved.body).toContain('Device approved');
    // Approving it again, on C, finds nothing pending.
    const again = await browser.visit(`${c()}/oauth2/device`);
    expect((await browser.submit(again, /\/oauth2\/device$/, { user_code: device.user_code })).status).toBe(
      400,
    );

    const tokens = await poll();
    expect(tokens.status).toBe(200);
    const { access_token: access, refresh_token: refresh } = tokens.body as Record<string, string>;
    expect(refresh).toBeTruthy();
    // Polled once more: the grant was handed out once.
    expect((await poll()).body).toMatchObject({ error: 'invalid_grant' });
    for (const endpoint of [a(), b(), c()]) {
      expect(await me(endpoint, String(access))).toMatchObject({ status: 200, body: { subject: 'carol' } });
    }
    // The refresh token issued by C is good on A (the claim key is shared).
    const refreshed = await form(a(), '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: String(refresh),
      client_id: 'orch-ctl',
    });
    expect(refreshed.status).toBe(200);
  }, 60000);

  test('an authorization code from A is redeemed at B once; at C it is invalid_grant', async () => {
    const browser = await loggedIn(b(), 'dave');
    const verifier = randomBytes(32).toString('base64url');
    const code = async (challenge = createHash('sha256').update(verifier).digest('base64url')) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'orch-ctl',
        redirect_uri: callback,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'st-1',
      });
      const res = await fetch(`${a()}/oauth2/authorize?${query}`, {
        redirect: 'manual',
        headers: { cookie: await browser.jar.getCookieString(a()) },
      });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(callback);
      expect(location.searchParams.get('state')).toBe('st-1');
      return location.searchParams.get('code') ?? '';
    };
    const redeem = (endpoint: string, text: string, fields: Record<string, string> = {}) =>
      form(endpoint, '/oauth2/token', {
        grant_type: 'authorization_code',
        code: text,
        redirect_uri: callback,
        client_id: 'orch-ctl',
        code_verifier: verifier,
        ...fields,
      });
    const first = await code();
    const tokens = await redeem(b(), first);
    expect(tokens.status).toBe(200);
    expect(await me(c(), String(tokens.body.access_token))).toMatchObject({ body: { subject: 'dave' } });
    const replay = await redeem(c(), first);
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);

    // Hostile: a wrong verifier uses the code up; a wrong client, an unknown code get nothing.
    const second = await code();
    const wrongVerifier = await redeem(c(), second, { code_verifier: 'x'.repeat(43) });
    expect([wrongVerifier.status, wrongVerifier.body.error]).toEqual([400, 'invalid_grant']);
    expect((await redeem(b(), second)).body).toMatchObject({ error: 'invalid_grant' });
    const third = await code();
    expect((await redeem(b(), third, { client_id: 'not-orch-ctl' })).body).toMatchObject({
      error: 'invalid_client',
    });
    expect((await redeem(b(), 'no-such-code')).body).toMatchObject({ error: 'invalid_grant' });
    // 10 concurrent redemptions of one code spread over the three replicas: one gets tokens.
    const fourth = await code();
    const raced = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem([a(), b(), c()][i % 3] as string, fourth)),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
  }, 60000);

  test('an API key deleted on C stops working on A and B within 5 s; re-created, its old token stays dead', async () => {
    const created = await api(a(), 'POST', '/api/v1/api_keys', { name: 'ci-replicas', role: 'ADMIN' });
    expect(created.status).toBe(200);
    const secret = String(created.body.client_secret);
    const granted = await clientCredentials(b(), 'ci-replicas', secret);
    expect(granted.status).toBe(200);
    const token = String(granted.body.access_token);
    // Every replica accepts it now (and remembers the key's id for up to 5 s).
    for (const endpoint of [a(), b(), c()]) expect((await me(endpoint, token)).status).toBe(200);

    const deleted = await api(c(), 'DELETE', '/api/v1/api_keys/ci-replicas');
    expect(deleted.status).toBe(200);
    const since = Date.now();
    await waitUntil(
      async () => {
        const answers = await Promise.all([
          me(a(), token),
          me(b(), token),
          clientCredentials(a(), 'ci-replicas', secret),
          clientCredentials(b(), 'ci-replicas', secret),
        ]);
        return answers.every((r) => r.status === 401);
      },
      { what: 'A and B to refuse the deleted key', timeoutMs: REVOCATION_WAIT_MS, intervalMs: 100 },
    );
    expect(Date.now() - since).toBeLessThan(REVOCATION_WAIT_MS);

    // The same name again: a new key id, so the old token is not revived on any replica.
    const recreated = await api(a(), 'POST', '/api/v1/api_keys', { name: 'ci-replicas', role: 'ADMIN' });
    expect(recreated.status).toBe(200);
    for (const endpoint of [a(), b(), c()]) {
      const refused = await me(endpoint, token);
      expect(refused.status).toBe(401);
      expect(JSON.stringify(refused.body)).toMatch(/has been deleted/);
    }
    const fresh = await clientCredentials(c(), 'ci-replicas', String(recreated.body.client_secret));
    expect(await me(b(), String(fresh.body.access_token))).toMatchObject({ status: 200 });
    expect((await clientCredentials(a(), 'ci-replicas', secret)).status).toBe(401);
  }, 60000);

  test('hostile input to the device endpoints is refused without effect', async () => {
    const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code';
    expect(await form(a(), '/oauth2/device/auth', { client_id: 'orch-propeller' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(
      await form(a(), '/oauth2/device/auth', { client_id: 'orch-ctl', scope: 'all admin' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'invalid_scope' },
    });
    const poll = (fields: Record<string, string>) =>
      form(b(), '/oauth2/token', { grant_type: deviceGrant, client_id: 'orch-ctl', ...fields });
    expect(await poll({})).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await poll({ device_code: "' OR 1=1 --" })).toMatchObject({ body: { error: 'invalid_grant' } });
    const started = await form(a(), '/oauth2/device/auth', { client_id: 'orch-ctl' });
    const device = started.body as { device_code: string; user_code: string };
    // Another client may not poll it; a repeated device_code field is no device code.
    expect(
      await form(b(), '/oauth2/token', {
        grant_type: deviceGrant,
        client_id: 'not-orch-ctl',
        device_code: device.device_code,
      }),
    ).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const repeated = await fetch(`${c()}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=${encodeURIComponent(deviceGrant)}&client_id=orch-ctl&device_code=${device.device_code}&device_code=x`,
    });
    expect(repeated.status).toBe(400);
    // The verification form: a foreign CSRF value, an unknown or oversized code change nothing.
    const browser = await loggedIn(b(), 'erin');
    const page = await browser.visit(`${c()}/oauth2/device`);
    const cookie = await browser.jar.getCookieString(c());
    const post = (fields: Record<string, string>) =>
      fetch(`${c()}/oauth2/device`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await post({ csrf: 'forged', user_code: device.user_code, decision: 'approve' })).status).toBe(
      403,
    );
    expect((await browser.submit(page, /\/oauth2\/device$/, { user_code: "' OR 1=1 --" })).status).toBe(400);
    expect((await browser.submit(page, /\/oauth2\/device$/, { user_code: 'B'.repeat(3000) })).status).toBe(
      400,
    );
    // Still pending after all that.
    expect((await poll({ device_code: device.device_code })).body).toMatchObject({
      error: 'authorization_pending',
    });
  }, 60000);

  test('a replica started with other keys on the same database says which keys differ; the others said nothing', async () => {
    for (const replica of replicas) expect(replica.logs.join('\n')).not.toMatch(/auth keys differ/);
    // Its own generated secrets: what each replica would have if every one generated its own.
    const ownSecrets = join(await mkdtemp(join(tmpdir(), 'orch-replica-own-')), 'secrets');
    const stray = await startReplica(replicaFlags(0), ownSecrets);
    try {
      const line = stray.logs.find((l) => l.includes('auth keys differ'));
      expect(line).toMatch(/^error /);
      expect(line).toContain('"keys":["token signing key","claim key","cookie keys"]');
      // Fingerprints only: no key material in the line or the table.
      for (const name of ['claim_symmetric_key', 'cookie_hash_key', 'cookie_block_key']) {
        const value = (await readFile(join(ownSecrets, name), 'utf8')).trim();
        expect(line).not.toContain(value);
      }
      // A token of the shared keys is refused by it: why replicas must share them.
      const granted = await clientCredentials(
        a(),
        'orch-propeller',
        (await readFile(join(secretsDir, 'client_secret'), 'utf8')).trim(),
      );
      expect((await me(stray.addresses.httpEndpoint, String(granted.body.access_token))).status).toBe(401);
    } finally {
      await stray.server.close();
      await rm(stray.dataDir, { recursive: true, force: true });
      await rm(join(ownSecrets, '..'), { recursive: true, force: true });
    }
  }, 60000);

  /** POSTs a urlencoded form; answers the status and JSON body. */
  async function form(endpoint: string, path: string, fields: Record<string, string>) {
    const res = await fetch(`${endpoint}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function clientCredentials(endpoint: string, clientId: string, secret: string) {
    const res = await fetch(`${endpoint}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function me(endpoint: string, token: string) {
    const res = await fetch(`${endpoint}/me`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  }

  async function api(endpoint: string, method: string, path: string, body?: object) {
    const res = await fetch(`${endpoint}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  }
});
