import express, { type Express, type NextFunction, type Request } from 'express';
import type { AdminClient } from '../client/admin-client.js';
import { accessLog } from '../http-edge/access-log.js';
import { emitterOf, type LogRecord } from '../http-edge/log.js';
import { bodyProblem, HttpProblem, sendJson, sendProblem } from '../http-edge/problem.js';
import { launchGuards, type RateLimitOptions } from './guards.js';
import type { WebhookLocals, WebhookResponse } from './http.js';
import { Launcher, type LauncherClient } from './launcher.js';
import { WebhookMetrics } from './metrics.js';
import { operationalRoutes } from './ops-routes.js';
import { type ProblemPolicy, problemFrom } from './problems.js';

export type { LogRecord } from '../http-edge/log.js';
export type { RateLimitOptions } from './guards.js';
export { MAX_BODY_DEPTH } from './launcher.js';

/**
 * The admin client calls the webhook makes (a real {@link AdminClient} in production and tests). Each
 * call gets the request's `AdminCallOptions`: its deadline and a signal that aborts when the
 * deadline passes or the caller disconnects.
 */
export type WebhookClient = LauncherClient & Pick<AdminClient, 'getVersion'>;

/** Default rate limit per key: 600 launch requests a minute. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 600, windowMs: 60_000 };
/**
 * Default limit of failed authentications per client address: 20 a minute. A caller with a right key
 * fails rarely; a guesser needs millions of tries, and gets 20 a minute from one address.
 */
export const DEFAULT_AUTH_FAILURE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 60_000 };
/** Default largest request body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default deadline of a launch request, from arrival to answer: 10 s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** What {@link createApp} needs. */
export interface WebhookDeps {
  /** The one admin client; its channel is reused by every request. */
  client: WebhookClient;
  /**
   * Keys callers may send as `Authorization: Bearer <key>` (`WEBHOOK_API_KEY`; several during a
   * rotation). At least one, each non-empty. Never logged or answered.
   */
  apiKeys: string | readonly string[];
  /**
   * Secrets for signature mode (`WEBHOOK_SIGNING_SECRET`): a request without `Authorization` whose
   * `X-Hub-Signature-256: sha256=<hex>` is the HMAC-SHA256 of its raw body with one of them is
   * authenticated. Empty or absent: signature mode is off.
   */
  signingSecrets?: readonly string[];
  /** Receives one record per request (the access log) and per failure. Secrets never reach it. */
  log?: (record: LogRecord) => void;
  /** Largest accepted request body, in bytes. @default 1048576 */
  maxBodyBytes?: number;
  /** Most launch plan versions (and idempotency results) kept in memory. @default 1000 */
  cacheMaxItems?: number;
  /** Per-key rate limit; `false` turns it off. @default 600 requests per minute */
  rateLimit?: RateLimitOptions | false;
  /**
   * Failed authentications (401 answers) allowed per client address in each window, counted per TCP
   * peer address (IPv6 grouped by /56, express-rate-limit's `ipKeyGenerator`; behind a proxy that is
   * the proxy's address). Once an address has used them up, every launch request from it is answered
   * 429 with `Retry-After` (the seconds left in its window) before its credentials are looked at, so
   * a right guess is not told apart from a wrong one; other addresses are not affected. The presented
   * key is never logged. Anti-automation against guessing, as OWASP ASVS 4.0 V2.2.1 asks.
   * `false` turns it off. @default 20 failures per minute per address ({@link DEFAULT_AUTH_FAILURE_LIMIT})
   */
  authFailureLimit?: RateLimitOptions | false;
  /**
   * Deadline of a launch request in milliseconds, from the arrival of its headers to the answer. A
   * body still incomplete then is answered 408 (and the connection closed); a launch still waiting
   * for the admin is answered 503 and its admin call cancelled. @default 10000
   */
  requestTimeoutMs?: number;
  /** `Retry-After` of 503 answers, in seconds. @default 5 */
  retryAfterSeconds?: number;
  /** How long `/readyz` reuses its last probe of the admin, in milliseconds. @default 2000 */
  readyCacheMs?: number;
  /** Collect prom-client's process metrics too (when `metrics` is not given). @default false */
  processMetrics?: boolean;
  /** The metrics registry to count in; the entry makes it first to share it with the admin client. @default a new one */
  metrics?: WebhookMetrics;
}

/** The Express app plus what its entry needs to stop it gracefully. */
export type WebhookApp = Express & {
  /** The app's own metrics registry (served at `/metrics`). */
  readonly metrics: WebhookMetrics;
  /** From now on `/readyz` answers 503 and every answer closes its connection. */
  beginShutdown(): void;
};

/**
 * The launch route, with the version and without it (path-to-regexp 8's optional segment); metrics
 * and logs name both `run-workflow`.
 */
