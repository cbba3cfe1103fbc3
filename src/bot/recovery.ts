import type { Octokit } from 'octokit';
import { errorMessage } from '../api/guards.js';
import { NotFoundError } from '../client/errors.js';
import {
  adminFailure,
  type Bot,
  type BotContext,
  CONCLUSIONS,
  type RecoveryReport,
  type Repo,
} from './context.js';
import { endedReport, type follower } from './executions.js';
import type { GithubCalls } from './github-calls.js';
import { output } from './report.js';

/** Seconds between two recovery sweeps when `--recovery-interval` is not given: 5 minutes. */
export const DEFAULT_RECOVERY_SECONDS = 300;
/** Longest one recovery sweep may run, in seconds; what it has not reached waits for the next one. */
const RECOVERY_BUDGET_SECONDS = 120;
/**
 * Most GitHub reads one recovery sweep makes (each page of a list counts once): the sweep leaves
 * most of an installation's 5000 requests an hour to deliveries, even every 5 minutes.
 */
const RECOVERY_MAX_READS = 300;
/** Seconds each admin call of the sweep (GetExecution) may take. */
const ADMIN_CALL_SECONDS = 10;

/** An execution named by a check run's `external_id` (`execution:<project>:<domain>:<name>`), if it names one. */
export function executionOfExternalId(
  externalId: string | null | undefined,
): { project: string; domain: string; name: string } | undefined {
  const match = /^execution:([^:]+):([^:]+):([^:]+)$/.exec(externalId ?? '');
  return match ? { project: match[1] ?? '', domain: match[2] ?? '', name: match[3] ?? '' } : undefined;
}

/**
 * Builds `recoverRun`: one check run of an execution brought to its final state (completed from
 * GetExecution when the execution ended or is not found) or followed to it (still running); counts
 * what it did in `report`. An execution this bot follows already is left to it.
 * @throws AdminError when the admin fails (not NotFound); the REST client's error when GitHub does.
 */
function runRecoverer(ctx: BotContext & GithubCalls & ReturnType<typeof follower>) {
  const { deps, client, completeCheck, updateSticky, follow, stickyWhenEnded } = ctx;
  return async (
    gh: Octokit,
    repo: Repo,
    pull: { number: number; sha: string },
    run: { id: number; name: string; external_id: string | null; details_url?: string | null },
    report: RecoveryReport,
  ) => {
    const id = executionOfExternalId(run.external_id);
    if (!id || ctx.isFollowed(id)) return;
    const launchPlan = run.name.replace(/^orch \/ /, '');
    const url = run.details_url || (await client.consoleUrl(id));
    const row = { launchPlan, name: id.name, url, phase: 'RUNNING' };
    let execution: Awaited<ReturnType<typeof client.getExecution>>;
    try {
      execution = await client.getExecution(id, {
        deadline: new Date(Date.now() + ADMIN_CALL_SECONDS * 1000),
      });
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      await completeCheck(
        gh,
        repo,
        run.id,
        'neutral',
        output(
          'Execution not found',
          `The admin at ${deps.adminEndpoint} has no execution ${id.name} (project ${id.project}, domain ${id.domain}), so how it ended cannot be told: its database may have been replaced, or it was launched on another admin. Re-run this check to launch it again.`,
        ),
      );
      report.completed += 1;
      return;
    }
    const closure = execution.closure;
    const phase = String(closure?.phase ?? 'UNDEFINED');
    if (closure && phase in CONCLUSIONS) {
      const { conclusion, out } = endedReport(id.name, url, closure);
      await completeCheck(gh, repo, run.id, conclusion, out);
      report.completed += 1;
      await updateSticky(gh, repo, pull.number, pull.sha, [{ ...row, phase }]);
      return;
    }
    report.resumed += 1;
    stickyWhenEnded(gh, repo, pull, [follow(gh, repo, run.id, id, { ...row, phase })]);
  };
}

/**
 * Builds `recover`, the recovery sweep: it brings this app's check runs that are not final to their
 * final state, so that none stays `in_progress` after the bot was killed, stopped, lost its admin,
 * or failed to write a conclusion. For each installation (`GET /app/installations`), each of its
 * repositories (`GET /installation/repositories`), each open pull request's head
 * (`GET /repos/{owner}/{repo}/pulls?state=open`), the check runs of this app still in progress
 * (`app_id`, `status=in_progress`) whose `external_id` names an execution: GetExecution, then
 * - ended: the check run is completed with what a followed execution's completion writes, and the
 *   pull request's sticky comment gets its row;
 * - still running: it is followed again (WatchExecution), completed when it ends;
 * - not found: completed `neutral`, saying so (the admin's database was replaced, or the execution
 *   was launched on another admin).
 * An execution this bot follows already is left to it. The sweep reads at most
 * {@link RECOVERY_MAX_READS} pages and runs at most {@link RECOVERY_BUDGET_SECONDS}; a failure on one
 * repository is logged and the next one is swept. Nothing is done without `installations` and `appId`.
 */
