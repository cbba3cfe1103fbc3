import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import * as octokit from 'octokit';
import { createGithubApp, installationClient } from '../../src/bot/github-app.js';
import { type Logged, recordingLogger, WEBHOOK_SECRET } from '../helpers/bot.js';
import { FakeGithubApp } from '../helpers/github-app-api.js';

// The bot's GitHub client as `orch-bot` runs it by default (throttling on) against the fake GitHub API:
// GitHub's wait signals (retry-after on a secondary rate limit, a 429, a 503) are honoured.

const SHA = '0123456789abcdef0123456789abcdef01234567';
const OWNER = 'acme';
const REPO = 'widgets';

describe("orch-bot's GitHub client waits as GitHub asks", () => {
  const fake = new FakeGithubApp();
  let server: { url: string; close(): Promise<void> };
  const logged: Logged[] = [];
  let client: octokit.Octokit;

  beforeAll(async () => {
    server = await fake.serve();
    const app = createGithubApp(octokit, {
      appId: String(fake.appId),
      privateKey: fake.privateKey,
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: server.url,
      throttle: true,
      logger: recordingLogger(logged),
    });
    client = await installationClient(app, 41);
  });
  afterAll(() => server.close());

  const checkRunPosts = () => fake.seen('POST', /\/check-runs$/);

  test('a secondary rate limit on a check run: the write is sent again only after its retry-after', async () => {
    const before = checkRunPosts().length;
    fake.failNext('POST', /\/check-runs$/, 403, {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      headers: { 'retry-after': '2' },
    });
    const { data } = await client.rest.checks.create({
      owner: OWNER,
      repo: REPO,
      name: 'orch',
      head_sha: SHA,
    });
    expect(data).toMatchObject({ name: 'orch', head_sha: SHA });
    const posts = checkRunPosts().slice(before);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.at! - posts[0]!.at!).toBeGreaterThanOrEqual(2000 - 5);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'GitHub secondary rate limit reached; waiting',
        fields: expect.objectContaining({ method: 'POST', retry_after_s: 2 }),
      }),
    );
  }, 30_000);

  test('a 429 with retry-after: sent again after that wait, and other writes wait too', async () => {
    const before = fake.calls.length;
    fake.failNext('POST', /\/check-runs$/, 429, { headers: { 'retry-after': '3' } });
    const [created, comment] = await Promise.all([
      client.rest.checks.create({ owner: OWNER, repo: REPO, name: 'orch', head_sha: SHA }),
      // Sent just after the 429 arrived (it asked this client for 3 s of quiet).
      new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
        client.rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 7, body: 'hi' }),
      ),
    ]);
    expect(created.status).toBe(201);
    expect(comment.status).toBe(201);
    const calls = fake.calls.slice(before).filter((c) => c.method === 'POST' && c.path.startsWith('/repos/'));
    const refused = calls.find((c) => c.path.endsWith('/check-runs'))!;
    // After the pause, the retry and the comment go in either order.
    expect(calls[0]!.path).toMatch(/\/check-runs$/);
    expect(calls.map((c) => c.path.split('/').at(-1)).sort()).toEqual([
      'check-runs',
      'check-runs',
      'comments',
    ]);
    for (const later of calls.slice(1)) expect(later.at! - refused.at!).toBeGreaterThanOrEqual(3000 - 5);
  }, 30_000);

  test('a 503 with retry-after: sent again after that wait', async () => {
    const before = checkRunPosts().length;
    fake.failNext('POST', /\/check-runs$/, 503, { headers: { 'retry-after': '2' } });
    await client.rest.checks.create({ owner: OWNER, repo: REPO, name: 'orch', head_sha: SHA });
    const posts = checkRunPosts().slice(before);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.at! - posts[0]!.at!).toBeGreaterThanOrEqual(2000 - 5);
  }, 30_000);
});
