import { randomUUID } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { MAX_NESTING_DEPTH, nestingDepth } from '../api/limits.js';
import { LiteralValueError, literalMapToJson, type ValueProblem } from '../api/literals.js';
import type { LiteralMap } from '../api/types.js';
import { type AdminCallOptions, type AdminClient, untilAborted } from '../client/admin-client.js';
import {
  AdminError,
  AlreadyExistsError,
  CancelledError,
  InvalidArgumentError,
  NotFoundError,
  PermissionError,
  ResourceExhaustedError,
  UnavailableError,
} from '../client/errors.js';
import { inSpan, serveInSpan } from '../telemetry/tracing.js';
import { bearerToken, KeyRing, SIGNATURE_HEADER, signatureMatches } from './auth.js';
import {
  executionNameForKey,
  type LaunchPlanKey,
  launchFingerprint,
  validIdempotencyKey,
} from './idempotency.js';
import { effectiveInputs, inputsFromBody, type LaunchInterface, LaunchPlanCache } from './launch-plans.js';
import { Lru } from './lru.js';
import { WebhookMetrics } from './metrics.js';
import { WEBHOOK_OPENAPI } from './openapi.js';

/**
 * The admin client calls the webhook makes (a real {@link AdminClient} in production and tests). Each
 * call gets the request's {@link AdminCallOptions}: its deadline and a signal that aborts when the
 * deadline passes or the caller disconnects.
 */
export type WebhookClient = Pick<
  AdminClient,
  'getLaunchPlan' | 'createExecution' | 'getExecution' | 'getExecutionData' | 'consoleUrl' | 'getVersion'
>;

/** One structured log record: `level`, `msg` and fields; the entry writes it as a JSON line. */
export interface LogRecord {
  time: string;
  level: 'info' | 'warn' | 'error';
  msg: string;
  [field: string]: unknown;
}

/** Per-key rate limit: at most `limit` launch requests per `windowMs` milliseconds for each key. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

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
/** Deepest nesting of arrays and objects accepted in a body. */
export const MAX_BODY_DEPTH = MAX_NESTING_DEPTH;

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

/** Name of the launch route (metrics and logs label it so). */
const RUN_ROUTE = '/run-workflow/:project/:domain/:workflow_name/:version';

/** Request headers whose values never reach a log. */
const REDACTED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', SIGNATURE_HEADER]);

/** A failure answered to the caller: status, a stable code and a generic message. */
class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** What a launch answered, kept for idempotent replays. */
interface LaunchResult {
  fingerprint: string;
  execution: { project: string; domain: string; name: string };
  url: string;
  /** True when the admin already had the execution (an earlier delivery, maybe on another replica). */
  existing: boolean;
}

/** Why a request's signal aborted: its deadline passed. */
class RequestDeadlineError extends Error {}
/** Why a request's signal aborted: the caller closed the connection before the answer. */
class ClientGoneError extends Error {}

