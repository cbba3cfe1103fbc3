import { readFile } from 'node:fs/promises';
import type { App } from 'octokit';
import * as octokit from 'octokit';
import { createGithubApp } from '../../src/bot/github-app.js';
import type { Logger } from '../../src/telemetry/log.js';
import { examplePayload, type FakeGithubApp, signDelivery } from './github-app-api.js';

/** The repository every bot test works in, and its installation. */
export const OWNER = 'octo-org';
export const REPO = 'flows';
export const INSTALLATION = 77;
export const WEBHOOK_SECRET = 'bot-webhook-secret-for-tests-0123456789';

/** The example workflow file the test repository holds. */
export const ADD_ONE_FILE = await readFile(
  new URL('../../examples/add-one/wf.yaml', import.meta.url),
  'utf8',
);

/** A `.github/orch.yaml` registering `flows/*.yaml` into project `default`, running add-one on PRs. */
export const REPO_CONFIG = `project: default
files: ["flows/*.yaml"]
domains: { push: production, pullRequests: development }
pullRequests:
  launchPlans:
    - name: wf.add_one_wf
      inputs: { x: 2 }
`;

/** The files of a commit of the test repository. */
export function repoFiles(config = REPO_CONFIG, workflow = ADD_ONE_FILE): Record<string, string> {
  return { '.github/orch.yaml': config, 'flows/wf.yaml': workflow, 'README.md': '# flows\n' };
}

/** One record a test logger kept. */
export interface Logged {
  level: string;
  msg: string;
  fields?: Record<string, unknown>;
}

/** A logger that keeps its records. */
export function recordingLogger(into: Logged[]): Logger {
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    into.push({ level, msg, fields });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * The bot's own octokit App (`createGithubApp`, with its request deadlines and retries) against the
 * fake API, without throttling, so tests are not slowed.
 */
export function testApp(fake: FakeGithubApp, baseUrl: string, logger: Logger = recordingLogger([])): App {
  return createGithubApp(octokit, {
    appId: String(fake.appId),
    privateKey: fake.privateKey,
    webhookSecret: WEBHOOK_SECRET,
    baseUrl,
    throttle: false,
    logger,
  });
}

const repository = (defaultBranch = 'main') => ({
  id: 1296269,
  name: REPO,
  full_name: `${OWNER}/${REPO}`,
  owner: { login: OWNER, id: 1, type: 'Organization' },
  default_branch: defaultBranch,
});

/** A push payload (from GitHub's examples) to `branch` at `sha`. */
export function pushPayload(sha: string, branch = 'main'): Record<string, unknown> {
  const p = examplePayload('push', undefined);
  return {
    ...p,
    ref: `refs/heads/${branch}`,
    after: sha,
    deleted: false,
    repository: { ...p.repository, ...repository() },
    installation: { id: INSTALLATION },
  };
}

/** A pull_request payload (from GitHub's examples); `fork` makes its head another repository. */
export function pullPayload(
  action: string,
  number: number,
  sha: string,
  options: { fork?: boolean; label?: string; sender?: string } = {},
): Record<string, unknown> {
  const p = examplePayload('pull_request', action === 'labeled' ? 'labeled' : 'opened');
  const head = options.fork ? 'stranger/flows' : `${OWNER}/${REPO}`;
  return {
    ...p,
    action,
    number,
    pull_request: {
      ...p.pull_request,
      number,
      state: 'open',
      head: {
        ...p.pull_request.head,
        sha,
        ref: 'feature',
        repo: { ...p.pull_request.head.repo, full_name: head },
      },
      base: {
        ...p.pull_request.base,
        ref: 'main',
        repo: { ...p.pull_request.base.repo, full_name: `${OWNER}/${REPO}` },
      },
    },
    ...(options.label ? { label: { name: options.label } } : {}),
    sender: { login: options.sender ?? 'maintainer', type: 'User' },
    repository: { ...p.repository, ...repository() },
    installation: { id: INSTALLATION },
  };
}

/**
 * An issue_comment payload (from GitHub's examples) on pull request `number`, for a comment the fake
 * API holds (so reactions to it can be added).
 */
export function commentPayload(
  fake: FakeGithubApp,
  number: number,
  body: string,
  options: { user?: string; type?: string; action?: string } = {},
): Record<string, unknown> {
  const p = examplePayload('issue_comment', 'created');
  const user = { login: options.user ?? 'maintainer', type: options.type ?? 'User' };
  const seeded = fake.seedComment(OWNER, REPO, number, body, user);
  return {
    ...p,
    action: options.action ?? 'created',
    issue: {
      ...p.issue,
      number,
      pull_request: { url: `https://api.github.com/repos/${OWNER}/${REPO}/pulls/${number}` },
    },
    comment: {
      ...p.comment,
      id: seeded.id,
      body,
      user: { ...p.comment.user, ...user },
    },
    repository: { ...p.repository, ...repository() },
    installation: { id: INSTALLATION },
  };
}

/** A check_run rerequested payload (from GitHub's examples) for a check run the bot made. */
export function rerunPayload(
  run: { name: string; head_sha: string; external_id?: string },
  pull?: number,
): Record<string, unknown> {
  const p = examplePayload('check_run', 'rerequested');
  return {
    ...p,
    action: 'rerequested',
    check_run: {
      ...p.check_run,
      name: run.name,
      head_sha: run.head_sha,
      external_id: run.external_id,
      pull_requests: pull === undefined ? [] : [{ number: pull }],
    },
    repository: { ...p.repository, ...repository() },
    installation: { id: INSTALLATION },
  };
}

let deliveries = 0;

/** A delivery's headers and body, signed with `secret` (default: the test app's secret). */
export function signed(
  event: string,
  payload: unknown,
  options: { id?: string; secret?: string } = {},
): { headers: Record<string, string>; body: string; id: string } {
  const body = JSON.stringify(payload);
  const id = options.id ?? `d0000000-0000-4000-8000-${String(++deliveries).padStart(12, '0')}`;
  return {
    id,
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': id,
      'x-hub-signature-256': signDelivery(options.secret ?? WEBHOOK_SECRET, body),
    },
  };
}
