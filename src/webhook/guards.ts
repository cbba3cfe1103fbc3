import { getEventListeners } from 'node:events';
import type { NextFunction, Request } from 'express';
import { bearerToken, KeyRing, SIGNATURE_HEADER, signatureMatches } from '../http-edge/auth.js';
import { hasBody, isJsonContentType, rawBody } from '../http-edge/body.js';
import {
  type RateLimitOptions as EdgeRateLimitOptions,
  failedAuthLimit,
  keyRateLimit,
} from '../http-edge/limits.js';
import { clip, type Emit } from '../http-edge/log.js';
import { HttpProblem, onlyPostProblem, sendProblem } from '../http-edge/problem.js';
import type { WebhookHandler, WebhookResponse } from './http.js';
import { ClientGoneError, RequestDeadlineError, unauthorized } from './problems.js';

/** Per-key rate limit: at most `limit` launch requests per `windowMs` milliseconds for each key. */
export type RateLimitOptions = EdgeRateLimitOptions;

/** What {@link launchGuards} needs; `createApp` resolves it from its deps and defaults. */
export interface GuardOptions {
  /** Keys accepted as `Authorization: Bearer <key>`: at least one, none empty. */
  apiKeys: readonly string[];
  /** Secrets of signature mode (`X-Hub-Signature-256`); empty turns it off. */
  signingSecrets: readonly string[];
  /** Launch requests per key; `false` turns the limit off. */
  rateLimit: RateLimitOptions | false;
  /** Failed authentications per client address before 429; `false` turns the limit off. */
  authFailureLimit: RateLimitOptions | false;
  /** Largest accepted body, in bytes. */
  maxBodyBytes: number;
  /** Deadline of a request from the arrival of its headers, in milliseconds. */
  requestTimeoutMs: number;
  /** Receives the guards' warnings (failures over the limit, late bodies, the limiters' own failures). */
  emit: Emit;
}

/** The guards of the launch route, to run in this order before the launch. */
export interface LaunchGuards {
  /**
   * Names the route `run-workflow`, answers any method but POST 405 with `Allow: POST`, starts the
   * request's deadline and signal (`res.locals.deadline`, `res.locals.signal`), refuses an address
   * over its failed-authentication limit (429), checks a bearer key (401), requires a JSON content
   * type for a body (415), and counts a bearer request against its key's rate limit (429).
   */
  beforeBody: WebhookHandler;
  /** Reads the raw body (at most `maxBodyBytes`, else 413) into `req.body` as a Buffer. */
  readBody: ReturnType<typeof rawBody>;
  /** Checks signature mode's HMAC over the raw body (401), then counts its key's rate limit (429). */
  afterBody: WebhookHandler;
}

/**
 * The guards of the launch route (spec, "Webhook app" authentication rules; OWASP ASVS V2.2.1 for
 * the failed-authentication limit). A request that fails one is answered by it and goes no further:
 * 401 (`WWW-Authenticate: Bearer`), 405, 408 (`Connection: close`) when the body did not arrive
 * within the request timeout, 413, 415, 429 (`Retry-After` past the address's failures, the
 * draft-7 `RateLimit` headers past the key's limit).
 */
