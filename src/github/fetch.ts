import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The `fetch` that orch's GitHub REST clients (the Action's and the bot's) send every request with:
 * a stated deadline for GitHub to answer, and a few bounded retries of answers that say "try again",
 * honouring `retry-after`. Without it a GitHub that accepts the connection and never answers holds
 * the caller for undici's 300 s headers timeout, reported by octokit as an answer with status 500.
 */

/** Seconds GitHub's API is given to start answering one request (its status and headers). */
export const GITHUB_REQUEST_SECONDS = 10;
/** Retries of one request after a 429, 500, 502, 503 or 504 answer (or, for GET and HEAD, a failed connection). */
export const GITHUB_RETRIES = 2;
/** Seconds one request may take in all, its retries and the waits between them included. */
export const GITHUB_BUDGET_SECONDS = 30;

/**
 * Answers worth one more try: GitHub's own failures and its gateways', and a plain 429 (too many
 * requests) that carries no rate-limit headers; octokit's throttling plugin retries the rate limits it
 * recognises (403 or 429 saying "secondary rate limit", or `x-ratelimit-remaining: 0`).
 */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * The time before which no request of one client may be sent, shared by all its requests: GitHub's
 * REST guidance asks a client that got a `retry-after` (a secondary rate limit, a 429, a 503) to send
 * nothing until that wait has passed, not only to retry that one request later.
 */
export interface GithubPause {
  /** Milliseconds since the epoch; 0 when nothing is to be waited for. */
  until: number;
}
/** Methods whose request may be sent again after a connection failed midway. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD']);

/**
 * Thrown (as the `cause` of octokit's RequestError, which gives it status 500) when GitHub's API
 * did not start answering a request within its deadline. Its message names the request and the
 * seconds waited: `GitHub's API did not answer within 10 s (POST /repos/o/r/issues/2/comments)`.
 */
export class GithubTimeoutError extends Error {
  constructor(
    /** The request's method, e.g. `POST`. */
    readonly method: string,
    /** The request's path on the API, without its query, e.g. `/repos/o/r/issues/2/comments`. */
    readonly path: string,
    /** Seconds the request waited for an answer. */
    readonly seconds: number,
    /** Set when the time allotted to the whole call (`until`) ran out rather than the request's own deadline. */
    allottedSeconds?: number,
  ) {
    super(
      `GitHub's API did not answer within ${seconds} s (${method} ${path})` +
        (allottedSeconds === undefined ? '' : `; the ${allottedSeconds} s allotted to this call ran out`),
    );
    this.name = 'GithubTimeoutError';
  }
}

/**
 * Thrown (as the `cause` of octokit's RequestError) when GitHub asked this client to wait (a
 * `retry-after` on an earlier answer) longer than the request's budget allows: the request is not
 * sent. Its message names the request and the seconds GitHub asked for.
 */
export class GithubPausedError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    /** Seconds still to wait when the request gave up. */
    readonly seconds: number,
  ) {
    super(
      `GitHub asked for ${seconds} s without requests, longer than this request may wait (${method} ${path})`,
    );
    this.name = 'GithubPausedError';
  }
}

/**
 * Thrown (as the `cause` of octokit's RequestError, which gives it status 500) when the caller's
 * `signal` aborted a request before GitHub answered it, or while it waited to be sent or retried (a
 * process shutting down abandons what GitHub has not answered). Its message names the request and
 * the abort's reason: `the request was abandoned (PATCH /repos/o/r/check-runs/5): the bot is shutting down`.
 */
export class GithubAbortedError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    reason: unknown,
  ) {
    super(
      `the request was abandoned (${method} ${path})` +
        (reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : ''),
    );
    this.name = 'GithubAbortedError';
  }
}

/**
 * The {@link GithubTimeoutError} in `error` or its chain of causes (octokit wraps it), else undefined.
 */
export function githubTimeoutOf(error: unknown): GithubTimeoutError | undefined {
  const found = causeOf(error, (e) => e instanceof GithubTimeoutError);
  return found instanceof GithubTimeoutError ? found : undefined;
}

/**
 * Whether GitHub never answered the request of `error` (its chain of causes, which octokit wraps):
 * a {@link GithubTimeoutError} or a {@link GithubAbortedError}. octokit gives both status 500.
 */
export function githubUnanswered(error: unknown): boolean {
  return (
    causeOf(error, (e) => e instanceof GithubTimeoutError || e instanceof GithubAbortedError) !== undefined
  );
}

/** The first error of `error`'s chain of causes (5 deep at most) that `match` accepts. */
function causeOf(error: unknown, match: (e: unknown) => boolean): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (match(current)) return current;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** How {@link githubFetch} sends requests. */
export interface GithubFetchOptions {
  /** The fetch underneath. @default the global fetch, looked up at each request */
  fetch?: typeof fetch;
  /** Seconds GitHub gets to start answering each attempt. @default {@link GITHUB_REQUEST_SECONDS} */
  requestSeconds?: number;
  /** Retries after a 429/500/502/503/504 answer or a failed GET/HEAD connection. @default {@link GITHUB_RETRIES} */
  retries?: number;
  /** Seconds one request may take, retries and waits included. @default {@link GITHUB_BUDGET_SECONDS} */
  budgetSeconds?: number;
  /**
   * A time (ms since the epoch) after which no request of this client may still wait: the bound of
   * a whole operation made of several requests, such as the Action's pull request comment.
   */
  until?: number;
  /**
   * Shared with every other request of the same client: a `retry-after` on any answer (403, 429 or
   * 5xx) makes each request wait until it has passed before it is sent. @default one of its own
   */
  pause?: GithubPause;
}

