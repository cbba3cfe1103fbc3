import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, extname, relative } from 'node:path';
import type { Octokit } from 'octokit';
import { LineCounter, parseDocument } from 'yaml';
import { LiteralValueError, launchPlanInputs, literalMapToJson } from '../api/literals.js';
import { type ExecutionPhase, TERMINAL_PHASES } from '../api/types.js';
import { type FileProblem, offsetOf, parseYamlSource } from '../api/yaml-file.js';
import type { AdminClient } from '../client/admin-client.js';
import { AdminError, AlreadyExistsError, NotFoundError, UnavailableError } from '../client/errors.js';
import { findComment, httpStatusOf, upsertComment } from '../github/comment.js';
import { code } from '../github/markdown.js';
import { expandWorkflowPaths } from '../registration/paths.js';
import { type RegistrationReport, registerFiles } from '../registration/register-files.js';
import { notRegisteredCount } from '../registration/report.js';
import { WorkflowFileError } from '../registration/workflow-file.js';
import type { Logger } from '../telemetry/log.js';
import { type Checkout, type CheckoutLimits, checkoutCommit } from './checkout.js';
import { type BotCommand, COMMAND_HELP, parseCommand } from './commands.js';
import {
  parseRepoConfig,
  REPO_CONFIG_PATH,
  type RepoConfig,
  RepoConfigError,
  roleAtLeast,
} from './repo-config.js';
import {
  ANNOTATIONS_PER_REQUEST,
  type Annotation,
  BOT_COMMENT_MARKER,
  type CheckOutput,
  type ExecutionRow,
  output,
  problemAnnotations,
  problemSummary,
  registrationSummary,
  stickyBody,
  stickyState,
} from './report.js';

/** The admin client calls the bot makes (a real `AdminClient` in production and tests). */
export type BotAdminClient = Pick<
  AdminClient,
  | 'createTask'
  | 'createWorkflow'
  | 'createLaunchPlan'
  | 'updateLaunchPlan'
  | 'createUploadLocation'
  | 'getLaunchPlan'
  | 'createExecution'
  | 'getExecution'
  | 'relaunchExecution'
  | 'watchExecution'
  | 'consoleUrl'
>;

/** One verified delivery: `X-GitHub-Delivery`, `X-GitHub-Event` and the parsed JSON body. */
export interface Delivery {
  id: string;
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: a GitHub payload; each handler reads the fields it needs and checks them.
  payload: any;
}

/** What {@link createBot} needs. */
export interface BotDeps {
  /** The one admin client. */
  client: BotAdminClient;
  /** The REST client of an installation, authenticated with its installation token. */
  installation(installationId: number): Promise<Octokit>;
  /** The admin this bot launches on, as `.github/orch.yaml`'s `admin.endpoint` must name it. */
  adminEndpoint: string;
  /** Where records go; secrets never do. */
  logger: Logger;
  /** Limits of each commit checkout. */
  checkout?: CheckoutLimits;
  /** Longest the bot follows one execution, in seconds. @default 3600 */
  watchSeconds?: number;
  /** Called with each delivery's outcome (for metrics). */
  onHandled?: (event: string, outcome: 'done' | 'ignored' | 'failed', seconds: number) => void;
}

/** The bot's event handling. */
export interface Bot {
  /**
   * Handles one verified delivery to the end of its synchronous part (registration, launches, check
   * runs created); the following of executions goes on in the background ({@link Bot.idle}).
   * Never rejects: failures are reported on GitHub where they can be, and logged.
   */
  handle(delivery: Delivery): Promise<'done' | 'ignored' | 'failed'>;
  /** Resolves when every background watch has ended. */
  idle(): Promise<void>;
  /** Stops following executions (their check runs stay as they are). */
  close(): void;
}

/** A repository: owner and name. */
interface Repo {
  owner: string;
  repo: string;
}

/** What a registration at a commit gave. */
interface Registered {
  config: RepoConfig;
  report: RegistrationReport;
  domain: string;
  /** The launch plans that commit registered, by name. */
  launchPlans: string[];
}

