import { parseDuration } from '../api/duration.js';
import { proxyFetch } from '../config/proxy-fetch.js';
import { Authenticator } from './auth/authenticate.js';
import { Authorizer } from './auth/authorizer.js';
import type { ExternalAuthServer } from './auth/external.js';
import { createGuard, type Guard } from './auth/guard.js';
import { checkSharedKeys } from './auth/key-check.js';
import type { AuthKeys } from './auth/keys.js';
import { type InteractiveOptions, OAUTH_PATHS, OAuthClients } from './auth/oauth-server.js';
import { OwnNames } from './auth/own-names.js';
import { TokenExchange } from './auth/token-exchange.js';
import { TokenService } from './auth/tokens.js';
import { defaultUserRole, setupUserLogin, type UserLoginParts } from './auth/user-auth.js';
import type { AuthRepository } from './db/auth-repository.js';
import type { Logger } from './logger.js';
import type { SecretSource } from './secrets.js';
import type { ServerConfig } from './server-options.js';

/** What {@link startAuth} needs. */
export interface AuthParts {
  config: ServerConfig;
  /** The server's secrets (the OpenID client secret is read from there). */
  secrets: SecretSource;
  keys: AuthKeys | undefined;
  /** The external authorization server of `--auth.appAuth.externalAuthServer.*`, when set. */
  external: ExternalAuthServer | undefined;
  authRepo: AuthRepository;
  /** `--sharedservice.security.orgOverride`, or ''. */
  org: string;
  /** The interface the server listens on (a name a loopback caller may use). */
  host: string;
  /** The server answers over TLS. */
  secure: boolean;
  /** The admin's HTTP origin and port once listening ('' and 0 before). */
  httpEndpoint: () => string;
  httpPort: () => number;
  logger: Logger;
}

/** The auth server and the guard every RPC and page passes. */
export interface ServerAuth {
  /** Issues and checks the self auth server's tokens; undefined without token keys. */
  tokens: TokenService | undefined;
  /** User login (`--auth.userAuth.openId.*`), when configured. */
  userLogin: UserLoginParts | undefined;
  interactive: InteractiveOptions | undefined;
  clients: OAuthClients;
  /** The RFC 8693 exchange of OIDC ID tokens under trust policies; undefined without token keys. */
  exchange: TokenExchange | undefined;
  ownNames: OwnNames;
  guard: Guard;
  /** The token issuer: `--auth.appAuth.selfAuthServer.issuer`, else `<httpEndpoint>/`. */
  issuer: () => string;
  /** The token endpoint's path: `--auth.tokenEndpointProxyPath`, else `/oauth2/token`. */
  tokenPath: string;
}

/**
 * The auth server's parts: the token service (with token keys), user login and its interactive
 * grants, the OAuth clients (API keys, `orch-propeller`, the public client with interactive login),
 * the admin's own names (loopback bypass, CORS), and the guard: the authenticator of
 * `--auth.*` / `--sharedservice.security.*` and the authorizer of `--authorizer.mode`.
 * @throws UserAuthConfigError when user login or the default user role is configured wrongly.
 */
export async function startAuth(parts: AuthParts): Promise<ServerAuth> {
  const { config, keys, external, org, logger } = parts;
  const self = config.auth.appAuth.selfAuthServer;
  const orchClient = config.auth.appAuth.thirdPartyConfig.orchClient;
  const issuer = () => (self.issuer && !self.issuer.includes('<') ? self.issuer : `${parts.httpEndpoint()}/`);
  const tokens = keys
    ? new TokenService(keys, {
        issuer,
        audiences: () => [issuer(), ...(orchClient.audience ? [orchClient.audience] : [])],
        accessTokenSeconds: parseDuration(self.accessTokenLifespan),
        refreshTokenSeconds: parseDuration(self.refreshTokenLifespan),
      })
    : undefined;
  if (keys) await warnOfOtherKeys(parts.authRepo, keys, logger);
  const userLogin = await setupUserLogin({
    config,
    secrets: parts.secrets,
    keys,
    publicOrigin: parts.httpEndpoint,
    org,
    secure: parts.secure,
    codeSeconds: parseDuration(self.authorizationCodeLifespan),
    sessionSeconds: parseDuration(self.refreshTokenLifespan),
    grantStore: parts.authRepo.grants,
    logger,
  });
  const interactive = userLogin?.interactive;
  const clients = new OAuthClients({
    repo: parts.authRepo,
    propellerSecret: keys?.propellerSecret,
    org,
    publicClientId: interactive ? orchClient.clientId : undefined,
  });
  const exchangeFlags = config.auth.tokenExchange;
  const exchange = tokens
    ? new TokenExchange({
        issuers: exchangeFlags.issuers,
        audiences: () =>
          exchangeFlags.audience.length
            ? [...exchangeFlags.audience]
            : [...new Set([issuer(), issuer().replace(/\/+$/, ''), parts.httpEndpoint()])],
        maxLifetimeSeconds: parseDuration(exchangeFlags.maxTokenLifespan),
        jwksCooldownSeconds: parseDuration(exchangeFlags.jwksCooldown),
        timeoutSeconds: parseDuration(exchangeFlags.timeout),
        fetch: proxyFetch(config.auth.httpProxyURL, '--auth.httpProxyURL'),
        repo: parts.authRepo.trust,
        tokens,
      })
    : undefined;
  const allowedAudience = config.auth.appAuth.externalAuthServer.allowedAudience;
  // The names a loopback caller must use for the bypass, and the admin's own origin (CORS).
  const ownHosts = [
    parts.host,
    ...(self.issuer && URL.canParse(self.issuer) ? [new URL(self.issuer).hostname] : []),
  ];
  const ownNames = new OwnNames({ hosts: () => ownHosts, httpPort: parts.httpPort });
  const guard = createGuard(
    new Authenticator({
      tokens,
      clients,
      headers: {
        grpc: config.auth.grpcAuthorizationHeader.toLowerCase(),
        http: config.auth.httpAuthorizationHeader.toLowerCase(),
      },
      disabled: { grpc: config.auth.disableForGrpc, http: config.auth.disableForHttp },
      allowLocalhost: config.sharedservice.security.allowLocalhostAccess,
      ownNames,
      orgOverride: org,
      session: userLogin?.session,
      ...(exchange ? { policies: exchange } : {}),
      external: external?.verifier({
        audiences: () =>
          allowedAudience.length ? [...allowedAudience] : [...new Set([parts.httpEndpoint(), issuer()])],
        role: defaultUserRole(config),
        org,
      }),
    }),
    new Authorizer({ mode: config.authorizer.mode, logger }),
  );
  const tokenPath = config.auth.tokenEndpointProxyPath || OAUTH_PATHS.token;
  return { tokens, userLogin, interactive, clients, exchange, ownNames, guard, issuer, tokenPath };
}

/**
 * Logs an error when this admin's auth keys differ from those the admin that last started on the same
 * database used (see {@link checkSharedKeys}): replicas must share the token signing key, the claim
 * key and the cookie keys, or each refuses the others' tokens and sessions. Names the keys, never values.
 */
async function warnOfOtherKeys(repo: AuthRepository, keys: AuthKeys, logger: Logger): Promise<void> {
  const differ = await checkSharedKeys(repo, keys);
  if (differ.length === 0) return;
  logger.error(
    "this admin's auth keys differ from those of the admin that last started on this database: " +
      'tokens, refresh tokens or login sessions of one are refused by the other. Give every replica ' +
      'the same server secrets (`orch serve init-secrets` once, then the same --secrets.* on all), ' +
      'unless this is a planned key change',
    { keys: differ },
  );
}
