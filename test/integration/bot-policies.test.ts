import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import request from 'supertest';
import { type Bot, createBot } from '../../src/bot/bot.js';
import { installationClient } from '../../src/bot/github-app.js';
import { type BotServer, createBotServer, DELIVERY_PATH } from '../../src/bot/server.js';
import { AdminClient } from '../../src/client/admin-client.js';
import {
  ADD_ONE_FILE,
  commentPayload,
  type Logged,
  OWNER,
  pullPayload,
  REPO,
  REPO_CONFIG,
  recordingLogger,
  repoFiles,
  signed,
  testApp,
} from '../helpers/bot.js';
import { type FakeCheckRun, FakeGithubApp } from '../helpers/github-app-api.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The pull request and command policies of `.github/orch.yaml`: superseded runs
 * (`pullRequests.cancelInProgress`), a launch plan's `paths`, organisation defaults (`_extends`) and
 * who may run commands (`commands.allowedUsers`, `commands.allowedTeams`), against a real admin.
 */

const sha = (n: number) => n.toString(16).padStart(40, 'b');
const outputOf = (run: FakeCheckRun | undefined) => (run?.output ?? {}) as { title: string; summary: string };

/** The add-one workflow, holding its task for `seconds` before it answers (its timeout raised to fit). */
const slowWorkflow = (seconds: number) => {
  const slow = ADD_ONE_FILE.replace(
    "const fs = require('node:fs');",
    `const fs = require('node:fs'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${seconds * 1000});`,
  ).replace('timeout: 30s', 'timeout: 120s');
  expect(slow).toContain('Atomics.wait');
  expect(slow).toContain('timeout: 120s');
  return slow;
};

