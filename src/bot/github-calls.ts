import type { Octokit } from 'octokit';
import { errorMessage } from '../api/guards.js';
import { findComment, httpStatusOf, upsertComment } from '../github/comment.js';
import type { BotContext, Conclusion, Repo } from './context.js';

import {
  extendsError,
  extendsOf,
  type LoadedRepoConfig,
  loadRepoConfig,
  REPO_CONFIG_PATH,
  type RepoConfig,
  RepoConfigError,
} from './repo-config.js';
import {
  ANNOTATIONS_PER_REQUEST,
  BOT_COMMENT_MARKER,
  type CheckOutput,
  type ExecutionRow,
  stickyBody,
  stickyState,
} from './report.js';

/** The text of a raw file as octokit gives it: a string, or bytes for a media type it does not know. */
function textOf(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  if (ArrayBuffer.isView(data))
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  return '';
}

/** `out` with the annotations that fit in its first request (GitHub's {@link ANNOTATIONS_PER_REQUEST}), if any. */
function firstRequestOutput(out: CheckOutput): CheckOutput {
  const first = (out.annotations ?? []).slice(0, ANNOTATIONS_PER_REQUEST);
  return { ...out, annotations: first.length ? first : undefined };
}

/**
 * Adds the annotations of `out` past the first request's {@link ANNOTATIONS_PER_REQUEST} (GitHub's
 * cap per request) to check run `id`, in further updates of at most that many each, keeping the
 * output's title and summary.
 */
async function addFurtherAnnotations(gh: Octokit, repo: Repo, id: number, out: CheckOutput): Promise<void> {
  const annotations = out.annotations ?? [];
  for (let at = ANNOTATIONS_PER_REQUEST; at < annotations.length; at += ANNOTATIONS_PER_REQUEST) {
    await gh.rest.checks.update({
      ...repo,
      check_run_id: id,
      output: {
        title: out.title,
        summary: out.summary,
        annotations: annotations.slice(at, at + ANNOTATIONS_PER_REQUEST),
      },
    });
  }
}

/** Most files GitHub lists for one pull request (its REST API's cap). */
export const MAX_LISTED_FILES = 3000;

/** The GitHub calls of the bot: check runs, the default branch's configuration, roles, the sticky comment. */
export type GithubCalls = ReturnType<typeof githubCalls>;

/**
 * Builds the bot's GitHub calls. Check runs are created `in_progress` and completed with their
 * output, or created `completed` when their outcome is known (`reportCheck`); annotations past GitHub's 50 per request go in further updates. The configuration that
 * decides who may do what is read from the default branch only. Sticky comment updates of one pull
 * request run one after another, and a failed one is logged, never thrown.
 */
