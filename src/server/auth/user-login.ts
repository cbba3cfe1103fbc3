import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { errorMessage } from '../../api/guards.js';
import type { Logger } from '../logger.js';
import type { Identity } from './authenticate.js';
import { LOGIN_COOKIE, SESSION_COOKIE, SessionCookies } from './sessions.js';
import type { RoleName } from './tokens.js';

/** Paths of the user login endpoints (spec "Paths named by configuration"). */
export const LOGIN_PATHS = { login: '/login', callback: '/callback', logout: '/logout' } as const;

/** The OpenID provider users log in with (`--auth.userAuth.openId.*`). */
export interface OpenIdSettings {
  /** `--auth.userAuth.openId.baseUrl`: the provider's issuer; its discovery document is read from there. */
  baseUrl: string;
  /** `--auth.userAuth.openId.clientId`. */
  clientId: string;
  /** From secret `--auth.userAuth.openId.clientSecretName` or `clientSecretFile`; never logged. */
  clientSecret: string;
  /** `--auth.userAuth.openId.scopes`, e.g. `['openid', 'profile']`. */
  scopes: readonly string[];
}

/** What {@link createUserLogin} needs. */
export interface UserLoginOptions {
  openId: OpenIdSettings;
  cookies: SessionCookies;
  /** The admin's public HTTP origin, e.g. `http://localhost:8088` (the callback is `<origin>/callback`). */
  publicOrigin: () => string;
  /** `--auth.userAuth.redirectUrl`: where a login without `redirect_url` ends. @default '/console' */
  redirectUrl: string;
  /** `--auth.userAuth.idpQueryParameter`: a query parameter of `/login` passed on to the provider. */
  idpQueryParameter?: string;
  /** How long a session lasts, in seconds. */
  sessionSeconds: number;
  /** The org and role of users who log in (`--sharedservice.security.orgOverride`, `defaultUserPolicyRoleType`). */
  org: string;
  role: RoleName;
  /** Fetch for calls to the provider (`--auth.userAuth.httpProxyURL`). @default globalThis.fetch */
  fetch?: typeof fetch;
  logger: Logger;
}

/** How long a login may take between `/login` and `/callback`, in seconds. */
const LOGIN_SECONDS = 600;

/** A signed-in user, as the session cookie holds it. */
export interface UserSession {
  sub: string;
  name: string;
  email: string;
  /** A random value forms of this session echo (the device approval page). */
  csrf: string;
}

/** The user login endpoints and the session reader the authenticator uses. */
export interface UserLogin {
  router: Router;
  /** The session of a request's cookie, or undefined. */
  session(cookieHeader: string | undefined): Promise<UserSession | undefined>;
  /** The identity of a session (method `cookie`). */
  identityOf(session: UserSession): Identity;
  /** `/login?redirect_url=<target>`: where to send a browser that must log in first. */
  loginUrl(target: string): string;
  /** Ends the browser's session: removes its session cookie (what `/logout` does). */
  signOut(res: Response): void;
}

/**
 * A post-login target on our own origin: a path (`/console/...`) or an absolute URL whose origin is
 * `origin`. Anything else (another host, `//host`, `/\host`, `javascript:`) gives undefined, so a
 * crafted link cannot use the login to send a user elsewhere (open redirect).
 */
