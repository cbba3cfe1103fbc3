import { setTimeout as sleep } from 'node:timers/promises';
import type { Octokit } from 'octokit';
import pLimit from 'p-limit';
import picomatch from 'picomatch';
import { stringifyExactJson } from '../api/exact-json.js';
import type { ExecutionEvent__Output as ExecutionEventOut } from '../api/generated/orch/admin/ExecutionEvent.js';
import { LiteralValueError, launchPlanInputs, literalMapToJson } from '../api/literals.js';
import { TERMINAL_PHASES } from '../api/types.js';
import {
  AdminError,
  AlreadyExistsError,
  CancelledError,
  DeadlineExceededError,
  NotFoundError,
  UnavailableError,
} from '../client/errors.js';
import { code } from '../github/markdown.js';
import {
  adminFailure,
  type BotAdminClient,
  type BotContext,
  CONCLUSIONS,
  type Conclusion,
  executionNameFor,
  LaunchRefused,
  messageOf,
  type Registered,
  type Repo,
} from './context.js';
import { type GithubCalls, MAX_LISTED_FILES } from './github-calls.js';
import type { Registrar } from './registration.js';
import { type CheckOutput, type ExecutionRow, output } from './report.js';

/** The terminal phases, looked up by any phase name an event carries. */
const TERMINAL: ReadonlySet<string> = TERMINAL_PHASES;

/**
 * Tries of the final update of a check run (its conclusion) before the bot gives up on it: each waits
 * 1 s, 2 s, 4 s... after a failure, on top of each request's own retries (see github/fetch.ts).
 */
export const FINAL_UPDATE_TRIES = 5;

/** Longest wait, in seconds, before a lost watch is subscribed again. */
export const RESUBSCRIBE_MAX_SECONDS = 30;

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

/** A check run, or how to make it when an earlier try failed (a launched execution always gets one). */
export type CheckRunRef = number | (() => Promise<number>);

