import type { NextFunction, Request, Response } from 'express';

/** What every app on the HTTP edge records about one request in `res.locals`. */
export type EdgeLocals = {
  /** The request's id, answered as `X-Request-Id` and logged (set first, by the access log). */
  requestId: string;
  /** The route name of metrics and logs (`healthz`, ..., `unmatched` until a route names it). */
  route: string;
};

/** A response whose `res.locals` hold at least {@link EdgeLocals}. */
export type EdgeResponse<L extends EdgeLocals = EdgeLocals> = Response<unknown, L>;

/** A middleware of an app on the edge, with its typed locals `L`. */
export type EdgeHandler<L extends EdgeLocals = EdgeLocals> = (
  req: Request,
  res: EdgeResponse<L>,
  next: NextFunction,
) => void;

/**
 * A failure answered to the caller: the HTTP `status`, a stable `code` (absent for apps whose answers
 * carry none, as the bot's), a generic `message` (never an internal one), `extra` fields of the JSON
 * body (the webhook's 422 `problems`) and answer `headers` (`Retry-After`, `WWW-Authenticate`, ...).
 * {@link sendProblem} answers it as `{error: message, code, ...extra, request_id}`.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * Answers `problem`: its status and headers, and the JSON body `{error, code, ...extra, request_id}`
 * (`code` left out when the problem has none; `request_id` from `res.locals.requestId`). Takes any
 * response: express-rate-limit's handlers get theirs untyped.
 */
export function sendProblem(res: Response, problem: HttpProblem): void {
  for (const [name, value] of Object.entries(problem.headers)) res.set(name, value);
  sendJson(res, problem.status, {
    error: problem.message,
    code: problem.code,
    ...problem.extra,
    request_id: res.locals.requestId,
  });
}

/**
 * Answers `status` with `body` serialised as JSON, `Content-Type: application/json; charset=utf-8`
 * and its `Content-Length` in bytes: what Express's `res.status(status).json(body)` sends with its
 * default settings, without looking the settings up and passing through `res.send` for every
 * answer (a few µs of each launch; docs/performance.md). `body` is an object or array.
 */
export function sendJson(res: Response, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * The answer to an error of the body reader (`express.raw`, body-parser's `type`s) or of the router
 * (its `status`), or undefined for other errors: 413 `too_large`, 415 `unsupported_media_type` for
 * an encoding or charset body-parser cannot decode, 400 `bad_request` for a body that could not be
 * read and for any other 4xx.
 */
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

/** 405 with `Allow: POST`, `code` as the app names it (none for the bot). */
export function onlyPostProblem(code?: string): HttpProblem {
  return new HttpProblem(405, code, 'use POST', {}, { Allow: 'POST' });
}