describe('orch-bot policies against a real admin and a fake GitHub API', () => {
  let admin: TestServer;
  let client: AdminClient;
  let fake: FakeGithubApp;
  let github: { url: string; close(): Promise<void> };
  let bot: Bot;
  let server: BotServer;
  const logged: Logged[] = [];

  /** Sends a signed delivery and waits for its synchronous part (launches, check runs made). */
  const send = async (event: string, payload: unknown) => {
    const delivery = signed(event, payload);
    const res = await request(server).post(DELIVERY_PATH).set(delivery.headers).send(delivery.body);
    expect(res.status).toBe(202);
    await server.drained();
  };
  /** Sends a signed delivery and waits until every execution the bot follows has been reported. */
  const deliver = async (event: string, payload: unknown) => {
    await send(event, payload);
    await bot.idle();
  };
  const checkRuns = (name: string, headSha: string) =>
    fake.checkRuns.filter((r) => r.name === name && r.head_sha === headSha);
  const executionOf = (run: FakeCheckRun | undefined) =>
    admin.client.getExecution({
      project: 'default',
      domain: 'development',
      name: String(run?.details_url?.split('/').pop()),
    });
  const executionCount = async () =>
    (await admin.client.listExecutions({ id: { project: 'default', domain: 'development' }, limit: 1000 }))
      .executions.length;
  const repliesTo = (issue: number) =>
    fake.comments.filter((c) => c.issue === issue && c.user.type === 'Bot' && !c.body.includes('orch:bot'));
  const pull = (number: number, head: string) =>
    fake.setPull(OWNER, REPO, {
      number,
      head: { sha: head, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
      base: { ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    });

  beforeAll(async () => {
    admin = await startTestServer('sqlite', { executorParallelism: 4 });
    client = new AdminClient({ endpoint: admin.addresses.grpcEndpoint, insecure: true });
    fake = new FakeGithubApp();
    github = await fake.serve();
    const app = testApp(fake, github.url);
    bot = createBot({
      client,
      installation: (id) => installationClient(app, id),
      appId: fake.appId,
      adminEndpoint: admin.addresses.grpcEndpoint,
      logger: recordingLogger(logged),
    });
    server = createBotServer({
      bot,
      verify: (payload, signature) => app.webhooks.verify(payload, signature),
      probe: async () => true,
      logger: recordingLogger(logged),
      access: recordingLogger(logged),
    });
    for (const user of ['maintainer', 'alice', 'bob', 'carol', 'eve'])
      fake.setPermission(OWNER, REPO, user, 'write');
    fake.setPermission(OWNER, REPO, 'boss', 'maintain');
    fake.setPermission(OWNER, REPO, 'lead', 'maintain');
  }, 60_000);
  beforeEach(() => {
    // The default branch's configuration, as most tests want it; a test may change it.
    fake.setTarball(OWNER, REPO, 'main', repoFiles());
  });
  afterAll(async () => {
    bot.close();
    client.close();
    await github.close();
    await admin.stop();
  });

  describe('superseded runs', () => {
    test('a new commit terminates the execution still running from the previous one; its check run says so', async () => {
      fake.setTarball(OWNER, REPO, sha(1), repoFiles(REPO_CONFIG, slowWorkflow(20)));
      await send('pull_request', pullPayload('opened', 21, sha(1)));
      const [old] = checkRuns('orch / wf.add_one_wf', sha(1));
      expect(old?.status).toBe('in_progress');

      fake.setTarball(OWNER, REPO, sha(2), repoFiles());
      await deliver('pull_request', { ...pullPayload('synchronize', 21, sha(2)), before: sha(1) });
      expect(old).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
      expect(outputOf(old).summary).toContain(`commit ${sha(2).slice(0, 12)} pushed to pull request #21`);
      const execution = await executionOf(old);
      expect(execution.closure?.phase).toBe('ABORTED');
      // The new commit runs as usual.
      expect(checkRuns('orch / wf.add_one_wf', sha(2))[0]).toMatchObject({ conclusion: 'success' });
      // Found through this app's in-progress check runs of the previous commit.
      expect(
        fake.seen('GET', new RegExp(`/commits/${sha(1)}/check-runs\\?.*app_id=${fake.appId}`)),
      ).toHaveLength(1);
    }, 90_000);

    test('closing a pull request terminates its running executions', async () => {
      fake.setTarball(OWNER, REPO, sha(3), repoFiles(REPO_CONFIG, slowWorkflow(20)));
      await send('pull_request', pullPayload('opened', 22, sha(3)));
      const [run] = checkRuns('orch / wf.add_one_wf', sha(3));
      const closed = pullPayload('closed', 22, sha(3));
      const pr = closed.pull_request as Record<string, unknown>;
      await deliver('pull_request', { ...closed, pull_request: { ...pr, state: 'closed', merged: false } });
      expect(run).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
      expect(outputOf(run).summary).toContain('pull request #22 was closed');
      expect((await executionOf(run)).closure?.phase).toBe('ABORTED');
    }, 90_000);

    test('pullRequests.cancelInProgress: false on the default branch lets earlier executions run', async () => {
      const keep = `${REPO_CONFIG}  cancelInProgress: false\n`;
      fake.setTarball(OWNER, REPO, 'main', repoFiles(keep));
      fake.setTarball(OWNER, REPO, sha(4), repoFiles(keep, slowWorkflow(20)));
      await send('pull_request', pullPayload('opened', 23, sha(4)));
      const [run] = checkRuns('orch / wf.add_one_wf', sha(4));
      fake.setTarball(OWNER, REPO, sha(5), repoFiles(keep));
      // The synchronous part of the delivery is where a cancellation would happen.
      await send('pull_request', { ...pullPayload('synchronize', 23, sha(5)), before: sha(4) });
      expect(run?.status).toBe('in_progress');
      expect((await executionOf(run)).closure?.phase).not.toBe('ABORTED');
      await client.terminateExecution(
        { project: 'default', domain: 'development', name: String(run?.details_url?.split('/').pop()) },
        'test cleanup',
      );
      await bot.idle();
      expect(run?.conclusion).toBe('cancelled');
    }, 90_000);
  });

  describe('paths', () => {
    const config = (paths: string[]) =>
      `${REPO_CONFIG.replace('inputs: { x: 2 }', `inputs: { x: 2 }\n      paths: ${JSON.stringify(paths)}`)}`;

    test('a launch plan runs only when the pull request changes a file matching its paths; else its check is skipped', async () => {
      const files = repoFiles(config(['flows/**', '!**/*.md']));
      expect(files['.github/orch.yaml']).toContain('paths: ["flows/**","!**/*.md"]');
      fake.setTarball(OWNER, REPO, sha(6), files);
      fake.setPullFiles(OWNER, REPO, 31, ['README.md', 'flows/notes.md']);
      const before = await executionCount();
      await deliver('pull_request', pullPayload('opened', 31, sha(6)));
      const [skipped] = checkRuns('orch / wf.add_one_wf', sha(6));
      expect(skipped).toMatchObject({ status: 'completed', conclusion: 'skipped' });
      expect(outputOf(skipped).summary).toContain(
        'none matching the paths of `wf.add_one_wf` (`flows/**`, `!**/*.md`)',
      );
      expect(await executionCount()).toBe(before);

      // 150 files over two pages: the one that matches is on the second.
      fake.setTarball(OWNER, REPO, sha(7), files);
      const docs = Array.from({ length: 149 }, (_, i) => `docs/page-${i}.md`);
      fake.setPullFiles(OWNER, REPO, 32, [...docs, 'flows/wf.yaml']);
      await deliver('pull_request', pullPayload('opened', 32, sha(7)));
      expect(checkRuns('orch / wf.add_one_wf', sha(7))[0]).toMatchObject({ conclusion: 'success' });
      expect(fake.seen('GET', /\/pulls\/32\/files\?.*page=2/)).toHaveLength(1);

      // A rename counts its old path too.
      fake.setTarball(OWNER, REPO, sha(8), files);
      fake.setPullFiles(OWNER, REPO, 33, [{ filename: 'old/wf.yaml', previous_filename: 'flows/wf.yaml' }]);
      await deliver('pull_request', pullPayload('opened', 33, sha(8)));
      expect(checkRuns('orch / wf.add_one_wf', sha(8))[0]).toMatchObject({ conclusion: 'success' });
    }, 90_000);

    test('past the 3000 files GitHub lists, a launch plan with paths runs', async () => {
      fake.setTarball(OWNER, REPO, sha(9), repoFiles(config(['flows/**'])));
      fake.setPullFiles(
        OWNER,
        REPO,
        34,
        Array.from({ length: 3200 }, (_, i) => `docs/page-${i}.md`),
      );
      await deliver('pull_request', pullPayload('opened', 34, sha(9)));
      expect(checkRuns('orch / wf.add_one_wf', sha(9))[0]).toMatchObject({ conclusion: 'success' });
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: 'the pull request changes more files than GitHub lists; the launch plan runs',
        }),
      );
    }, 90_000);
  });

  describe('who may run commands', () => {
    const limited = `${REPO_CONFIG}commands:\n  allowedUsers: [alice]\n  allowedTeams: [ops]\n`;

    test('commands.allowedUsers and allowedTeams: others get a reply saying why', async () => {
      fake.setTarball(OWNER, REPO, 'main', repoFiles(limited));
      fake.setTarball(OWNER, REPO, sha(10), repoFiles(limited));
      pull(41, sha(10));
      fake.setTeamMember(OWNER, 'ops', 'bob');
      fake.setTeamMember(OWNER, 'ops', 'carol', 'pending');

      for (const user of ['alice', 'bob']) {
        await deliver('issue_comment', commentPayload(fake, 41, '/orch register', { user }));
        expect(repliesTo(41).at(-1)?.body).toMatch(new RegExp(`^@${user} registered 3 entities`));
      }
      for (const user of ['carol', 'eve']) {
        const comment = commentPayload(fake, 41, '/orch register', { user });
        await deliver('issue_comment', comment);
        expect(repliesTo(41).at(-1)?.body).toBe(
          `@${user} \`/orch register\` does not run: commands on this repository are limited to the users \`alice\` and members of the teams \`@${OWNER}/ops\` (\`commands.allowedUsers\`, \`commands.allowedTeams\` in \`.github/orch.yaml\`), and you are not one of them.`,
        );
        const id = (comment.comment as { id: number }).id;
        expect(fake.reactions.filter((r) => r.commentId === id).map((r) => r.content)).toEqual([
          'eyes',
          'confused',
        ]);
      }
      expect(fake.seen('GET', new RegExp(`/orgs/${OWNER}/teams/ops/memberships/eve$`))).toHaveLength(1);

      // A membership GitHub will not tell (the app lacks Members access) refuses, saying so.
      fake.failNext('GET', /\/teams\/ops\/memberships\/eve$/, 403, {
        message: 'Resource not accessible by integration',
      });
      await deliver('issue_comment', commentPayload(fake, 41, '/orch register', { user: 'eve' }));
      expect(repliesTo(41).at(-1)?.body).toMatch(
        /^@eve your team membership could not be read \(GitHub answered 403\)/,
      );
    }, 90_000);
  });

  describe('organisation defaults', () => {
    const ORG_CONFIG = `commands:
  minimumPermission: maintain
  allowedTeams: [release]
pullRequests:
  approvalLabel: org:approved
  launchPlans:
    - { name: wf.add_one_wf, inputs: { x: 5 } }
`;
    const extending = `_extends: .github
project: default
files: ["flows/*.yaml"]
commands:
  minimumPermission: write
  allowedUsers: [eve]
`;

    test("a repository's file extends the organisation's .github: merged, and security settings only tightened", async () => {
      fake.setTarball(OWNER, '.github', 'main', { '.github/orch.yaml': ORG_CONFIG });
      fake.setTarball(OWNER, REPO, 'main', repoFiles(extending));
      fake.setTarball(OWNER, REPO, sha(11), repoFiles(extending));
      pull(51, sha(11));
      fake.setTeamMember(OWNER, 'release', 'boss');

      // The organisation's launch plan and inputs run on the pull request.
      await deliver('pull_request', pullPayload('opened', 51, sha(11)));
      const [run] = checkRuns('orch / wf.add_one_wf', sha(11));
      expect(run).toMatchObject({ conclusion: 'success' });
      expect(outputOf(run).summary).toContain('"o0": 6');
      const [register] = checkRuns('orch / register', sha(11));
      expect(outputOf(register).summary).toContain(
        `commands.minimumPermission: the repository's "write" would lower the base's "maintain", which applies`,
      );
      expect(outputOf(register).summary).toContain('name "eve", not in the base\'s lists');

      // The repository's write and its user eve do not loosen the organisation's rules.
      await deliver('issue_comment', commentPayload(fake, 51, '/orch register', { user: 'eve' }));
      expect(repliesTo(51).at(-1)?.body).toBe(
        '@eve you need `maintain` permission on this repository to run `/orch register` (you have `write`).',
      );
      await deliver('issue_comment', commentPayload(fake, 51, '/orch register', { user: 'lead' }));
      expect(repliesTo(51).at(-1)?.body).toContain(`members of the teams \`@${OWNER}/release\``);
      await deliver('issue_comment', commentPayload(fake, 51, '/orch register', { user: 'boss' }));
      expect(repliesTo(51).at(-1)?.body).toMatch(/^@boss registered 3 entities/);
      expect(logged).toContainEqual(
        expect.objectContaining({ msg: 'the configuration loosens its base; the base applies' }),
      );
      // Read from the organisation's .github repository, at its default branch.
      expect(fake.seen('GET', new RegExp(`/repos/${OWNER}/\\.github/contents/`)).length).toBeGreaterThan(0);
    }, 90_000);

    test('an _extends naming a repository without the file fails orch / register, saying which', async () => {
      const config = extending.replace('_extends: .github', '_extends: someone/defaults');
      fake.setTarball(OWNER, REPO, sha(12), repoFiles(config));
      await deliver('pull_request', pullPayload('opened', 52, sha(12)));
      const [register] = checkRuns('orch / register', sha(12));
      expect(register).toMatchObject({ conclusion: 'failure' });
      expect(outputOf(register).summary).toContain(
        '`.github/orch.yaml:1:11` _extends: someone/defaults has no .github/orch.yaml on its default branch, or this app is not installed on someone/defaults',
      );
    }, 60_000);
  });
});
