import type { Octokit } from 'octokit';
import { errorMessage } from '../api/guards.js';
import { InvalidArgumentError, NotFoundError } from '../client/errors.js';
import { code } from '../github/markdown.js';
import type { BotContext, Repo } from './context.js';
import type { GithubCalls } from './github-calls.js';
import { executionOfExternalId } from './recovery.js';
import { output } from './report.js';

/**
 * Builds `cancelSuperseded`: the executions of a pull request still running at an earlier commit are
 * terminated when a new commit is pushed to it or it is closed (`pullRequests.cancelInProgress`,
 * docs/bot.md "Superseded runs").
 *
 * The executions are found from GitHub's check runs of that commit, not from the admin: each
 * execution the bot launches, re-runs or runs on command gets a check run whose `external_id` names
 * it exactly (project, domain, name), whatever configuration or domain launched it, and check runs
 * belong to one repository and commit. Execution names come from delivery ids (not from commits or
 * pull requests) and ListExecutions filters by name, phase, launch plan and times only, so the admin
 * could not tell which pull request, or which repository, an execution ran for. Only check runs of
 * this app (`app_id`) count: another app's check run cannot make the bot terminate anything.
 */
export function superseder(ctx: BotContext & GithubCalls) {
  const { client, logger, deps, runningChecks, completeCheck } = ctx;
  /**
   * Terminates (TerminateExecution with `cause`) every execution whose check run of this app on
   * `previous` is still in progress, and completes that check run `cancelled` with `cause`. A check
   * run that lists other pull requests but not `number` is left alone (the commit is another pull
   * request's head too). An execution that ended meanwhile is left to its own report.
   * @returns the names of the executions terminated. Never throws: a failure is logged.
   */
  const cancelSuperseded = async (
    gh: Octokit,
    repo: Repo,
    number: number,
    previous: string,
    cause: string,
  ): Promise<string[]> => {
    const appId = deps.appId;
    if (appId === undefined) return [];
    const cancelled: string[] = [];
    try {
      for (const run of await runningChecks(gh, repo, previous, appId)) {
        const execution = executionOfExternalId(run.external_id);
        if (!execution || run.app?.id !== appId) continue;
        const pulls = run.pull_requests ?? [];
        if (pulls.length && !pulls.some((p) => p.number === number)) continue;
        const { project, domain, name } = execution;
        try {
          await client.terminateExecution({ project, domain, name }, cause);
        } catch (error) {
          // Ended already (or gone): its own report completes the check run.
          if (error instanceof InvalidArgumentError || error instanceof NotFoundError) continue;
          throw error;
        }
        cancelled.push(name);
        const link = run.details_url ? `[${name}](${run.details_url})` : code(name);
        await completeCheck(
          gh,
          repo,
          run.id,
          'cancelled',
          output('Cancelled', `Execution ${link} was terminated: ${cause}.`),
        );
      }
    } catch (error) {
      logger.warn('the earlier executions of a pull request were not all cancelled', {
        repository: `${repo.owner}/${repo.repo}`,
        pull_request: number,
        sha: previous,
        cancelled,
        error: errorMessage(error),
      });
    }
    if (cancelled.length) {
      logger.info('superseded executions terminated', { pull_request: number, executions: cancelled, cause });
    }
    return cancelled;
  };
  return { cancelSuperseded };
}