export function githubCalls(ctx: BotContext) {
  const { logger } = ctx;
  /** Sticky comment updates, one after another per pull request. */
  const commentQueues = new Map<string, Promise<void>>();

  const createCheck = async (
    gh: Octokit,
    repo: Repo,
    sha: string,
    name: string,
    fields: { external_id?: string; details_url?: string; output?: CheckOutput } = {},
  ): Promise<number> => {
    const created = await gh.rest.checks.create({
      ...repo,
      head_sha: sha,
      name,
      status: 'in_progress',
      started_at: new Date().toISOString(),
      ...fields,
    });
    return created.data.id;
  };

  /** Completes a check run; annotations past GitHub's 50 per request go in further updates. */
  const completeCheck = async (
    gh: Octokit,
    repo: Repo,
    id: number,
    conclusion: Conclusion,
    out: CheckOutput,
  ): Promise<void> => {
    await gh.rest.checks.update({
      ...repo,
      check_run_id: id,
      status: 'completed',
      conclusion,
      completed_at: new Date().toISOString(),
      output: firstRequestOutput(out),
    });
    await addFurtherAnnotations(gh, repo, id, out);
  };

  /**
   * Reports a finished piece of work on a new check run in one write: created `completed` with its
   * `conclusion` and output (`started_at` when the work began, default now); annotations past
   * GitHub's 50 per request go in further updates. GitHub asks for a second between content-creating
   * requests, so a check run whose outcome is known is never created first and completed after.
   * @returns the check run's id.
   */
  const reportCheck = async (
    gh: Octokit,
    repo: Repo,
    sha: string,
    name: string,
    conclusion: Conclusion,
    out: CheckOutput,
    fields: { external_id?: string; started_at?: string } = {},
  ): Promise<number> => {
    const now = new Date().toISOString();
    const created = await gh.rest.checks.create({
      ...repo,
      head_sha: sha,
      name,
      status: 'completed',
      conclusion,
      started_at: fields.started_at ?? now,
      completed_at: now,
      ...(fields.external_id ? { external_id: fields.external_id } : {}),
      output: firstRequestOutput(out),
    });
    const id = created.data.id;
    await addFurtherAnnotations(gh, repo, id, out);
    return id;
  };

  /** Adds or updates rows of the sticky comment of a pull request, for its head `sha`. */
  const updateSticky = (gh: Octokit, repo: Repo, number: number, sha: string, rows: ExecutionRow[]) => {
    const key = `${repo.owner}/${repo.repo}#${number}`;
    const previous = commentQueues.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      const target = { owner: repo.owner, repo: repo.repo, issueNumber: number };
      try {
        const found = await findComment(gh, target, BOT_COMMENT_MARKER);
        const state = (found && stickyState(found.body)) || { sha, rows: [] };
        const current = state.sha === sha ? state : { sha, rows: [] };
        for (const row of rows) {
          const index = current.rows.findIndex((r) => r.name === row.name);
          if (index >= 0) current.rows[index] = row;
          else current.rows.push(row);
        }
        await upsertComment(gh, target, BOT_COMMENT_MARKER, stickyBody(current), found?.id);
      } catch (error) {
        logger.warn('the pull request comment was not written', {
          pull_request: key,
          error: errorMessage(error),
        });
      }
    });
    commentQueues.set(key, next);
    void next.finally(() => {
      if (commentQueues.get(key) === next) commentQueues.delete(key);
    });
    return next;
  };

  return { ...githubReads(ctx), createCheck, completeCheck, reportCheck, updateSticky, commentQueues };
}

/**
 * The bot's reads of GitHub: configurations (with their `_extends` base), roles, team memberships,
 * a pull request's changed files, the app's running check runs of a commit.
 */