/** Builds `follow`: follows an execution with WatchExecution and writes each phase to its check run. */
export function follower(ctx: BotContext & GithubCalls) {
  const { client, logger, deps, stop, track, completeCheck, updateSticky } = ctx;
  const slots = pLimit(deps.maxFollowed ?? 50);
  /**
   * WatchExecution until the execution ends, subscribing again (after 1 s, 2 s, 4 s... at most
   * {@link RESUBSCRIBE_MAX_SECONDS}) when the stream is lost: the admin restarted, the connection
   * dropped, the stream ended early. Gives up when the follow's time (`watchSeconds`) runs out, the
   * bot stops, or the admin refuses the watch itself (not found, permission).
   */
  const watch = async (id: ExecutionId, onEvent: (event: ExecutionEventOut) => void) => {
    const deadline = Date.now() + (deps.watchSeconds ?? 3600) * 1000;
    for (let tries = 0; ; tries += 1) {
      try {
        const deadlineSeconds = Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
        return await client.watchExecution(id, onEvent, { deadlineSeconds, signal: stop.signal });
      } catch (error) {
        const waitMs = Math.min(2 ** tries, RESUBSCRIBE_MAX_SECONDS) * 1000;
        if (!watchLost(error) || stop.signal.aborted || Date.now() + waitMs >= deadline) throw error;
        logger.warn("an execution's watch was lost; subscribing again", {
          execution: id.name,
          error: messageOf(error),
          retry_in_s: waitMs / 1000,
        });
        await sleep(waitMs, undefined, { signal: stop.signal }).catch(() => undefined);
      }
    }
  };
  /** Executions followed now (`project/domain/name`): a redelivery does not follow one twice. */
  const followed = new Set<string>();
  /**
   * Follows an execution with WatchExecution and writes each phase to its check run. When `check`
   * is a function, the check run is made at the first write that can (GitHub failed to make it at
   * launch); its conclusion is tried {@link FINAL_UPDATE_TRIES} times.
   */
  const follow = (
    gh: Octokit,
    repo: Repo,
    check: CheckRunRef,
    id: ExecutionId,
    row: ExecutionRow,
    pull?: { number: number; sha: string },
  ) => {
    const key = `${id.project}/${id.domain}/${id.name}`;
    if (followed.has(key)) return;
    followed.add(key);
    let checkId = typeof check === 'number' ? check : undefined;
    const checkRun = async () => {
      if (checkId === undefined && typeof check === 'function') checkId = await check();
      return checkId ?? 0;
    };
    let writes = Promise.resolve();
    // Its check run was made saying QUEUED: only later phases are written.
    let shown = 'QUEUED';
    const write = (work: () => Promise<unknown>) => {
      writes = writes.then(work).then(
        () => {},
        (error) => logger.warn('a check run update failed', { check_run: checkId, error: messageOf(error) }),
      );
    };
    const finish = (conclusion: Conclusion, out: CheckOutput) =>
      write(async () => {
        for (let tries = 1; ; tries += 1) {
          try {
            return await completeCheck(gh, repo, await checkRun(), conclusion, out);
          } catch (error) {
            if (tries >= FINAL_UPDATE_TRIES || stop.signal.aborted) throw error;
            logger.warn('the check run was not completed; trying again', {
              check_run: checkId,
              execution: id.name,
              error: messageOf(error),
            });
            await sleep(2 ** (tries - 1) * 1000, undefined, { signal: stop.signal }).catch(() => undefined);
          }
        }
      });
    const work = slots(async () => {
      if (stop.signal.aborted) return;
      try {
        const last = await watch(id, (event) => {
          const phase = String(event.phase);
          if (event.node_id || phase === shown || TERMINAL.has(phase)) return;
          shown = phase;
          write(async () =>
            gh.rest.checks.update({
              ...repo,
              check_run_id: await checkRun(),
              output: output(`Phase: ${phase}`, `Execution [${id.name}](${row.url}) is ${phase}.`),
            }),
          );
        });
        const phase = String(last.phase);
        const outputs = literalMapToJson(last.outputs ?? undefined);
        const summary =
          phase === 'SUCCEEDED'
            ? `Execution [${id.name}](${row.url}) succeeded.\n\nOutputs:\n\n\`\`\`json\n${stringifyExactJson(outputs, 2)}\n\`\`\``
            : `Execution [${id.name}](${row.url}) ended ${phase}.${last.error?.message ? `\n\n\`\`\`\n${last.error.message}\n\`\`\`` : ''}`;
        finish(CONCLUSIONS[phase] ?? 'neutral', output(`${phase}`, summary));
        if (pull) await updateSticky(gh, repo, pull.number, pull.sha, [{ ...row, phase }]);
      } catch (error) {
        if (stop.signal.aborted) return;
        finish(
          'neutral',
          output(
            'No longer followed',
            `The bot stopped following [${id.name}](${row.url}): ${messageOf(error)}. The console shows its phase.`,
          ),
        );
      }
      await writes;
    });
    track(work.finally(() => followed.delete(key)));
  };

  return { follow };
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

/** Builds `launch` (one launch plan, with its check run) and `runPullRequest` (a head's configured launches). */
export function launcher(ctx: BotContext & GithubCalls & Registrar & ReturnType<typeof follower>) {
  const { client, logger, deps, createCheck, completeCheck, updateSticky, registerAt, follow, changedFiles } =
    ctx;
  /**
   * Launches a launch plan of a registered commit and reports it on a check run (and the sticky
   * comment of `pull`). Undefined when another replica (or an earlier handling) launched it already.
   * @throws LaunchRefused for an unknown launch plan or bad inputs; AdminError otherwise.
   */
  const launch = async (
    gh: Octokit,
    repo: Repo,
    sha: string,
    registered: Registered,
    launchPlan: string,
    values: Record<string, unknown>,
    key: string,
    pull?: { number: number; sha: string },
  ): Promise<ExecutionRow | undefined> => {
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
    try {
      await client.createExecution({ project, domain, name, spec: { launch_plan: lpId }, inputs });
    } catch (error) {
      if (error instanceof AlreadyExistsError) {
        logger.info('already launched for this delivery', { execution: name });
        return undefined;
      }
      throw error;
    }
    // From here the execution runs: a failure on GitHub's side never reports it as not launched.
    const id = { project, domain, name };
    const url = await client.consoleUrl(id);
    const row: ExecutionRow = { launchPlan, name, url, phase: 'QUEUED' };
    const makeCheck = () =>
      createCheck(gh, repo, sha, checkName, {
        details_url: url,
        external_id: externalId,
        output: output(
          'Phase: QUEUED',
          `Execution [${name}](${url}) of ${code(launchPlan)} at version ${code(registered.report.version)}.`,
        ),
      });
    const check: CheckRunRef = await makeCheck().catch((error: unknown) => {
      logger.warn('the check run of a launched execution was not created; the next report makes it', {
        execution: name,
        error: messageOf(error),
      });
      return makeCheck;
    });
    if (pull) await updateSticky(gh, repo, pull.number, pull.sha, [row]);
    follow(gh, repo, check, id, row, pull);
    return row;
  };

  /**
   * Registers a pull request's head and launches its configured launch plans. A launch plan with
   * `paths` runs only when the pull request changes a matching file; otherwise its check run
   * completes `skipped`. The changed files are listed once, when a launch plan has `paths`; past
   * GitHub's {@link MAX_LISTED_FILES} listed files, such a launch plan runs (that no file matches
   * cannot be told).
   */
  const runPullRequest = async (gh: Octokit, repo: Repo, number: number, sha: string, key: string) => {
    const registered = await registerAt(gh, repo, sha, 'pullRequests');
    if (!registered) return;
    let changed: Promise<{ paths: string[]; complete: boolean }> | undefined;
    for (const plan of registered.config.pullRequests.launchPlans) {
      if (plan.paths) {
        changed ??= changedFiles(gh, repo, number);
        const { paths, complete } = await changed;
        const matches = pathsMatcher(plan.paths);
        if (complete && !paths.some(matches)) {
          const checkId = await createCheck(gh, repo, sha, `orch / ${plan.name}`);
          await completeCheck(
            gh,
            repo,
            checkId,
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
        await launch(gh, repo, sha, registered, plan.name, plan.inputs, key, { number, sha });
      } catch (error) {
        const why = error instanceof LaunchRefused ? error.message : adminFailure(error, deps.adminEndpoint);
        const checkId = await createCheck(gh, repo, sha, `orch / ${plan.name}`);
        await completeCheck(gh, repo, checkId, 'failure', output('Not launched', why));
      }
    }
  };

  return { launch, runPullRequest };
}
