import type * as OctokitModule from 'octokit';
import { ORCH_VERSION } from '../api/version.js';
import { GITHUB_BUDGET_SECONDS, githubFetch } from '../github/fetch.js';
import type { Logger } from '../telemetry/log.js';

/**
 * Longest wait, in seconds, for a rate limit to lift before one retry: a `retry-after` (or
 * `x-ratelimit-reset`) further off fails the request instead of holding the delivery.
 */
export const RATE_LIMIT_WAIT_SECONDS = GITHUB_BUDGET_SECONDS;

/** What the bot's GitHub App is made of. */
export interface GithubAppOptions {
  /** The GitHub App's id (digits). */
  appId: string;
  /** The app's private key, PEM. */
  privateKey: string;
  /** The app's webhook secret, which signs deliveries. */
  webhookSecret: string;
  /** GitHub's REST API, e.g. `https://api.github.com`. */
  baseUrl: string;
  /** Space requests as GitHub asks (octokit's throttling) and wait out short rate limits. */
  throttle: boolean;
  logger: Logger;
  /** The fetch underneath the deadlines. @default the global fetch */
  fetch?: typeof fetch;
  /**
   * Aborts every request of the app still unanswered, and every wait before one is sent or retried,
   * with a `GithubAbortedError` (octokit's `request.signal`, installation tokens included): the bot
   * aborts it when its shutdown grace has passed.
   */
  signal?: AbortSignal;
}

/**
 * The octokit App acting for the GitHub App: JWTs from the private key, installation tokens (cached
 * by octokit until they expire), webhook verification with the secret. Every request, installation
 * tokens included, goes through `githubFetch`: GitHub has 10 s to start answering each one, a
 * 429/500/502/503/504 answer is tried again (twice at most, honouring `retry-after`) within 30 s in
 * all, and a `retry-after` on any answer holds all the app's requests until it has passed; octokit's
 * own retry plugin is off (it ignores `retry-after`: see githubFetch). With `throttle`, octokit's
 * throttling spaces requests as GitHub asks and waits out a primary rate limit (`x-ratelimit-reset`)
 * or a secondary one (`retry-after`) once when it lifts within {@link RATE_LIMIT_WAIT_SECONDS}.
 * `octokit` is passed in because it is heavy: the entry loads it only when the bot starts.
 */
export function createGithubApp(octokit: typeof OctokitModule, options: GithubAppOptions): OctokitModule.App {
  const { logger } = options;
  /**
   * A throttling handler: waits out the limit once when it lifts within RATE_LIMIT_WAIT_SECONDS
   * (octokit retries the request after `after` seconds), else lets the request fail; logs either way.
   */
  const waitOnce =
    (what: string) =>
    (after: number, request: { method: string; url: string }, _octokit: unknown, retries: number) => {
      const wait = retries < 1 && after <= RATE_LIMIT_WAIT_SECONDS;
      logger.warn(`${what}; ${wait ? 'waiting' : 'the request fails'}`, {
        method: request.method,
        url: request.url,
        retry_after_s: after,
      });
      return wait;
    };
  return new octokit.App({
    appId: options.appId,
    privateKey: options.privateKey,
    webhooks: { secret: options.webhookSecret },
    Octokit: octokit.Octokit.plugin(oneUserAgent).defaults({
      baseUrl: options.baseUrl,
      userAgent: `orch-bot/${ORCH_VERSION}`,
      // One pause for all the app's requests: a retry-after holds every installation's writes.
      request: {
        fetch: githubFetch({ fetch: options.fetch, pause: { until: 0 } }),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      retry: { enabled: false },
      throttle: options.throttle
        ? {
            onRateLimit: waitOnce('GitHub rate limit reached'),
            onSecondaryRateLimit: waitOnce('GitHub secondary rate limit reached'),
          }
        : { enabled: false },
    }),
    log: {
      debug: () => {},
      info: () => {},
      warn: (msg: string) => logger.warn(msg),
      error: (msg: string) => logger.error(msg),
    },
  });
}

/**
 * The REST client of installation `installationId`. A request answered 401 (GitHub no longer takes
 * the cached installation token: revoked, or the app's key rotated) gets a new token, which replaces
 * the cached one, and is sent once more; so one refused token fails no later delivery, where before
 * every delivery failed until the token expired (up to an hour). A second 401 is the answer.
 */
export async function installationClient(
  app: OctokitModule.App,
  installationId: number,
): Promise<OctokitModule.Octokit> {
  const octokit = await app.getInstallationOctokit(installationId);
  octokit.hook.wrap('request', async (request, options) => {
    try {
      return await request(options);
    } catch (error) {
      if (!isStatus(error, 401)) throw error;
      await octokit.auth({ type: 'installation', refresh: true });
      return request(options);
    }
  });
  return octokit;
}

/** Whether `error` is a request error (octokit's RequestError) with HTTP status `status`. */
function isStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === status;
}

/**
 * An octokit plugin that sends each product of the User-Agent once: the App builds its installation
 * clients from options that already hold the composed agent, so octokit would otherwise send
 * `orch-bot/x octokit.js/y orch-bot/x octokit.js/y ...` (GitHub asks for one agent naming the app).
 */
function oneUserAgent(client: { hook: OctokitModule.Octokit['hook'] }): void {
  client.hook.before('request', (options) => {
    const agent = options.headers['user-agent'];
    if (typeof agent !== 'string') return;
    // Products are space-separated; a comment in parentheses stays with the product before it.
    const products = agent.match(/\S+(?: \([^)]*\))?/g) ?? [];
    options.headers['user-agent'] = [...new Set(products)].join(' ');
  });
}
