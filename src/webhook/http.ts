import type { NextFunction, Request, Response } from 'express';
import type { HttpProblem } from './problems.js';

/** What the webhook's handlers record about one request in `res.locals`. */
export type WebhookLocals = {
  /** The request's id, answered as `X-Request-Id` and logged (set first, by the access log). */
  requestId: string;
  /** The route name of metrics and logs: `run-workflow`, `healthz`, ..., `unmatched`. */
  route: string;
  /** Who the caller authenticated as: `key#<index>` or `signature#<index>`; never the key. */
  principal?: string;
  /** True once the request was counted against its key's rate limit. */
  rateCounted?: boolean;
  /** When the request's deadline passes (its arrival plus the request timeout). */
  deadline?: Date;
  /** Aborts when the deadline passes or the caller disconnects before the answer. */
  signal?: AbortSignal;
  /** True once the whole body has arrived. */
  bodyRead?: boolean;
  /** Name of the execution the request launched or found. */
  execution?: string;
  /** With an Idempotency-Key: whether the answer replays an earlier launch. */
  replayed?: boolean;
};

/** A response of the webhook, with its typed {@link WebhookLocals}. */
export type WebhookResponse = Response<unknown, WebhookLocals>;

/** A middleware of the webhook. */
export type WebhookHandler = (req: Request, res: WebhookResponse, next: NextFunction) => void;

/**
 * Answers `problem`: its status and headers, and `{error, code, ...extra, request_id}` (the
 * `requestId` of {@link WebhookLocals}). Takes any response: express-rate-limit's handlers get
 * theirs untyped.
 */
export function sendProblem(res: Response, problem: HttpProblem): void {
  for (const [name, value] of Object.entries(problem.headers)) res.set(name, value);
  res.status(problem.status).json({
    error: problem.message,
    code: problem.code,
    ...problem.extra,
    request_id: res.locals.requestId,
  });
}
