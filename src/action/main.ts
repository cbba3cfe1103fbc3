import { relative } from 'node:path';
import * as core from '@actions/core';
import { LiteralValueError } from '../api/literals.js';
import { AdminError } from '../client/errors.js';
import { WorkflowFileError } from '../registration/workflow-file.js';
import { createActionClient } from './client.js';
import type { GithubClient } from './comment.js';
import { messageOf, ServiceNotOfferedError } from './errors.js';
import { readGithubContext } from './github-context.js';
import { readSettings } from './inputs.js';
import { createApiKeyCommand, createSecretCommand, deployAppCommand } from './manage.js';
import { registerCommand } from './register.js';
import { runCommand } from './run.js';
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
 * Reports a failure: workflow file problems as `::error file=..,line=..,col=..::` annotations (paths
 * relative to the workspace), input problems as one message, admin errors with their hint; then
 * fails the step (`core.setFailed`, which sets the exit code so that cleanup still runs).
 */
function fail(error: unknown, workspace: string): void {
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
  core.setFailed(messageOf(error));
}

/**
 * The Action: reads its inputs (secrets masked first), runs the command and sets its outputs. The
 * only place that catches errors and fails the step; it never throws and never exits the process.
 */
export async function main(deps: ActionDeps = {}): Promise<void> {
  const env = deps.env ?? process.env;
  let workspace = env.GITHUB_WORKSPACE || process.cwd();
  try {
    const settings = readSettings();
    const context = readGithubContext(env);
    workspace = context.workspace;
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
        const { getOctokit } = await import('@actions/github');
        await runCommand(client, settings, {
          context,
          github: (token): GithubClient =>
            getOctokit(token, {
              baseUrl: context.apiUrl,
              ...(deps.fetch ? { request: { fetch: deps.fetch } } : {}),
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
    fail(error, workspace);
  }
}
