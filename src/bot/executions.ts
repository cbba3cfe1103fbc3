import { setTimeout as sleep } from 'node:timers/promises';
import type { Octokit } from 'octokit';
import pLimit from 'p-limit';
import picomatch from 'picomatch';
import { stringifyExactJson } from '../api/exact-json.js';
import { errorMessage } from '../api/guards.js';
import { LiteralValueError, launchPlanInputs, literalMapToJson } from '../api/literals.js';
import {
  AdminError,
  AlreadyExistsError,
  CancelledError,
  DeadlineExceededError,
  NotFoundError,
  UnavailableError,
} from '../client/errors.js';
import { GITHUB_REQUEST_SECONDS } from '../github/fetch.js';
import { code } from '../github/markdown.js';
import {
  adminFailure,
  type BotAdminClient,
  type BotContext,
  CONCLUSIONS,
  type Conclusion,
  executionNameFor,
  LaunchRefused,
  type Registered,
  type Repo,
} from './context.js';
import { type GithubCalls, MAX_LISTED_FILES } from './github-calls.js';
import type { Registrar } from './registration.js';
import { type CheckOutput, type ExecutionRow, output } from './report.js';

/**
 * Tries of the final update of a check run (its conclusion) before the bot gives up on it: each waits
 * 1 s, 2 s, 4 s... after a failure, on top of each request's own retries (see github/fetch.ts).
 */
const FINAL_UPDATE_TRIES = 5;

/** Longest wait, in seconds, before a lost watch is subscribed again. */
const RESUBSCRIBE_MAX_SECONDS = 30;

/**
 * Longest wait, in seconds, before a pull request's successful registration is written on its check
 * run `orch / register`: it is written when the delivery's executions ended, or this long after they
 * were launched. GitHub asks for a second between content-creating requests (octokit's throttling
 * spaces the app's writes so), so a registration written first would hold each execution's check run
 * and its completion back by a second each.
 */
const REGISTER_REPORT_SECONDS = 10;

/**
 * Seconds after an execution's creation (its `created_at` on the admin) before a handling of the
 * same delivery that was told AlreadyExists makes the execution's check run itself: twice GitHub's
 * deadline for one request ({@link GITHUB_REQUEST_SECONDS}). The handling whose CreateExecution
 * succeeded makes the check run at once; by then its POST has been answered (or has failed), so
 * listing the commit's check runs shows it. See `launch` for why this is race-free enough.
 */
const CHECK_RUN_GRACE_SECONDS = 2 * GITHUB_REQUEST_SECONDS;

/** An execution's id. */
type ExecutionId = { project: string; domain: string; name: string };

/**
 * Whether a WatchExecution failure lost the stream (worth subscribing again) rather than refused it:
 * the admin unreachable or restarting (not the watch's own deadline), a stream cancelled by the
 * other side, or a stream that ended before the execution did.
 */
function watchLost(error: unknown): boolean {
  if (error instanceof DeadlineExceededError) return false;
  if (error instanceof UnavailableError || error instanceof CancelledError) return true;
  return !(error instanceof AdminError);
}

/**
 * What an ended execution's check run says: its conclusion ({@link CONCLUSIONS}; `neutral` for a
 * phase that is not terminal) and its output, titled with the phase: the outputs as JSON when it
 * succeeded, else its error. `last` is the execution's last event or its closure (GetExecution);
 * `url` its console page. The same whether the bot followed it or the recovery sweep found it ended.
 */
