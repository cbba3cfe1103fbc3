import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client, ServiceError } from '@grpc/grpc-js';
import { credentials, Metadata, status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadApi } from '../../src/api/proto.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { StaticTokenSource } from '../../src/client/token-source.js';
import { loadConfig } from '../../src/config/load.js';
import { RPC_PERMISSIONS } from '../../src/server/auth/authorizer.js';
import { gatewayRoutes } from '../../src/server/http/gateway.js';
import type { Logger } from '../../src/server/logger.js';
import { type AdminServer, createServer, type ServerAddresses } from '../../src/server/server.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { freePort, TEST_DATABASES } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

// Authentication and authorization as a caller meets them: no token, a viewer key, an admin key, a
// deleted key, and rotated signing keys, over gRPC and HTTP, on every database.

interface Started {
  server: AdminServer;
  addresses: ServerAddresses;
  logs: string[];
}

/** Starts a server with loopback access OFF (authentication fully on), logging into `logs`. */
async function start(
  dataDir: string,
  flags: Record<string, string> = {},
  dbFlags: Record<string, string> = {},
  secretEnv: Record<string, string> = {},
): Promise<Started> {
  const logs: string[] = [];
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  };
  const logger: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
  const server = createServer({
    config: loadConfig({
      flags: {
        'server.httpPort': '0',
        'server.grpc.port': '0',
        'orch.connection.maxRetries': '0',
        'server.security.auditAccess': 'true',
        ...dbFlags,
        ...flags,
      },
      env: {},
      home: dataDir,
    }),
    dataDir,
    embedded: !dbFlags['database.postgres.host'],
    generatedSecretsDir: join(dataDir, 'secrets'),
    logger,
    secretEnv,
    taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  return { server, addresses: await server.listen(), logs };
}

/**
 * A TokenService holding the server's own keys (read from its generated secrets in `dataDir`), to
 * seal tokens as the server would: refresh tokens come only with interactive sign-in.
 */
async function serverTokenService(dataDir: string, issuer: string) {
  const { LocalSecretSource } = await import('../../src/server/secrets.js');
  const { loadAuthKeys } = await import('../../src/server/auth/keys.js');
  const { TokenService } = await import('../../src/server/auth/tokens.js');
  const keys = await loadAuthKeys(
    new LocalSecretSource({ envPrefix: 'NONE_', filesDir: join(dataDir, 'secrets'), env: {} }),
    {
      signingKey: 'token_rsa_key.pem',
      oldSigningKey: 'token_rsa_key_old.pem',
      claimKey: 'claim_symmetric_key',
      sealingKey: 'secrets_sealing_key',
      propellerSecret: 'client_secret',
      cookieHashKey: 'cookie_hash_key',
      cookieBlockKey: 'cookie_block_key',
    },
  );
  return new TokenService(keys, {
    issuer: () => issuer,
    audiences: () => [issuer],
    accessTokenSeconds: 1800,
    refreshTokenSeconds: 3600,
  });
}

/** Exchanges client credentials for an access token at the server's token endpoint. */
async function tokenFor(httpEndpoint: string, clientId: string, clientSecret: string) {
  const res = await fetch(`${httpEndpoint}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const clientWith = (addresses: ServerAddresses, token?: string) =>
  new AdminClient({
    endpoint: addresses.grpcEndpoint,
    insecure: true,
    retry: { maxAttempts: 1 },
    ...(token ? { tokenSource: new StaticTokenSource(token, 'test') } : {}),
  });

describe.each(TEST_DATABASES)('authentication and roles on %s', (database) => {
  let dataDir: string;
  let started: Started;
  let dbFlags: Record<string, string> = {};
  let adminToken: string;
  const created: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'orch-auth-'));
    const cluster = testCluster();
    if (database === 'postgres' && cluster) dbFlags = await createTestDatabase(cluster);
    started = await start(dataDir, {}, dbFlags);
    // Bootstrap: the built-in orch-propeller client with the secret generated on first start.
    const propeller = (await readFile(join(dataDir, 'secrets', 'client_secret'), 'utf8')).trim();
    created.push(propeller);
    const token = await tokenFor(started.addresses.httpEndpoint, 'orch-propeller', propeller);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: 'all' });
    // 30m0s (--auth.appAuth.selfAuthServer.accessTokenLifespan), less the second it may straddle.
    expect(Number(token.body.expires_in)).toBeGreaterThanOrEqual(1799);
    expect(Number(token.body.expires_in)).toBeLessThanOrEqual(1800);
    adminToken = String(token.body.access_token);
    created.push(adminToken);
  });
  afterAll(async () => {
    await started.server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('without a token every RPC but discovery answers Unauthenticated (gRPC) and 401 (HTTP)', async () => {
    const api = loadApi();
    const target = started.addresses.grpcEndpoint;
    const admin = new api.grpc.orch.service.v1.AdminService(target, credentials.createInsecure());
    const services = api.grpc.orch.service.v1 as unknown as Record<string, new (...a: unknown[]) => Client>;
    let checked = 0;
    for (const [name, Stub] of Object.entries(services)) {
      const stub = new Stub(target, credentials.createInsecure(), { channelOverride: admin.getChannel() });
      const methods = api.root.lookupService(`orch.service.v1.${name}`).methods;
      for (const [rpc, method] of Object.entries(methods)) {
        const full = `orch.service.v1.${name}/${rpc}`;
        const code = await new Promise<number>((resolve) => {
          const fn = (stub as unknown as Record<string, (...a: unknown[]) => NodeJS.EventEmitter>)[rpc];
          if (method.responseStream) {
            const call = fn?.call(stub, {}, new Metadata());
            call?.on('error', (err: ServiceError) => resolve(err.code));
            call?.on('data', () => {});
            call?.on('end', () => resolve(status.OK));
          } else {
            fn?.call(stub, {}, new Metadata(), (err: ServiceError | null) =>
              resolve(err ? err.code : status.OK),
            );
          }
        });
        if (RPC_PERMISSIONS[full] === 'anonymous') expect([full, code]).toEqual([full, status.OK]);
        else expect([full, code]).toEqual([full, status.UNAUTHENTICATED]);
        checked += 1;
      }
    }
    admin.close();
    expect(checked).toBe(
      Object.keys(RPC_PERMISSIONS).filter((rpc) => rpc.startsWith('orch.service.v1.')).length,
    );

    for (const route of gatewayRoutes()) {
      const path = route.path.replace(/\{\/:\w+\}/g, '').replace(/:\w+/g, 'x');
      const res = await fetch(`${started.addresses.httpEndpoint}${path}`, {
        method: route.method.toUpperCase(),
        headers: { 'content-type': 'application/json' },
        body: route.method === 'get' ? undefined : '{}',
      });
      const expected = RPC_PERMISSIONS[route.rpc] === 'anonymous' ? 200 : 401;
      expect([route.rpc, res.status]).toEqual([route.rpc, expected]);
      if (expected === 401) {
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(((await res.json()) as { message: string }).message).toMatch(/no access token/);
      } else await res.arrayBuffer();
    }
    const console = await fetch(`${started.addresses.httpEndpoint}/console`);
    expect(console.status).toBe(401);
    expect(await console.text()).toMatch(/no access token/);
    const health = await fetch(`${started.addresses.httpEndpoint}/healthcheck`);
    expect(health.status).toBe(200);
  });

  test('a token in orch-authorization or authorization is accepted; a bad one is refused saying why', async () => {
    const http = started.addresses.httpEndpoint;
    for (const header of ['orch-authorization', 'authorization']) {
      const res = await fetch(`${http}/me`, { headers: { [header]: `Bearer ${adminToken}` } });
      expect(await res.json()).toMatchObject({ subject: 'orch-propeller', role: 'ADMIN', method: 'bearer' });
    }
    const forged = `${adminToken.slice(0, -4)}AAAA`;
    const cases: [string, RegExp][] = [
      [`Bearer ${forged}`, /signature does not verify/],
      ['Bearer not-a-jwt', /not a well-formed token/],
      [`Basic ${adminToken}`, /must be "Bearer <access token>"/],
    ];
    for (const [value, reason] of cases) {
      const res = await fetch(`${http}/api/v1/projects`, { headers: { 'orch-authorization': value } });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { message: string };
      expect(body.message).toMatch(reason);
      expect(body.message).not.toContain(adminToken.slice(-20));
    }
    const grpc = clientWith(started.addresses, forged);
    await expect(grpc.listProjects()).rejects.toMatchObject({
      name: 'UnauthenticatedError',
      message: expect.stringMatching(/signature does not verify/),
    });
    grpc.close();
  });

  test('a viewer key reads but may not register; an admin key may; a deleted key stops at once', async () => {
    const admin = clientWith(started.addresses, adminToken);
    const keys = new (loadApi().grpc.orch.service.v1.ApiKeyService)(
      started.addresses.grpcEndpoint,
      credentials.createInsecure(),
    );
    const meta = new Metadata();
    meta.set('orch-authorization', `Bearer ${adminToken}`);
    const createKey = (name: string, role: string) =>
      new Promise<{ key: { client_id: string }; client_secret: string }>((resolve, reject) =>
        keys.CreateApiKey({ name, role: role as 'VIEWER' }, meta, (err: ServiceError | null, res: unknown) =>
          err ? reject(err) : resolve(res as { key: { client_id: string }; client_secret: string }),
        ),
      );
    const viewer = await createKey('viewer-key', 'VIEWER');
    expect(viewer.key.client_id).toBe('viewer-key');
    const ci = await createKey('ci-key', 'ADMIN');
    created.push(viewer.client_secret, ci.client_secret);

    const viewerToken = await tokenFor(
      started.addresses.httpEndpoint,
      viewer.key.client_id,
      viewer.client_secret,
    );
    expect(viewerToken.status).toBe(200);
    const asViewer = clientWith(started.addresses, String(viewerToken.body.access_token));
    expect((await asViewer.listProjects()).projects?.length).toBeGreaterThan(0);
    await expect(registerAddOne(asViewer, 'v1')).rejects.toMatchObject({
      name: 'PermissionError',
      message: expect.stringMatching(
        /viewer-key \(role viewer\) lacks permission register, needed by orch\.service\.v1\.AdminService\/CreateTask/,
      ),
    });
    const httpDenied = await fetch(`${started.addresses.httpEndpoint}/api/v1/api_keys`, {
      headers: { authorization: `Bearer ${viewerToken.body.access_token}` },
    });
    expect(httpDenied.status).toBe(403);
    expect(((await httpDenied.json()) as { message: string }).message).toMatch(
      /lacks permission manage_keys/,
    );

    const ciToken = await tokenFor(started.addresses.httpEndpoint, ci.key.client_id, ci.client_secret);
    const asCi = clientWith(started.addresses, String(ciToken.body.access_token));
    await registerAddOne(asCi, 'v1');
    expect(
      (await asCi.listTasks({ id: { project: 'default', domain: 'development', name: 'wf.add_one' } })).tasks,
    ).toHaveLength(1);

    // RFC 6749 §2.3.1 form-encoding of client_secret_basic (what openid-client sends) is accepted too.
    const encoded = (text: string) =>
      encodeURIComponent(text).replace(/[-_.]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const formEncoded = await tokenFor(
      started.addresses.httpEndpoint,
      encoded(ci.key.client_id),
      encoded(ci.client_secret),
    );
    expect(formEncoded.status).toBe(200);
    const wrong = await tokenFor(started.addresses.httpEndpoint, ci.key.client_id, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_client' });

    await new Promise<void>((resolve, reject) =>
      keys.DeleteApiKey({ name: 'ci-key' }, meta, (err: ServiceError | null) =>
        err ? reject(err) : resolve(),
      ),
    );
    await expect(asCi.listProjects()).rejects.toMatchObject({
      name: 'UnauthenticatedError',
      message: expect.stringMatching(/client ci-key that this token was issued to has been deleted/),
    });
    expect((await tokenFor(started.addresses.httpEndpoint, ci.key.client_id, ci.client_secret)).status).toBe(
      401,
    );
    for (const c of [admin, asViewer, asCi]) c.close();
    keys.close();
  });

  test("a key deleted and created again under its name never revives the old key's tokens", async () => {
    const keys = new (loadApi().grpc.orch.service.v1.ApiKeyService)(
      started.addresses.grpcEndpoint,
      credentials.createInsecure(),
    );
    const meta = new Metadata();
    meta.set('orch-authorization', `Bearer ${adminToken}`);
    const call = <T>(rpc: 'CreateApiKey' | 'DeleteApiKey', request: object, as = meta) =>
      new Promise<T>((resolve, reject) =>
        (keys[rpc] as (...a: unknown[]) => void)(request, as, (err: ServiceError | null, res: unknown) =>
          err ? reject(err) : resolve(res as T),
        ),
      );
    type Created = { key: { client_id: string }; client_secret: string };
    const first = await call<Created>('CreateApiKey', { name: 'ci2', role: 'ADMIN' });
    const oldGrant = await tokenFor(started.addresses.httpEndpoint, 'ci2', first.client_secret);
    // Client credentials get no refresh token (RFC 6749 §4.4.3), so one is sealed with the server's
    // claim key for the old key, as the server would seal it.
    const { hashClientSecret, keyIdOf } = await import('../../src/server/auth/oauth-server.js');
    const sealer = await serverTokenService(dataDir, `${started.addresses.httpEndpoint}/`);
    const old = {
      access_token: String(oldGrant.body.access_token),
      refresh_token: await sealer.refreshToken({
        sub: 'ci2',
        client_id: 'ci2',
        org: '',
        role: 'ADMIN',
        scope: ['all', 'offline'],
        key_id: keyIdOf(hashClientSecret(first.client_secret)),
      }),
    };
    created.push(first.client_secret, old.access_token, old.refresh_token);
    const oldMeta = new Metadata();
    oldMeta.set('orch-authorization', `Bearer ${old.access_token}`);
    await call('DeleteApiKey', { name: 'ci2' });
    // The rotation docs/security.md shows: the same name again, this time a viewer.
    const second = await call<Created>('CreateApiKey', { name: 'ci2', role: 'VIEWER' });
    created.push(second.client_secret);

    // The old ADMIN token is refused over gRPC and HTTP, and cannot mint itself a new key.
    await expect(call('CreateApiKey', { name: 'revived', role: 'ADMIN' }, oldMeta)).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: expect.stringMatching(/client ci2 that this token was issued to has been deleted/),
    });
    const http = await fetch(`${started.addresses.httpEndpoint}/api/v1/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${old.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'revived', role: 'ADMIN' }),
    });
    expect(http.status).toBe(401);
    // Its refresh token buys nothing either, even presented with the new key's secret.
    const refreshed = await fetch(`${started.addresses.httpEndpoint}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`ci2:${second.client_secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: old.refresh_token }).toString(),
    });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    // The new key works, with its own role only.
    const fresh = await tokenFor(started.addresses.httpEndpoint, 'ci2', second.client_secret);
    created.push(String(fresh.body.access_token));
    const me = await fetch(`${started.addresses.httpEndpoint}/me`, {
      headers: { authorization: `Bearer ${fresh.body.access_token}` },
    });
    expect(await me.json()).toMatchObject({ subject: 'ci2', role: 'VIEWER' });
    const list = await fetch(`${started.addresses.httpEndpoint}/api/v1/api_keys`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const names = ((await list.json()) as { keys: { name: string }[] }).keys.map((k) => k.name);
    expect(names).not.toContain('revived');
    await call('DeleteApiKey', { name: 'ci2' });
    keys.close();
  });

  test('the refresh_token grant trades a refresh token of a live client for new tokens', async () => {
    // Refresh tokens come with interactive sign-in; here one is sealed with the server's own claim
    // key (read from its generated secrets), as the server seals them.
    const service = await serverTokenService(dataDir, `${started.addresses.httpEndpoint}/`);
    const propeller = (await readFile(join(dataDir, 'secrets', 'client_secret'), 'utf8')).trim();
    const refresh = await service.refreshToken({
      sub: 'orch-propeller',
      client_id: 'orch-propeller',
      org: '',
      role: 'ADMIN',
      scope: ['all', 'offline'],
    });
    created.push(refresh);
    const grant = (token: string, secret = propeller) =>
      fetch(`${started.addresses.httpEndpoint}/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`orch-propeller:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
      });
    const res = await grant(refresh);
    const body = (await res.json()) as Record<string, string>;
    expect([res.status, body.error_description]).toEqual([200, undefined]);
    expect(body.refresh_token).toBeTruthy();
    expect(body.refresh_token).not.toBe(refresh);
    created.push(body.access_token ?? '', body.refresh_token ?? '');
    const me = await fetch(`${started.addresses.httpEndpoint}/me`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await me.json()).toMatchObject({ subject: 'orch-propeller', role: 'ADMIN' });
    const damaged = await grant(`${refresh.slice(0, -6)}AAAAAA`);
    expect(damaged.status).toBe(400);
    expect(await damaged.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await grant(refresh, 'wrong-secret')).status).toBe(401);
  });

  test('the apps ingress asks for a platform token only when the app requires auth', async () => {
    const client = clientWith(started.addresses, adminToken);
    const { request } = await import('node:http');
    const httpPort = new URL(started.addresses.httpEndpoint).port;
    const call = (app: string, token?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: httpPort,
            path: '/',
            headers: {
              host: `${app}.apps.localhost:${httpPort}`,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const [name, requiresAuth] of [
      ['guarded', true],
      ['open', false],
    ] as const) {
      const port = await freePort();
      const last = await client.deployApp(
        {
          spec: {
            id: { name, project: 'default', domain: 'development', org: '' },
            port,
            args: ['node', '-e', `require('http').createServer((q, r) => r.end('ok')).listen(${port})`],
            requires_auth: requiresAuth,
          },
        },
        () => {},
      );
      expect(last.state).toBe('Started');
    }
    expect(await call('guarded')).toBe(401);
    expect(await call('guarded', 'not-a-token')).toBe(401);
    expect(await call('guarded', adminToken)).toBe(200);
    expect(await call('open')).toBe(200);
    for (const name of ['guarded', 'open']) {
      await client.stopApp({ id: { name, project: 'default', domain: 'development', org: '' } });
    }
    client.close();
  });

  test('the execution records who launched it', async () => {
    const client = clientWith(started.addresses, adminToken);
    await registerAddOne(client, 'principal');
    const id = { project: 'default', domain: 'development', name: 'by-propeller' };
    await client.createExecution({
      ...id,
      spec: {
        launch_plan: {
          resource_type: 'LAUNCH_PLAN',
          project: 'default',
          domain: 'development',
          name: 'wf.add_one_wf',
          version: 'principal',
        },
        metadata: { mode: 'MANUAL', principal: 'someone-else' },
      },
      inputs: { literals: { x: { scalar: { primitive: { integer: '1' } } } } },
    } as never);
    const execution = await client.getExecution(id);
    expect(execution.spec?.metadata?.principal).toBe('orch-propeller');
    client.close();
  });

  test('a secret value goes in and never comes out: not in answers, errors or logs', async () => {
    const value = `sealed-${randomBytes(8).toString('hex')}`;
    created.push(value);
    const http = started.addresses.httpEndpoint;
    const auth = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const answers: string[] = [];
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${http}${path}`, {
        method,
        headers: auth,
        body: body ? JSON.stringify(body) : undefined,
      });
      answers.push(await res.text());
      return res.status;
    };
    const id = { name: 'leak_check', domain: 'development' };
    expect(await call('POST', '/api/v1/secrets', { id, secret_spec: { string_value: value } })).toBe(200);
    expect(await call('POST', '/api/v1/secrets', { id, secret_spec: { string_value: value } })).toBe(409);
    expect(
      await call('PUT', '/api/v1/secrets', {
        id: { ...id, name: 'absent' },
        secret_spec: { string_value: value },
      }),
    ).toBe(404);
    expect(await call('GET', '/api/v1/secrets/leak_check?domain=development')).toBe(200);
    expect(await call('GET', '/api/v1/secrets')).toBe(200);
    expect(answers.join('\n')).not.toContain(value);
    expect(answers[3]).toContain('"name":"leak_check"');
  });

  test('no secret, key or token appears in any log line', () => {
    const text = started.logs.join('\n');
    expect(text).toMatch(/access.*"principal":"orch-propeller"/);
    // Token requests are in the access log too: the granted one under its client, the refused one anonymous.
    const tokenLines = started.logs.filter((line) => line.includes('"method":"POST /oauth2/token"'));
    expect(
      tokenLines.some((line) =>
        /"grant":"client_credentials".*"principal":"orch-propeller".*"outcome":"OK"/.test(line),
      ),
    ).toBe(true);
    expect(tokenLines.some((line) => /"principal":"anonymous".*"outcome":"UNAUTHENTICATED"/.test(line))).toBe(
      true,
    );
    for (const value of created) expect(text).not.toContain(value);
  });
});

describe('signing key rotation and transports', () => {
  let dir: string;
  const pem = () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    }) as string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-rotation-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('tokens signed with the old key verify while token_rsa_key_old.pem is present, and not after', async () => {
    const secrets = join(dir, 'etc-secrets');
    await mkdir(secrets, { recursive: true });
    const [keyA, keyB] = [pem(), pem()];
    const common = {
      ORCH_SECRET_claim_symmetric_key: randomBytes(32).toString('base64'),
      ORCH_SECRET_client_secret: 'propeller-secret-for-rotation',
    };
    const flags = { 'secrets.secrets-prefix': secrets, 'server.httpPort': '0' };
    const dataDir = join(dir, 'data');
    await writeFile(join(secrets, 'token_rsa_key.pem'), keyA);
    let started = await start(dataDir, flags, {}, common);
    // A fixed issuer, so tokens outlive the port of the server that issued them.
    const issued = await tokenFor(
      started.addresses.httpEndpoint,
      'orch-propeller',
      common.ORCH_SECRET_client_secret,
    );
    const oldToken = String(issued.body.access_token);
    const kidA = JSON.parse(Buffer.from(oldToken.split('.')[0] ?? '', 'base64url').toString()).kid;
    await started.server.close();

    const issuer = { 'auth.appAuth.selfAuthServer.issuer': 'http://orch.test/' };
    const restart = async (current: string, old?: string) => {
      await writeFile(join(secrets, 'token_rsa_key.pem'), current);
      await rm(join(secrets, 'token_rsa_key_old.pem'), { force: true });
      if (old) await writeFile(join(secrets, 'token_rsa_key_old.pem'), old);
      return start(dataDir, { ...flags, ...issuer }, {}, common);
    };
    started = await restart(keyA);
    const token = String(
      (await tokenFor(started.addresses.httpEndpoint, 'orch-propeller', common.ORCH_SECRET_client_secret))
        .body.access_token,
    );
    await started.server.close();
    expect(oldToken).not.toBe(token);

    started = await restart(keyB, keyA);
    const jwks = (await (await fetch(`${started.addresses.httpEndpoint}/oauth2/jwks`)).json()) as {
      keys: { kid: string; kty: string; d?: string }[];
    };
    expect(jwks.keys).toHaveLength(2);
    expect(jwks.keys[1]?.kid).toBe(kidA);
    expect(jwks.keys.every((k) => k.kty === 'RSA' && k.d === undefined)).toBe(true);
    const me = await fetch(`${started.addresses.httpEndpoint}/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await me.json()).toMatchObject({ subject: 'orch-propeller' });
    const fresh = await tokenFor(
      started.addresses.httpEndpoint,
      'orch-propeller',
      common.ORCH_SECRET_client_secret,
    );
    const freshKid = JSON.parse(
      Buffer.from(String(fresh.body.access_token).split('.')[0] ?? '', 'base64url').toString(),
    ).kid;
    expect(freshKid).toBe(jwks.keys[0]?.kid);
    await started.server.close();

    started = await restart(keyB);
    const refused = await fetch(`${started.addresses.httpEndpoint}/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /signed by a key this server does not know/,
    );
    await started.server.close();
  });

  test('--auth.disableForHttp opens HTTP only; gRPC still needs a token', async () => {
    const started = await start(join(dir, 'disabled'), { 'auth.disableForHttp': 'true' });
    expect((await fetch(`${started.addresses.httpEndpoint}/api/v1/projects`)).status).toBe(200);
    const client = clientWith(started.addresses);
    await expect(client.listProjects()).rejects.toMatchObject({ name: 'UnauthenticatedError' });
    client.close();
    await started.server.close();
  });

  test('--authorizer.mode other than Active logs a denial and allows the call', async () => {
    const dataDir = join(dir, 'logonly');
    const started = await start(dataDir, { 'authorizer.mode': 'LogOnly' });
    const propeller = (await readFile(join(dataDir, 'secrets', 'client_secret'), 'utf8')).trim();
    const admin = await tokenFor(started.addresses.httpEndpoint, 'orch-propeller', propeller);
    const created = await fetch(`${started.addresses.httpEndpoint}/api/v1/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.body.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'looker', role: 'VIEWER' }),
    });
    const key = (await created.json()) as { key: { client_id: string }; client_secret: string };
    const viewer = await tokenFor(started.addresses.httpEndpoint, key.key.client_id, key.client_secret);
    const client = clientWith(started.addresses, String(viewer.body.access_token));
    await registerAddOne(client, 'v1');
    expect(started.logs.join('\n')).toMatch(
      /warn authorization denied \(not enforced.*"permission":"register"/,
    );
    client.close();
    await started.server.close();
  });

  test('a server without its signing key refuses to start, naming the secret', async () => {
    const server = createServer({
      config: loadConfig({
        flags: {
          'server.httpPort': '0',
          'server.grpc.port': '0',
          'secrets.secrets-prefix': join(dir, 'none'),
        },
        env: {},
        home: dir,
      }),
      dataDir: join(dir, 'nokeys'),
      embedded: true,
      generatedSecretsDir: undefined,
      localStorageByDefault: true,
    });
    // The embedded default generates keys; a served admin (no generation) must have them.
    await server.listen();
    await server.close();
    const served = createServer({
      config: loadConfig({
        flags: {
          'server.httpPort': '0',
          'server.grpc.port': '0',
          'secrets.secrets-prefix': join(dir, 'none'),
          'database.sqlite.file': join(dir, 'served.db'),
        },
        env: {},
        home: dir,
      }),
      dataDir: join(dir, 'served'),
      embedded: false,
    });
    await expect(served.listen()).rejects.toThrow(
      /server secret token_rsa_key\.pem is not set \(env ORCH_SECRET_token_rsa_key\.pem or file .*none\/token_rsa_key\.pem\)/,
    );
  });
});
