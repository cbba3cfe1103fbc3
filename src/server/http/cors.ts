import { status as Status } from '@grpc/grpc-js';
import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OwnNames } from '../auth/own-names.js';

/** Settings of {@link createCorsPolicy} (`--server.security.*`). */
export interface CorsPolicySettings {
  /** `--server.security.allowedOrigins`: origins that may call with a token; `*` for any. */
  allowedOrigins: readonly string[];
  /** `--server.security.allowedHeaders`, answered to preflights. */
  allowedHeaders: readonly string[];
  /** The header names that carry a bearer token (lower case): `authorization` and the configured one. */
  tokenHeaders: readonly string[];
  ownNames: OwnNames;
}

/** Paths any page may read without a token: public discovery documents (RFC 8414, RFC 7517). */
const PUBLIC_PATHS = ['/.well-known/', '/config/v1/', '/oauth2/jwks'];

/**
 * The admin's CORS policy. The admin's own origin is always allowed. Another origin that is allowed
 * by `allowedOrigins` gets CORS headers only for requests that carry a bearer token (or preflights
 * that announce one in `Access-Control-Request-Headers`), so no page of another origin ever reads
 * an answer given without a token, such as one the loopback bypass would have given; the public
 * discovery documents are the exception. Credentials (cookies) are never allowed cross-origin.
 */
export function createCorsPolicy(settings: CorsPolicySettings): RequestHandler {
  const anyOrigin = settings.allowedOrigins.includes('*');
  const listed = new Set(settings.allowedOrigins);
  const carriesToken = (req: Request) => {
    if (settings.tokenHeaders.some((name) => req.get(name))) return true;
    const requested = (req.get('access-control-request-headers') ?? '').toLowerCase().split(',');
    return requested.some((name) => settings.tokenHeaders.includes(name.trim()));
  };
  return cors<Request>((request, callback) => {
    const origin = request.get('origin');
    let allow: boolean | string = false;
    if (origin !== undefined) {
      if (settings.ownNames.isOwnOrigin(origin)) allow = origin;
      else if (PUBLIC_PATHS.some((path) => request.path.startsWith(path))) allow = '*';
      else if ((anyOrigin || listed.has(origin)) && carriesToken(request)) allow = anyOrigin ? '*' : origin;
    }
    callback(null, { origin: allow, allowedHeaders: [...settings.allowedHeaders], credentials: false });
  });
}

/**
 * Refuses a browser's private network access preflight (`Access-Control-Request-Private-Network`,
 * which Chromium sends before a public page calls a private or loopback address) with 403, whatever
 * the origin and whether CORS is on: no public page has business with an admin on a private network.
 */
export function refusePrivateNetworkPreflight(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'OPTIONS' && req.get('access-control-request-private-network') !== undefined) {
    res.status(403).json({
      code: Status.PERMISSION_DENIED,
      message:
        'private network access from a browser page is refused: call the admin with a token from a server',
      details: [],
    });
    return;
  }
  next();
}