const RUN_ROUTE = '/run-workflow/:project/:domain/:workflow_name{/:version}';
/** The parameters of {@link RUN_ROUTE}, decoded; `version` is absent on the path without one. */
type RunParams = { project: string; domain: string; workflow_name: string; version?: string };

/**
 * The launch path in its plain shape, as callers send it: three or four segments with no `%`, no
 * query and no trailing slash, so that each segment is its own decoded value. Any other shape of
 * {@link RUN_ROUTE} (a query, a trailing slash, another letter case, percent-encoding) is left to
 * the router, which matches and decodes it.
 */
const PLAIN_LAUNCH_PATH = /^\/run-workflow\/([^/?#%]+)\/([^/?#%]+)\/([^/?#%]+)(?:\/([^/?#%]+))?$/;

/** A handler of the webhook's router, as Express calls it (it may return a promise). */
type Layer = (req: Request<RunParams>, res: WebhookResponse, next: NextFunction) => unknown;
/** The webhook's error handler, as Express calls it. */
type ErrorLayer = (error: unknown, req: Request, res: WebhookResponse, next: NextFunction) => void;

/**
 * Runs a POST to a {@link PLAIN_LAUNCH_PATH} through `layers` (the handlers the router would run
 * for it, in its order) without the router's walk; every other request goes to the router. The
 * walk (matching each layer's path, decoding and copying the parameters, dispatching through the
 * route) was about 25 µs of the webhook's 450 µs of CPU per launch (docs/performance.md). As in
 * Express: a layer goes on with `next()`, fails with `next(error)`, a throw or a rejected promise,
 * and a failure goes to `answerError` (and what it throws to the router's final handler). The
 * request gets the `params`, `baseUrl` and `originalUrl` the router would give it. Layers never
 * call `next('route')` or `next('router')`; one would be answered as an error.
 */
function dispatchPlainLaunches(app: Express, layers: readonly Layer[], answerError: ErrorLayer): void {
  const router = app.router;
  const walk: unknown = 'handle' in router ? router.handle : undefined;
  if (typeof walk !== 'function') throw new Error("this Express version's router has no handle()");
  /** The router's dispatch, as Express's `app.handle` calls it, with a plain launch taken first. */
  const handle = (req: Request<RunParams>, res: WebhookResponse, done: (error?: unknown) => void) => {
    const plain = req.method === 'POST' ? PLAIN_LAUNCH_PATH.exec(req.url) : null;
    if (plain === null) {
      walk.call(router, req, res, done);
      return;
    }
    const [, project = '', domain = '', name = '', version] = plain;
    req.params =
      version === undefined
        ? { project, domain, workflow_name: name }
        : { project, domain, workflow_name: name, version };
    req.baseUrl = '';
    req.originalUrl ||= req.url;
    let index = 0;
    const next = (error?: unknown) => {
      // As the router: any truthy argument is an error.
      if (error) {
        try {
          answerError(error, req, res, done);
        } catch (thrown) {
          done(thrown);
        }
        return;
      }
      const layer = layers[index++];
      if (layer === undefined) {
        done();
        return;
      }
      try {
        const result = layer(req, res, next);
        if (result instanceof Promise) {
          result.catch((rejected: unknown) => next(rejected || new Error('Rejected promise')));
        }
      } catch (thrown) {
        next(thrown || new Error('a launch handler threw a falsy value'));
      }
    };
    next();
  };
  Object.assign(router, { handle });
}

/**
 * The webhook app (spec, "Webhook app endpoint"):
 * `POST /run-workflow/{project}/{domain}/{workflow_name}/{version}` with a JSON object of inputs
 * launches that launch plan version and answers 200 `{"url", "execution": {project, domain, name}}`.
 * `POST /run-workflow/{project}/{domain}/{workflow_name}` (no version) launches the launch plan's
 * active version, else its newest by creation time, and its answer adds `"version"`, the version it
 * launched; an unknown launch plan answers 404 there too. Every other rule below holds for both paths.
 *
 * Answers, each with a JSON body `{error, code, request_id}` and never a stack trace or an internal
 * message: 400 malformed JSON, a body that is not a JSON object, or a malformed Idempotency-Key;
 * 401 (`WWW-Authenticate: Bearer`) missing or wrong credentials; 404 no such launch plan version;
 * 405 another method; 408 (`Connection: close`) the body did not arrive within the request timeout;
 * 409 an Idempotency-Key reused with another request; 413 body over the limit; 415 a body that is
 * not JSON (`application/json` or a `+json` type, UTF-8); 422 inputs that do not fit the launch plan (every problem in `problems`);
 * 429 (`Retry-After`) over the per-key rate limit, or too many failed authentications from the
 * caller's address; 502 the admin refused the launch otherwise; 503 (`Retry-After`) the admin is
 * unreachable after the client's retries or the request deadline passed.
 *
 * Every admin call of a request carries the request's deadline and is cancelled (grpc-js
 * `call.cancel()`, not retried) when the deadline passes or the caller disconnects first, so a
 * launch that has not reached the admin by then never happens (one the admin already received may
 * still complete; an Idempotency-Key makes the retry find it).
 *
 * Also `GET /healthz` (and `/healthcheck`), `GET /readyz`, `GET /metrics`, `GET /openapi.json`, none
 * authenticated. Every answer carries `X-Request-Id`.
 * @throws Error when no API key is given or one is empty (a programming error of the entry).
 */
export function createApp(deps: WebhookDeps): WebhookApp {
  const apiKeys = typeof deps.apiKeys === 'string' ? [deps.apiKeys] : [...deps.apiKeys];
  if (apiKeys.length === 0 || apiKeys.some((key) => key.length === 0)) {
    throw new Error('createApp needs at least one non-empty API key');
  }
  const emit = emitterOf(deps.log);
  const policy: ProblemPolicy = {
    emit,
    retryAfterSeconds: deps.retryAfterSeconds ?? 5,
    requestTimeoutMs: deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  };
  const metrics = deps.metrics ?? new WebhookMetrics({ processMetrics: deps.processMetrics ?? false });
  let shuttingDown = false;
  const isShuttingDown = () => shuttingDown;

  const launcher = new Launcher(deps.client, {
    ...policy,
    cacheMaxItems: deps.cacheMaxItems ?? 1000,
    metrics,
  });
  const guards = launchGuards({
    apiKeys,
    signingSecrets: (deps.signingSecrets ?? []).filter((secret) => secret.length > 0),
    rateLimit: deps.rateLimit ?? DEFAULT_RATE_LIMIT,
    authFailureLimit: deps.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT,
    maxBodyBytes: deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    requestTimeoutMs: policy.requestTimeoutMs,
    emit,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const logRequest = accessLog<WebhookLocals>({
    emit,
    metrics,
    shuttingDown: isShuttingDown,
    fields: ({ locals }) => ({
      principal: locals.principal,
      execution: locals.execution,
      replayed: locals.replayed,
    }),
    headers: true,
  });
  app.use(logRequest);

  /** The launch, once the guards let the request through. */
  const run = async (req: Request<RunParams>, res: WebhookResponse) => {
    const body: unknown = req.body;
    const key = req.headers['idempotency-key'];
    const launched = await launcher.launch({
      project: req.params.project,
      domain: req.params.domain,
      name: req.params.workflow_name,
      version: req.params.version,
      inputs: Buffer.isBuffer(body) ? body : '',
      // Node joins a repeated header into one string; a list would be malformed.
      idempotencyKey: Array.isArray(key) ? '' : key,
      call: { signal: res.locals.signal, deadline: res.locals.deadline },
    });
    res.locals.replayed = launched.replayed;
    res.locals.execution = launched.execution.name;
    if (launched.replayed) res.setHeader('Idempotent-Replayed', 'true');
    // The versioned path answers as the spec gives it; the unversioned one also names the version.
    sendJson(
      res,
      200,
      launched.version === undefined
        ? { url: launched.url, execution: launched.execution }
        : { url: launched.url, execution: launched.execution, version: launched.version },
    );
  };
  const launch = [guards.beforeBody, guards.readBody, guards.afterBody, run] as const;
  // One route for every method, so a launch matches the path and decodes its parameters once.
  app.all(RUN_ROUTE, ...launch);
  // After the launch route, so that a launch does not walk the operational routes first.
  app.use(
    operationalRoutes({
      client: deps.client,
      metrics,
      readyCacheMs: deps.readyCacheMs ?? 2000,
      requestTimeoutMs: policy.requestTimeoutMs,
      retryAfterSeconds: policy.retryAfterSeconds,
      shuttingDown: isShuttingDown,
    }),
  );

  const notFound = (_req: Request, res: WebhookResponse) => {
    sendProblem(res, new HttpProblem(404, 'not_found', 'no such endpoint; see /openapi.json'));
  };
  app.use(notFound);

  // The last handler: every error becomes a generic answer (Express's own handler would send a stack).
  const answerError = (error: unknown, req: Request, res: WebhookResponse, _next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The caller is gone (it disconnected before the answer): nobody to answer.
    if (req.socket.destroyed) return;
    sendProblem(
      res,
      error instanceof HttpProblem ? error : (bodyProblem(error) ?? problemFrom(error, policy)),
    );
  };
  app.use(answerError);
  // The layers a plain launch meets in the router, in its order: the access log, the launch route's
  // handlers, and (after the operational routes, which never match a POST) the 404.
  dispatchPlainLaunches(app, [logRequest, ...launch, notFound], answerError);

  return Object.assign(app, {
    metrics,
    beginShutdown() {
      shuttingDown = true;
    },
  });
}
