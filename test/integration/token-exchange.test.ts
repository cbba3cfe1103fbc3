import { status as Status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { SignJWT } from 'jose';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { runOrch } from '../../src/cli/program.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { StaticTokenSource } from '../../src/client/token-source.js';
import { runOrchctl } from '../../src/ctl/program.js';
import { captureIO } from '../helpers/io.js';
import { type FakeIssuer, startFakeIssuer } from '../helpers/oidc-issuer.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { startTestServer, TEST_DATABASES, type TestServer, waitForExecution } from '../helpers/server.js';
import { ADD_ONE_SCRIPT, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const X = { variables: { x: { type: parseType('integer') } } };

/** Asks the admin's token endpoint to exchange `token` (RFC 8693, no client authentication). */
async function exchange(server: TestServer, token: string, type = ID_TOKEN) {
  const res = await fetch(`${server.addresses.httpEndpoint}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: GRANT,
      subject_token: token,
      subject_token_type: type,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const clientWith = (server: TestServer, token: string) =>
  new AdminClient({
    endpoint: server.addresses.grpcEndpoint,
    insecure: true,
    retry: { maxAttempts: 1 },
    tokenSource: new StaticTokenSource(token, 'test'),
  });

const id = (type: 'TASK' | 'WORKFLOW' | 'LAUNCH_PLAN', name: string, project: string) => ({
  resource_type: type,
  project,
  domain: 'development',
  name,
  version: 'v1',
  org: '',
});

/** Registers the add-one task, workflow and launch plan into `project` through `client`. */
async function registerAddOne(client: AdminClient, project: string) {
  const task = id('TASK', 'wf.add_one', project);
  const wf = id('WORKFLOW', 'wf.add_one_wf', project);
  const taskSpec = nodeTask('wf.add_one', 'v1', ADD_ONE_SCRIPT, { x: 'integer' }, { o0: 'integer' });
  const wfSpec = oneNodeWorkflow('wf.add_one_wf', 'v1', task);
  await client.createTask(task, { ...taskSpec, template: { ...taskSpec.template, id: task } });
  await client.createWorkflow(wf, { ...wfSpec, template: { ...wfSpec.template, id: wf } });
  const lp = id('LAUNCH_PLAN', 'wf.add_one_wf', project);
  await client.createLaunchPlan(lp, launchPlanOf(wf));
  return { task, wf, lp };
}

describe.each(TEST_DATABASES)('keyless sign-in (RFC 8693 token exchange) on %s', (database) => {
  let issuer: FakeIssuer;
  let server: TestServer;
  let audience: string;

  beforeAll(async () => {
    issuer = await startFakeIssuer();
    server = await startTestServer(database, {
      flags: { 'auth.tokenExchange.issuers': issuer.issuer, 'auth.tokenExchange.jwksCooldown': '0s' },
    });
    audience = server.addresses.httpEndpoint;
    for (const project of ['flows', 'other']) {
      await server.client.registerProject({ id: project, name: project, description: '', domains: [] });
    }
    const policy = (name: string, conditions: object[], extra: object = {}) =>
      server.client.createTrustPolicy({
        policy: { name, issuer: issuer.issuer, role: 'CONTRIBUTOR', conditions, ...extra },
      });
    await policy(
      'flows-main',
      [
        { claim: 'repository', pattern: 'acme/flows' },
        { claim: 'ref', pattern: 'refs/heads/main' },
        { claim: 'event_name', pattern: 'push' },
      ],
      { projects: ['flows'], domains: ['development'] },
    );
    // Every ref of every repository of acme, for reading: still no pull request may match it.
    await policy(
      'acme-read',
      [
        { claim: 'repository_owner', pattern: 'acme' },
        { claim: 'ref', pattern: 'refs/**', glob: true },
      ],
      { role: 'VIEWER' },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await issuer?.stop();
  });

  test('an ID token of a trusted repository becomes a short-lived token that registers and launches, recorded as its principal', async () => {
    const answer = await exchange(server, await issuer.token(audience));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      token_type: 'Bearer',
    });
    // The ID token has 300 s left: the access token lives no longer.
    expect(answer.body.expires_in).toBeGreaterThan(290);
    expect(answer.body.expires_in).toBeLessThanOrEqual(300);
    const client = clientWith(server, String(answer.body.access_token));
    try {
      const registered = await registerAddOne(client, 'flows');
      const launched = await client.createExecution({
        project: 'flows',
        domain: 'development',
        spec: { launch_plan: id('LAUNCH_PLAN', 'wf.add_one_wf', 'flows') },
        inputs: literalMapFromJson({ x: 2 }, X),
      });
      const done = await waitForExecution(server.client, launched);
      expect(literalMapToJson(done.closure?.outputs)).toEqual({ o0: 3 });
      expect(done.spec?.metadata?.principal).toBe('127.0.0.1:acme/flows@refs/heads/main');
      // The registrations record it too: each version says who registered it.
      const registeredBy = [
        (await client.getTask(registered.task)).closure?.registered_by,
        (await client.getWorkflow(registered.wf)).closure?.registered_by,
        (await client.getLaunchPlan(registered.lp)).closure?.registered_by,
      ];
      expect(registeredBy).toEqual(Array(3).fill('127.0.0.1:acme/flows@refs/heads/main'));
      // orchctl and the console show who launched it, as they show other principals.
      const io = captureIO({ home: server.dataDir, env: {} });
      const args = ['get', 'execution', launched.name, '-p', 'flows', '-d', 'development'];
      expect(
        await runOrchctl(
          [...args, '--admin.endpoint', server.addresses.grpcEndpoint, '--admin.insecure'],
          io,
        ),
      ).toBe(0);
      expect(io.out()).toMatch(/LAUNCHED BY[\s\S]*127\.0\.0\.1:acme\/flows@refs\/heads\/main/);
      const page = await fetch(
        `${server.addresses.httpEndpoint}/console/projects/flows/domains/development/executions/${launched.name}`,
      );
      expect(await page.text()).toContain('<td id="principal">127.0.0.1:acme/flows@refs/heads/main</td>');
      const me = await client.userInfo();
      expect(me).toMatchObject({ subject: '127.0.0.1:acme/flows@refs/heads/main', role: 'CONTRIBUTOR' });
    } finally {
      client.close();
    }
  });

  test('the access token lives at most --auth.tokenExchange.maxTokenLifespan (15m) however long the ID token does', async () => {
    const now = Math.floor(Date.now() / 1000);
    const answer = await exchange(server, await issuer.token(audience, { exp: now + 3600 }));
    expect(answer.status).toBe(200);
    expect(answer.body.expires_in).toBe(900);
  });

  test('an ES256 ID token is accepted too', async () => {
    expect((await exchange(server, await issuer.token(audience, {}, 'es'))).status).toBe(200);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const hostile: [string, () => Promise<string>, RegExp][] = [
    ['wrong audience', () => issuer.token('https://elsewhere.example.com'), /another audience/],
    [
      'expired',
      () => issuer.token(audience, { exp: now() - 120, iat: now() - 420, nbf: now() - 420 }),
      /expired/,
    ],
    ['not valid before a future nbf', () => issuer.token(audience, { nbf: now() + 600 }), /nbf/],
    ['issued in the future', () => issuer.token(audience, { iat: now() + 600, nbf: undefined }), /future/],
    [
      'of another repository',
      () => issuer.token(audience, { repository: 'mallory/flows', repository_owner: 'mallory' }),
      /no trust policy .* matches this ID token \(repository mallory\/flows/,
    ],
    [
      "of a pull request (a fork's looks the same: the base repository, refs/pull/N/merge)",
      () => issuer.token(audience, { event_name: 'pull_request', ref: 'refs/pull/7/merge' }),
      /no trust policy/,
    ],
    [
      'whose head repository is a fork',
      () => issuer.token(audience, { head_repository: 'mallory/flows' }),
      /no trust policy/,
    ],
    [
      'with a forged signature',
      async () => {
        const [head, body] = (await issuer.token(audience)).split('.');
        const other = (await issuer.token(audience)).split('.')[2];
        return `${head}.${body}.${other}`;
      },
      /signature does not verify/,
    ],
    [
      'with alg none',
      async () => {
        const [, body] = (await issuer.token(audience)).split('.');
        return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
      },
      /algorithm "none" is not accepted/,
    ],
    [
      'signed HS256 with the public key as the secret',
      async () => {
        const jwk = issuer.publicJwk();
        const t = now();
        return new SignJWT({ repository: 'acme/flows', ref: 'refs/heads/main', jti: 'hs', sub: 's' })
          .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
          .setIssuer(issuer.issuer)
          .setAudience(audience)
          .setIssuedAt(t)
          .setExpirationTime(t + 300)
          .sign(new TextEncoder().encode(JSON.stringify(jwk)));
      },
      /algorithm "HS256" is not accepted/,
    ],
    ['without a jti', () => issuer.token(audience, { jti: undefined }), /no jti/],
  ];
  test.each(hostile)(
    'an ID token %s is refused with invalid_grant saying why, never echoing it',
    async (_what, make, reason) => {
      const token = await make();
      const answer = await exchange(server, token);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_grant');
      expect(String(answer.body.error_description)).toMatch(reason);
      expect(JSON.stringify(answer.body)).not.toContain(token.split('.')[1]);
    },
  );

  test('a subject token of another type, or none, is an invalid_request', async () => {
    const token = await issuer.token(audience);
    const wrongType = await exchange(server, token, 'urn:ietf:params:oauth:token-type:access_token');
    expect(wrongType).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(String(wrongType.body.error_description)).toMatch(/subject_token_type/);
    expect(await exchange(server, '')).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  test('a key id the JWKS lacks makes the admin fetch it once more, then refuses; a newly published key is then accepted', async () => {
    // Keys known (a previous exchange read the JWKS).
    expect((await exchange(server, await issuer.token(audience))).status).toBe(200);
    const before = issuer.jwksFetches();
    const unknown = await exchange(server, await issuer.token(audience, {}, 'unpublished'));
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.error_description)).toMatch(/signed by a key this server does not know/);
    expect(issuer.jwksFetches()).toBe(before + 1);
    issuer.rotate();
    expect((await exchange(server, await issuer.token(audience, {}, 'rotated'))).status).toBe(200);
    expect(issuer.jwksFetches()).toBe(before + 2);
  });

  test('an ID token is exchanged once: its replay is refused', async () => {
    const token = await issuer.token(audience);
    expect((await exchange(server, token)).status).toBe(200);
    const replay = await exchange(server, token);
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(String(replay.body.error_description)).toMatch(/exchanged before/);
  });

  test('a replay on another admin replica sharing the PostgreSQL database is refused too', async () => {
    if (database !== 'postgres') return;
    const cluster = testCluster();
    if (!cluster) throw new Error('no PostgreSQL test cluster');
    // Two replicas on one fresh database: the exchanged jti is recorded there, not in either process.
    const shared = await createTestDatabase(cluster);
    const flags = { ...shared, 'auth.tokenExchange.issuers': issuer.issuer };
    const first = await startTestServer('postgres', { flags });
    const second = await startTestServer('postgres', { flags });
    try {
      await first.client.createTrustPolicy({
        policy: {
          name: 'flows',
          issuer: issuer.issuer,
          role: 'VIEWER',
          conditions: [{ claim: 'repository', pattern: 'acme/flows' }],
        },
      });
      const token = await issuer.token(first.addresses.httpEndpoint, {
        aud: [first.addresses.httpEndpoint, second.addresses.httpEndpoint],
      });
      expect((await exchange(first, token)).status).toBe(200);
      const replay = await exchange(second, token);
      expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(String(replay.body.error_description)).toMatch(/exchanged before/);
    } finally {
      await second.stop();
      await first.stop();
    }
  });

  test('a policy limited to one project refuses registering into and launching in another', async () => {
    const answer = await exchange(server, await issuer.token(audience));
    const client = clientWith(server, String(answer.body.access_token));
    try {
      await expect(registerAddOne(client, 'other')).rejects.toMatchObject({
        code: Status.PERMISSION_DENIED,
        message: expect.stringMatching(/may act only in project flows .* names project other/),
      });
      await expect(
        client.createExecution({
          project: 'other',
          domain: 'development',
          spec: { launch_plan: id('LAUNCH_PLAN', 'wf.add_one_wf', 'other') },
          inputs: literalMapFromJson({ x: 2 }, X),
        }),
      ).rejects.toMatchObject({ code: Status.PERMISSION_DENIED });
      // Nor reads nor watches an execution there (the watch is a stream, checked apart).
      await registerAddOne(server.client, 'other');
      const theirs = await server.client.createExecution({
        project: 'other',
        domain: 'development',
        spec: { launch_plan: id('LAUNCH_PLAN', 'wf.add_one_wf', 'other') },
        inputs: literalMapFromJson({ x: 1 }, X),
      });
      await expect(client.getExecution(theirs)).rejects.toMatchObject({ code: Status.PERMISSION_DENIED });
      await expect(client.watchExecution(theirs, () => {})).rejects.toMatchObject({
        code: Status.PERMISSION_DENIED,
      });
      const page = await fetch(
        `${server.addresses.httpEndpoint}/console/projects/other/domains/development/executions/${theirs.name}`,
        { headers: { authorization: `Bearer ${String(answer.body.access_token)}` } },
      );
      expect(page.status).toBe(403);
      // Its own project still works.
      await expect(
        client.listExecutions({ id: { project: 'flows', domain: 'development', name: '', org: '' } }),
      ).resolves.toBeDefined();
      // Trust policies are for admins only.
      await expect(client.listTrustPolicies({})).rejects.toMatchObject({ code: Status.PERMISSION_DENIED });
    } finally {
      client.close();
    }
  });

  test('a token exchanged under a policy deleted afterwards is refused on its next call', async () => {
    await server.client.createTrustPolicy({
      policy: {
        name: 'temp',
        issuer: issuer.issuer,
        role: 'VIEWER',
        conditions: [{ claim: 'repository', pattern: 'beta/temp' }],
      },
    });
    const answer = await exchange(
      server,
      await issuer.token(audience, {
        repository: 'beta/temp',
        repository_owner: 'beta',
        ref: 'refs/tags/v1',
      }),
    );
    expect(answer.status).toBe(200);
    const client = clientWith(server, String(answer.body.access_token));
    try {
      await expect(client.listProjects({})).resolves.toBeDefined();
      await server.client.deleteTrustPolicy({ name: 'temp' });
      await expect(client.listProjects({})).rejects.toMatchObject({
        code: Status.UNAUTHENTICATED,
        message: expect.stringMatching(/trust policy temp .* deleted/),
      });
    } finally {
      client.close();
    }
  });

  test('policies that would trust too much are refused at creation, every problem at once', async () => {
    const create = (conditions: object[], issuerUrl = issuer.issuer) =>
      server.client.createTrustPolicy({
        policy: { name: 'wide', issuer: issuerUrl, role: 'ADMIN', conditions },
      });
    await expect(create([{ claim: 'ref', pattern: 'refs/heads/main' }])).rejects.toMatchObject({
      code: Status.INVALID_ARGUMENT,
      message: expect.stringMatching(/must have a condition on repository or repository_owner/),
    });
    await expect(
      create([
        { claim: 'repository', pattern: 'acme/flows' },
        { claim: 'event_name', pattern: 'pull_request*', glob: true },
      ]),
    ).rejects.toMatchObject({ message: expect.stringMatching(/matches pull_request_target/) });
    await expect(
      create([{ claim: 'repository', pattern: 'acme/flows' }], 'https://idp.example.com'),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/not trusted .*--auth\.tokenExchange\.issuers/),
    });
    // The same list over the JSON gateway (admin via loopback).
    const listed = await fetch(`${server.addresses.httpEndpoint}/api/v1/trust_policies`);
    const names = ((await listed.json()) as { policies: { name: string }[] }).policies.map((p) => p.name);
    expect(names).toEqual(['acme-read', 'flows-main']);
  });
});

describe('orch create|get|delete trust-policy', () => {
  let server: TestServer;
  let issuer: FakeIssuer;
  beforeAll(async () => {
    issuer = await startFakeIssuer();
    server = await startTestServer('sqlite', { flags: { 'auth.tokenExchange.issuers': issuer.issuer } });
  });
  afterAll(async () => {
    await server?.stop();
    await issuer?.stop();
  });
  async function orch(...argv: string[]) {
    const io = captureIO({ home: server.dataDir, env: {} });
    const connection = [
      '--orch.connection.host',
      server.addresses.grpcEndpoint,
      '--orch.connection.insecure',
    ];
    const code = await runOrch([...argv, ...connection], io);
    return { code, out: io.out(), err: io.err() };
  }

  test('creates a policy whose exchanged tokens work, lists it, and deletes it', async () => {
    const created = await orch(
      'create',
      'trust-policy',
      'contributor',
      '--name',
      'flows-main',
      '--issuer',
      issuer.issuer,
      '--repository',
      'acme/flows',
      '--ref',
      'refs/heads/*',
      '--allow-project',
      'flows',
    );
    expect(created).toMatchObject({ code: 0, out: 'Created trust policy flows-main\n' });
    const policy = (await server.client.getTrustPolicy({ name: 'flows-main' })).policy;
    expect(policy).toMatchObject({
      role: 'CONTRIBUTOR',
      projects: ['flows'],
      conditions: [
        { claim: 'repository', pattern: 'acme/flows', glob: false },
        { claim: 'ref', pattern: 'refs/heads/*', glob: true },
      ],
    });
    const listed = await orch('get', 'trust-policy');
    expect(listed.out).toMatch(
      /flows-main\s+contributor\s+repository=acme\/flows ref=refs\/heads\/\*\s+flows\s+\*/,
    );
    const token = await issuer.token(server.addresses.httpEndpoint, { ref: 'refs/heads/release' });
    expect((await exchange(server, token)).status).toBe(200);
    expect(await orch('delete', 'trust-policy', '--name', 'flows-main')).toMatchObject({ code: 0 });
    expect((await orch('get', 'trust-policy', 'flows-main')).code).toBe(1);
  });

  test('a policy without a repository is a usage error before any call', async () => {
    const result = await orch(
      'create',
      'trust-policy',
      'viewer',
      '--name',
      'wide',
      '--ref',
      'refs/heads/main',
    );
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/must name the repository or its owner/);
  });
});
