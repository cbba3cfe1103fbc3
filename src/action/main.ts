import { relative } from 'node:path';
import * as core from '@actions/core';
import { errorMessage, property } from '../api/guards.js';
import { LiteralValueError } from '../api/literals.js';
import { AdminError, DeadlineExceededError, UnavailableError } from '../client/errors.js';
import { githubFetch } from '../github/fetch.js';
import { WorkflowFileError } from '../registration/workflow-file.js';
import { ACTION_RETRY, ADMIN_GIVE_UP_SECONDS, createActionClient } from './client.js';
import type { GithubClient } from './comment.js';
import { ServiceNotOfferedError } from './errors.js';
import { readGithubContext } from './github-context.js';
import { readSettings } from './inputs.js';
import { createApiKeyCommand, createSecretCommand, deployAppCommand } from './manage.js';
import { registerCommand } from './register.js';
import { COMMENT_SECONDS, runCommand } from './run.js';
import { requireService } from './services.js';

/** What the entry can replace, for tests: the environment and the `fetch` of GitHub's REST client. */
export interface ActionDeps {
  /** The runner's variables (`GITHUB_*`). @default process.env */
  env?: NodeJS.ProcessEnv;
  /**
   * The `fetch` the REST client uses. @default the toolkit's own (proxy-aware) fetch; tests pass
   * `globalThis.fetch` so that msw sees the requests.
   */
  fetch?: typeof fetch;
}

/**
 * Loads a module of `@actions/github`. Each of its modules that makes a `context` reads
 * `GITHUB_EVENT_PATH` as it loads and prints "GITHUB_EVENT_PATH ... does not exist" for a missing
 * file (twice for `run`); the Action reports that itself, once, so with `hideEventPath` the variable
 * is unset while the module loads, and set again after.
 */
async function loadToolkit<T>(load: () => Promise<T>, hideEventPath: boolean): Promise<T> {
  const saved = process.env.GITHUB_EVENT_PATH;
  if (!hideEventPath || saved === undefined) return load();
  delete process.env.GITHUB_EVENT_PATH;
  try {
    return await load();
  } finally {
    process.env.GITHUB_EVENT_PATH = saved;
  }
}

/**
 * Reports a failure: workflow file problems as `::error file=..,line=..,col=..::` annotations (paths
 * relative to the workspace), input problems as one message, admin errors with their hint; then
 * fails the step (`core.setFailed`, which sets the exit code so that cleanup still runs).
 */
/**
 * One line for an admin that cannot be reached or does not answer, in the Action's own terms (its
 * `endpoint` and `insecure` inputs), the endpoint named once and the transport's cause in plain words.
 */
function connectionFailure(error: UnavailableError, admin: { endpoint: string; insecure: boolean }): string {
  // The transport's own words (the message has them in plain words already) and the message.
  const details = property(error.cause, 'details');
  const text = `${typeof details === 'string' ? details : ''} ${error.message}`;
  const over = admin.insecure ? 'plaintext' : 'TLS';
  const causes: [RegExp, string][] = [
    [/ECONNREFUSED/, 'the connection was refused: nothing listens there'],
    [/ENOTFOUND|EAI_AGAIN|getaddrinfo|Name resolution failed/, 'the host name does not resolve'],
    [/EHOSTUNREACH|ENETUNREACH/, 'the host cannot be reached from this runner'],
    [/ECONNRESET|socket hang up/, 'the connection was reset'],
    [
      /wrong version number|WRONG_VERSION_NUMBER|SSL routines|handshake|certificate|Protocol error|http2/i,
      admin.insecure
        ? 'the admin speaks TLS: set insecure to false'
        : 'the TLS handshake failed: if the admin is plaintext (a local sandbox), set insecure to true',
    ],
  ];
  if (error instanceof DeadlineExceededError) {
    return (
      `the admin at ${admin.endpoint} did not answer within ${ADMIN_GIVE_UP_SECONDS} s ` +
      `(${ACTION_RETRY.maxAttempts} attempts of at most ${ACTION_RETRY.perAttemptSeconds} s each, over ${over}); ` +
      'check the endpoint input and that the admin is reachable from this runner'
    );
  }
  const cause = causes.find(([pattern]) => pattern.test(text))?.[1] ?? 'it did not accept the connection';
  return (
    `cannot reach the admin at ${admin.endpoint} over ${over}: ${cause}; ` +
    'check the endpoint and insecure inputs, and that the admin is reachable from this runner'
  );
}

