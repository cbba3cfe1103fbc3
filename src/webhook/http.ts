import type { NextFunction, Request } from 'express';
import type { EdgeLocals, EdgeResponse } from '../http-edge/problem.js';

/** What the webhook's handlers record about one request in `res.locals`, beyond the edge's own. */
export type WebhookLocals = EdgeLocals & {
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
export type WebhookResponse = EdgeResponse<WebhookLocals>;

/** A middleware of the webhook. */
export type WebhookHandler = (req: Request, res: WebhookResponse, next: NextFunction) => void;
