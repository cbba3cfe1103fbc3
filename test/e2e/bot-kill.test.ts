import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type RunningProcess, startBinary } from '../../scripts/main-job.js';
import {
  ADD_ONE_FILE,
  INSTALLATION,
  OWNER,
  pullPayload,
  REPO,
  REPO_CONFIG,
  repoFiles,
  signed,
  WEBHOOK_SECRET,
} from '../helpers/bot.js';
import { FakeGithubApp } from '../helpers/github-app-api.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

const HEAD = 'dead'.padEnd(40, '7');

/**
 * The orch-bot binary killed (SIGKILL: no shutdown, no cleanup) while it follows an execution, then
 * started again: the new process's start-up recovery sweep completes the check run the killed one
 * left `in_progress`, with the execution's true conclusion.
 */
describe('the orch-bot bin: links to GitHub, and killed mid-run and started again', () => {
  let admin: TestServer;
  let fake: FakeGithubApp;
  let github: { url: string; close(): Promise<void> };
  let home: string;
  let gate: string;
  let env: NodeJS.ProcessEnv;
  const bots: RunningProcess[] = [];

  beforeAll(async () => {
    admin = await startTestServer('sqlite', { executorParallelism: 2 });
    fake = new FakeGithubApp();
    github = await fake.serve();
    home = await mkdtemp(join(tmpdir(), 'orch-bot-kill-'));
    gate = join(home, 'gate');
    const keyFile = join(home, 'app.pem');
    await writeFile(keyFile, fake.privateKey, { mode: 0o600 });
    // The task runs until the gate file exists, so the test decides when the execution ends.
    const workflow = ADD_ONE_FILE.replace(
      "const fs = require('node:fs');",
      `const fs = require('node:fs'); while (!fs.existsSync(${JSON.stringify(gate)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);`,
    );
    expect(workflow).not.toBe(ADD_ONE_FILE);
    fake.setInstallation(INSTALLATION, [`${OWNER}/${REPO}`]);
    fake.setTarball(OWNER, REPO, 'main', repoFiles());
    fake.setTarball(OWNER, REPO, HEAD, repoFiles(REPO_CONFIG, workflow));
    fake.setPull(OWNER, REPO, {
      number: 31,
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
  });
  afterAll(async () => {
    for (const bot of bots) await bot.stop();
    await github.close();
    await admin.stop();
    await rm(home, { recursive: true, force: true });
  });

  /** Starts the bot binary against the fake GitHub and the admin; resolves with it and its delivery URL. */
  const startBot = async () => {
    const bot = startBinary(
      'orch-bot',
      [
        '--port',
        '0',
        '--github-api-url',
        github.url,
        '--no-github-throttle',
        '--orch.connection.host',
        admin.addresses.grpcEndpoint,
        '--orch.connection.insecure',
      ],
      env,
    );
    bots.push(bot);
    return { bot, url: await bot.waitFor(/^orch-bot listening on (http:\S+)$/m) };
  };

  test('the check run left in progress by the killed bot is completed by the next one, with the true conclusion', async () => {
    const first = await startBot();
    const delivery = signed('pull_request', pullPayload('opened', 31, HEAD));
    const res = await fetch(first.url, { method: 'POST', headers: delivery.headers, body: delivery.body });
    expect(res.status).toBe(202);
    const runOf = () => fake.checkRuns.find((r) => r.head_sha === HEAD && r.name === 'orch / wf.add_one_wf');
    await waitUntil(() => runOf()?.status === 'in_progress', {
      what: 'the execution check run in progress',
      timeoutMs: 60_000,
      intervalMs: 50,
    });
    const exited = once(first.bot.child, 'exit');
    first.bot.child.kill('SIGKILL');
    await exited;

    // The execution ends while no bot is running: nobody reports it.
    const name = String(runOf()?.external_id).split(':')[3] ?? '';
    // It links to the pull request and the commit that launched it (the console shows the links).
    const execution = await admin.client.getExecution({ project: 'default', domain: 'development', name });
    expect(execution.spec?.annotations).toEqual({
      'orch.dev/pull-request': `${github.url}/${OWNER}/${REPO}/pull/31`,
      'orch.dev/commit': `${github.url}/${OWNER}/${REPO}/commit/${HEAD}`,
    });
    await writeFile(gate, '');
    await waitUntil(
      async () =>
        String(
          (await admin.client.getExecution({ project: 'default', domain: 'development', name })).closure
            ?.phase,
        ) === 'SUCCEEDED',
      { what: `execution ${name} to succeed`, timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(runOf()?.status).toBe('in_progress');

    await startBot();
    await waitUntil(() => runOf()?.status === 'completed', {
      what: "the next bot's sweep to complete the check run",
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(runOf()).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(String((runOf()?.output as { summary?: string } | undefined)?.summary)).toContain('"o0": 3');
  }, 240_000);
});