function fail(error: unknown, workspace: string, admin?: { endpoint: string; insecure: boolean }): void {
  // An unreachable admin, however deep (token discovery wraps it): one line in the inputs' terms.
  let unreachable: unknown = error;
  for (let depth = 0; depth < 5 && unreachable && !(unreachable instanceof UnavailableError); depth += 1) {
    unreachable = property(unreachable, 'cause');
  }
  if (unreachable instanceof UnavailableError && admin) {
    core.setFailed(connectionFailure(unreachable, admin));
    return;
  }
  if (error instanceof WorkflowFileError) {
    for (const problem of error.problems) {
      core.error(problem.message, {
        title: 'invalid workflow file',
        file: relative(workspace, problem.file) || problem.file,
        startLine: problem.line,
        startColumn: problem.column,
      });
    }
    const n = error.problems.length;
    core.setFailed(`${n} problem${n === 1 ? '' : 's'} in workflow files; nothing was registered`);
    return;
  }
  if (error instanceof LiteralValueError) {
    core.setFailed(`the inputs do not fit the launch plan: ${error.message}`);
    return;
  }
  if (error instanceof AdminError && error.hint) {
    core.setFailed(`${error.message}\n${error.hint}`);
    return;
  }
  if (error instanceof ServiceNotOfferedError) {
    core.setFailed(error.message);
    return;
  }
  core.setFailed(errorMessage(error));
}

/**
 * The Action: reads its inputs (secrets masked first), runs the command and sets its outputs. The
 * only place that catches errors and fails the step; it never throws and never exits the process.
 */
export async function main(deps: ActionDeps = {}): Promise<void> {
  const env = deps.env ?? process.env;
  let workspace = env.GITHUB_WORKSPACE || process.cwd();
  let admin: { endpoint: string; insecure: boolean } | undefined;
  try {
    const settings = readSettings(env);
    admin = { endpoint: settings.endpoint, insecure: settings.insecure };
    const context = readGithubContext(env);
    workspace = context.workspace;
    if (context.missingEventFile) {
      core.warning(
        `GITHUB_EVENT_PATH ${context.missingEventFile} does not exist: the event is read as empty ` +
          '(no pull request to comment on)',
      );
    }
    if (settings.command !== 'register' && settings.command !== 'run') {
      requireService(settings.command);
    }
    const client = createActionClient(settings);
    try {
      if (settings.command === 'register') {
        await registerCommand(client, settings, workspace);
      } else if (settings.command === 'run') {
        // Loaded here, after the event file was read and checked: `@actions/github` parses it as it
        // loads, and a malformed one would end the process with a stack trace instead of one error.
        const hide = context.missingEventFile !== undefined;
        const { getOctokit } = await loadToolkit(() => import('@actions/github'), hide);
        // Its proxy-aware fetch, which githubFetch wraps with deadlines (loaded after the entry above).
        const toolkit = await loadToolkit(() => import('@actions/github/lib/utils'), hide);
        await runCommand(client, settings, {
          context,
          // Made when the comment is about to be written: its requests share COMMENT_SECONDS from then.
          github: (token): GithubClient =>
            getOctokit(token, {
              baseUrl: context.apiUrl,
              request: {
                fetch: githubFetch({
                  fetch: deps.fetch ?? toolkit.defaults.request?.fetch,
                  until: Date.now() + COMMENT_SECONDS * 1000,
                }),
              },
            }),
        });
      } else if (settings.command === 'create-secret') {
        await createSecretCommand(client, settings);
      } else if (settings.command === 'create-api-key') {
        await createApiKeyCommand(client, settings);
      } else {
        await deployAppCommand(client, settings, env);
      }
    } finally {
      client.close();
    }
  } catch (error) {
    fail(error, workspace, admin);
  }
}
