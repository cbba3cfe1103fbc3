import type { Octokit } from 'octokit';
import pLimit from 'p-limit';
import { stringifyExactJson } from '../api/exact-json.js';
import { LiteralValueError, launchPlanInputs, literalMapToJson } from '../api/literals.js';
import { TERMINAL_PHASES } from '../api/types.js';
import { AlreadyExistsError, NotFoundError } from '../client/errors.js';
import { code } from '../github/markdown.js';
import {
  adminFailure,
  type BotAdminClient,
  type BotContext,
  CONCLUSIONS,
  executionNameFor,
  LaunchRefused,
  messageOf,
  type Registered,
  type Repo,
} from './context.js';
import type { GithubCalls } from './github-calls.js';
import type { Registrar } from './registration.js';
import { type ExecutionRow, output } from './report.js';

/** The terminal phases, looked up by any phase name an event carries. */
const TERMINAL: ReadonlySet<string> = TERMINAL_PHASES;

/** Builds `follow`: follows an execution with WatchExecution and writes each phase to its check run. */
export function follower(ctx: BotContext & GithubCalls) {
  const { client, logger, deps, stop, track, completeCheck, updateSticky } = ctx;
  const slots = pLimit(deps.maxFollowed ?? 50);
  /** Follows an execution with WatchExecution and writes each phase to its check run. */
  const follow = (
    gh: Octokit,
    repo: Repo,
    checkId: number,
    id: { project: string; domain: string; name: string },
    row: ExecutionRow,
    pull?: { number: number; sha: string },
  ) => {
    let writes = Promise.resolve();
    let shown = '';
    const write = (work: () => Promise<unknown>) => {
      writes = writes.then(work).then(
        () => {},
        (error) => logger.warn('a check run update failed', { check_run: checkId, error: messageOf(error) }),
      );
    };
    const work = slots(async () => {
      if (stop.signal.aborted) return;
      try {
        const last = await client.watchExecution(
          id,
          (event) => {
            const phase = String(event.phase);
            if (event.node_id || phase === shown || TERMINAL.has(phase)) return;
            shown = phase;
            write(() =>
              gh.rest.checks.update({
                ...repo,
                check_run_id: checkId,
                output: output(`Phase: ${phase}`, `Execution [${id.name}](${row.url}) is ${phase}.`),
              }),
            );
          },
          { deadlineSeconds: deps.watchSeconds ?? 3600, signal: stop.signal },
        );
        const phase = String(last.phase);
        const outputs = literalMapToJson(last.outputs ?? undefined);
        const summary =
          phase === 'SUCCEEDED'
            ? `Execution [${id.name}](${row.url}) succeeded.\n\nOutputs:\n\n\`\`\`json\n${stringifyExactJson(outputs, 2)}\n\`\`\``
            : `Execution [${id.name}](${row.url}) ended ${phase}.${last.error?.message ? `\n\n\`\`\`\n${last.error.message}\n\`\`\`` : ''}`;
        write(() =>
          completeCheck(gh, repo, checkId, CONCLUSIONS[phase] ?? 'neutral', output(`${phase}`, summary)),
        );
        if (pull) await updateSticky(gh, repo, pull.number, pull.sha, [{ ...row, phase }]);
      } catch (error) {
        if (stop.signal.aborted) return;
        write(() =>
          completeCheck(
            gh,
            repo,
            checkId,
            'neutral',
            output(
              'No longer followed',
              `The bot stopped following [${id.name}](${row.url}): ${messageOf(error)}. The console shows its phase.`,
            ),
          ),
        );
      }
      await writes;
    });
    track(work);
  };

  return { follow };
}

/** Builds `launch` (one launch plan, with its check run) and `runPullRequest` (a head's configured launches). */
export function launcher(ctx: BotContext & GithubCalls & Registrar & ReturnType<typeof follower>) {
  const { client, logger, deps, createCheck, completeCheck, updateSticky, registerAt, follow } = ctx;
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
    try {
      await client.createExecution({ project, domain, name, spec: { launch_plan: lpId }, inputs });
    } catch (error) {
      if (error instanceof AlreadyExistsError) {
        logger.info('already launched for this delivery', { execution: name });
        return undefined;
      }
      throw error;
    }
    const id = { project, domain, name };
    const url = await client.consoleUrl(id);
    const row: ExecutionRow = { launchPlan, name, url, phase: 'QUEUED' };
    const checkId = await createCheck(gh, repo, sha, `orch / ${launchPlan}`, {
      details_url: url,
      external_id: `execution:${project}:${domain}:${name}`,
      output: output(
        'Phase: QUEUED',
        `Execution [${name}](${url}) of ${code(launchPlan)} at version ${code(registered.report.version)}.`,
      ),
    });
    if (pull) await updateSticky(gh, repo, pull.number, pull.sha, [row]);
    follow(gh, repo, checkId, id, row, pull);
    return row;
  };

  /** Registers a pull request's head and launches its configured launch plans. */
  const runPullRequest = async (gh: Octokit, repo: Repo, number: number, sha: string, key: string) => {
    const registered = await registerAt(gh, repo, sha, 'pullRequests');
    if (!registered) return;
    for (const plan of registered.config.pullRequests.launchPlans) {
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