export function recoverer(ctx: BotContext & GithubCalls & ReturnType<typeof follower>) {
  const { deps, logger, stop, runningChecks } = ctx;
  const recoverRun = runRecoverer(ctx);

  /** The sweep's bounds: a deadline and a count of GitHub reads. */
  const budget = () => {
    const until = Date.now() + RECOVERY_BUDGET_SECONDS * 1000;
    let reads = 0;
    return {
      /** Counts `pages` reads; false once the budget is spent or the bot stops. */
      spend(pages = 1) {
        reads += pages;
        return !stop.signal.aborted && Date.now() < until && reads <= RECOVERY_MAX_READS;
      },
      left: () => !stop.signal.aborted && Date.now() < until && reads < RECOVERY_MAX_READS,
    };
  };

  /** The open pull requests' heads of one repository and their runs to recover, within `bounds`. */
  const sweepRepo = async (
    gh: Octokit,
    repo: Repo,
    appId: number,
    bounds: ReturnType<typeof budget>,
    report: RecoveryReport,
  ) => {
    const pulls: { number: number; sha: string }[] = [];
    for await (const page of gh.paginate.iterator(gh.rest.pulls.list, {
      ...repo,
      state: 'open',
      per_page: 100,
    })) {
      for (const pull of page.data) pulls.push({ number: pull.number, sha: pull.head.sha });
      if (!bounds.spend()) return false;
    }
    for (const pull of pulls) {
      if (!bounds.spend()) return false;
      const runs = await runningChecks(gh, repo, pull.sha, appId);
      for (const run of runs) {
        if (!executionOfExternalId(run.external_id)) continue;
        report.found += 1;
        try {
          await recoverRun(gh, repo, pull, run, report);
        } catch (error) {
          logger.warn('a check run was not recovered; the next sweep tries again', {
            repository: `${repo.owner}/${repo.repo}`,
            check_run: run.id,
            error: adminFailure(error, deps.adminEndpoint),
          });
        }
        if (!bounds.left()) return false;
      }
    }
    return true;
  };

  /**
   * One recovery sweep (see {@link recoverer}). Never rejects: failures are logged.
   * @returns what it found and did.
   */
  const recover = async (): Promise<RecoveryReport> => {
    const report: RecoveryReport = { found: 0, completed: 0, resumed: 0, whole: true };
    const { appId, installations } = deps;
    if (appId === undefined || !installations) return report;
    const bounds = budget();
    let ids: number[];
    try {
      ids = await installations();
    } catch (error) {
      logger.warn('the recovery sweep could not list the installations', { error: errorMessage(error) });
      return { ...report, whole: false };
    }
    for (const installation of ids) {
      try {
        const gh = await deps.installation(installation);
        const pages = gh.paginate.iterator('GET /installation/repositories', { per_page: 100 });
        for await (const page of pages) {
          for (const repository of page.data) {
            if (!bounds.left()) break;
            const repo = { owner: repository.owner.login, repo: repository.name };
            try {
              if (!(await sweepRepo(gh, repo, appId, bounds, report))) report.whole = false;
            } catch (error) {
              report.whole = false;
              logger.warn('the recovery sweep failed on a repository; the next sweep tries again', {
                repository: `${repo.owner}/${repo.repo}`,
                error: errorMessage(error),
              });
            }
          }
          if (!bounds.spend()) break;
        }
      } catch (error) {
        report.whole = false;
        logger.warn('the recovery sweep failed on an installation; the next sweep tries again', {
          installation,
          error: errorMessage(error),
        });
      }
      if (!bounds.left()) break;
    }
    if (!bounds.left()) report.whole = false;
    logger.info('recovery sweep done', { ...report });
    return report;
  };

  return { recover };
}

/**
 * Runs `bot.recover()` now and then every `seconds` seconds (one sweep at a time; 0: never).
 * `stop()` schedules no more and resolves when the sweep under way (cut short by `bot.close()`) ends.
 */
export function scheduleRecovery(bot: Pick<Bot, 'recover'>, seconds: number): { stop(): Promise<unknown> } {
  if (seconds <= 0) return { stop: async () => undefined };
  let sweeping: Promise<unknown> = bot.recover();
  const timer = setInterval(() => {
    sweeping = sweeping.then(() => bot.recover());
  }, seconds * 1000);
  return {
    stop() {
      clearInterval(timer);
      return sweeping;
    },
  };
}
