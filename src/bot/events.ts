import type { Octokit } from 'octokit';
import { errorMessage } from '../api/guards.js';
import { AlreadyExistsError } from '../client/errors.js';
import { httpStatusOf } from '../github/comment.js';
import { code } from '../github/markdown.js';
import { type BotCommand, COMMAND_HELP, parseCommand } from './commands.js';
import {
  adminFailure,
  type BotContext,
  type BotDeps,
  type Delivery,
  executionNameFor,
  LaunchRefused,
  type PayloadOf,
  payloadOf,
  type Repo,
} from './context.js';
import type { follower, launcher } from './executions.js';
import type { GithubCalls } from './github-calls.js';
import type { Registrar } from './registration.js';
import { REPO_CONFIG_PATH, type RepoConfig, roleAtLeast } from './repo-config.js';
import { type ExecutionRow, output } from './report.js';
import type { superseder } from './superseded.js';

/** Every part the event handlers use. */
export type BotParts = BotContext &
  GithubCalls &
  Registrar &
  ReturnType<typeof follower> &
  ReturnType<typeof launcher> &
  ReturnType<typeof superseder>;

/**
 * Why `user` may not use commands under `commands.allowedUsers`/`allowedTeams` (undefined when they
 * may: both lists empty, the user named, or an active member of a named team of the repository's
 * owner). Teams are looked up one by one through GitHub until one has the user.
 * @throws the REST client's error when a membership cannot be read (other than 404).
 */