export function endedReport(
  name: string,
  url: string,
  last: {
    phase: unknown;
    outputs?: Parameters<typeof literalMapToJson>[0] | null;
    error?: { message?: string } | null;
  },
): { conclusion: Conclusion; out: CheckOutput } {
  const phase = String(last.phase);
  const outputs = literalMapToJson(last.outputs ?? undefined);
  const summary =
    phase === 'SUCCEEDED'
      ? `Execution [${name}](${url}) succeeded.\n\nOutputs:\n\n\`\`\`json\n${stringifyExactJson(outputs, 2)}\n\`\`\``
      : `Execution [${name}](${url}) ended ${phase}.${last.error?.message ? `\n\n\`\`\`\n${last.error.message}\n\`\`\`` : ''}`;
  return { conclusion: CONCLUSIONS[phase] ?? 'neutral', out: output(`${phase}`, summary) };
}

/** A check run, or how to make it when an earlier try failed (a launched execution always gets one). */
export type CheckRunRef = number | (() => Promise<number>);

/**
 * Builds `follow` (follows an execution with WatchExecution and writes its end to its check run) and
 * `stickyWhenEnded` (the sticky comment, once per delivery).
 */
export function follower(ctx: BotContext & GithubCalls) {
  const { client, logger, deps, stop, track, completeCheck, updateSticky } = ctx;
  const slots = pLimit(deps.maxFollowed ?? 50);
  /**
   * WatchExecution until the execution ends, subscribing again (after 1 s, 2 s, 4 s... at most
   * {@link RESUBSCRIBE_MAX_SECONDS}) when the stream is lost: the admin restarted, the connection
   * dropped, the stream ended early. Gives up when the follow's time (`watchSeconds`) runs out, the
   * bot stops, or the admin refuses the watch itself (not found, permission).
   */
  const watch = async (id: ExecutionId) => {
    const deadline = Date.now() + (deps.watchSeconds ?? 3600) * 1000;
    for (let tries = 0; ; tries += 1) {
      try {
        const deadlineSeconds = Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
        return await client.watchExecution(id, () => {}, { deadlineSeconds, signal: stop.signal });
      } catch (error) {
        const waitMs = Math.min(2 ** tries, RESUBSCRIBE_MAX_SECONDS) * 1000;
        if (!watchLost(error) || stop.signal.aborted || Date.now() + waitMs >= deadline) throw error;
        logger.warn("an execution's watch was lost; subscribing again", {
          execution: id.name,
          error: errorMessage(error),
          retry_in_s: waitMs / 1000,
        });
        await sleep(waitMs, undefined, { signal: stop.signal }).catch(() => undefined);
      }
    }
  };
  /**
   * Executions followed now (`project/domain/name`), each with the row it ends with: a redelivery
   * does not follow one twice.
   */
  const followed = new Map<string, Promise<ExecutionRow>>();
  /**
   * Follows an execution with WatchExecution and writes its end (conclusion and outputs) to its check
   * run, which was made `in_progress` at launch: phases in between are not written (GitHub asks for a
   * second between content-creating requests; the console shows them). When `check` is a function,
   * the check run is made at the end (GitHub failed to make it at launch); the conclusion is tried
   * {@link FINAL_UPDATE_TRIES} times.
   * @returns the execution's row with the phase it ended in (its last known one when the follow gave
   *   up), once its check run was written. Never rejects.
   */
  const follow = (
    gh: Octokit,
    repo: Repo,
    check: CheckRunRef,
    id: ExecutionId,
    row: ExecutionRow,
  ): Promise<ExecutionRow> => {
    const key = `${id.project}/${id.domain}/${id.name}`;
    const known = followed.get(key);
    if (known) return known;
    let checkId = typeof check === 'number' ? check : undefined;
    const checkRun = async () => {
      if (checkId === undefined && typeof check === 'function') checkId = await check();
      return checkId ?? 0;
    };
    let final = row;
    const finish = async (conclusion: Conclusion, out: CheckOutput) => {
      for (let tries = 1; ; tries += 1) {
        try {
          return await completeCheck(gh, repo, await checkRun(), conclusion, out);
        } catch (error) {
          if (tries >= FINAL_UPDATE_TRIES || stop.signal.aborted) {
            logger.warn('a check run update failed', { check_run: checkId, error: errorMessage(error) });
            return;
          }
          logger.warn('the check run was not completed; trying again', {
            check_run: checkId,
            execution: id.name,
            error: errorMessage(error),
          });
          await sleep(2 ** (tries - 1) * 1000, undefined, { signal: stop.signal }).catch(() => undefined);
        }
      }
    };
    const work = slots(async () => {
      if (stop.signal.aborted) return;
      let ended: { conclusion: Conclusion; out: CheckOutput };
      try {
        const last = await watch(id);
        final = { ...row, phase: String(last.phase) };
        ended = endedReport(id.name, row.url, last);
      } catch (error) {
        if (stop.signal.aborted) return;
        if (checkId !== undefined && (watchLost(error) || error instanceof DeadlineExceededError)) {
          // The admin stayed out of reach, or the follow's time ran out: the execution's end is not
          // known, so its check run stays in progress for the recovery sweep, which completes it
          // with the true conclusion (or follows it again) once the admin answers.
          logger.warn('the execution is no longer followed; the recovery sweep completes its check run', {
            execution: id.name,
            check_run: checkId,
            error: errorMessage(error),
          });
          return;
        }
        ended = {
          conclusion: 'neutral',
          out: output(
            'No longer followed',
            `The bot stopped following [${id.name}](${row.url}): ${errorMessage(error)}. The console shows its phase.`,
          ),
        };
      }
      await finish(ended.conclusion, ended.out);
    });
    const done = work.then(
      () => final,
      () => final,
    );
    followed.set(key, done);
    track(done.then(() => followed.delete(key)).then(() => undefined));
    return done;
  };

  /**
   * Writes the sticky comment of pull request `pull` once, when every execution of `endings` (one
   * delivery's) has ended, with each one's final phase: one comment write per delivery, not one per
   * execution or phase. The check runs show the executions meanwhile.
   */
  const stickyWhenEnded = (
    gh: Octokit,
    repo: Repo,
    pull: { number: number; sha: string },
    endings: readonly Promise<ExecutionRow>[],
  ) => {
    if (!endings.length) return;
    track(
      Promise.all(endings).then(async (rows) => {
        // Not followed to their end (the bot stopped, or the admin stayed out of reach): the
        // recovery sweep writes their rows when it completes their check runs.
        if (rows.some((row) => !(row.phase in CONCLUSIONS))) return;
        await updateSticky(gh, repo, pull.number, pull.sha, rows);
      }),
    );
  };

  /** Whether this bot follows execution `id` now (its check run is completed when it ends). */
  const isFollowed = (id: ExecutionId) => followed.has(`${id.project}/${id.domain}/${id.name}`);

  return { follow, stickyWhenEnded, isFollowed };
}

/**
 * A matcher of a launch plan's `paths`: a path matches when it matches one of the globs without `!`
 * (every path, when all globs have one) and none of the globs with `!` (picomatch globs, dotfiles
 * included, order not significant).
 */
export function pathsMatcher(globs: readonly string[]): (path: string) => boolean {
  const negative = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  const positive = globs.filter((g) => !g.startsWith('!'));
  const included = picomatch(positive.length ? positive : ['**'], { dot: true });
  const excluded = negative.length ? picomatch(negative, { dot: true }) : () => false;
  return (path) => included(path) && !excluded(path);
}

/**
 * A launched execution: its row as launched, its row when it ended (see `follow`), and `again` when
 * an earlier handling of the delivery (this replica's or another's) launched it.
 */
export interface Launched {
  row: ExecutionRow;
  ended: Promise<ExecutionRow>;
  again: boolean;
}

/** `launch` of {@link launcher}. */
type Launch = (
  gh: Octokit,
  repo: Repo,
  sha: string,
  registered: Registered,
  launchPlan: string,
  values: Record<string, unknown>,
  key: string,
  pullRequest?: number,
) => Promise<Launched | undefined>;

/**
 * The annotations that link an execution to what launched it on GitHub: `orch.dev/commit` (the
 * commit's page) and, for a pull request, `orch.dev/pull-request`; none without `webUrl`.
 */
export function githubLinks(
  webUrl: string | undefined,
  repo: Repo,
  sha: string,
  pullRequest: number | undefined,
): Record<string, string> {
  if (!webUrl) return {};
  const base = `${webUrl}/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}`;
  return {
    'orch.dev/commit': `${base}/commit/${sha}`,
    ...(pullRequest !== undefined ? { 'orch.dev/pull-request': `${base}/pull/${pullRequest}` } : {}),
  };
}

/** Builds `launch` (one launch plan, with its check run) and `runPullRequest` (a head's configured launches). */
export function launcher(ctx: BotContext & GithubCalls & Registrar & ReturnType<typeof follower>) {
  const { client, logger, deps, stop, createCheck, namedChecks, follow } = ctx;
  /**
   * Launches a launch plan of a registered commit and reports it on a check run, created
   * `in_progress` with its `external_id` at once and completed when the execution ends. Undefined
   * when another replica (or an earlier handling) launched it already. `ended` resolves with the
   * execution's final row (for the sticky comment, which the caller writes once per delivery).
   * @throws LaunchRefused for an unknown launch plan or bad inputs; AdminError otherwise.
   */
  const launch: Launch = async (gh, repo, sha, registered, launchPlan, values, key, pullRequest) => {
    const { project } = registered.config;
    const domain = registered.domain;
    const lpId = {
      resource_type: 'LAUNCH_PLAN' as const,
      project,
      domain,
      name: launchPlan,
      version: registered.report.version,
    };
    let lp: Awaited<ReturnType<BotAdminClient['getLaunchPlan']>>;
    try {
      lp = await client.getLaunchPlan(lpId);
    } catch (error) {
      if (error instanceof NotFoundError) {
        const known = registered.launchPlans.length ? registered.launchPlans.map(code).join(', ') : 'none';
        throw new LaunchRefused(`unknown launch plan ${code(launchPlan)}; this commit registers: ${known}`);
      }
      throw error;
    }
    let inputs: ReturnType<typeof launchPlanInputs>;
    try {
      inputs = launchPlanInputs(lp, values);
    } catch (error) {
      if (error instanceof LiteralValueError)
        throw new LaunchRefused(`bad inputs for ${code(launchPlan)}: ${error.message}`);
      throw error;
    }
    const name = executionNameFor(key, launchPlan);
    const externalId = `execution:${project}:${domain}:${name}`;
    const checkName = `orch / ${launchPlan}`;
    let again = false;
    try {
      await client.createExecution({
        project,
        domain,
        name,
        spec: { launch_plan: lpId, annotations: githubLinks(deps.webUrl, repo, sha, pullRequest) },
        inputs,
      });
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
      again = true;
    }
    // From here the execution runs: a failure on GitHub's side never reports it as not launched.
    const id = { project, domain, name };
    const url = await client.consoleUrl(id);
    const row: ExecutionRow = { launchPlan, name, url, phase: 'QUEUED' };
    /** This execution's check run on the commit (this app's, matched by `external_id`), if any. */
    const findCheck = async () =>
      (await namedChecks(gh, repo, sha, checkName, deps.appId)).find(
        (run) => run.external_id === externalId && (deps.appId === undefined || run.app?.id === deps.appId),
      );
    const makeCheck = () =>
      createCheck(gh, repo, sha, checkName, {
        details_url: url,
        external_id: externalId,
        output: output(
          'Phase: QUEUED',
          `Execution [${name}](${url}) of ${code(launchPlan)} at version ${code(registered.report.version)}.`,
        ),
      });
    // Made later (GitHub failed at launch): only when no handling made it meanwhile.
    const makeLater = async () => (await findCheck())?.id ?? makeCheck();
    if (again) return { ...(await completeReport(gh, repo, id, row, findCheck, makeLater)), again };
    const check: CheckRunRef = await makeCheck().catch((error: unknown) => {
      logger.warn('the check run of a launched execution was not created; the next report makes it', {
        execution: name,
        error: errorMessage(error),
      });
      return makeLater;
    });
    return { row, ended: follow(gh, repo, check, id, row), again };
  };

  /**
   * The report of an execution an earlier handling of the delivery launched (a redelivery, or another
   * replica handling the same delivery), completed where it is missing: its check run is looked up
   * on the commit (this app's, by `external_id`); when there is none, this handling waits until
   * {@link CHECK_RUN_GRACE_SECONDS} after the execution's `created_at`, looks again and makes it
   * only if there is still none; an unfinished check run is followed to its end.
   *
   * Race-free enough: only the handling whose CreateExecution succeeded makes the check run at once,
   * and its POST is answered or has failed within GitHub's deadline, well inside the grace; so two
   * handlings of one delivery make one check run. Not race-free: when GitHub failed that POST (a 5xx
   * storm), the first handling makes the check run later, at the execution's end, after looking for
   * one; a redelivery past the grace that looks at the same moment (within one list-and-create
   * round trip) can make a second one. GitHub offers no create-if-absent for check runs.
   */
  const completeReport = async (
    gh: Octokit,
    repo: Repo,
    id: { project: string; domain: string; name: string },
    row: ExecutionRow,
    findCheck: () => Promise<{ id: number; status: string } | undefined>,
    makeLater: () => Promise<number>,
  ): Promise<{ row: ExecutionRow; ended: Promise<ExecutionRow> }> => {
    logger.info('already launched for this delivery; completing its report', { execution: id.name });
    let found = await findCheck();
    if (!found) {
      const created = (await client.getExecution(id)).closure?.created_at;
      const since = created ? Number(created.seconds) * 1000 + created.nanos / 1e6 : Date.now();
      const wait = since + CHECK_RUN_GRACE_SECONDS * 1000 - Date.now();
      // Stopping cuts the wait short; the check run is still made (never "Not launched").
      if (wait > 0) await sleep(wait, undefined, { signal: stop.signal }).catch(() => undefined);
      found = await findCheck();
    }
    if (found?.status === 'completed') {
      const phase = String((await client.getExecution(id)).closure?.phase ?? row.phase);
      return { row, ended: Promise.resolve({ ...row, phase }) };
    }
    const check: CheckRunRef = found?.id ?? (await makeLater().catch(() => makeLater));
    return { row, ended: follow(gh, repo, check, id, row) };
  };

  return { launch, ...pullRequestRunner({ ...ctx, launch }) };
}

/** Builds `runPullRequest`: registers a pull request's head and launches its configured launch plans. */
function pullRequestRunner(
  ctx: BotContext & GithubCalls & Registrar & ReturnType<typeof follower> & { launch: Launch },
) {
  const { logger, deps, track, reportCheck, registerAt, launch, stickyWhenEnded, changedFiles } = ctx;

  /**
   * Registers a pull request's head and launches its configured launch plans. A launch plan with
   * `paths` runs only when the pull request changes a matching file; otherwise its check run
   * completes `skipped`. The changed files are listed once, when a launch plan has `paths`; past
   * GitHub's {@link MAX_LISTED_FILES} listed files, such a launch plan runs (that no file matches
   * cannot be told).
   */
  const runPullRequest = async (gh: Octokit, repo: Repo, number: number, sha: string, key: string) => {
    let launched = (_endings: Promise<ExecutionRow>[]) => {};
    // The registration's check run is written when the launches ended, or REGISTER_REPORT_SECONDS on.
    const reportAfter = new Promise<Promise<ExecutionRow>[]>((resolve) => {
      launched = resolve;
    }).then((endings) =>
      Promise.race([
        Promise.allSettled(endings),
        sleep(REGISTER_REPORT_SECONDS * 1000, undefined, { ref: false }),
      ]),
    );
    const deferSuccess = (write: () => Promise<unknown>) =>
      track(
        reportAfter.then(write).then(
          () => undefined,
          (error: unknown) =>
            logger.warn('the check run of a registration was not written', {
              sha,
              error: errorMessage(error),
            }),
        ),
      );
    const registered = await registerAt({ gh, repo, sha }, 'pullRequests', { deferSuccess });
    const endings: Promise<ExecutionRow>[] = [];
    try {
      if (registered) await launchAll(gh, repo, number, sha, key, registered, endings);
    } finally {
      launched(endings);
      stickyWhenEnded(gh, repo, { number, sha }, endings);
    }
  };

  /** Launches (or skips) each configured launch plan of a pull request; `endings` gets each launch's end. */
  const launchAll = async (
    gh: Octokit,
    repo: Repo,
    number: number,
    sha: string,
    key: string,
    registered: Registered,
    endings: Promise<ExecutionRow>[],
  ) => {
    let changed: Promise<{ paths: string[]; complete: boolean }> | undefined;
    for (const plan of registered.config.pullRequests.launchPlans) {
      if (plan.paths) {
        changed ??= changedFiles(gh, repo, number);
        const { paths, complete } = await changed;
        const matches = pathsMatcher(plan.paths);
        if (complete && !paths.some(matches)) {
          await reportCheck(
            gh,
            repo,
            sha,
            `orch / ${plan.name}`,
            'skipped',
            output(
              'Skipped: no matching file changed',
              `This pull request changes ${paths.length} file(s), none matching the paths of ${code(plan.name)} (${plan.paths.map(code).join(', ')}), so it did not run. ${code(`/orch run ${plan.name}`)} runs it anyway.`,
            ),
          );
          continue;
        }
        if (!complete) {
          logger.info('the pull request changes more files than GitHub lists; the launch plan runs', {
            launch_plan: plan.name,
            listed: paths.length,
            cap: MAX_LISTED_FILES,
          });
        }
      }
      try {
        const launched = await launch(gh, repo, sha, registered, plan.name, plan.inputs, key, number);
        if (launched) endings.push(launched.ended);
      } catch (error) {
        const why = error instanceof LaunchRefused ? error.message : adminFailure(error, deps.adminEndpoint);
        await reportCheck(gh, repo, sha, `orch / ${plan.name}`, 'failure', output('Not launched', why));
      }
    }
  };

  return { runPullRequest };
}
