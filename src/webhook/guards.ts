import express, { type NextFunction, type Request } from 'express';
import { ipKeyGenerator, type RateLimitRequestHandler, rateLimit } from 'express-rate-limit';
import { bearerToken, KeyRing, SIGNATURE_HEADER, signatureMatches } from './auth.js';
import { sendProblem, type WebhookHandler, type WebhookResponse } from './http.js';
import { clip, type Emit } from './log.js';
import { ClientGoneError, HttpProblem, RequestDeadlineError, unauthorized } from './problems.js';

/** Per-key rate limit: at most `limit` launch requests per `windowMs` milliseconds for each key. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

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
  /** 405 with `Allow: POST` for any other method; names the route `run-workflow`. */
  onlyPost: WebhookHandler;
  /**
   * Starts the request's deadline and signal (`res.locals.deadline`, `res.locals.signal`), refuses an
   * address over its failed-authentication limit (429), checks a bearer key (401), requires a JSON
   * content type for a body (415), and counts a bearer request against its key's rate limit (429).
   */
  beforeBody: WebhookHandler;
  /** Reads the raw body (at most `maxBodyBytes`, else 413) into `req.body` as a Buffer. */
  readBody: ReturnType<typeof express.raw>;
  /** Checks signature mode's HMAC over the raw body (401), then counts its key's rate limit (429). */
  afterBody: WebhookHandler;
}

/** The answer to an error of the body reader or the router, or undefined for other errors. */
export function bodyProblem(error: unknown): HttpProblem | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  switch ('type' in error ? error.type : undefined) {
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
  const status = Number(
    ('status' in error ? error.status : undefined) ?? ('statusCode' in error ? error.statusCode : undefined),
  );
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    return new HttpProblem(status, 'bad_request', 'bad request');
  }
  return undefined;
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
  const failures = failedAuthLimit(options.authFailureLimit, options.emit);
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
    onlyPost: (req, res, next) => {
      res.locals.route = 'run-workflow';
      if (req.method === 'POST') {
        next();
        return;
      }
      res.set('Allow', 'POST');
      sendProblem(res, new HttpProblem(405, 'method_not_allowed', 'use POST'));
    },
    beforeBody: (req, res, next) => {
      startDeadline(req, res);
      failures
        .blocked(req, res)
        .then((blocked) => {
          if (!blocked && authenticated(req, res, next) && jsonContent(req, res)) limit(req, res, next);
        })
        .catch(next);
    },
    readBody: express.raw({ type: () => true, limit: options.maxBodyBytes }),
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

/** express-rate-limit's own failures, as log records. */
const limiterLogger = (emit: Emit) => ({
  error: (...args: unknown[]) =>
    emit('error', 'rate limiter failed', { error: String(args[args.length - 1]) }),
  warn: (...args: unknown[]) =>
    emit('warn', 'rate limiter warning', { warning: String(args[args.length - 1]) }),
});

/**
 * The per-key rate limit: counts a request against its key (`res.locals.principal`) once the key is
 * known, and answers 429 past the limit.
 */
function keyRateLimit(window: RateLimitOptions | false, emit: Emit) {
  const limiter =
    window === false
      ? undefined
      : rateLimit({
          windowMs: window.windowMs,
          limit: window.limit,
          standardHeaders: 'draft-7',
          legacyHeaders: false,
          validate: false,
          keyGenerator: (_req, res) => String(res.locals.principal),
          handler: (_req, res) => {
            sendProblem(
              res,
              new HttpProblem(429, 'rate_limited', 'too many requests for this key; slow down'),
            );
          },
          logger: limiterLogger(emit),
        });
  return (req: Request, res: WebhookResponse, next: NextFunction) => {
    if (!limiter || res.locals.principal === undefined || res.locals.rateCounted) {
      next();
      return;
    }
    res.locals.rateCounted = true;
    Promise.resolve(limiter(req, res, next)).catch(next);
  };
}

