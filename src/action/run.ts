import * as core from '@actions/core';
import { stringifyExactJson } from '../api/exact-json.js';
import { errorMessage, property } from '../api/guards.js';
import { launchPlanInputs, literalMapToJson } from '../api/literals.js';
import { type ExecutionOut, isTerminalPhase, type LaunchPlanOut } from '../api/types.js';
import type { AdminClient } from '../client/admin-client.js';
import { NotFoundError } from '../client/errors.js';
import { explainNotFound, type NameLister } from '../client/not-found.js';
import { commentMarker, httpStatusOf, upsertComment } from '../github/comment.js';
import { githubTimeoutOf } from '../github/fetch.js';
import { code, table } from '../github/markdown.js';
import type { GithubClient } from './comment.js';
import { ExecutionFailedError, LaunchPlanNotFoundError, WaitTimeoutError } from './errors.js';
import { type GithubContext, isFork } from './github-context.js';
import type { RunSettings } from './inputs.js';
import { writeJobSummary } from './markdown.js';

type Client = Pick<
  AdminClient,
  | 'getLaunchPlan'
  | 'getActiveLaunchPlan'
  | 'createExecution'
  | 'getExecution'
  | 'consoleUrl'
  | 'listNodeExecutions'
> &
  NameLister;

/** Which launch plan to run: a name, and a version or none (then the active, else the newest one). */
export interface LaunchPlanRef {
  project: string;
  domain: string;
  name: string;
  version?: string;
}

/**
 * Finds the launch plan to run: the given version; without one, the active version, else the newest
 * registered one (by creation time).
 * @throws LaunchPlanNotFoundError when no such launch plan (or version) exists, its message saying
 *   "not found" with the closest existing names (or the version and the newest ones); AdminError otherwise.
 */
export async function resolveLaunchPlan(client: Client, ref: LaunchPlanRef): Promise<LaunchPlanOut> {
  const scope = { project: ref.project, domain: ref.domain, name: ref.name };
  const notFound = async (cause?: unknown) => {
    const explained = await explainNotFound(
      client,
      { kind: 'launch plan', ...scope, ...(ref.version ? { version: ref.version } : {}) },
      { cause },
    );
    const hint = explained.nameExists
      ? ''
      : '; register it first (command: register) or check launch-plan, project and domain';
    return new LaunchPlanNotFoundError(`${explained.message}${hint}`, { cause: explained });
  };
  if (ref.version) {
    try {
      return await client.getLaunchPlan({ resource_type: 'LAUNCH_PLAN', ...scope, version: ref.version });
    } catch (error) {
      if (error instanceof NotFoundError) throw await notFound(error);
      throw error;
    }
  }
  try {
    return await client.getActiveLaunchPlan(scope);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  const newest = await client.listLaunchPlans({
    id: scope,
    limit: 1,
    sort_by: { key: 'created_at', direction: 'DESCENDING' },
  });
  const found = newest.launch_plans[0];
  if (!found) throw await notFound();
  return found;
}

/** How {@link waitForExecution} polls. */
export interface WaitOptions {
  /** Give up after this many seconds. */
  timeoutSeconds: number;
  /** First pause between polls, in milliseconds; doubles up to `maxIntervalMs`. @default 500 */
  intervalMs?: number;
  /** @default 5000 */
  maxIntervalMs?: number;
  /** Called when the phase changes. */
  onPhase?: (phase: string) => void;
}

/**
 * Polls GetExecution until the execution reaches a terminal phase (SUCCEEDED, FAILED, ABORTED,
 * TIMED_OUT) or `timeoutSeconds` pass.
 * @returns the last phase seen, whether it is terminal, and the execution as last read.
 * @throws AdminError of GetExecution.
 */
export async function waitForExecution(
  client: Pick<AdminClient, 'getExecution'>,
  id: { project: string; domain: string; name: string },
  options: WaitOptions,
): Promise<{ phase: string; terminal: boolean; execution: ExecutionOut }> {
  const deadline = Date.now() + options.timeoutSeconds * 1000;
  let interval = options.intervalMs ?? 500;
  let last = '';
  for (;;) {
    const execution = await client.getExecution(id);
    const phase = String(execution.closure?.phase ?? 'UNDEFINED');
    if (phase !== last) options.onPhase?.(phase);
    last = phase;
    if (isTerminalPhase(phase)) return { phase, terminal: true, execution };
    const left = deadline - Date.now();
    if (left <= 0) return { phase, terminal: false, execution };
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, left)));
    interval = Math.min(interval * 2, options.maxIntervalMs ?? 5000);
  }
}