/** A launch the bot could not make, in words for the pull request. */
class LaunchRefused extends Error {}

const CONCLUSIONS: Record<string, string> = {
  SUCCEEDED: 'success',
  FAILED: 'failure',
  ABORTED: 'cancelled',
  TIMED_OUT: 'timed_out',
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The execution name of a launch made for a delivery: `bot-` and 32 hex digits of a SHA-256 of the
 * delivery id and the launch plan. Every replica derives the same name, so a delivery handled twice
 * (a redelivery, or two replicas) launches once: the admin answers AlreadyExists the second time.
 */
export function executionNameFor(deliveryId: string, launchPlan: string): string {
  const digest = createHash('sha256').update(`orch-bot v1\n${deliveryId}\n${launchPlan}`).digest('hex');
  return `bot-${digest.slice(0, 32)}`;
}

/** Why the admin failed, in words for a check run: an unreachable admin is said so. */
function adminFailure(error: unknown, endpoint: string): string {
  if (error instanceof UnavailableError) {
    return `The admin at ${endpoint} could not be reached (${error.message}); nothing was registered or launched. Re-run this check once it is back.`;
  }
  if (error instanceof AdminError) return `The admin refused: ${error.message}`;
  return messageOf(error);
}

/**
 * The GitHub App's behaviour (README, "Self-hosting the bot"):
 * - `push` to the default branch registers the configured workflow files at that commit into
 *   `domains.push`, reported on the check run `orch / register`;
 * - `pull_request` opened, synchronize, reopened registers the head commit into
 *   `domains.pullRequests` and launches `pullRequests.launchPlans`, each reported on a check run
 *   `orch / <launch plan>` followed with WatchExecution, and in one sticky comment; a pull request
 *   from a fork waits for `/orch approve` or the approval label from someone permitted;
 * - `issue_comment` created on a pull request: the `/orch` commands (see `./commands.ts`);
 * - `check_run` rerequested: runs the check's registration or execution again.
 * Everything else is ignored.
 */
export function createBot(deps: BotDeps): Bot {
  const { client, logger } = deps;
  const watches = new Set<Promise<void>>();
  const stop = new AbortController();
  /** Sticky comment updates, one after another per pull request. */
  const commentQueues = new Map<string, Promise<void>>();

  const track = (work: Promise<void>) => {
    watches.add(work);
    void work.finally(() => watches.delete(work));
  };

  // --- GitHub calls ------------------------------------------------------------------------------

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
    conclusion: string,
    out: CheckOutput,
  ): Promise<void> => {
    const annotations = out.annotations ?? [];
    const first = annotations.slice(0, ANNOTATIONS_PER_REQUEST);
    await gh.rest.checks.update({
      ...repo,
      check_run_id: id,
      status: 'completed',
      conclusion: conclusion as 'success',
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

  /** The configuration on the default branch, which alone decides who may do what. */
  const trustedConfig = async (gh: Octokit, repo: Repo, branch: string): Promise<RepoConfig | undefined> => {
    try {
      const response = await gh.rest.repos.getContent({
        ...repo,
        path: REPO_CONFIG_PATH,
        ref: branch,
        mediaType: { format: 'raw' },
      });
      const data: unknown = response.data;
      const text =
        typeof data === 'string'
          ? data
          : data instanceof ArrayBuffer || ArrayBuffer.isView(data)
            ? Buffer.from(data as ArrayBuffer).toString('utf8')
            : '';
      return parseRepoConfig(text);
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

  // --- Registration ------------------------------------------------------------------------------

  /** Where the line of an entity is: its key in the file that defines it (by the name's prefix). */
  const entityAnnotations = async (
    dir: string,
    paths: readonly string[],
    report: RegistrationReport,
  ): Promise<Annotation[]> => {
    const sections: Record<string, string> = {
      Task: 'tasks',
      Workflow: 'workflows',
      'Launch Plan': 'launch_plans',
    };
    const annotations: Annotation[] = [];
    for (const entity of report.entities) {
      if (entity.status !== 'failed') continue;
      const name = entity.id.name ?? '';
      const path = paths.find((p) => name.startsWith(`${basename(p, extname(p))}.`));
      if (!path) continue;
      const text = await readFile(path, 'utf8');
      const lines = new LineCounter();
      const document = parseDocument(text, { lineCounter: lines });
      const local = name.slice(basename(path, extname(path)).length + 1);
      const section = sections[entity.type] ?? 'tasks';
      const { line } = lines.linePos(offsetOf(document, [section, local], true));
      annotations.push({
        path: relative(dir, path),
        start_line: line,
        end_line: line,
        annotation_level: 'failure',
        title: `${entity.type} ${name} was not registered`,
        message: entity.reason ?? entity.status,
      });
    }
    return annotations;
  };

  /**
   * Registers the configured workflow files of a commit, reported on the check run `orch / register`.
   * Undefined when the commit has no `.github/orch.yaml` (the repository does not use the bot) or
   * when registration failed (the check run says why).
   */
  const registerAt = async (
    gh: Octokit,
    repo: Repo,
    sha: string,
    purpose: 'push' | 'pullRequests',
  ): Promise<Registered | undefined> => {
    let checkout: Checkout | undefined;
    let check: number | undefined;
    const fail = async (title: string, summary: string, annotations: Annotation[] = []) => {
      if (check === undefined)
        check = await createCheck(gh, repo, sha, 'orch / register', { external_id: `register:${purpose}` });
      await completeCheck(gh, repo, check, 'failure', output(title, summary, annotations));
      return undefined;
    };
    try {
      try {
        checkout = await checkoutCommit(gh, { ...repo, sha }, deps.checkout);
      } catch (error) {
        return await fail(
          'The commit could not be fetched',
          `The archive of ${code(sha)} could not be read: ${messageOf(error)}`,
        );
      }
      const dir = checkout.dir;
      const rel = (file: string) => relative(dir, file) || file;
      let text: string;
      try {
        text = await readFile(`${dir}/${REPO_CONFIG_PATH}`, 'utf8');
      } catch {
        logger.info('no configuration at this commit; nothing to do', {
          repository: `${repo.owner}/${repo.repo}`,
          sha,
        });
        return undefined;
      }
      check = await createCheck(gh, repo, sha, 'orch / register', { external_id: `register:${purpose}` });
      let config: RepoConfig;
      const configFile = `${dir}/${REPO_CONFIG_PATH}`;
      try {
        config = parseRepoConfig(text, configFile);
      } catch (error) {
        if (!(error instanceof RepoConfigError)) throw error;
        return await fail(
          `${REPO_CONFIG_PATH} is not valid`,
          problemSummary(
            `${REPO_CONFIG_PATH} has ${error.problems.length} problem(s); nothing was registered.`,
            error.problems,
            rel,
          ),
          problemAnnotations(error.problems, rel),
        );
      }
      const source = parseYamlSource(configFile, text, '');
      const at = (path: (string | number)[], message: string): FileProblem => {
        source.problems.length = 0;
        source.report(path, message);
        return source.problems[0] as FileProblem;
      };
      if (config.admin?.endpoint && config.admin.endpoint !== deps.adminEndpoint) {
        const problem = at(
          ['admin', 'endpoint'],
          `this bot launches only on ${deps.adminEndpoint}; remove admin.endpoint or name that admin`,
        );
        return await fail(
          `${REPO_CONFIG_PATH} names another admin`,
          problemSummary('Nothing was registered.', [problem], rel),
          problemAnnotations([problem], rel),
        );
      }
      const { paths, unmatched } = await expandWorkflowPaths(config.files, dir);
      if (unmatched.length || paths.length === 0) {
        const problems = (unmatched.length ? unmatched : config.files).map((pattern) =>
          at(['files', config.files.indexOf(pattern)], `no file matches "${pattern}"`),
        );
        return await fail(
          'No workflow file to register',
          problemSummary('Nothing was registered.', problems, rel),
          problemAnnotations(problems, rel),
        );
      }
      const domain = purpose === 'push' ? config.domains.push : config.domains.pullRequests;
      let report: RegistrationReport;
      try {
        report = await registerFiles(client, paths, { target: { project: config.project, domain } });
      } catch (error) {
        if (error instanceof WorkflowFileError) {
          return await fail(
            'The workflow files are not valid',
            problemSummary(
              `${error.problems.length} problem(s); nothing was registered.`,
              error.problems,
              rel,
            ),
            problemAnnotations(error.problems, rel),
          );
        }
        logger.warn('registration failed', {
          repository: `${repo.owner}/${repo.repo}`,
          sha,
          error: messageOf(error),
        });
        return await fail('Registration failed', adminFailure(error, deps.adminEndpoint));
      }
      const failed = notRegisteredCount(report);
      const summary = registrationSummary(report, config.project, domain);
      if (failed) {
        await completeCheck(
          gh,
          repo,
          check,
          'failure',
          output(
            `${failed} entities were not registered (version ${report.version})`,
            summary,
            await entityAnnotations(dir, paths, report),
          ),
        );
        return undefined;
      }
      await completeCheck(
        gh,
        repo,
        check,
        'success',
        output(`Registered ${report.entities.length} entities at version ${report.version}`, summary),
      );
      const launchPlans = report.entities.filter((e) => e.type === 'Launch Plan').map((e) => e.id.name ?? '');
      return { config, report, domain, launchPlans };
    } finally {
      await checkout?.remove();
    }
  };

  // --- Executions --------------------------------------------------------------------------------

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
    const work = (async () => {
      try {
        const last = await client.watchExecution(
          id,
          (event) => {
            const phase = String(event.phase);
            if (event.node_id || phase === shown || TERMINAL_PHASES.has(phase as ExecutionPhase)) return;
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
            ? `Execution [${id.name}](${row.url}) succeeded.\n\nOutputs:\n\n\`\`\`json\n${JSON.stringify(outputs, null, 2)}\n\`\`\``
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
    })();
    track(work);
  };

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

  // --- Events ------------------------------------------------------------------------------------

  const repoOf = (payload: Delivery['payload']): Repo => ({
    owner: String(payload.repository?.owner?.login ?? ''),
    repo: String(payload.repository?.name ?? ''),
  });
  const installationOf = async (payload: Delivery['payload']) => {
    const id = Number(payload.installation?.id);
    if (!Number.isInteger(id) || id <= 0) throw new Error('the delivery names no installation');
    return deps.installation(id);
  };
  const isFork = (pull: Delivery['payload']) =>
    !pull.head?.repo || pull.head.repo.full_name !== pull.base?.repo?.full_name;

  const onPush = async (delivery: Delivery) => {
    const p = delivery.payload;
    const branch = p.repository?.default_branch;
    if (p.deleted || !branch || p.ref !== `refs/heads/${branch}` || !p.after) return 'ignored';
    const gh = await installationOf(p);
    await registerAt(gh, repoOf(p), String(p.after), 'push');
    return 'done';
  };

  const onPullRequest = async (delivery: Delivery) => {
    const p = delivery.payload;
    const pull = p.pull_request;
    const repo = repoOf(p);
    if (!pull?.head?.sha || pull.state === 'closed') return 'ignored';
    const sha = String(pull.head.sha);
    if (p.action === 'labeled') {
      if (!isFork(pull)) return 'ignored';
      const gh = await installationOf(p);
      const trusted = await trustedConfig(gh, repo, p.repository.default_branch);
      if (!trusted || p.label?.name !== trusted.pullRequests.approvalLabel) return 'ignored';
      const role = await roleOf(gh, repo, String(p.sender?.login));
      if (!roleAtLeast(role, trusted.commands.minimumPermission)) {
        logger.info('approval label added by someone without the permission; ignored', {
          user: p.sender?.login,
        });
        return 'ignored';
      }
      await runPullRequest(gh, repo, pull.number, sha, delivery.id);
      return 'done';
    }
    if (!['opened', 'synchronize', 'reopened'].includes(p.action)) return 'ignored';
    const gh = await installationOf(p);
    if (isFork(pull)) {
      const trusted = await trustedConfig(gh, repo, p.repository.default_branch);
      if (!trusted) return 'ignored';
      const checkId = await createCheck(gh, repo, sha, 'orch / register', {
        external_id: 'register:pullRequests',
      });
      const how = `someone with ${code(trusted.commands.minimumPermission)} permission comments ${code('/orch approve')} or adds the label ${code(trusted.pullRequests.approvalLabel)}`;
      await completeCheck(
        gh,
        repo,
        checkId,
        'neutral',
        output(
          'Waiting for approval',
          `This pull request comes from a fork: nothing runs until ${how}. Each new commit needs a new approval.`,
        ),
      );
      return 'done';
    }
    await runPullRequest(gh, repo, pull.number, sha, delivery.id);
    return 'done';
  };

  const onComment = async (delivery: Delivery) => {
    const p = delivery.payload;
    if (p.action !== 'created' || !p.issue?.pull_request || p.comment?.user?.type === 'Bot') return 'ignored';
    const command = parseCommand(String(p.comment?.body ?? ''));
    if (!command) return 'ignored';
    const repo = repoOf(p);
    const gh = await installationOf(p);
    const number = Number(p.issue.number);
    const commentId = Number(p.comment.id);
    const user = String(p.comment.user?.login ?? '');
    const react = (content: 'eyes' | 'rocket' | 'confused') =>
      gh.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content }).catch((error) => {
        logger.warn('the reaction was not added', { error: messageOf(error) });
      });
    const reply = (text: string) =>
      gh.rest.issues.createComment({ ...repo, issue_number: number, body: `@${user} ${text}` });
    await react('eyes');
    const answer = async (ok: boolean, text: string) => {
      await reply(text);
      await react(ok ? 'rocket' : 'confused');
      return 'done' as const;
    };
    if (command.kind === 'invalid')
      return answer(false, `${command.message}. ${code('/orch help')} lists the commands.`);
    if (command.kind === 'help')
      return answer(true, `the commands:\n\n${COMMAND_HELP.map((line) => `- ${line}`).join('\n')}`);
    const trusted = await trustedConfig(gh, repo, p.repository.default_branch);
    if (!trusted) {
      return answer(
        false,
        `this repository's default branch has no valid ${code(REPO_CONFIG_PATH)}, so no command runs.`,
      );
    }
    const minimum = trusted.commands.minimumPermission;
    const role = await roleOf(gh, repo, user);
    if (!roleAtLeast(role, minimum)) {
      return answer(
        false,
        `you need ${code(minimum)} permission on this repository to run ${code(`/orch ${command.kind}`)} (you have ${code(role)}).`,
      );
    }
    const pull = (await gh.rest.pulls.get({ ...repo, pull_number: number })).data;
    const sha = pull.head.sha;
    return runCommand(gh, repo, number, sha, command, delivery.id, answer);
  };

  const runCommand = async (
    gh: Octokit,
    repo: Repo,
    number: number,
    sha: string,
    command: Exclude<BotCommand, { kind: 'invalid' | 'help' }>,
    key: string,
    answer: (ok: boolean, text: string) => Promise<'done'>,
  ) => {
    if (command.kind === 'approve') {
      await runPullRequest(gh, repo, number, sha, key);
      return answer(
        true,
        `approved ${code(sha.slice(0, 12))}: its checks show the registration and the executions.`,
      );
    }
    const registered = await registerAt(gh, repo, sha, 'pullRequests');
    if (!registered)
      return answer(
        false,
        `the registration of ${code(sha.slice(0, 12))} failed; its check run ${code('orch / register')} says why.`,
      );
    if (command.kind === 'register') {
      return answer(
        true,
        `registered ${registered.report.entities.length} entities at version ${code(registered.report.version)} in project ${code(registered.config.project)}, domain ${code(registered.domain)}.`,
      );
    }
    const defaults =
      registered.config.pullRequests.launchPlans.find((lp) => lp.name === command.launchPlan)?.inputs ?? {};
    try {
      const row = await launch(
        gh,
        repo,
        sha,
        registered,
        command.launchPlan,
        { ...defaults, ...command.inputs },
        key,
        { number, sha },
      );
      if (!row) return answer(true, 'this command was handled already.');
      return answer(
        true,
        `launched ${code(command.launchPlan)} at version ${code(registered.report.version)}: ${row.url}`,
      );
    } catch (error) {
      if (error instanceof LaunchRefused) return answer(false, `${error.message}.`);
      return answer(false, adminFailure(error, deps.adminEndpoint));
    }
  };

  const onCheckRun = async (delivery: Delivery) => {
    const p = delivery.payload;
    if (p.action !== 'rerequested') return 'ignored';
    const run = p.check_run;
    const external = String(run?.external_id ?? '');
    const repo = repoOf(p);
    const sha = String(run?.head_sha ?? '');
    if (external.startsWith('register:')) {
      const gh = await installationOf(p);
      const purpose = external === 'register:push' ? 'push' : 'pullRequests';
      const pullNumber = run.pull_requests?.[0]?.number;
      if (purpose === 'pullRequests' && pullNumber !== undefined) {
        const pull = (await gh.rest.pulls.get({ ...repo, pull_number: pullNumber })).data;
        if (isFork(pull)) return 'ignored';
        await runPullRequest(gh, repo, pullNumber, sha, delivery.id);
      } else await registerAt(gh, repo, sha, purpose);
      return 'done';
    }
    const match = /^execution:([^:]+):([^:]+):([^:]+)$/.exec(external);
    if (!match) return 'ignored';
    const gh = await installationOf(p);
    const [, project = '', domain = '', name = ''] = match;
    const again = executionNameFor(delivery.id, name);
    const id = await client.relaunchExecution({ project, domain, name }, again).catch((error) => {
      if (error instanceof AlreadyExistsError) return undefined;
      throw error;
    });
    if (!id) return 'done';
    const url = await client.consoleUrl(id);
    const launchPlan = String(run.name ?? '').replace(/^orch \/ /, '');
    const row: ExecutionRow = { launchPlan, name: id.name, url, phase: 'QUEUED' };
    const checkId = await createCheck(gh, repo, sha, String(run.name), {
      details_url: url,
      external_id: `execution:${id.project}:${id.domain}:${id.name}`,
      output: output('Phase: QUEUED', `Execution [${id.name}](${url}), a re-run of ${code(name)}.`),
    });
    const pullNumber = run.pull_requests?.[0]?.number;
    const pull = pullNumber === undefined ? undefined : { number: Number(pullNumber), sha };
    if (pull) await updateSticky(gh, repo, pull.number, sha, [row]);
    follow(gh, repo, checkId, id, row, pull);
    return 'done';
  };

  const handlers: Record<string, (delivery: Delivery) => Promise<'done' | 'ignored'>> = {
    push: onPush,
    pull_request: onPullRequest,
    issue_comment: onComment,
    check_run: onCheckRun,
  };

  return {
    async handle(delivery) {
      const started = process.hrtime.bigint();
      const handler = handlers[delivery.name];
      let outcome: 'done' | 'ignored' | 'failed' = 'ignored';
      try {
        if (handler) outcome = await handler(delivery);
      } catch (error) {
        outcome = 'failed';
        logger.error('delivery failed', {
          delivery: delivery.id,
          event: delivery.name,
          status: httpStatusOf(error),
          error: messageOf(error),
        });
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      deps.onHandled?.(delivery.name, outcome, seconds);
      logger.info('delivery handled', {
        delivery: delivery.id,
        event: delivery.name,
        action: delivery.payload?.action,
        outcome,
        seconds,
      });
      return outcome;
    },
    async idle() {
      while (watches.size) await Promise.allSettled([...watches]);
      await Promise.allSettled([...commentQueues.values()]);
    },
    close() {
      stop.abort(new Error('the bot is shutting down'));
    },
  };
}