const clip = (text: string, max = 256) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The webhook app (spec, "Webhook app endpoint"):
 * `POST /run-workflow/{project}/{domain}/{workflow_name}/{version}` with a JSON object of inputs
 * launches that launch plan version and answers 200 `{"url", "execution": {project, domain, name}}`.
 *
 * Answers, each with a JSON body `{error, code, request_id}` and never a stack trace or an internal
 * message: 400 malformed JSON, a body that is not a JSON object, or a malformed Idempotency-Key;
 * 401 (`WWW-Authenticate: Bearer`) missing or wrong credentials; 404 no such launch plan version;
 * 405 another method; 408 (`Connection: close`) the body did not arrive within the request timeout;
 * 409 an Idempotency-Key reused with another request; 413 body over the limit; 415 a body that is
 * not `application/json`; 422 inputs that do not fit the launch plan (every problem in `problems`);
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
  const keys = new KeyRing(apiKeys);
  const signingSecrets = (deps.signingSecrets ?? []).filter((secret) => secret.length > 0);
  const log = deps.log ?? (() => {});
  const emit = (level: LogRecord['level'], msg: string, fields: Record<string, unknown>) =>
    log({ time: new Date().toISOString(), level, msg, ...fields });
  const maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const cacheMaxItems = deps.cacheMaxItems ?? 1000;
  const requestTimeoutMs = deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const retryAfter = String(deps.retryAfterSeconds ?? 5);
  const readyCacheMs = deps.readyCacheMs ?? 2000;
  const client = deps.client;
  const plans = new LaunchPlanCache(client, cacheMaxItems);
  const finished = new Lru<string, LaunchResult>(cacheMaxItems);
  const inFlight = new Map<string, Promise<LaunchResult>>();
  const metrics = deps.metrics ?? new WebhookMetrics({ processMetrics: deps.processMetrics ?? false });
  let shuttingDown = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  // Request id, access log and request metrics.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.route = 'unmatched';
    res.set('X-Request-Id', requestId);
    if (shuttingDown) res.set('Connection', 'close');
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = String(res.locals.route);
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.requests.inc({ method: req.method, route, status: String(status) });
      metrics.requestSeconds.observe({ route }, seconds);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
        headers[name] = REDACTED_HEADERS.has(name) ? '[redacted]' : clip(text);
      }
      emit(status >= 500 ? 'error' : 'info', 'request', {
        request_id: requestId,
        method: req.method,
        path: clip(req.path, 512),
        route,
        status,
        duration_ms: Math.round(seconds * 1e6) / 1e3,
        remote: req.socket.remoteAddress,
        principal: res.locals.principal,
        execution: res.locals.execution,
        replayed: res.locals.replayed,
        headers,
      });
    };
    res.once('finish', done);
    res.once('close', done);
    // The request runs in a SERVER span continuing the caller's trace (W3C traceparent), so the
    // admin calls it makes carry that trace on to the admin server.
    serveInSpan(req, res, { 'url.path': clip(req.path, 512), 'orch.request_id': requestId }, next, (span) =>
      span.setAttribute('http.route', String(res.locals.route)),
    );
  });

  /** express-rate-limit's own failures, as log records. */
  const limiterLogger = {
    error: (...args: unknown[]) =>
      emit('error', 'rate limiter failed', { error: String(args[args.length - 1]) }),
    warn: (...args: unknown[]) =>
      emit('warn', 'rate limiter warning', { warning: String(args[args.length - 1]) }),
  };

  const fail = (res: Response, problem: HttpProblem) => {
    for (const [name, value] of Object.entries(problem.headers)) res.set(name, value);
    res.status(problem.status).json({
      error: problem.message,
      code: problem.code,
      ...problem.extra,
      request_id: res.locals.requestId,
    });
  };
  const unavailable = (message = 'the platform is unavailable; try again later') =>
    new HttpProblem(503, 'unavailable', message, {}, { 'Retry-After': retryAfter });
  const unauthorized = () =>
    new HttpProblem(
      401,
      'unauthorized',
      'missing or invalid credentials',
      {},
      { 'WWW-Authenticate': 'Bearer' },
    );

  const health = (res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  };
  app.get('/healthz', (_req, res) => {
    res.locals.route = 'healthz';
    health(res);
  });
  app.get('/healthcheck', (_req, res) => {
    res.locals.route = 'healthcheck';
    health(res);
  });

  let readiness: { ok: boolean; at: number } | undefined;
  let probe: Promise<boolean> | undefined;
  const probeAdmin = (): Promise<boolean> => {
    if (readiness && Date.now() - readiness.at < readyCacheMs) return Promise.resolve(readiness.ok);
    probe ??= client
      .getVersion({ deadline: new Date(Date.now() + Math.min(requestTimeoutMs, 5000)) })
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        readiness = { ok, at: Date.now() };
        probe = undefined;
        return ok;
      });
    return probe;
  };
  app.get('/readyz', async (_req, res) => {
    res.locals.route = 'readyz';
    res.set('Cache-Control', 'no-store');
    if (shuttingDown) {
      res.status(503).json({ status: 'shutting down', request_id: res.locals.requestId });
      return;
    }
    const ok = await probeAdmin();
    if (ok) res.json({ status: 'ready' });
    else {
      res
        .status(503)
        .set('Retry-After', retryAfter)
        .json({ status: 'admin unreachable', request_id: res.locals.requestId });
    }
  });

  app.get('/metrics', async (_req, res) => {
    res.locals.route = 'metrics';
    const text = await metrics.registry.metrics();
    res.set('Content-Type', metrics.registry.contentType).send(text);
  });

  const openapiText = JSON.stringify(WEBHOOK_OPENAPI);
  app.get('/openapi.json', (_req, res) => {
    res.locals.route = 'openapi';
    res.type('application/json').send(openapiText);
  });

  // --- The launch route ---------------------------------------------------------------------------

  /** 405 for any method but POST. */
  const onlyPost = (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = 'run-workflow';
    if (req.method === 'POST') {
      next();
      return;
    }
    res.set('Allow', 'POST');
    fail(res, new HttpProblem(405, 'method_not_allowed', 'use POST'));
  };

  /** Answers 401, after counting the failure against the caller's address (429 once over its limit). */
  const refuse = (req: Request, res: Response, next: NextFunction) => {
    if (!failureLimiter || !failureWindow) {
      fail(res, unauthorized());
      return;
    }
    const counted = () => {
      const info = (req as Request & { rateLimit?: { remaining?: number } }).rateLimit;
      // The last failure the address may make in this window: say so once (never the key it sent).
      if (info?.remaining === 0) {
        emit('warn', 'too many failed authentications; refusing the address until its window ends', {
          remote: req.socket.remoteAddress,
          limit: failureWindow.limit,
          window_ms: failureWindow.windowMs,
        });
      }
      fail(res, unauthorized());
    };
    Promise.resolve(failureLimiter(req, res, counted)).catch(next);
  };

  /**
   * Bearer mode is decided before the body is read; signature mode needs the body. False when the
   * request was refused (401, or 429 past the address's limit of failures).
   */
  const authenticated = (req: Request, res: Response, next: NextFunction): boolean => {
    const authorization = req.headers.authorization;
    if (authorization !== undefined) {
      const index = keys.indexOf(bearerToken(authorization) ?? '');
      if (index < 0) {
        refuse(req, res, next);
        return false;
      }
      res.locals.principal = `key#${index}`;
    } else if (signingSecrets.length === 0 || req.headers[SIGNATURE_HEADER] === undefined) {
      refuse(req, res, next);
      return false;
    }
    return true;
  };

  const limiter =
    deps.rateLimit === false
      ? undefined
      : rateLimit({
          windowMs: (deps.rateLimit ?? DEFAULT_RATE_LIMIT).windowMs,
          limit: (deps.rateLimit ?? DEFAULT_RATE_LIMIT).limit,
          standardHeaders: 'draft-7',
          legacyHeaders: false,
          validate: false,
          keyGenerator: (_req, res) => String(res.locals.principal),
          handler: (_req, res) => {
            fail(res, new HttpProblem(429, 'rate_limited', 'too many requests for this key; slow down'));
          },
          logger: limiterLogger,
        } as Parameters<typeof rateLimit>[0]);
  /** Counts the request against its key once the key is known (after bearer or signature checks). */
  const limit = (req: Request, res: Response, next: NextFunction) => {
    if (!limiter || res.locals.principal === undefined || res.locals.rateCounted) {
      next();
      return;
    }
    res.locals.rateCounted = true;
    Promise.resolve(limiter(req, res, next)).catch(next);
  };

  /** The client address failures are counted by: the TCP peer, IPv6 grouped by /56. */
  const addressOf = (req: Request) => ipKeyGenerator(req.socket.remoteAddress ?? 'unknown');
  const failureWindow =
    deps.authFailureLimit === false ? undefined : (deps.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT);
  const tooManyFailures = (retryAfterSeconds: number) =>
    new HttpProblem(
      429,
      'too_many_failures',
      'too many failed authentications from this address; try again later',
      {},
      { 'Retry-After': String(retryAfterSeconds) },
    );
  /** Counts failed authentications per address; over the limit it answers 429 instead of 401. */
  const failureLimiter =
    failureWindow === undefined
      ? undefined
      : rateLimit({
          windowMs: failureWindow.windowMs,
          limit: failureWindow.limit,
          standardHeaders: false,
          legacyHeaders: false,
          validate: false,
          keyGenerator: (req) => addressOf(req),
          // Reached only by failures racing past the check of `addressBlocked`.
          handler: (req, res) => {
            const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
            fail(res, tooManyFailures(secondsUntil(info?.resetTime, failureWindow.windowMs)));
          },
          logger: limiterLogger,
        } as Parameters<typeof rateLimit>[0]);
  /**
   * True (and answered 429) when the caller's address has used up its failed authentications: then
   * its credentials are not even looked at, so a guess that happens to be right is not revealed.
   */
  const addressBlocked = async (req: Request, res: Response): Promise<boolean> => {
    if (!failureLimiter || !failureWindow) return false;
    const info = await failureLimiter.getKey(addressOf(req));
    if (!info || info.totalHits < failureWindow.limit) return false;
    fail(res, tooManyFailures(secondsUntil(info.resetTime, failureWindow.windowMs)));
    return true;
  };

  /** False when the request was answered 415: a body that is not JSON. */
  const jsonContent = (req: Request, res: Response): boolean => {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    const type = req.headers['content-type'];
    if (hasBody && (type === undefined || !isJsonContentType(type))) {
      fail(
        res,
        new HttpProblem(
          415,
          'unsupported_media_type',
          'the body must be JSON (Content-Type: application/json)',
        ),
      );
      return false;
    }
    return true;
  };

  /**
   * Starts the request's deadline (`requestTimeoutMs` from now) and its signal
   * (`res.locals.signal`), which aborts when the deadline passes or the caller disconnects before the
   * answer. At the deadline a body still being read is answered 408 and its connection closed; a
   * launch in progress sees the signal and answers 503.
   */
  const startDeadline = (req: Request, res: Response) => {
    const arrivedAt = Date.now();
    const abort = new AbortController();
    res.locals.arrivedAt = arrivedAt;
    res.locals.deadline = new Date(arrivedAt + requestTimeoutMs);
    res.locals.signal = abort.signal;
    const timer = setTimeout(() => {
      if (!res.headersSent && res.locals.bodyRead !== true) {
        emit('warn', 'request body did not arrive in time', {
          remote: req.socket.remoteAddress,
          deadline_ms: requestTimeoutMs,
          content_length: clip(String(req.headers['content-length'] ?? '')),
        });
        fail(
          res,
          new HttpProblem(
            408,
            'request_timeout',
            'the request body did not arrive within the request timeout',
            {},
            { Connection: 'close' },
          ),
        );
      }
      abort.abort(new RequestDeadlineError());
    }, requestTimeoutMs);
    res.once('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) abort.abort(new ClientGoneError());
    });
  };

  /** Before the body is read: the address's failures, bearer authentication, the content type, the key's rate limit. */
  const beforeBody = (req: Request, res: Response, next: NextFunction) => {
    startDeadline(req, res);
    addressBlocked(req, res)
      .then((blocked) => {
        if (!blocked && authenticated(req, res, next) && jsonContent(req, res)) limit(req, res, next);
      })
      .catch(next);
  };

  const readBody = express.raw({ type: () => true, limit: maxBodyBytes });

  /** After the body is read: signature mode's check, then its key's rate limit. */
  const afterBody = (req: Request, res: Response, next: NextFunction) => {
    res.locals.bodyRead = true;
    // The deadline passed while the body arrived: the 408 is already on its way.
    if (res.headersSent) return;
    if (res.locals.principal === undefined) {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers[SIGNATURE_HEADER];
      const index = signatureMatches(typeof header === 'string' ? header : undefined, body, signingSecrets);
      if (index < 0) {
        refuse(req, res, next);
        return;
      }
      res.locals.principal = `signature#${index}`;
    }
    limit(req, res, next);
  };

  const launch = async (req: Request, res: Response) => {
    const signal = res.locals.signal as AbortSignal;
    const call: AdminCallOptions = { signal, deadline: res.locals.deadline as Date };
    const body = parseBody(req.body);
    const idempotencyKey = req.headers['idempotency-key'];
    if (
      idempotencyKey !== undefined &&
      (typeof idempotencyKey !== 'string' || !validIdempotencyKey(idempotencyKey))
    ) {
      throw new HttpProblem(
        400,
        'bad_idempotency_key',
        'Idempotency-Key must be 1 to 255 printable ASCII characters',
      );
    }
    const params = req.params as Record<string, string | undefined>;
    const id: LaunchPlanKey = {
      project: params.project ?? '',
      domain: params.domain ?? '',
      name: params.workflow_name ?? '',
      version: params.version ?? '',
    };
    const started = process.hrtime.bigint();
    let outcome = 'failed';
    try {
      // Answers when the signal aborts even if a step does not (a shared lookup, a wait).
      const result = await untilAborted(
        inSpan(
          'webhook.launch',
          {
            attributes: {
              'orch.project': id.project,
              'orch.domain': id.domain,
              'orch.launch_plan.name': id.name,
              'orch.launch_plan.version': id.version,
            },
          },
          async (span) => {
            const launched = await launchOnce(
              id,
              body,
              typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
              res,
              call,
            );
            if (span.isRecording()) {
              span.setAttribute('orch.execution.name', launched.execution.name);
              span.setAttribute('orch.replayed', res.locals.replayed === true);
            }
            return launched;
          },
        ),
        signal,
      );
      outcome = res.locals.replayed ? 'replayed' : 'created';
      res.locals.execution = result.execution.name;
      if (res.locals.replayed) res.set('Idempotent-Replayed', 'true');
      res.json({ url: result.url, execution: result.execution });
    } catch (error) {
      const problem = toProblem(error);
      outcome =
        problem.status === 409
          ? 'conflict'
          : problem.status === 422
            ? 'invalid'
            : problem.status === 404
              ? 'not_found'
              : problem.status === 503
                ? 'unavailable'
                : problem.status === 499
                  ? 'cancelled'
                  : 'failed';
      throw problem;
    } finally {
      metrics.launchSeconds.observe({ outcome }, Number(process.hrtime.bigint() - started) / 1e9);
      metrics.launches.inc({ outcome });
    }
  };

  /** Validates the inputs and launches, once per idempotency key. */
  const launchOnce = async (
    id: LaunchPlanKey,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
    res: Response,
    call: AdminCallOptions,
  ): Promise<LaunchResult> => {
    let plan: LaunchInterface;
    for (;;) {
      try {
        plan = await plans.get(id, call);
        break;
      } catch (error) {
        // The lookup this one joined was another request's, and that request went away: look again.
        if (cancelledForAnother(error, call)) continue;
        // A malformed identifier (an unknown domain, say) names no launch plan either.
        if (error instanceof NotFoundError || error instanceof InvalidArgumentError) {
          throw new HttpProblem(
            404,
            'not_found',
            'no launch plan with this project, domain, name and version',
          );
        }
        throw error;
      }
    }
    let inputs: LiteralMap;
    try {
      inputs = inputsFromBody(plan, body);
    } catch (error) {
      if (error instanceof LiteralValueError) {
        throw new HttpProblem(422, 'invalid_inputs', 'the inputs do not fit the launch plan', {
          problems: error.problems.map((p: ValueProblem) => ({ path: p.path, message: p.message })),
        });
      }
      throw error;
    }
    const launchPlan = { resource_type: 'LAUNCH_PLAN' as const, ...id };
    if (idempotencyKey === undefined) {
      // Cancelled with the request: a retry without a key must not find a second launch running.
      const execution = await client.createExecution(
        { project: id.project, domain: id.domain, spec: { launch_plan: launchPlan }, inputs },
        call,
      );
      return {
        fingerprint: '',
        execution: pick(execution),
        url: await client.consoleUrl(execution, call),
        existing: false,
      };
    }
    const fingerprint = launchFingerprint(id, effectiveInputs(plan, inputs));
    const name = executionNameForKey(idempotencyKey);
    const slot = JSON.stringify([id.project, id.domain, name]);
    const check = (result: LaunchResult, replayed: boolean): LaunchResult => {
      if (result.fingerprint !== fingerprint) {
        throw new HttpProblem(
          409,
          'idempotency_conflict',
          'this Idempotency-Key was already used with a different launch plan or different inputs',
        );
      }
      res.locals.replayed = replayed;
      return result;
    };
    for (;;) {
      const known = finished.get(slot);
      if (known) return check(known, true);
      const running = inFlight.get(slot);
      if (!running) break;
      try {
        return check(await running, true);
      } catch (error) {
        // The request that started it went away or ran out of time: this one, still waiting, tries itself.
        if (!cancelledForAnother(error, call)) throw error;
        if (inFlight.get(slot) === running) inFlight.delete(slot);
      }
    }
    const attempt = (async (): Promise<LaunchResult> => {
      const executionId = { project: id.project, domain: id.domain, name };
      try {
        await client.createExecution({ ...executionId, spec: { launch_plan: launchPlan }, inputs }, call);
        return {
          fingerprint,
          execution: executionId,
          url: await client.consoleUrl(executionId, call),
          existing: false,
        };
      } catch (error) {
        if (!(error instanceof AlreadyExistsError)) throw error;
      }
      const [existing, data] = await readExisting(executionId, call);
      const lp = existing.spec?.launch_plan;
      const existingFingerprint = launchFingerprint(
        {
          project: lp?.project ?? '',
          domain: lp?.domain ?? '',
          name: lp?.name ?? '',
          version: lp?.version ?? '',
        },
        literalMapToJson(data.full_inputs),
      );
      return {
        fingerprint: existingFingerprint,
        execution: executionId,
        url: await client.consoleUrl(executionId, call),
        existing: true,
      };
    })();
    inFlight.set(slot, attempt);
    try {
      const result = await attempt;
      finished.set(slot, result);
      return check(result, result.existing);
    } finally {
      if (inFlight.get(slot) === attempt) inFlight.delete(slot);
    }
  };

  /**
   * The execution an idempotency key already named, and its inputs. Large inputs are stored just
   * after the execution's row, so a delivery racing the first one may briefly find them missing: it
   * asks again a few times before answering 503.
   */
  const readExisting = async (
    executionId: { project: string; domain: string; name: string },
    call: AdminCallOptions,
  ) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await Promise.all([
          client.getExecution(executionId, call),
          client.getExecutionData(executionId, call),
        ]);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        if (attempt >= 5)
          throw unavailable('the earlier launch with this Idempotency-Key is not readable yet');
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        if (call.signal?.aborted) throw call.signal.reason;
      }
    }
  };

  const toProblem = (error: unknown): HttpProblem => {
    if (error instanceof HttpProblem) return error;
    // An admin call cancelled by the request's signal: answered for the signal's reason.
    const reason = error instanceof CancelledError ? error.cause : error;
    if (reason instanceof RequestDeadlineError) {
      emit('warn', 'launch deadline passed; admin calls cancelled', { deadline_ms: requestTimeoutMs });
      return unavailable('the platform did not answer in time; try again later');
    }
    if (reason instanceof ClientGoneError) {
      emit('info', 'the caller disconnected before the answer; admin calls cancelled', {});
      // Nobody reads it: the connection is gone.
      return new HttpProblem(499, 'client_closed_request', 'the caller closed the connection');
    }
    if (
      error instanceof UnavailableError ||
      error instanceof ResourceExhaustedError ||
      error instanceof CancelledError
    ) {
      emit('warn', 'admin service unavailable', { rpc: error.rpc, error: error.message });
      return unavailable();
    }
    if (error instanceof InvalidArgumentError) {
      emit('warn', 'admin refused the launch', { rpc: error.rpc, error: error.message });
      return new HttpProblem(422, 'invalid_inputs', 'the platform refused the inputs for this launch plan');
    }
    if (error instanceof NotFoundError) {
      return new HttpProblem(404, 'not_found', 'no launch plan with this project, domain, name and version');
    }
    if (error instanceof PermissionError) {
      emit('error', "admin refused the webhook's platform credentials", {
        rpc: error.rpc,
        error: error.message,
      });
      return new HttpProblem(502, 'upstream_refused', 'the platform refused the launch');
    }
    if (error instanceof AdminError) {
      emit('error', 'admin call failed', { rpc: error.rpc, error: error.message });
      return new HttpProblem(502, 'upstream_failed', 'the platform failed to launch the workflow');
    }
    emit('error', 'unexpected failure', { error: error instanceof Error ? error.message : String(error) });
    return new HttpProblem(500, 'internal', 'internal error');
  };

  // One route for every method, so a launch matches the path and decodes its parameters once.
  app.all(RUN_ROUTE, onlyPost, beforeBody, readBody, afterBody, launch);

  app.use((_req: Request, res: Response) => {
    fail(res, new HttpProblem(404, 'not_found', 'no such endpoint; see /openapi.json'));
  });

  // The last handler: every error becomes a generic answer (Express's own handler would send a stack).
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The caller is gone (it disconnected before the answer): nobody to answer.
    if (req.socket.destroyed) return;
    fail(res, error instanceof HttpProblem ? error : (bodyProblem(error) ?? toProblem(error)));
  });

  return Object.assign(app, {
    metrics,
    beginShutdown() {
      shuttingDown = true;
    },
  });
}