/** What a run reports in the job summary and the pull request comment. */
export interface RunReport {
  launchPlan: string;
  project: string;
  domain: string;
  version: string;
  executionName: string;
  url: string;
  phase: string;
  sha: string;
  /** Why the execution did not succeed, e.g. `node n0: task exited with code 3`; absent otherwise. */
  error?: string;
}

/**
 * The Markdown of a run: a heading, one table row (execution link, phase, version, commit) and, for
 * an execution that did not succeed, its error (the failing node and why).
 */
export function runMarkdown(report: RunReport): string {
  return [
    `### orch run of ${code(report.launchPlan)}`,
    '',
    table(
      ['Execution', 'Phase', 'Version', 'Commit'],
      [
        [
          `[${report.executionName}](${report.url})`,
          `**${report.phase}**`,
          code(report.version),
          report.sha ? code(report.sha) : '',
        ],
      ],
    ),
    '',
    ...(report.error ? [`**Error:** ${code(report.error.replace(/\s*\r?\n\s*/g, ' '))}`, ''] : []),
    `Project ${code(report.project)}, domain ${code(report.domain)}.`,
    '',
  ].join('\n');
}

/**
 * Seconds the pull request comment may take in all (finding the Action's comment on every page, then
 * writing it), retries included; each request also has its own deadline (`GITHUB_REQUEST_SECONDS`).
 * Past it the comment is a warning and the step goes on.
 */
export const COMMENT_SECONDS = 30;

/** An output's value as a step output: a string as it is, anything else as its JSON text. */
function outputText(value: unknown): string {
  return typeof value === 'string' ? value : stringifyExactJson(value);
}

/**
 * Sets the execution's outputs as step outputs: `outputs`, all of them as one JSON object (integers
 * beyond ±2^53 exact), and `output-<name>` for each (a string as it is, any other value as JSON).
 * Names come from the workflow, so most are not declared in action.yml: a JavaScript action's
 * outputs are readable as `steps.<id>.outputs.<name>` all the same.
 */
export function setExecutionOutputs(execution: ExecutionOut): Record<string, unknown> {
  const values = literalMapToJson(execution.closure?.outputs);
  core.setOutput('outputs', stringifyExactJson(values));
  for (const [name, value] of Object.entries(values)) core.setOutput(`output-${name}`, outputText(value));
  return values;
}

/**
 * Why an execution ended without success, in one line naming the failing node, e.g.
 * `node n0: task exited with code 3`: the execution's own error when it has one, else the first
 * failed node's. Undefined when neither says; never throws (the report is a convenience).
 */
export async function failureOf(
  client: Pick<AdminClient, 'listNodeExecutions'>,
  execution: ExecutionOut,
): Promise<string | undefined> {
  const own = execution.closure?.error?.message;
  if (own) return own;
  const id = execution.id;
  if (!id) return undefined;
  try {
    const nodes = (await client.listNodeExecutions(id, { limit: 1000 })).node_executions;
    const failed = nodes.find((node) => node.closure?.error?.message);
    const message = failed?.closure?.error?.message;
    if (!failed || !message) return undefined;
    const nodeId = failed.id?.node_id ?? '';
    return message.startsWith(`node ${nodeId}`) ? message : `node ${nodeId}: ${message}`;
  } catch {
    return undefined;
  }
}

/** What `run` needs besides the admin client: the event, and a GitHub REST client made on demand. */
export interface RunDeps {
  context: GithubContext;
  /** Builds the REST client from the token; called only when a comment is to be written. */
  github: (token: string) => GithubClient;
}

/**
 * Writes the run's comment on the pull request (`comment: true`, pull request events only), creating
 * it or updating it in place, and sets `comment-id`. Pull requests from forks, a missing token, a
 * 403 answer (a token that may not write) and a GitHub that cannot be reached or fails are warnings
 * naming what failed, not failures: the execution's outputs are set already, and the job summary holds the same
 * report.
 * @throws the REST client's errors other than 403.
 */
