import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { importPKCS8, SignJWT } from 'jose';
import { App, Octokit } from 'octokit';
import { Parser, type ReadEntry } from 'tar';
import { examplePayload, FakeGithubApp, signDelivery } from '../helpers/github-app-api.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';

/** Entry paths and file contents of a gzipped tarball. */
async function untar(archive: Uint8Array): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      onReadEntry: (entry: ReadEntry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          files[entry.path] = Buffer.concat(chunks).toString();
        });
      },
    });
    parser.on('end', () => resolve());
    parser.on('error', reject);
    parser.end(Buffer.from(archive));
  });
  return files;
}

describe('FakeGithubApp', () => {
  const fake = new FakeGithubApp({ pageSize: 2 });
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await fake.serve();
    fake.setTarball('acme', 'widgets', SHA, { 'orch.yaml': 'name: demo\n', 'src/a.txt': 'a' });
    fake.setPermission('acme', 'widgets', 'alice', 'maintain');
    fake.setPull('acme', 'widgets', {
      number: 7,
      head: { sha: SHA, ref: 'feature', repo: { full_name: 'alice/widgets' } },
      base: { ref: 'main', repo: { full_name: 'acme/widgets' } },
      user: { login: 'alice' },
    });
  });
  afterAll(() => server.close());

  /** An installation token minted with a JWT signed by the fake app's key. */
  async function installationToken(installation: number): Promise<string> {
    const key = await importPKCS8(fake.privateKey, 'RS256');
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(String(fake.appId))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    const res = await fetch(`${server.url}/app/installations/${installation}/access_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  }

  it('works end to end with octokit App', async () => {
    const app = new App({
      appId: fake.appId,
      privateKey: fake.privateKey,
      // Octokit's throttling plugin spaces writes 1-3 s apart (GitHub's secondary limits); off here.
      Octokit: Octokit.defaults({ baseUrl: server.url, throttle: { enabled: false } }),
    });
    const octokit = await app.getInstallationOctokit(31);
    const owner = 'acme';
    const repo = 'widgets';

    const { data: run } = await octokit.rest.checks.create({ owner, repo, name: 'orch', head_sha: SHA });
    expect(run).toMatchObject({ id: 1, name: 'orch', head_sha: SHA, status: 'queued' });
    const { data: done } = await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: run.id,
      status: 'completed',
      conclusion: 'success',
      output: { title: 'ok', summary: 'all good' },
    });
    expect(done).toMatchObject({ id: 1, status: 'completed', conclusion: 'success' });
    expect(fake.checkRuns[0]).toMatchObject({
      owner,
      repo,
      conclusion: 'success',
      updates: [expect.anything()],
    });

    const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: 7 });
    expect(pull.head.repo?.full_name).toBe('alice/widgets');
    const { data: perm } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      owner,
      repo,
      username: 'alice',
    });
    expect(perm).toMatchObject({ permission: 'write', role_name: 'maintain', user: { login: 'alice' } });

    for (const body of ['one', 'two', 'three']) {
      await octokit.rest.issues.createComment({ owner, repo, issue_number: 7, body });
    }
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: 7,
      per_page: 100,
    });
    expect(comments.map((c) => c.body)).toEqual(['one', 'two', 'three']);
    expect(comments[0]?.user).toMatchObject({ login: 'orch-bot[bot]', type: 'Bot' });
    const first = comments[0]!;
    await octokit.rest.issues.updateComment({ owner, repo, comment_id: first.id, body: 'uno' });
    await octokit.rest.reactions.createForIssueComment({
      owner,
      repo,
      comment_id: first.id,
      content: 'rocket',
    });
    expect(fake.comments[0]?.body).toBe('uno');
    expect(fake.reactions).toEqual([{ commentId: first.id, content: 'rocket' }]);

    const { data: archive } = await octokit.rest.repos.downloadTarballArchive({ owner, repo, ref: SHA });
    const files = await untar(new Uint8Array(archive as ArrayBuffer));
    expect(files['acme-widgets-0123456/orch.yaml']).toBe('name: demo\n');
    expect(files['acme-widgets-0123456/src/a.txt']).toBe('a');

    expect(fake.seen('POST', /^\/app\/installations\/31\/access_tokens$/)[0]?.auth).toBe('bearer app-jwt');
    expect(fake.seen('POST', /check-runs$/)[0]?.auth).toBe('token installation-31');
    expect(fake.seen('GET', /\/issues\/7\/comments\?.*page=2/)).toHaveLength(1);
    const token = await (octokit.auth({ type: 'installation' }) as Promise<{ token: string }>);
    expect(JSON.stringify(fake.calls)).not.toContain(token.token);
  });

  it('rejects bad credentials', async () => {
    const noAuth = await fetch(`${server.url}/repos/acme/widgets/pulls/7`);
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toEqual({ message: 'Bad credentials' });
    const badToken = await fetch(`${server.url}/repos/acme/widgets/pulls/7`, {
      headers: { authorization: 'token ghs_nope' },
    });
    expect(badToken.status).toBe(401);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/repos/acme/widgets/pulls/7',
      auth: 'invalid',
    });

    const other = new FakeGithubApp({ appId: fake.appId });
    const foreignJwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(String(fake.appId))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await importPKCS8(other.privateKey, 'RS256'));
    const res = await fetch(`${server.url}/app/installations/1/access_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${foreignJwt}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'A JSON web token could not be decoded' });
  });

  it('answers the REST routes over plain fetch', async () => {
    const token = await installationToken(5);
    const headers = { authorization: `token ${token}`, 'content-type': 'application/json' };
    expect(fake.calls.at(-1)?.auth).toBe('bearer app-jwt');

    const redirect = await fetch(`${server.url}/repos/acme/widgets/tarball/${SHA}`, {
      headers,
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(
      `${server.url}/_codeload/acme/widgets/legacy.tar.gz/${SHA}`,
    );
    const archive = await fetch(redirect.headers.get('location')!);
    expect(archive.headers.get('content-type')).toBe('application/x-gzip');
    expect(Object.keys(await untar(new Uint8Array(await archive.arrayBuffer())))).toContain(
      'acme-widgets-0123456/orch.yaml',
    );
    expect((await fetch(`${server.url}/repos/acme/widgets/tarball/deadbeef`, { headers })).status).toBe(404);

    for (const [user, role, permission] of [
      ['alice', 'admin', 'admin'],
      ['alice', 'write', 'write'],
      ['alice', 'triage', 'read'],
      ['alice', 'read', 'read'],
    ] as const) {
      fake.setPermission('acme', 'widgets', user, role);
      const res = await fetch(`${server.url}/repos/acme/widgets/collaborators/${user}/permission`, {
        headers,
      });
      expect(await res.json()).toMatchObject({ permission, role_name: role });
    }
    const stranger = await fetch(`${server.url}/repos/acme/widgets/collaborators/mallory/permission`, {
      headers,
    });
    expect(await stranger.json()).toMatchObject({ permission: 'none', role_name: 'none' });

    expect((await fetch(`${server.url}/repos/acme/widgets/pulls/99`, { headers })).status).toBe(404);
    const patchMissing = await fetch(`${server.url}/repos/acme/widgets/check-runs/999`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(patchMissing.status).toBe(404);

    fake.seedComment('acme', 'widgets', 8, 'a');
    fake.seedComment('acme', 'widgets', 8, 'b');
    fake.seedComment('acme', 'widgets', 8, 'c');
    const page1 = await fetch(`${server.url}/repos/acme/widgets/issues/8/comments?per_page=100`, { headers });
    expect(((await page1.json()) as unknown[]).length).toBe(2);
    expect(page1.headers.get('link')).toBe(
      `<${server.url}/repos/acme/widgets/issues/8/comments?per_page=2&page=2>; rel="next"`,
    );

    const unknown = await fetch(`${server.url}/repos/acme/widgets/deployments`, { headers });
    expect(unknown.status).toBe(404);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: '/repos/acme/widgets/deployments' });

    fake.failNext('POST', /\/check-runs$/, 500);
    const failed = await fetch(`${server.url}/repos/acme/widgets/check-runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'x', head_sha: SHA }),
    });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: 'Internal Server Error' });
    expect(fake.calls.at(-1)?.body).toEqual({ name: 'x', head_sha: SHA });
    const retried = await fetch(`${server.url}/repos/acme/widgets/check-runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'x', head_sha: SHA }),
    });
    expect(retried.status).toBe(201);
  });

  it('waits for calls', async () => {
    const token = await installationToken(6);
    const waiting = fake.waitFor((c) => c.method === 'POST' && c.path.endsWith('/issues/42/comments'));
    await fetch(`${server.url}/repos/acme/widgets/issues/42/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'hi' }),
    });
    await expect(waiting).resolves.toMatchObject({ body: { body: 'hi' }, auth: 'bearer installation-6' });
    // Already recorded: resolves at once.
    await expect(fake.waitFor((c) => c.path.endsWith('/issues/42/comments'), 1)).resolves.toBeDefined();
    await expect(fake.waitFor((c) => c.path === '/never', 20)).rejects.toThrow(/issues\/42\/comments/);
  });
});

describe('signDelivery', () => {
  it("matches GitHub's documented example", () => {
    expect(signDelivery("It's a Secret to Everybody", 'Hello, World!')).toBe(
      'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    );
  });
});

describe('examplePayload', () => {
  it('returns deep copies of webhook examples', () => {
    const payload = examplePayload('pull_request', 'opened');
    expect(payload.action).toBe('opened');
    expect(payload.pull_request.number).toEqual(expect.any(Number));
    payload.pull_request.number = -1;
    expect(examplePayload('pull_request', 'opened').pull_request.number).not.toBe(-1);
    expect(examplePayload('issue_comment', 'created').comment.body).toEqual(expect.any(String));
    expect(examplePayload('ping', undefined).hook_id).toBeDefined();
  });

  it('throws when there is no such example', () => {
    expect(() => examplePayload('pull_request', 'exploded')).toThrow(/pull_request\.exploded/);
    expect(() => examplePayload('pull_request', 'opened', 999)).toThrow();
  });
});
