import type { Octokit } from 'octokit';
import { findComment, httpStatusOf, upsertComment } from '../github/comment.js';
import type { BotContext, Conclusion, Repo } from './context.js';
import { messageOf } from './context.js';
import { parseRepoConfig, REPO_CONFIG_PATH, type RepoConfig, RepoConfigError } from './repo-config.js';
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

/** The GitHub calls of the bot: check runs, the default branch's configuration, roles, the sticky comment. */
export type GithubCalls = ReturnType<typeof githubCalls>;

/**
 * Builds the bot's GitHub calls. Check runs are created `in_progress` and completed with their
 * output; annotations past GitHub's 50 per request go in further updates. The configuration that
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
    const annotations = out.annotations ?? [];
    const first = annotations.slice(0, ANNOTATIONS_PER_REQUEST);
    await gh.rest.checks.update({
      ...repo,
      check_run_id: id,
      status: 'completed',
      conclusion,
      completed_at: new Date().toISOString(),
      output: { ...out, annotations: first.length ? first : undefined },
    });
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
  };

  /**
   * The configuration on the default branch, which alone decides who may do what (`branch` as the
   * delivery names it; without it, the repository's default branch as GitHub knows it).
   */
  const trustedConfig = async (
    gh: Octokit,
    repo: Repo,
    branch: string | undefined,
  ): Promise<RepoConfig | undefined> => {
    try {
      const response = await gh.rest.repos.getContent({
        ...repo,
        path: REPO_CONFIG_PATH,
        ref: branch,
        mediaType: { format: 'raw' },
      });
      return parseRepoConfig(textOf(response.data));
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

  /** A collaborator's role (GitHub's `role_name`, else its legacy `permission`). */
  const roleOf = async (gh: Octokit, repo: Repo, user: string): Promise<string> => {
    const response = await gh.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: user });
    return response.data.role_name || response.data.permission;
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
          error: messageOf(error),
        });
      }
    });
    commentQueues.set(key, next);
    void next.finally(() => {
      if (commentQueues.get(key) === next) commentQueues.delete(key);
    });
    return next;
  };

  return { createCheck, completeCheck, trustedConfig, roleOf, updateSticky, commentQueues };
}
