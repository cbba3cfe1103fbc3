import { readFile } from 'node:fs/promises';
import express, { type Router } from 'express';
import { errorCode, errorMessage } from '../../api/guards.js';
import type { Config } from '../../config/load.js';
import { proxyFetch } from '../../config/proxy-fetch.js';
import type { GrantRepository } from '../db/grant-repository.js';
import type { Logger } from '../logger.js';
import type { SecretSource } from '../secrets.js';
import type { Identity } from './authenticate.js';
import { type ExternalAuthServer, loadExternalAuthServer } from './external.js';
import { createDeviceRoutes, type GrantUser, InteractiveGrants } from './interactive-grants.js';
import type { AuthKeys } from './keys.js';
import type { InteractiveOptions } from './oauth-server.js';
import { SessionCookies, sameSiteOf } from './sessions.js';
import { isRole, type RoleName } from './tokens.js';
import { createUserLogin, type UserLogin } from './user-login.js';

/** Thrown when user login or the external authorization server is configured wrongly; names the flag. */
export class UserAuthConfigError extends Error {
  override name = 'UserAuthConfigError';
}

/**
 * The role of users who log in or bring an external token:
 * `--authorizer.organizationConfig.PolicyConfig.defaultUserPolicyRoleType` (`Viewer`, `Contributor`
 * or `Admin`, case-insensitive). @throws UserAuthConfigError for another value.
 */
export function defaultUserRole(config: Pick<Config, 'authorizer'>): RoleName {
  const text = config.authorizer.organizationConfig.PolicyConfig.defaultUserPolicyRoleType;
  const role = text.toUpperCase();
  if (!isRole(role)) {
    throw new UserAuthConfigError(
      `--authorizer.organizationConfig.PolicyConfig.defaultUserPolicyRoleType "${text}" is not one of Viewer, Contributor, Admin`,
    );
  }
  return role;
}

/**
 * Reads the external authorization server's metadata when `--auth.appAuth.externalAuthServer.baseUrl`
 * is set (through `externalAuthServer.httpProxyURL`, else `--auth.httpProxyURL`); undefined otherwise.
 * @throws ExternalAuthServerError when it cannot be read (after the configured retries).
 */
export async function externalAuthServerOf(
  config: Pick<Config, 'auth'>,
  logger: Logger,
  parseSeconds: (text: string) => number,
): Promise<ExternalAuthServer | undefined> {
  const external = config.auth.appAuth.externalAuthServer;
  if (!external.baseUrl?.trim()) return undefined;
  return loadExternalAuthServer({
    baseUrl: external.baseUrl.trim(),
    metadataUrl: external.metadataUrl?.trim() || undefined,
    retryAttempts: external.retryAttempts,
    retryDelaySeconds: parseSeconds(external.retryDelay),
    fetch: proxyFetch(
      external.httpProxyURL || config.auth.httpProxyURL,
      external.httpProxyURL ? '--auth.appAuth.externalAuthServer.httpProxyURL' : '--auth.httpProxyURL',
    ),
    logger,
  });
}

/** What {@link setupUserLogin} needs from the server. */
export interface UserLoginSetup {
  config: Pick<Config, 'auth' | 'authorizer'>;
  /** The server's secrets (`oidc_client_secret` is read from here). */
  secrets: SecretSource;
  keys: AuthKeys | undefined;
  /** The admin's public HTTP origin. */
  publicOrigin: () => string;
  org: string;
  /** The server answers over TLS (cookies get `Secure`). */
  secure: boolean;
  /** `--auth.appAuth.selfAuthServer.authorizationCodeLifespan` and `refreshTokenLifespan`, seconds. */
  codeSeconds: number;
  sessionSeconds: number;
  /** Where the interactive grants keep their codes (the database every replica shares). */
  grantStore: GrantRepository;
  logger: Logger;
}

/** User login, its routes and the interactive grants built on it. */
export interface UserLoginParts {
  login: UserLogin;
  /** For the authenticator: the identity of a session cookie. */
  session: (cookieHeader: string | undefined) => Promise<Identity | undefined>;
  /** For the token endpoint (absent when the server issues no tokens). */
  interactive: InteractiveOptions | undefined;
  /** `/login`, `/callback`, `/logout` and the device verification endpoints. */
  router: Router;
}

/**
 * Builds user login when `--auth.userAuth.openId.baseUrl` is set (spec "Server side" 3): the OpenID
 * provider's client id and secret (`openId.clientSecretFile`, else server secret
 * `openId.clientSecretName`, `oidc_client_secret`), the cookie keys, and with token keys the
 * interactive grants of the public client `--auth.appAuth.thirdPartyConfig.orchClient.*`.
 * Returns undefined when no provider is configured.
 * @throws UserAuthConfigError naming what is missing (client id, client secret, cookie keys) or wrong.
 */
