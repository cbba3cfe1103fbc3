import { readFileSync } from 'node:fs';
import { errorMessage, property } from '../api/guards.js';

/** The pull request an event is about, as far as the Action needs it. */
export interface PullRequestInfo {
  /** The pull request's number (also its issue number, where comments live). */
  number: number;
  /** The head commit of the pull request. */
  headSha: string;
  /** `owner/name` of the repository the head branch lives in; undefined when that repository is gone. */
  headRepo: string | undefined;
  /** `owner/name` of the repository the pull request targets. */
  baseRepo: string;
}

/**
 * What the Action knows of the workflow run, read from the runner's environment
 * (`GITHUB_EVENT_NAME`, `GITHUB_EVENT_PATH`, `GITHUB_SHA`, `GITHUB_REPOSITORY`, `GITHUB_API_URL`,
 * `GITHUB_SERVER_URL`, `GITHUB_WORKSPACE`). Read once per run, at the edge; `@actions/github`'s own
 * `context` is read when it is first imported, which is too early for a process that runs twice.
 */
export interface GithubContext {
  eventName: string;
  /** The commit the run is for: the pull request's head commit on pull request events. */
  sha: string;
  /** `owner` and `repo` of `GITHUB_REPOSITORY` (else of the event's repository). */
  repo: { owner: string; repo: string } | undefined;
  /** Present on `pull_request` and `pull_request_target` events. */
  pullRequest: PullRequestInfo | undefined;
  /** REST API base, e.g. `https://api.github.com`. */
  apiUrl: string;
  /** Web base, e.g. `https://github.com`. */
  serverUrl: string;
  /** The checkout directory; annotations name files relative to it. */
  workspace: string;
  /** `GITHUB_EVENT_PATH` when it names a file that does not exist (the payload was not read). */
  missingEventFile: string | undefined;
}

/** The value at `path` of the event payload (parsed JSON), or undefined where the path leaves objects. */
function payloadAt(payload: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => property(node, key), payload);
}

/** The string at `path` of the event payload, or undefined when there is none. */
function payloadString(payload: unknown, ...path: string[]): string | undefined {
  const value = payloadAt(payload, path);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads the {@link GithubContext} from `env` (the runner's variables).
 * @throws Error naming `GITHUB_EVENT_PATH` when the event file exists but is not JSON.
 */
export function readGithubContext(env: NodeJS.ProcessEnv): GithubContext {
  let payload: unknown = {};
  const eventPath = env.GITHUB_EVENT_PATH;
  let missingEventFile: string | undefined;
  if (eventPath) {
    let text: string | undefined;
    try {
      text = readFileSync(eventPath, 'utf8');
    } catch {
      text = undefined; // a missing event file: no payload, as the toolkit does
      missingEventFile = eventPath;
    }
    if (text !== undefined) {
      try {
        payload = JSON.parse(text);
      } catch (error) {
        throw new Error(`GITHUB_EVENT_PATH ${eventPath} is not JSON: ${errorMessage(error)}`, {
          cause: error,
        });
      }
    }
  }
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const ownerLogin = payloadString(payload, 'repository', 'owner', 'login');
  const repoName = payloadString(payload, 'repository', 'name');
  const fromPayload = ownerLogin && repoName ? { owner: ownerLogin, repo: repoName } : undefined;
  const prNumber = payloadAt(payload, ['pull_request', 'number']);
  const pullRequest =
    (eventName === 'pull_request' || eventName === 'pull_request_target') &&
    typeof prNumber === 'number' &&
    prNumber
      ? {
          number: prNumber,
          headSha: payloadString(payload, 'pull_request', 'head', 'sha') ?? env.GITHUB_SHA ?? '',
          headRepo: payloadString(payload, 'pull_request', 'head', 'repo', 'full_name'),
          baseRepo: payloadString(payload, 'pull_request', 'base', 'repo', 'full_name') ?? '',
        }
      : undefined;
  return {
    eventName,
    sha: pullRequest?.headSha || env.GITHUB_SHA || '',
    repo: owner && repo ? { owner, repo } : fromPayload,
    pullRequest,
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    missingEventFile,
  };
}

/** True when the pull request comes from another repository (a fork): its token cannot write comments. */
export function isFork(pr: PullRequestInfo): boolean {
  return pr.headRepo !== pr.baseRepo;
}