/**
 * Seconds to wait before retrying an answer: its `retry-after` (seconds, or an HTTP date), else
 * 1 s, then 2 s, 4 s... (RFC 9110, section 10.2.3).
 */
function retryDelaySeconds(response: Response, attempt: number): number {
  return retryAfterSeconds(response) ?? 2 ** attempt;
}

/** An answer's `retry-after` in seconds (from seconds or an HTTP date, RFC 9110 section 10.2.3), if any. */
function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : undefined;
}

/** Whether an answer's `retry-after` asks the whole client to wait (rate limits and GitHub's own failures). */
function pausesClient(status: number): boolean {
  return status === 403 || RETRIED_STATUSES.has(status);
}

/** The method and path of a request, for messages (never its query or headers, which may hold secrets). */
function describe(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
): { method: string; path: string } {
  const url = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.replace(/[?#].*$/, '');
  }
  return { method, path };
}

/**
 * A fetch for a GitHub REST client (`octokit`'s or `@actions/github`'s `request.fetch`): each attempt
 * must start answering (status and headers) within `requestSeconds`, else the request fails with a
 * {@link GithubTimeoutError} and is not sent again; a body being received is not cut off. A 429, 500,
 * 502, 503 or 504 answer, and for GET and HEAD a connection that failed, is tried again up to
 * `retries` times after its `retry-after` (else 1 s, 2 s, ...) when that wait fits in what is left of
 * `budgetSeconds` and `until`; otherwise that answer (or error) is what the client gets. A
 * `retry-after` on a 403, 429 or 5xx answer also holds every later request sharing `pause` until it
 * has passed (a request that cannot wait that long fails with {@link GithubPausedError}, unsent).
 * octokit's retry plugin cannot do this: it waits (retry count + 1)² s whatever GitHub said
 * (@octokit/plugin-retry 8, error-request.js). A caller's `signal` (octokit's `request.signal`) aborts
 * the request, and any wait before it is sent or retried, with a {@link GithubAbortedError}.
 */
export function githubFetch(options: GithubFetchOptions = {}): typeof fetch {
  const requestMs = (options.requestSeconds ?? GITHUB_REQUEST_SECONDS) * 1000;
  const retries = options.retries ?? GITHUB_RETRIES;
  const budgetMs = (options.budgetSeconds ?? GITHUB_BUDGET_SECONDS) * 1000;
  const allottedSeconds =
    options.until === undefined ? undefined : Math.round((options.until - Date.now()) / 1000);
  const pause = options.pause ?? { until: 0 };

  /** One attempt, bounded by `waitMs` until the answer's headers arrive. */
  const attempt = async (
    input: Parameters<typeof fetch>[0],
    init: RequestInit | undefined,
    waitMs: number,
  ) => {
    const send = options.fetch ?? globalThis.fetch;
    const controller = new AbortController();
    const callerSignal = init?.signal ?? undefined;
    const forward = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forward();
    callerSignal?.addEventListener('abort', forward, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, waitMs);
    try {
      return await send(input, { ...init, signal: controller.signal });
    } catch (error) {
      if (callerSignal?.aborted) {
        const { method, path } = describe(input, init);
        throw new GithubAbortedError(method, path, callerSignal.reason);
      }
      if (!timedOut) throw error;
      return undefined;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forward);
    }
  };

  return async (input, init) => {
    const started = Date.now();
    const end = Math.min(started + budgetMs, options.until ?? Number.POSITIVE_INFINITY);
    const { method, path } = describe(input, init);
    const signal = init?.signal ?? undefined;
    /** Waits `ms`; the caller's signal cuts the wait short with a GithubAbortedError. */
    const wait = (ms: number) =>
      sleep(ms, undefined, signal ? { signal } : {}).catch(() => {
        throw new GithubAbortedError(method, path, signal?.reason);
      });
    if (signal?.aborted) throw new GithubAbortedError(method, path, signal.reason);
    const resendable = init?.body === undefined || init.body === null || typeof init.body === 'string';
    for (let tries = 0; ; tries += 1) {
      // Another answer of this client asked for a wait: honour it, or give up when it would outlast the budget.
      const pausedMs = pause.until - Date.now();
      if (pausedMs > 0) {
        if (Date.now() + pausedMs >= end)
          throw new GithubPausedError(method, path, Math.ceil(pausedMs / 1000));
        await wait(pausedMs);
      }
      const waitMs = Math.max(0, Math.min(requestMs, end - Date.now()));
      let response: Response | undefined;
      try {
        response = await attempt(input, init, waitMs);
      } catch (error) {
        const again =
          tries < retries && resendable && IDEMPOTENT_METHODS.has(method) && !init?.signal?.aborted;
        const delayMs = 2 ** tries * 1000;
        if (!again || Date.now() + delayMs >= end) throw error;
        await wait(delayMs);
        continue;
      }
      if (response === undefined) {
        const cut = waitMs < requestMs && options.until !== undefined && end === options.until;
        throw new GithubTimeoutError(
          method,
          path,
          Math.ceil(waitMs / 1000),
          cut ? allottedSeconds : undefined,
        );
      }
      const after = pausesClient(response.status) ? retryAfterSeconds(response) : undefined;
      if (after !== undefined) pause.until = Math.max(pause.until, Date.now() + after * 1000);
      if (!RETRIED_STATUSES.has(response.status) || tries >= retries || !resendable) return response;
      const delayMs = retryDelaySeconds(response, tries) * 1000;
      if (Date.now() + delayMs >= end) return response;
      await response.body?.cancel().catch(() => undefined);
      await wait(delayMs);
    }
  };
}
