import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type RunningProcess, runBinary, startBinary } from '../../scripts/main-job.js';
import { DELIVERY_PATH } from '../../src/bot/server.js';
import {
  commentPayload,
  INSTALLATION,
  OWNER,
  pullPayload,
  pushPayload,
  REPO,
  repoFiles,
  rerunPayload,
  signed,
  WEBHOOK_SECRET,
} from '../helpers/bot.js';
import { silentServer } from '../helpers/github-api.js';
import { FakeGithubApp } from '../helpers/github-app-api.js';
import { mintApiKey, startTestServer, type TestServer } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

const HEAD = 'c0ffee'.padEnd(40, '1');
const NEXT = 'c0ffee'.padEnd(40, '2');

/** Waits until `check` holds (or `timeoutMs` passes), naming `what` if it never does. */
function until(what: string, check: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  return waitUntil(check, { what, timeoutMs, intervalMs: 50 });
}

describe('the orch-bot bin through a pull request', () => {
  let admin: TestServer;
  let fake: FakeGithubApp;
  let github: { url: string; close(): Promise<void> };
  let home: string;
  let bot: RunningProcess;
  let url: string;
  let env: NodeJS.ProcessEnv;
  let connection: string[];

  beforeAll(async () => {
    admin = await startTestServer('sqlite', { executorParallelism: 2 });
    fake = new FakeGithubApp();
    github = await fake.serve();
    home = await mkdtemp(join(tmpdir(), 'orch-bot-e2e-'));
    const keyFile = join(home, 'app.pem');
    await writeFile(keyFile, fake.privateKey, { mode: 0o600 });
    fake.setTarball(OWNER, REPO, 'main', repoFiles());
    fake.setTarball(OWNER, REPO, HEAD, repoFiles());
    fake.setTarball(OWNER, REPO, NEXT, repoFiles());
    fake.setPermission(OWNER, REPO, 'maintainer', 'write');
    fake.setPull(OWNER, REPO, {
      number: 21,
      head: { sha: HEAD, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
      base: { ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    });
    env = {
      PATH: process.env.PATH,
      HOME: home,
      GITHUB_APP_ID: String(fake.appId),
      GITHUB_APP_PRIVATE_KEY_FILE: keyFile,
      GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    connection = ['--orch.connection.host', admin.addresses.grpcEndpoint, '--orch.connection.insecure'];
    bot = startBinary(
      'orch-bot',
      ['--port', '0', '--github-api-url', github.url, '--no-github-throttle', ...connection],
      env,
    );
    url = await bot.waitFor(/^orch-bot listening on (http:\S+)$/m);
  });
  afterAll(async () => {
    await bot?.stop();
    await github.close();
    await admin.stop();
    await rm(home, { recursive: true, force: true });
  });

  const send = async (event: string, payload: unknown) => {
    const delivery = signed(event, payload);
    const res = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const completed = (name: string, sha: string) =>
    fake.checkRuns.filter((r) => r.name === name && r.head_sha === sha && r.status === 'completed');

  test('opened, a command, a new commit, a re-run, closed; then a clean stop', async () => {
    expect(url.endsWith(DELIVERY_PATH)).toBe(true);
    expect(await send('pull_request', pullPayload('opened', 21, HEAD))).toEqual({
      status: 202,
      body: { status: 'accepted' },
    });
    await until('the execution check run', () => completed('orch / wf.add_one_wf', HEAD).length === 1);
    // `orch / register` is written after the launches' check runs (once they end, or 10 s on).
    await until('the register check run', () => completed('orch / register', HEAD).length === 1);
    expect(completed('orch / register', HEAD)[0]?.conclusion).toBe('success');
    expect(completed('orch / wf.add_one_wf', HEAD)[0]).toMatchObject({
      conclusion: 'success',
      output: expect.objectContaining({ summary: expect.stringContaining('"o0": 3') }),
    });

    const command = commentPayload(fake, 21, '/orch run wf.add_one_wf x=7');
    expect((await send('issue_comment', command)).status).toBe(202);
    await until('the reply', () => fake.comments.some((c) => c.body.startsWith('@maintainer launched')));
    await until('the second execution', () => completed('orch / wf.add_one_wf', HEAD).length === 2);
    expect(completed('orch / wf.add_one_wf', HEAD)[1]?.output).toMatchObject({
      summary: expect.stringContaining('"o0": 8'),
    });
    expect(fake.reactions.filter((r) => r.commentId === (command.comment as { id: number }).id)).toEqual([
      expect.objectContaining({ content: 'eyes' }),
      expect.objectContaining({ content: 'rocket' }),
    ]);

    expect((await send('pull_request', pullPayload('synchronize', 21, NEXT))).status).toBe(202);
    await until('the new head checked', () => completed('orch / wf.add_one_wf', NEXT).length === 1);
    await until('the new head registered', () => completed('orch / register', NEXT).length === 1);
    const sticky = fake.comments.filter((c) => c.body.includes('<!-- orch:bot executions -->'));
    expect(sticky).toHaveLength(1);
    // The sticky comment is written once the delivery's executions ended: after the check run.
    await until(
      'the sticky comment on the new head',
      () =>
        (sticky[0]?.body ?? '').includes(NEXT.slice(0, 12)) &&
        (sticky[0]?.body ?? '').includes('**SUCCEEDED**'),
    );

    const [first] = completed('orch / wf.add_one_wf', NEXT);
    expect(
      (
        await send(
          'check_run',
          rerunPayload({ name: String(first?.name), head_sha: NEXT, external_id: first?.external_id }, 21),
        )
      ).status,
    ).toBe(202);
    await until('the re-run', () => completed('orch / wf.add_one_wf', NEXT).length === 2);
    // Its row in the sticky comment is the last thing written for it.
    const rerun = String(completed('orch / wf.add_one_wf', NEXT)[1]?.details_url).split('/').pop();
    await until('the re-run in the sticky comment', () =>
      new RegExp(`\\[${rerun}\\]\\([^)]*\\) \\| \\*\\*SUCCEEDED\\*\\*`).test(sticky[0]?.body ?? ''),
    );

    // Closing looks for executions still running at the head (none here): nothing else is done.
    const calls = fake.calls.length;
    await send('pull_request', { ...pullPayload('closed', 21, NEXT), action: 'closed' });
    const ignored = /orch_bot_deliveries_total\{event="pull_request",outcome="ignored"\} 1/;
    for (let metrics = ''; !ignored.test(metrics); ) {
      metrics = await (await fetch(new URL('/metrics', url))).text();
    }
    expect(fake.calls.slice(calls).map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
      expect.stringMatching(/^GET \/repos\/[^/]+\/[^/]+\/contents\//),
      expect.stringMatching(new RegExp(`^GET /repos/[^/]+/[^/]+/commits/${NEXT}/check-runs$`)),
    ]);

    expect(await bot.stop()).toBe(0);
    const output = bot.stdout() + bot.stderr();
    expect(output).not.toMatch(/PRIVATE KEY|ghs_|bot-webhook-secret/);
    expect(output).toMatch(/"route":"deliveries","status":202,.*"event":"issue_comment"/);
  });

  test('refuses to start without the webhook secret, or with a key that is not a key', async () => {
    const noSecret = await runBinary('orch-bot', ['--port', '0', ...connection], {
      ...env,
      GITHUB_WEBHOOK_SECRET: '',
    });
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toMatch(/GITHUB_WEBHOOK_SECRET/);
    const badKey = await runBinary('orch-bot', ['--port', '0', ...connection], {
      ...env,
      GITHUB_APP_PRIVATE_KEY_FILE: undefined,
      GITHUB_APP_PRIVATE_KEY: 'not-a-key-but-a-secret-0123',
    });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toMatch(/GITHUB_APP_PRIVATE_KEY.*not a PEM private key/);
    expect(badKey.stderr).not.toContain('not-a-key-but-a-secret-0123');
    const help = await runBinary('orch-bot', ['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('GITHUB_APP_PRIVATE_KEY');
  });
});

describe('the orch-bot command of docs/bot.md, as written', () => {
  test('starts with the key in ORCH_API_KEY naming its admin, and reports a push', async () => {
    const admin = await startTestServer('sqlite', { executorParallelism: 2 });
    const fake = new FakeGithubApp();
    const github = await fake.serve();
    const home = await mkdtemp(join(tmpdir(), 'orch-bot-readme-'));
    const keyFile = join(home, 'orch-bot.pem');
    await writeFile(keyFile, fake.privateKey, { mode: 0o600 });
    fake.setTarball(OWNER, REPO, HEAD, repoFiles());
    const { key } = await mintApiKey(admin, 'bot-readme');
    // GITHUB_APP_ID=... GITHUB_APP_PRIVATE_KEY_FILE=orch-bot.pem GITHUB_WEBHOOK_SECRET=... ORCH_API_KEY=... orch-bot --port 8080
    // (port 0 here, and GitHub's API is the fake's, through the variable the table of docs/bot.md names).
    const bot = startBinary('orch-bot', ['--port', '0'], {
      PATH: process.env.PATH,
      HOME: home,
      GITHUB_APP_ID: String(fake.appId),
      GITHUB_APP_PRIVATE_KEY_FILE: keyFile,
      GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ORCH_API_KEY: key,
      GITHUB_API_URL: github.url,
    });
    try {
      const url = await bot.waitFor(/^orch-bot listening on (http:\S+)$/m);
      const delivery = signed('push', pushPayload(HEAD));
      const res = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
      expect(res.status).toBe(202);
      await until('the register check run', () =>
        fake.checkRuns.some((r) => r.name === 'orch / register' && r.status === 'completed'),
      );
      expect(fake.checkRuns.find((r) => r.name === 'orch / register')?.conclusion).toBe('success');
      expect(bot.stdout() + bot.stderr()).not.toContain(key);
    } finally {
      await bot.stop();
      await github.close();
      await admin.stop();
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('the orch-bot bin against a GitHub that accepts connections and never answers', () => {
  test('a delivery fails within 10 s per request, logged as a timeout naming the request, never as a 500; SIGTERM exits within the 10 s grace', async () => {
    const admin = await startTestServer('sqlite');
    const fake = new FakeGithubApp();
    const silent = await silentServer();
    const home = await mkdtemp(join(tmpdir(), 'orch-bot-silent-'));
    const keyFile = join(home, 'app.pem');
    await writeFile(keyFile, fake.privateKey, { mode: 0o600 });
    const bot = startBinary(
      'orch-bot',
      [
        '--port',
        '0',
        '--github-api-url',
        silent.url,
        '--orch.connection.host',
        admin.addresses.grpcEndpoint,
        '--orch.connection.insecure',
      ],
      {
        PATH: process.env.PATH,
        HOME: home,
        GITHUB_APP_ID: String(fake.appId),
        GITHUB_APP_PRIVATE_KEY_FILE: keyFile,
        GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    );
    try {
      const url = await bot.waitFor(/^orch-bot listening on (http:\S+)$/m);
      const exited = once(bot.child, 'exit') as Promise<[number | null, string | null]>;
      const delivery = signed('push', pushPayload('5'.repeat(40)));
      const started = Date.now();
      const res = await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
      expect(res.status).toBe(202);
      await until('the delivery to fail', () => /"msg":"delivery failed"/.test(bot.stderr()), 60_000);
      const seconds = (Date.now() - started) / 1000;
      const failed = bot
        .stderr()
        .split('\n')
        .find((line) => line.includes('"msg":"delivery failed"'));
      expect(failed).toContain(
        `"error":"GitHub's API did not answer within 10 s (POST /app/installations/${INSTALLATION}/access_tokens)"`,
      );
      expect(failed).not.toMatch(/"status":/);
      // Two calls of 10 s each, neither retried (a POST may have been done): the commit's archive,
      // then the check run saying it could not be fetched; each first needs an installation token.
      // (The recovery sweep of the start-up lists the installations meanwhile: a GET of its own.)
      const posts = () => silent.requests().filter((r) => r.startsWith('POST '));
      expect(silent.requests().filter((r) => !r.startsWith('POST '))).toEqual([
        'GET /app/installations?per_page=100',
      ]);
      expect(posts()).toEqual([
        `POST /app/installations/${INSTALLATION}/access_tokens`,
        `POST /app/installations/${INSTALLATION}/access_tokens`,
      ]);
      expect(seconds).toBeLessThan(30);

      // SIGTERM while another delivery waits for GitHub: new deliveries get 503, as documented (never
      // a refused connection); after the 10 s grace the requests GitHub has not answered are
      // abandoned and the bot exits cleanly, well within the 30 s a service manager waits.
      const next = signed('push', pushPayload('6'.repeat(40)));
      const accepted = await fetch(url, { method: 'POST', headers: next.headers, body: next.body });
      expect(accepted.status).toBe(202);
      await until('the next token request', () => posts().length === 3);
      const terminated = Date.now();
      bot.child.kill('SIGTERM');
      await until('the shutdown', () => /"msg":"shutting down"/.test(bot.stderr()));
      const late = signed('push', pushPayload('7'.repeat(40)));
      const refused = await fetch(url, { method: 'POST', headers: late.headers, body: late.body });
      expect([refused.status, await refused.json()]).toEqual([
        503,
        expect.objectContaining({ error: expect.stringContaining('shutting down') }),
      ]);
      const [code] = await exited;
      expect(code).toBe(0);
      expect((Date.now() - terminated) / 1000).toBeLessThan(20);
      const lines = bot.stderr().split('\n');
      expect(lines.find((line) => line.includes('"msg":"shutting down"'))).toContain('"grace_s":10');
      expect(lines.some((line) => line.includes('abandoning the GitHub requests still unanswered'))).toBe(
        true,
      );
      const abandoned = lines.filter((line) => line.includes('"msg":"delivery failed"'))[1];
      expect(abandoned).toMatch(
        new RegExp(
          `"error":"the request was abandoned \\(POST /app/installations/${INSTALLATION}/access_tokens\\): the bot is shutting down"`,
        ),
      );
      expect(abandoned).not.toMatch(/"status":/);
    } finally {
      await bot.stop();
      await silent.close();
      await admin.stop();
      await rm(home, { recursive: true, force: true });
    }
  }, 90_000);
});
