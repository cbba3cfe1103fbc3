import { setMaxListeners } from 'node:events';
import { errorMessage } from '../api/guards.js';
import { httpStatusOf } from '../github/comment.js';
import type { Bot, BotContext, BotDeps, Delivery } from './context.js';
import { checkRunHandler, commentHandler, pushAndPullHandlers } from './events.js';
import { follower, launcher } from './executions.js';
import { githubCalls } from './github-calls.js';
import { recoverer } from './recovery.js';
import { registrar } from './registration.js';
import { superseder } from './superseded.js';

export type { Bot, BotAdminClient, BotDeps, Delivery } from './context.js';
export { executionNameFor } from './context.js';

/**
 * The GitHub App's behaviour (docs/bot.md):
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
  // Every followed execution listens to it: many listeners are expected, not a leak.
  setMaxListeners(0, stop.signal);
  const track = (work: Promise<void>) => {
    watches.add(work);
    void work.finally(() => watches.delete(work));
  };
  const context: BotContext = { deps, client, logger, stop, track };
  const calls = { ...context, ...githubCalls(context) };
  const registering = { ...calls, ...registrar(calls) };
  const following = { ...registering, ...follower(calls) };
  const parts = { ...following, ...launcher(following), ...superseder(calls) };
  const { onPush, onPullRequest } = pushAndPullHandlers(parts);
  const { onComment } = commentHandler(parts);
  const { onCheckRun } = checkRunHandler(parts);
  const { recover } = recoverer(following);
  const commentQueues = calls.commentQueues;

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
          error: errorMessage(error),
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
    recover,
    async idle() {
      while (watches.size) await Promise.allSettled([...watches]);
      await Promise.allSettled([...commentQueues.values()]);
    },
    close() {
      stop.abort(new Error('the bot is shutting down'));
    },
  };
}
