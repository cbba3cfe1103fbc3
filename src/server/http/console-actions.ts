import { randomBytes, timingSafeEqual } from 'node:crypto';
import { status as Status } from '@grpc/grpc-js';
import { parseCookie, stringifySetCookie } from 'cookie';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { OwnNames } from '../auth/own-names.js';
import { invalidArgument, ServiceError } from '../errors.js';

/** The cookie holding the console's cross-site request token (double-submit: forms carry it too). */
export const CSRF_COOKIE = 'orch_console_csrf';
/** The form field carrying the cross-site request token. */
export const CSRF_FIELD = 'csrf';
/** Largest form body a console action reads, in bytes; a larger one is answered 413. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * The request's cross-site request token: the cookie's when it has a well-formed one, else a new
 * random one (32 bytes, base64url) set as an HttpOnly, SameSite=Strict cookie on `/console`.
 */
export function csrfToken(req: Request, res: Response): string {
  const current = parseCookie(req.get('cookie') ?? '')[CSRF_COOKIE];
  if (current && /^[A-Za-z0-9_-]{43}$/.test(current)) return current;
  const token = randomBytes(32).toString('base64url');
  res.append(
    'set-cookie',
    stringifySetCookie({
      name: CSRF_COOKIE,
      value: token,
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/console',
    }),
  );
  return token;
}

/** A console action refused before it reached a handler (403 or 400), with the reason shown. */
export class ActionRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks that a console POST comes from the console's own page: not from a page of another origin
 * (`Origin`, `Sec-Fetch-Site`, `Host`, the rules of the loopback bypass; docs/security.md, "Security: what the
 * loopback bypass allows") and carrying the token of its cookie in the form (double submit).
 * Without `ownNames` (an embedding without the admin's names), `Origin` must name the request's Host.
 * @throws ActionRefused 403 naming the rule that refused it.
 */
export function checkSameSite(req: Request, ownNames: OwnNames | undefined): void {
  checkOrigin(req, ownNames);
  const cookie = parseCookie(req.get('cookie') ?? '')[CSRF_COOKIE] ?? '';
  const sent = formText(req, CSRF_FIELD, 100);
  const a = Buffer.from(cookie);
  const b = Buffer.from(sent);
  if (!cookie || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ActionRefused(
      403,
      'the form has no valid console token: reload the page and send the form again',
    );
  }
}

/**
 * {@link checkOrigin} for a route that answers a refusal itself: sends 403 naming the rule and
 * returns false when the request came from another site, else returns true.
 */
export function sameSiteOr403(req: Request, res: Response, ownNames: OwnNames | undefined): boolean {
  try {
    checkOrigin(req, ownNames);
    return true;
  } catch (error) {
    res
      .status(403)
      .type('text/plain')
      .send(`${error instanceof Error ? error.message : 'refused'}\n`);
    return false;
  }
}

/**
 * The header half of {@link checkSameSite}, for a request whose body is not read yet.
 * @throws ActionRefused 403 naming the rule that refused it.
 */
export function checkOrigin(req: Request, ownNames: OwnNames | undefined): void {
  const header = (name: string) => req.get(name);
  let foreign: string | undefined;
  if (ownNames) foreign = ownNames.foreignReason(header, 'http');
  else {
    const origin = header('origin');
    const site = header('sec-fetch-site');
    if (origin !== undefined && origin !== `${req.protocol}://${header('host')}`)
      foreign = 'a request from another origin';
    else if (site !== undefined && site !== 'same-origin') foreign = `a ${site} browser request`;
  }
  if (foreign) throw new ActionRefused(403, `console actions refuse ${foreign}`);
}

/**
 * A text field of the form body: '' when absent.
 * @throws ServiceError InvalidArgument when it was sent more than once, or is longer than `max`.
 */
export function formText(req: Request, field: string, max: number): string {
  const body: unknown = req.body;
  const value: unknown = body && typeof body === 'object' ? Reflect.get(body, field) : undefined;
  if (value === undefined) return '';
  if (typeof value !== 'string') throw invalidArgument(`${field} must be sent once, as text`);
  if (value.length > max) throw invalidArgument(`${field} is longer than ${max} characters`);
  return value;
}

/** Reads a console form body (urlencoded, at most {@link MAX_FORM_BYTES}); other types leave it empty. */
export const formBody = express.urlencoded({ extended: false, limit: MAX_FORM_BYTES, parameterLimit: 200 });

/** The 4xx status an error carries (body-parser's `status`), else undefined. */
function httpErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** The HTTP status of a refused action: its own, a ServiceError's, else 500. */
export function actionStatus(error: unknown, statusOf: (code: number) => number): number {
  if (error instanceof ActionRefused) return error.status;
  if (error instanceof ServiceError) return statusOf(error.code);
  const status = httpErrorStatus(error);
  return status ?? 500;
}

/** True when the error is one the caller should see (a refusal or a ServiceError other than INTERNAL). */
export function isShownError(error: unknown): error is Error {
  if (error instanceof ActionRefused) return true;
  if (error instanceof ServiceError) return error.code !== Status.INTERNAL && error.code !== Status.UNKNOWN;
  return error instanceof Error && httpErrorStatus(error) !== undefined;
}

/** Express error middleware for body-parser's refusals (413 too large, 400 malformed) on console forms. */
export function formErrors(
  render: (status: number, message: string) => string,
): (error: unknown, req: Request, res: Response, next: NextFunction) => void {
  return (error, _req, res, next) => {
    const status = httpErrorStatus(error);
    if (status === undefined) {
      next(error);
      return;
    }
    const message =
      status === 413 ? `the form is larger than ${MAX_FORM_BYTES} bytes` : 'the form could not be read';
    res.status(status).type('html').send(render(status, message));
  };
}