export async function notAllowed(
  parts: Pick<GithubCalls, 'teamMember'>,
  gh: Octokit,
  repo: Repo,
  user: string,
  commands: RepoConfig['commands'],
): Promise<string | undefined> {
  const { allowedUsers, allowedTeams } = commands;
  if (!allowedUsers.length && !allowedTeams.length) return undefined;
  if (allowedUsers.some((u) => u.toLowerCase() === user.toLowerCase())) return undefined;
  for (const team of allowedTeams) {
    if (await parts.teamMember(gh, repo.owner, team, user)) return undefined;
  }
  const who = [
    allowedUsers.length ? `the users ${allowedUsers.map(code).join(', ')}` : '',
    allowedTeams.length
      ? `members of the teams ${allowedTeams.map((t) => code(`@${repo.owner}/${t}`)).join(', ')}`
      : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `commands on this repository are limited to ${who} (${code('commands.allowedUsers')}, ${code('commands.allowedTeams')} in ${code(REPO_CONFIG_PATH)}), and you are not one of them`;
}

/** What a handler made of a delivery. */
export type Outcome = 'done' | 'ignored';

/** What every handled event's payload carries: its repository and installation. */
type RepoPayload = PayloadOf<'push' | 'pull_request' | 'issue_comment' | 'check_run'>;

/** The repository a delivery is about. */
export function repoOf(payload: RepoPayload): Repo {
  return {
    owner: String(payload.repository?.owner?.login ?? ''),
    repo: String(payload.repository?.name ?? ''),
  };
}

/**
 * The REST client of the delivery's installation.
 * @throws Error when the delivery names no installation.
 */
export function installationOf(deps: BotDeps, payload: RepoPayload): Promise<Octokit> {
  const id = Number('installation' in payload ? payload.installation?.id : undefined);
  if (!Number.isInteger(id) || id <= 0) throw new Error('the delivery names no installation');
  return deps.installation(id);
}

/** A pull request's two ends, as a delivery or the REST API gives them. */
interface PullEnds {
  head?: { repo?: { full_name?: string } | null };
  base?: { repo?: { full_name?: string } | null };
}

/** True when a pull request's head is another repository (a fork, or one deleted since). */
export function isFork(pull: PullEnds): boolean {
  return !pull.head?.repo || pull.head.repo.full_name !== pull.base?.repo?.full_name;
}

/** Builds the handlers of `push` and `pull_request`. */
export function pushAndPullHandlers(parts: BotParts) {
  const { deps, logger, registerAt, reportCheck, trustedConfig, roleOf, runPullRequest, cancelSuperseded } =
    parts;
  const onPush = async (delivery: Delivery) => {
    const p = payloadOf(delivery, 'push');
    const branch = p.repository?.default_branch;
    if (p.deleted || !branch || p.ref !== `refs/heads/${branch}` || !p.after) return 'ignored';
    const gh = await installationOf(deps, p);
    await registerAt({ gh, repo: repoOf(p), sha: String(p.after) }, 'push');
    return 'done';
  };

  /**
   * On `synchronize` (the commit before it, `before`) and `closed` (its head), terminates the pull
   * request's executions still running from that commit, unless the default branch's
   * `pullRequests.cancelInProgress` is false. Returns how many were terminated; a configuration
   * that cannot be read cancels nothing.
   */
  const supersede = async (delivery: Delivery): Promise<number> => {
    const p = payloadOf(delivery, 'pull_request');
    const pull = p.pull_request;
    const number = Number(pull?.number);
    const closed = p.action === 'closed';
    const previous = String((closed ? pull?.head?.sha : delivery.payload.before) ?? '');
    if (!/^[0-9a-f]{40}$/.test(previous) || !Number.isInteger(number)) return 0;
    const repo = repoOf(p);
    const gh = await installationOf(deps, p);
    const trusted = await trustedConfig(gh, repo, p.repository?.default_branch).catch((error: unknown) => {
      logger.warn('the configuration could not be read; earlier executions are not cancelled', {
        error: errorMessage(error),
      });
      return null;
    });
    if (trusted === null || (trusted && !trusted.pullRequests.cancelInProgress)) return 0;
    const cause = closed
      ? `pull request #${number} was ${pull?.merged ? 'merged' : 'closed'}`
      : `superseded by commit ${String(pull?.head?.sha).slice(0, 12)} pushed to pull request #${number}`;
    return (await cancelSuperseded(gh, repo, number, previous, cause)).length;
  };

  const onPullRequest = async (delivery: Delivery) => {
    const p = payloadOf(delivery, 'pull_request');
    const pull = p.pull_request;
    const repo = repoOf(p);
    if (p.action === 'closed') return (await supersede(delivery)) ? 'done' : 'ignored';
    if (p.action === 'synchronize') await supersede(delivery);
    if (!pull?.head?.sha || pull.state === 'closed') return 'ignored';
    const sha = String(pull.head.sha);
    const number = Number(pull.number);
    if (p.action === 'labeled') {
      if (!isFork(pull)) return 'ignored';
      const gh = await installationOf(deps, p);
      const trusted = await trustedConfig(gh, repo, p.repository?.default_branch);
      if (!trusted || p.label?.name !== trusted.pullRequests.approvalLabel) return 'ignored';
      const sender = String(p.sender?.login);
      const role = await roleOf(gh, repo, sender);
      if (!roleAtLeast(role, trusted.commands.minimumPermission)) {
        logger.info('approval label added by someone without the permission; ignored', { user: sender });
        return 'ignored';
      }
      const refused = await notAllowed(parts, gh, repo, sender, trusted.commands);
      if (refused) {
        logger.info('approval label added by someone not allowed; ignored', { user: sender, why: refused });
        return 'ignored';
      }
      await runPullRequest(gh, repo, number, sha, delivery.id);
      return 'done';
    }
    if (!['opened', 'synchronize', 'reopened'].includes(String(p.action))) return 'ignored';
    const gh = await installationOf(deps, p);
    if (isFork(pull)) {
      const trusted = await trustedConfig(gh, repo, p.repository?.default_branch);
      if (!trusted) return 'ignored';
      const how = `someone with ${code(trusted.commands.minimumPermission)} permission comments ${code('/orch approve')} or adds the label ${code(trusted.pullRequests.approvalLabel)}`;
      await reportCheck(
        gh,
        repo,
        sha,
        'orch / register',
        'neutral',
        output(
          'Waiting for approval',
          `This pull request comes from a fork: nothing runs until ${how}. Each new commit needs a new approval.`,
        ),
        { external_id: 'register:pullRequests' },
      );
      return 'done';
    }
    await runPullRequest(gh, repo, number, sha, delivery.id);
    return 'done';
  };

  return { onPush, onPullRequest };
}

/** Builds the handler of `issue_comment`: the `/orch` commands. */
export function commentHandler(parts: BotParts) {
  const { deps, logger, registerAt, trustedConfig, roleOf, runPullRequest, launch, stickyWhenEnded } = parts;
  const onComment = async (delivery: Delivery) => {
    const p = payloadOf(delivery, 'issue_comment');
    if (p.action !== 'created' || !p.issue?.pull_request || !p.comment || p.comment.user?.type === 'Bot')
      return 'ignored';
    const command = parseCommand(String(p.comment?.body ?? ''));
    if (!command) return 'ignored';
    const repo = repoOf(p);
    const gh = await installationOf(deps, p);
    const number = Number(p.issue.number);
    const commentId = Number(p.comment.id);
    const user = String(p.comment.user?.login ?? '');
    const react = (content: 'eyes' | 'rocket' | 'confused') =>
      gh.rest.reactions.createForIssueComment({ ...repo, comment_id: commentId, content }).catch((error) => {
        logger.warn('the reaction was not added', { error: errorMessage(error) });
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
      return answer(false, `${sentence(command.message)} ${code('/orch help')} lists the commands.`);
    if (command.kind === 'help')
      return answer(true, `the commands:\n\n${COMMAND_HELP.map((line) => `- ${line}`).join('\n')}`);
    const trusted = await trustedConfig(gh, repo, p.repository?.default_branch);
    if (!trusted) {
      return answer(
        false,
        `this repository's default branch has no valid ${code(REPO_CONFIG_PATH)}, so no command runs.`,
      );
    }
    const minimum = trusted.commands.minimumPermission;
    let role: string;
    try {
      role = await roleOf(gh, repo, user);
    } catch (error) {
      // Never a silent drop: the person who asked hears why nothing runs.
      const status = httpStatusOf(error);
      logger.warn('the permission lookup failed; the command is refused', {
        method: 'GET',
        path: `/repos/${repo.owner}/${repo.repo}/collaborators/${user}/permission`,
        status,
        error: errorMessage(error),
      });
      return answer(
        false,
        `your permission on this repository could not be read (${status ? `GitHub answered ${status}` : errorMessage(error)}), ` +
          `so ${code(`/orch ${command.kind}`)} does not run; the app needs read access to the repository's collaborators.`,
      );
    }
    if (!roleAtLeast(role, minimum)) {
      return answer(
        false,
        `you need ${code(minimum)} permission on this repository to run ${code(`/orch ${command.kind}`)} (you have ${code(role)}).`,
      );
    }
    let refused: string | undefined;
    try {
      refused = await notAllowed(parts, gh, repo, user, trusted.commands);
    } catch (error) {
      const status = httpStatusOf(error);
      logger.warn('a team membership lookup failed; the command is refused', {
        status,
        error: errorMessage(error),
      });
      return answer(
        false,
        `your team membership could not be read (${status ? `GitHub answered ${status}` : errorMessage(error)}), ` +
          `so ${code(`/orch ${command.kind}`)} does not run; the app needs read access to the organisation's members.`,
      );
    }
    if (refused) return answer(false, `${code(`/orch ${command.kind}`)} does not run: ${refused}.`);
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
    const registered = await registerAt({ gh, repo, sha }, 'pullRequests');
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
      const launched = await launch(
        gh,
        repo,
        sha,
        registered,
        command.launchPlan,
        { ...defaults, ...command.inputs },
        key,
        number,
      );
      if (!launched) return answer(true, 'this command was handled already.');
      const { row } = launched;
      stickyWhenEnded(gh, repo, { number, sha }, [launched.ended]);
      if (launched.again) return answer(true, 'this command was handled already.');
      return answer(
        true,
        `launched ${code(command.launchPlan)} at version ${code(registered.report.version)}: ${row.url}`,
      );
    } catch (error) {
      if (error instanceof LaunchRefused) return answer(false, `${error.message}.`);
      return answer(false, adminFailure(error, deps.adminEndpoint));
    }
  };

  return { onComment };
}

/** Builds the handler of `check_run` rerequested: the Re-run of a check run the bot made. */
export function checkRunHandler(parts: BotParts) {
  const { deps, client, registerAt, createCheck, stickyWhenEnded, runPullRequest, follow } = parts;
  const onCheckRun = async (delivery: Delivery) => {
    const p = payloadOf(delivery, 'check_run');
    if (p.action !== 'rerequested' || !p.check_run) return 'ignored';
    const run = p.check_run;
    const external = String(run?.external_id ?? '');
    const repo = repoOf(p);
    const sha = String(run?.head_sha ?? '');
    if (external.startsWith('register:')) {
      const gh = await installationOf(deps, p);
      const purpose = external === 'register:push' ? 'push' : 'pullRequests';
      const pullNumber = run.pull_requests?.[0]?.number;
      if (purpose === 'pullRequests' && pullNumber !== undefined) {
        const pull = (await gh.rest.pulls.get({ ...repo, pull_number: pullNumber })).data;
        if (isFork(pull)) return 'ignored';
        await runPullRequest(gh, repo, pullNumber, sha, delivery.id);
      } else await registerAt({ gh, repo, sha }, purpose);
      return 'done';
    }
    const match = /^execution:([^:]+):([^:]+):([^:]+)$/.exec(external);
    if (!match) return 'ignored';
    const gh = await installationOf(deps, p);
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
    const ended = follow(gh, repo, checkId, id, row);
    if (pull) stickyWhenEnded(gh, repo, pull, [ended]);
    return 'done';
  };

  return { onCheckRun };
}

/** `text` as a sentence: a full stop added unless it already ends with one, or with `?` or `!`. */
function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}
