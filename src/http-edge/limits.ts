import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator, type RateLimitRequestHandler, rateLimit } from 'express-rate-limit';
import type { Emit } from './log.js';
import { type EdgeResponse, HttpProblem, sendProblem } from './problem.js';

/** A rate limit: at most `limit` requests per `windowMs` milliseconds for each key or address. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

/** express-rate-limit's own failures, as log records. */
const limiterLogger = (emit: Emit) => ({
  error: (...args: unknown[]) =>
    emit('error', 'rate limiter failed', { error: String(args[args.length - 1]) }),
  warn: (...args: unknown[]) =>
    emit('warn', 'rate limiter warning', { warning: String(args[args.length - 1]) }),
});

/** The locals {@link keyRateLimit} reads and writes. */
type KeyedLocals = { principal?: string; rateCounted?: boolean };

/**
 * The per-key rate limit: counts a request against its key (`res.locals.principal`) once the key is
 * known (once per request: `res.locals.rateCounted`), and answers 429 `rate_limited` with the draft-7
 * `RateLimit` headers past the limit. `false` lets every request through.
 */
export function keyRateLimit(window: RateLimitOptions | false, emit: Emit) {
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
  return (req: Request, res: Response<unknown, KeyedLocals>, next: NextFunction) => {
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

/** What {@link failedAuthLimit} answers. */
export interface FailureAnswers {
  /** The answer to a failed authentication (401, with its `WWW-Authenticate` where the app has one). */
  refused: () => HttpProblem;
  /** The answer once the address used up its failures: 429 with `Retry-After` set to `retryAfterSeconds`. */
  tooMany: (retryAfterSeconds: number) => HttpProblem;
  /** What the warning about an address that reached its limit calls a failure. */
  failures: string;
}

/** The limit of failed authentications per client address, see {@link failedAuthLimit}. */
export interface FailureLimit {
  /**
   * Answers `answer` (by default `refused`) after counting the failure against the caller's address
   * (`tooMany` when a failure racing past `blocked` finds the address over its limit).
   */
  refuse(req: Request, res: EdgeResponse, next: NextFunction, answer?: HttpProblem): void;
  /**
   * Answers `tooMany` and resolves true when the caller's address used up its failures; resolves
   * false (answering nothing) otherwise. Asked before credentials are looked at, so a right guess
   * is not told apart from a wrong one. Plain `false`, without looking the address up, when no
   * failure at all was counted within the last window (the case of every request while nobody
   * guesses): no address can be over its limit then.
   */
  blocked(req: Request, res: EdgeResponse): Promise<boolean> | false;
}

/**
 * The limit of failed authentications per client address (OWASP ASVS 4.0 V2.2.1, anti-automation),
 * counted per TCP peer address (IPv6 grouped by /56, express-rate-limit's `ipKeyGenerator`). The
 * failure that uses up an address's window is logged once through `emit` (the address and the
 * limit, never what it sent). `false` turns the limit off: `refuse` only answers `refused`.
 */
export function failedAuthLimit(
  window: RateLimitOptions | false,
  emit: Emit,
  answers: FailureAnswers,
): FailureLimit {
  if (window === false) {
    return {
      refuse: (_req, res, _next, answer) => sendProblem(res, answer ?? answers.refused()),
      blocked: () => false,
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
      sendProblem(res, answers.tooMany(secondsUntil(rateLimitInfo(req).resetTime, window.windowMs)));
    },
    logger: limiterLogger(emit),
  });
  /** When the last failure was counted (ms since the epoch); a window after it, nobody is over the limit. */
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  return {
    refuse: (req, res, next, answer) => {
      lastFailureAt = Date.now();
      const counted = () => {
        // The last failure the address may make in this window: say so once (never what it sent).
        if (rateLimitInfo(req).remaining === 0) {
          emit('warn', `too many ${answers.failures}; refusing the address until its window ends`, {
            remote: req.socket.remoteAddress,
            limit: window.limit,
            window_ms: window.windowMs,
          });
        }
        sendProblem(res, answer ?? answers.refused());
      };
      Promise.resolve(limiter(req, res, counted)).catch(next);
    },
    blocked: (req, res) => {
      // A key's window starts at its first failure, so it has ended a window after the last one.
      if (Date.now() - lastFailureAt > window.windowMs) return false;
      return Promise.resolve(limiter.getKey(addressOf(req))).then((info) => {
        if (!info || info.totalHits < window.limit) return false;
        sendProblem(res, answers.tooMany(secondsUntil(info.resetTime, window.windowMs)));
        return true;
      });
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