export function launchGuards(options: GuardOptions): LaunchGuards {
  const keys = new KeyRing(options.apiKeys);
  const { signingSecrets } = options;
  const failures = failedAuthLimit(options.authFailureLimit, options.emit, {
    refused: unauthorized,
    tooMany: tooManyFailures,
    failures: 'failed authentications',
  });
  const limit = keyRateLimit(options.rateLimit, options.emit);
  const startDeadline = deadline(options.requestTimeoutMs, options.emit);

  /**
   * Bearer mode is decided before the body is read; signature mode needs the body. False when the
   * request was refused (401, or 429 past the address's limit of failures).
   */
  const authenticated = (req: Request, res: WebhookResponse, next: NextFunction): boolean => {
    const authorization = req.headers.authorization;
    if (authorization !== undefined) {
      const index = keys.indexOf(bearerToken(authorization) ?? '');
      if (index < 0) {
        failures.refuse(req, res, next);
        return false;
      }
      res.locals.principal = `key#${index}`;
    } else if (signingSecrets.length === 0 || req.headers[SIGNATURE_HEADER] === undefined) {
      failures.refuse(req, res, next);
      return false;
    }
    return true;
  };

  return {
    beforeBody: (req, res, next) => {
      res.locals.route = 'run-workflow';
      if (req.method !== 'POST') {
        sendProblem(res, onlyPostProblem('method_not_allowed'));
        return;
      }
      startDeadline(req, res);
      const proceed = (blocked: boolean) => {
        if (!blocked && authenticated(req, res, next) && jsonContent(req, res)) limit(req, res, next);
      };
      const blocked = failures.blocked(req, res);
      if (blocked === false) proceed(false);
      else blocked.then(proceed).catch(next);
    },
    readBody: rawBody(options.maxBodyBytes),
    afterBody: (req, res, next) => {
      res.locals.bodyRead = true;
      // The deadline passed while the body arrived: the 408 is already on its way.
      if (res.headersSent) return;
      if (res.locals.principal === undefined) {
        const body: unknown = req.body;
        const header = req.headers[SIGNATURE_HEADER];
        const index = signatureMatches(
          typeof header === 'string' ? header : undefined,
          Buffer.isBuffer(body) ? body : Buffer.alloc(0),
          signingSecrets,
        );
        if (index < 0) {
          failures.refuse(req, res, next);
          return;
        }
        res.locals.principal = `signature#${index}`;
      }
      limit(req, res, next);
    },
  };
}

/** Most idle controllers {@link deadline} keeps for reuse (one per request in flight is enough). */
const IDLE_CONTROLLERS = 256;

/** 429 with `Retry-After`: the caller's address used up its failed authentications. */
const tooManyFailures = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'too_many_failures',
    'too many failed authentications from this address; try again later',
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** False when the request was answered 415: a body that is not JSON. */
function jsonContent(req: Request, res: WebhookResponse): boolean {
  const type = req.headers['content-type'];
  if (hasBody(req) && (type === undefined || !isJsonContentType(type))) {
    sendProblem(
      res,
      new HttpProblem(
        415,
        'unsupported_media_type',
        'the body must be JSON: Content-Type application/json or application/<type>+json, UTF-8',
      ),
    );
    return false;
  }
  return true;
}

/**
 * Starts a request's deadline (`requestTimeoutMs` from now, `res.locals.deadline`) and its signal
 * (`res.locals.signal`), which aborts with {@link RequestDeadlineError} when the deadline passes or
 * {@link ClientGoneError} when the caller disconnects before the answer. At the deadline a body
 * still being read is answered 408 and its connection closed; a launch in progress sees the signal.
 */
function deadline(requestTimeoutMs: number, emit: Emit) {
  /**
   * Controllers of requests that ended answered, never aborted and with no `abort` listener left,
   * for later requests: creating an AbortSignal costs Node 20 several microseconds, a few percent of
   * the webhook's own work per launch (docs/performance.md). A controller with a listener still
   * attached (work of its request still waiting on it) is never reused.
   */
  const idle: AbortController[] = [];
  return (req: Request, res: WebhookResponse) => {
    const abort = idle.pop() ?? new AbortController();
    res.locals.deadline = new Date(Date.now() + requestTimeoutMs);
    res.locals.signal = abort.signal;
    const timer = setTimeout(() => {
      if (!res.headersSent && res.locals.bodyRead !== true) {
        emit('warn', 'request body did not arrive in time', {
          remote: req.socket.remoteAddress,
          deadline_ms: requestTimeoutMs,
          content_length: clip(String(req.headers['content-length'] ?? '')),
        });
        sendProblem(
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
      else if (
        !abort.signal.aborted &&
        idle.length < IDLE_CONTROLLERS &&
        getEventListeners(abort.signal, 'abort').length === 0
      ) {
        idle.push(abort);
      }
    });
  };
}