export function sameOriginTarget(target: string | undefined, origin: string): string | undefined {
  if (!target) return undefined;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) {
    try {
      const url = new URL(target, origin);
      return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
    } catch {
      return undefined;
    }
  }
  try {
    const url = new URL(target);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

type Oidc = typeof import('openid-client');
type OidcProvider = { oidc: Oidc; config: import('openid-client').Configuration };

/**
 * Reads the provider's discovery document (openid-client, loaded on first use), through
 * `options.fetch` when given; plain `http:` providers are allowed (local test providers).
 * @throws the discovery's error when the provider cannot be reached or answers wrongly.
 */
async function discoverProvider(options: UserLoginOptions): Promise<OidcProvider> {
  const oidc = await import('openid-client');
  const server = new URL(options.openId.baseUrl);
  const config = await oidc.discovery(
    server,
    options.openId.clientId,
    options.openId.clientSecret,
    undefined,
    {
      ...(server.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
    },
  );
  if (options.fetch) config[oidc.customFetch] = options.fetch;
  return { oidc, config };
}

/** Why the provider refused a login: its `error[: error_description]`, else the error's message. */
function refusalOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = 'error' in error && typeof error.error === 'string' ? error.error : '';
  const description =
    'error_description' in error && typeof error.error_description === 'string'
      ? error.error_description
      : '';
  if (code) return description ? `${code}: ${description}` : code;
  return 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

/** A query parameter's value when it is given once, as text. */
function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * User login through an OpenID provider (spec "Server side" 3), as a relying party built on
 * openid-client: `GET /login[?redirect_url=<path>]` sends the browser to the provider's authorization
 * endpoint (authorization code with PKCE S256, state and nonce kept in a sealed, 10-minute login
 * cookie; `--auth.userAuth.idpQueryParameter`, when set and present on `/login`, is passed on);
 * `GET /callback` checks state, nonce and ID token, opens a session cookie and redirects to the
 * target (only on our own origin, else `--auth.userAuth.redirectUrl`); `GET|POST /logout` removes the
 * session. The provider's discovery document is read on the first login and kept.
 */
export function createUserLogin(options: UserLoginOptions): UserLogin {
  const { cookies, logger } = options;
  let discovered: Promise<OidcProvider> | undefined;
  const provider = () => {
    discovered ??= discoverProvider(options).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };
  const fail = (res: Response, status: number, message: string) => {
    res.status(status).type('text/plain').send(`${message}\n`);
  };

  const router = express.Router();
  router.get(LOGIN_PATHS.login, async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const origin = options.publicOrigin();
    const target = sameOriginTarget(queryText(req, 'redirect_url'), origin) ?? options.redirectUrl;
    let found: OidcProvider;
    try {
      found = await provider();
    } catch (error) {
      logger.error('the OpenID provider cannot be reached', {
        provider: options.openId.baseUrl,
        error: errorMessage(error),
      });
      fail(res, 502, `login is unavailable: the OpenID provider ${options.openId.baseUrl} cannot be reached`);
      return;
    }
    const { oidc, config } = found;
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: `${origin}${LOGIN_PATHS.callback}`,
      scope: options.openId.scopes.join(' '),
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    const idp = options.idpQueryParameter;
    const idpValue = idp ? queryText(req, idp) : undefined;
    if (idp && idpValue !== undefined) parameters[idp] = idpValue;
    await cookies.set(res, LOGIN_COOKIE, { state, nonce, verifier, target }, LOGIN_SECONDS, 'lax');
    res.redirect(302, oidc.buildAuthorizationUrl(config, parameters).href);
  });

  router.get(LOGIN_PATHS.callback, async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const login = await cookies.fromRequest(req, LOGIN_COOKIE);
    cookies.clear(res, LOGIN_COOKIE);
    if (!login || typeof login.state !== 'string') {
      fail(
        res,
        400,
        'no login in progress in this browser (or it took over 10 minutes): start again at /login',
      );
      return;
    }
    const origin = options.publicOrigin();
    let claims: ReturnType<Awaited<ReturnType<Oidc['authorizationCodeGrant']>>['claims']>;
    try {
      const { oidc, config } = await provider();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(req.originalUrl, origin), {
        expectedState: login.state,
        expectedNonce: String(login.nonce),
        pkceCodeVerifier: String(login.verifier),
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      const why = refusalOf(error);
      logger.warn('login refused', { provider: options.openId.baseUrl, reason: why });
      fail(res, 401, `login failed: ${why ?? 'the OpenID provider did not confirm it'}`);
      return;
    }
    if (!claims || typeof claims.sub !== 'string') {
      fail(res, 401, 'login failed: the ID token has no subject');
      return;
    }
    const session: UserSession = {
      sub: claims.sub,
      name: typeof claims.name === 'string' ? claims.name : '',
      email: typeof claims.email === 'string' ? claims.email : '',
      csrf: randomBytes(18).toString('base64url'),
    };
    await cookies.set(res, SESSION_COOKIE, { ...session }, options.sessionSeconds);
    logger.info('user logged in', { subject: session.sub });
    res.redirect(302, sameOriginTarget(String(login.target ?? ''), origin) ?? options.redirectUrl);
  });

  const logout = (req: Request, res: Response) => {
    cookies.clear(res, SESSION_COOKIE);
    const target = sameOriginTarget(queryText(req, 'redirect_url'), options.publicOrigin());
    if (target) res.redirect(302, target);
    else res.type('text/plain').send('logged out\n');
  };
  router.get(LOGIN_PATHS.logout, logout);
  router.post(LOGIN_PATHS.logout, logout);

  return {
    router,
    async session(cookieHeader) {
      const value = await cookies.open(SESSION_COOKIE, SessionCookies.read(cookieHeader, SESSION_COOKIE));
      if (!value || typeof value.sub !== 'string' || typeof value.csrf !== 'string') return undefined;
      return {
        sub: value.sub,
        name: typeof value.name === 'string' ? value.name : '',
        email: typeof value.email === 'string' ? value.email : '',
        csrf: value.csrf,
      };
    },
    identityOf(session) {
      return {
        subject: session.sub,
        clientId: '',
        org: options.org,
        role: options.role,
        method: 'cookie',
        scopes: ['all'],
        name: session.name,
        email: session.email,
      };
    },
    loginUrl(target) {
      return `${LOGIN_PATHS.login}?redirect_url=${encodeURIComponent(target)}`;
    },
    signOut(res) {
      cookies.clear(res, SESSION_COOKIE);
    },
  };
}