/** True for `application/json` and `application/<x>+json`, with at most a UTF-8 charset. */
function isJsonContentType(header: string): boolean {
  const [essence = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (!/^application\/(?:[a-z0-9.!#$&^_-]+\+)?json$/.test(essence)) return false;
  return parameters.every((p) => !p.startsWith('charset=') || /^charset="?utf-8"?$/.test(p));
}

/** The parsed body: a JSON object (an empty body is `{}`). @throws HttpProblem 400 otherwise. */
function parseBody(raw: unknown): Record<string, unknown> {
  const buffer = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
  let text = buffer.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpProblem(400, 'malformed_json', 'the body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpProblem(400, 'not_an_object', 'the body must be a JSON object of workflow inputs');
  }
  if (nestingDepth(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    throw new HttpProblem(400, 'too_deep', `the body nests deeper than ${MAX_BODY_DEPTH} levels`);
  }
  return value as Record<string, unknown>;
}

/** The answer to an error of the body reader or the router, or undefined for other errors. */
function bodyProblem(error: unknown): HttpProblem | undefined {
  const failure = error as { type?: unknown; status?: unknown; statusCode?: unknown } | null;
  if (!failure || typeof failure !== 'object') return undefined;
  switch (failure.type) {
    case 'entity.too.large':
      return new HttpProblem(413, 'too_large', 'the body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpProblem(415, 'unsupported_media_type', 'unsupported content encoding');
    case 'request.aborted':
    case 'request.size.invalid':
      return new HttpProblem(400, 'bad_request', 'the body could not be read');
    default:
      break;
  }
  const status = Number(failure.status ?? failure.statusCode);
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    return new HttpProblem(status, 'bad_request', 'bad request');
  }
  return undefined;
}

/** Only the identifier fields of an execution id. */
function pick(id: { project: string; domain: string; name: string }) {
  return { project: id.project, domain: id.domain, name: id.name };
}

/**
 * True when `error` is an admin call cancelled by another request's signal (its deadline or its
 * caller's disconnection) while the request of `call` is still running: a shared call it joined.
 */
function cancelledForAnother(error: unknown, call: AdminCallOptions): boolean {
  return (
    error instanceof CancelledError &&
    (error.cause instanceof RequestDeadlineError || error.cause instanceof ClientGoneError) &&
    call.signal?.aborted !== true
  );
}

/** Whole seconds from now until `resetTime` (at least 1), or the window's length when unknown. */
function secondsUntil(resetTime: Date | undefined, windowMs: number): number {
  const ms = resetTime ? resetTime.getTime() - Date.now() : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}