export async function setupUserLogin(setup: UserLoginSetup): Promise<UserLoginParts | undefined> {
  const { config, logger } = setup;
  const user = config.auth.userAuth;
  const baseUrl = user.openId.baseUrl?.trim();
  if (!baseUrl) return undefined;
  const clientId = user.openId.clientId?.trim();
  if (!clientId) {
    throw new UserAuthConfigError(
      '--auth.userAuth.openId.clientId is required with --auth.userAuth.openId.baseUrl',
    );
  }
  let clientSecret: string | undefined;
  if (user.openId.clientSecretFile) {
    try {
      clientSecret = (await readFile(user.openId.clientSecretFile, 'utf8')).trim();
    } catch (error) {
      throw new UserAuthConfigError(
        `--auth.userAuth.openId.clientSecretFile ${user.openId.clientSecretFile}: ${errorCode(error) ?? errorMessage(error)}`,
      );
    }
  } else {
    clientSecret = (await setup.secrets.get(user.openId.clientSecretName))?.trim();
  }
  if (!clientSecret) {
    throw new UserAuthConfigError(
      `no client secret for the OpenID provider: set server secret ${user.openId.clientSecretName} ` +
        `(${setup.secrets.describe(user.openId.clientSecretName)}) or --auth.userAuth.openId.clientSecretFile`,
    );
  }
  const cookieKeys = setup.keys?.cookieKeys;
  if (!cookieKeys) {
    throw new UserAuthConfigError(
      `user login needs the cookie keys: set server secrets ${user.cookieHashKeySecretName} and ${user.cookieBlockKeySecretName} ` +
        '(32 bytes each, base64; `orch serve init-secrets` writes them)',
    );
  }
  const cookies = new SessionCookies({
    ...cookieKeys,
    domain: user.cookieSetting.domain || undefined,
    sameSite: sameSiteOf(user.cookieSetting.sameSitePolicy),
    secure: setup.secure,
  });
  const role = defaultUserRole(config);
  const login = createUserLogin({
    openId: { baseUrl, clientId, clientSecret, scopes: user.openId.scopes },
    cookies,
    publicOrigin: setup.publicOrigin,
    redirectUrl: user.redirectUrl || '/console',
    idpQueryParameter: user.idpQueryParameter || undefined,
    sessionSeconds: setup.sessionSeconds,
    org: setup.org,
    role,
    fetch: proxyFetch(
      user.httpProxyURL || config.auth.httpProxyURL,
      user.httpProxyURL ? '--auth.userAuth.httpProxyURL' : '--auth.httpProxyURL',
    ),
    logger,
  });
  const userOf = (session: { sub: string }): GrantUser => ({ sub: session.sub, org: setup.org, role });
  const router = express.Router();
  router.use(login.router);
  let interactive: InteractiveOptions | undefined;
  if (setup.keys) {
    const orchClient = config.auth.appAuth.thirdPartyConfig.orchClient;
    const grants = new InteractiveGrants(
      {
        publicClient: { clientId: orchClient.clientId, redirectUri: orchClient.redirectUri },
        codeSeconds: setup.codeSeconds,
      },
      setup.grantStore,
    );
    interactive = { grants, login, userOf };
    router.use(
      createDeviceRoutes({
        grants,
        login,
        userOf,
        publicOrigin: setup.publicOrigin,
        scopes: ['all', 'offline'],
        logger,
      }),
    );
  }
  return {
    login,
    interactive,
    router,
    async session(cookieHeader) {
      const session = await login.session(cookieHeader);
      return session ? login.identityOf(session) : undefined;
    },
  };
}

/**
 * `POST <--auth.tokenEndpointProxyPath>` in external mode: forwards the token request (form body,
 * `authorization`, `content-type`) to the external server's token endpoint and answers what it
 * answered, so clients that reach only the admin can still get tokens.
 */
export function tokenProxyRoute(path: string, tokenEndpoint: string, doFetch: typeof fetch = fetch): Router {
  const router = express.Router();
  router.post(path, express.raw({ type: () => true, limit: '16kb' }), async (req, res) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of ['authorization', 'content-type', 'dpop']) {
      const value = req.get(name);
      if (value) headers[name] = value;
    }
    try {
      const answer = await doFetch(tokenEndpoint, {
        method: 'POST',
        headers,
        body: Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : undefined,
      });
      res
        .status(answer.status)
        .set('cache-control', 'no-store')
        .type(answer.headers.get('content-type') ?? 'application/json')
        .send(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      res.status(502).json({
        error: 'temporarily_unavailable',
        error_description: `the token endpoint ${tokenEndpoint} cannot be reached (${errorMessage(error)})`,
      });
    }
  });
  return router;
}