/** The client address failures are counted by: the TCP peer, IPv6 grouped by /56. */
const addressOf = (req: Request) => ipKeyGenerator(req.socket.remoteAddress ?? 'unknown');

/** 429 with `Retry-After`: the caller's address used up its failed authentications. */
const tooManyFailures = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'too_many_failures',
    'too many failed authentications from this address; try again later',
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );

/**
 * The limit of failed authentications per client address. `refuse` answers 401 after counting the
 * failure against the caller's address (429 once over its limit); `blocked` answers 429 (and
 * resolves true) when the address has used up its failures, before its credentials are looked at,
 * so a right guess is not told apart from a wrong one.
 */
function failedAuthLimit(window: RateLimitOptions | false, emit: Emit) {
  if (window === false) {
    return {
      refuse: (_req: Request, res: WebhookResponse, _next: NextFunction) => sendProblem(res, unauthorized()),
      blocked: async (_req: Request, _res: WebhookResponse) => false,
    };
  }
  const limiter: RateLimitRequestHandler = rateLimit({
    windowMs: window.windowMs,
    limit: window.limit,
    standardHeaders: false,
    legacyHeaders: false,
    validate: false,
    keyGenerator: (req) => addressOf(req),
    // Reached only by failures racing past the check of `blocked`.
    handler: (req, res) => {
      sendProblem(res, tooManyFailures(secondsUntil(rateLimitInfo(req).resetTime, window.windowMs)));
    },
    logger: limiterLogger(emit),
  });
  return {
    refuse: (req: Request, res: WebhookResponse, next: NextFunction) => {
      const counted = () => {
        // The last failure the address may make in this window: say so once (never the key it sent).
        if (rateLimitInfo(req).remaining === 0) {
          emit('warn', 'too many failed authentications; refusing the address until its window ends', {
            remote: req.socket.remoteAddress,
            limit: window.limit,
            window_ms: window.windowMs,
          });
        }
        sendProblem(res, unauthorized());
      };
      Promise.resolve(limiter(req, res, counted)).catch(next);
    },
    blocked: async (req: Request, res: WebhookResponse): Promise<boolean> => {
      const info = await limiter.getKey(addressOf(req));
      if (!info || info.totalHits < window.limit) return false;
      sendProblem(res, tooManyFailures(secondsUntil(info.resetTime, window.windowMs)));
      return true;
    },
  };
}

/** What express-rate-limit stored on `req` (as `req.rateLimit`, untyped there), or undefined fields. */
function rateLimitInfo(req: Request): { remaining: unknown; resetTime: unknown } {
  const info: unknown = 'rateLimit' in req ? req.rateLimit : undefined;
  if (typeof info !== 'object' || info === null) return { remaining: undefined, resetTime: undefined };
  return {
    remaining: 'remaining' in info ? info.remaining : undefined,
    resetTime: 'resetTime' in info ? info.resetTime : undefined,
  };
}

/** Whole seconds from now until `resetTime` (at least 1), or the window's length when unknown. */
function secondsUntil(resetTime: unknown, windowMs: number): number {
  const ms = resetTime instanceof Date ? resetTime.getTime() - Date.now() : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * True for `application/json` and `application/<x>+json` (JSON under a structured syntax suffix,
 * RFC 6839 section 3.1), with at most a UTF-8 charset (RFC 8259 section 8.1: JSON is UTF-8).
 */
function isJsonContentType(header: string): boolean {
  const [essence = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (!/^application\/(?:[a-z0-9.!#$&^_-]+\+)?json$/.test(essence)) return false;
  return parameters.every((p) => !p.startsWith('charset=') || /^charset="?utf-8"?$/.test(p));
}

/** False when the request was answered 415: a body that is not JSON. */
function jsonContent(req: Request, res: WebhookResponse): boolean {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  const type = req.headers['content-type'];
  if (hasBody && (type === undefined || !isJsonContentType(type))) {
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
  return (req: Request, res: WebhookResponse) => {
    const abort = new AbortController();
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
    });
  };
}