async function commentOnPullRequest(settings: RunSettings, deps: RunDeps, report: RunReport): Promise<void> {
  const pr = deps.context.pullRequest;
  if (!settings.comment || !pr) return;
  const fallback = 'the run is reported in the job summary instead';
  if (isFork(pr)) {
    core.warning(
      `pull request #${pr.number} comes from a fork (${pr.headRepo ?? 'a deleted repository'}), whose token cannot comment on ${pr.baseRepo}; ${fallback}`,
    );
    return;
  }
  const repo = deps.context.repo;
  if (!settings.githubToken || !repo) {
    core.warning(`no github-token or repository to comment with; ${fallback}`);
    return;
  }
  try {
    const result = await upsertComment(
      deps.github(settings.githubToken.reveal()),
      { owner: repo.owner, repo: repo.repo, issueNumber: pr.number },
      commentMarker({ project: settings.project, domain: settings.domain, launchPlan: settings.launchPlan }),
      runMarkdown(report),
    );
    core.setOutput('comment-id', String(result.id));
    core.info(`${result.created ? 'Created' : 'Updated'} comment ${result.id} on pull request #${pr.number}`);
  } catch (error) {
    // The execution is launched and its outputs are set: a comment that cannot be written is a
    // warning that says so, never a failed step.
    const status = httpStatusOf(error);
    if (status === 403) {
      core.warning(
        `GitHub refused to write the comment on pull request #${pr.number} (403: ${errorMessage(error)}); ` +
          `give the job "pull-requests: write" permission; ${fallback}`,
      );
      return;
    }
    const timeout = githubTimeoutOf(error);
    const cause = property(error, 'cause');
    const unreachable =
      status === undefined ||
      (status === 500 && /fetch failed|ECONN|ENOTFOUND|EAI_AGAIN|socket/i.test(errorMessage(error)));
    const why = timeout
      ? timeout.message
      : unreachable
        ? `GitHub's API at ${deps.context.apiUrl} could not be reached (${property(cause, 'code') ?? property(cause, 'message') ?? errorMessage(error)})`
        : `GitHub's API answered ${status}: ${errorMessage(error)}`;
    core.warning(
      `the comment on pull request #${pr.number} was not written: ${why}; execution ${report.executionName} was launched ` +
        `(${report.url}, ${report.phase}) and its outputs are set; ${fallback}`,
    );
  }
}

/**
 * `command: run`: resolves the launch plan, checks `inputs` against its interface, launches an
 * execution, optionally waits for a terminal phase, sets `execution-name`, `execution-url`, `phase`
 * (and, once it waited for a success, the execution's outputs: {@link setExecutionOutputs}), writes
 * the job summary and, on pull requests, the comment (with the failing node's error, if any). With `dry-run`, stops after the checks.
 * @throws LaunchPlanNotFoundError; LiteralValueError for bad inputs; ExecutionFailedError when it
 *   waited and the execution did not succeed; WaitTimeoutError; AdminError of the calls.
 */
export async function runCommand(
  client: Client,
  settings: RunSettings,
  deps: RunDeps,
): Promise<RunReport | undefined> {
  const launchPlan = await resolveLaunchPlan(client, {
    project: settings.project,
    domain: settings.domain,
    name: settings.launchPlan,
    version: settings.version,
  });
  const version = launchPlan.id?.version ?? '';
  const inputs = launchPlanInputs(launchPlan, settings.inputs);
  core.info(`Launch plan ${settings.launchPlan} version ${version}`);
  if (settings.dryRun) {
    core.info('Dry run: the launch plan exists and the inputs fit it; nothing was launched');
    return undefined;
  }
  const id = await client.createExecution({
    project: settings.project,
    domain: settings.domain,
    spec: {
      launch_plan: {
        resource_type: 'LAUNCH_PLAN',
        project: settings.project,
        domain: settings.domain,
        name: settings.launchPlan,
        version,
      },
    },
    inputs,
  });
  const url = await client.consoleUrl(id);
  core.info(`Launched execution ${id.name}: ${url}`);
  core.setOutput('execution-name', id.name);
  core.setOutput('execution-url', url);

  let phase: string;
  let terminal = true;
  let execution: ExecutionOut;
  if (settings.wait) {
    core.info(`Waiting up to ${settings.waitTimeoutSeconds} s for execution ${id.name} to finish`);
    ({ phase, terminal, execution } = await waitForExecution(client, id, {
      timeoutSeconds: settings.waitTimeoutSeconds,
      onPhase: (p) => core.info(`Phase: ${p}`),
    }));
  } else {
    execution = await client.getExecution(id);
    phase = String(execution.closure?.phase ?? 'UNDEFINED');
  }
  core.setOutput('phase', phase);
  if (settings.wait && phase === 'SUCCEEDED') setExecutionOutputs(execution);
  const error =
    isTerminalPhase(phase) && phase !== 'SUCCEEDED' ? await failureOf(client, execution) : undefined;

  const report: RunReport = {
    launchPlan: settings.launchPlan,
    project: settings.project,
    domain: settings.domain,
    version,
    executionName: id.name,
    url,
    phase,
    sha: deps.context.sha,
    ...(error ? { error } : {}),
  };
  await writeJobSummary(runMarkdown(report));
  await commentOnPullRequest(settings, deps, report);
  if (settings.wait && !terminal) throw new WaitTimeoutError(id.name, phase, settings.waitTimeoutSeconds);
  if (settings.wait && phase !== 'SUCCEEDED') throw new ExecutionFailedError(id.name, phase, url, error);
  return report;
}