function githubReads(ctx: BotContext) {
  const { logger } = ctx;
  /** The raw text of `.github/orch.yaml` of a repository at `ref` (its default branch without one). */
  const readConfigFile = async (gh: Octokit, repo: Repo, ref: string | undefined): Promise<string> => {
    const response = await gh.rest.repos.getContent({
      ...repo,
      path: REPO_CONFIG_PATH,
      ref,
      mediaType: { format: 'raw' },
    });
    return textOf(response.data);
  };

  /**
   * A configuration's text loaded, with the `.github/orch.yaml` its `_extends` names (read from that
   * repository's default branch through the installation) as its base.
   * @throws RepoConfigError for a problem of either file, or a base that cannot be read (404: not
   *   there, or the app is not installed on that repository); the REST client's error otherwise.
   */
  const loadConfig = async (
    gh: Octokit,
    repo: Repo,
    text: string,
    file: string,
  ): Promise<LoadedRepoConfig> => {
    const target = extendsOf(text, repo.owner);
    if (!target) return loadRepoConfig(text, file);
    const name = `${target.owner}/${target.repo}`;
    let base: string;
    try {
      base = await readConfigFile(gh, target, undefined);
    } catch (error) {
      if (httpStatusOf(error) !== 404) throw error;
      throw extendsError(
        text,
        file,
        `${name} has no ${REPO_CONFIG_PATH} on its default branch, or this app is not installed on ${name}`,
      );
    }
    return loadRepoConfig(text, file, { text: base, file: `${name}:${REPO_CONFIG_PATH}` });
  };

  /**
   * The configuration on the default branch, which alone decides who may do what (`branch` as the
   * delivery names it; without it, the repository's default branch as GitHub knows it), merged over
   * its `_extends` base. Warnings (settings that tried to loosen the base's) are logged.
   */
  const trustedConfig = async (
    gh: Octokit,
    repo: Repo,
    branch: string | undefined,
  ): Promise<RepoConfig | undefined> => {
    try {
      const text = await readConfigFile(gh, repo, branch);
      const { config, warnings } = await loadConfig(gh, repo, text, REPO_CONFIG_PATH);
      for (const warning of warnings) {
        logger.warn('the configuration loosens its base; the base applies', {
          repository: `${repo.owner}/${repo.repo}`,
          warning,
        });
      }
      return config;
    } catch (error) {
      if (httpStatusOf(error) === 404) return undefined;
      if (error instanceof RepoConfigError) {
        logger.warn('the default branch has an invalid configuration; commands are refused', {
          repository: `${repo.owner}/${repo.repo}`,
          problems: error.message,
        });
        return undefined;
      }
      throw error;
    }
  };

  /**
   * Whether `user` is an active member of the team `slug` of organisation `org`
   * (`GET /orgs/{org}/teams/{team_slug}/memberships/{username}`: 404 is not a member, a pending
   * invitation is not either).
   * @throws the REST client's error for any other answer (403: the app lacks Members read access).
   */
  const teamMember = async (gh: Octokit, org: string, slug: string, user: string): Promise<boolean> => {
    try {
      const response = await gh.rest.teams.getMembershipForUserInOrg({
        org,
        team_slug: slug,
        username: user,
      });
      return response.data.state === 'active';
    } catch (error) {
      if (httpStatusOf(error) === 404) return false;
      throw error;
    }
  };

  /**
   * The paths a pull request changes (a renamed file's old path too), all pages of
   * `GET /repos/{owner}/{repo}/pulls/{pull_number}/files`. GitHub lists at most
   * {@link MAX_LISTED_FILES} files: `complete` is false when the list may have been cut there.
   */
  const changedFiles = async (
    gh: Octokit,
    repo: Repo,
    number: number,
  ): Promise<{ paths: string[]; complete: boolean }> => {
    const files = await gh.paginate(gh.rest.pulls.listFiles, { ...repo, pull_number: number, per_page: 100 });
    const paths = files.flatMap((f) =>
      f.previous_filename ? [f.filename, f.previous_filename] : [f.filename],
    );
    return { paths, complete: files.length < MAX_LISTED_FILES };
  };

  /**
   * The check runs of this app on commit `sha` that are still in progress, all pages
   * (`GET /repos/{owner}/{repo}/commits/{ref}/check-runs?app_id=...&status=in_progress`).
   */
  const runningChecks = async (gh: Octokit, repo: Repo, sha: string, appId: number) =>
    gh.paginate(gh.rest.checks.listForRef, {
      ...repo,
      ref: sha,
      app_id: appId,
      status: 'in_progress',
      filter: 'all',
      per_page: 100,
    });

  /**
   * The check runs named `name` on commit `sha`, any status, all pages; only this app's when `appId`
   * is known (`GET /repos/{owner}/{repo}/commits/{ref}/check-runs?check_name=...&app_id=...&filter=all`).
   */
  const namedChecks = async (gh: Octokit, repo: Repo, sha: string, name: string, appId: number | undefined) =>
    gh.paginate(gh.rest.checks.listForRef, {
      ...repo,
      ref: sha,
      check_name: name,
      ...(appId === undefined ? {} : { app_id: appId }),
      filter: 'all',
      per_page: 100,
    });

  /** A collaborator's role (GitHub's `role_name`, else its legacy `permission`). */
  const roleOf = async (gh: Octokit, repo: Repo, user: string): Promise<string> => {
    const response = await gh.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: user });
    return response.data.role_name || response.data.permission;
  };

  return { loadConfig, trustedConfig, teamMember, changedFiles, runningChecks, namedChecks, roleOf };
}
