import { createHash, timingSafeEqual } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import express, {
  type Request as ExpressRequest,
  type Response as ExpressResponse,
  type Router,
} from 'express';
import { errorMessage } from '../../api/guards.js';
import type { AuthRepository } from '../db/auth-repository.js';
import type { Logger } from '../logger.js';
import type { ClientRegistry } from './authenticate.js';
import {
  DEVICE_CODE_GRANT,
  type GrantUser,
  INTERACTIVE_PATHS,
  type InteractiveGrants,
  type StoredCode,
} from './interactive-grants.js';
import { ExchangeError, TOKEN_EXCHANGE_GRANT, type TokenExchange } from './token-exchange.js';
import { isRole, type RoleName, TokenError, type TokenService } from './tokens.js';
import type { UserLogin, UserSession } from './user-login.js';

/** The built-in confidential client (spec: `--admin.clientId` default), admin role. */
export const PROPELLER_CLIENT_ID = 'orch-propeller';

/** Scopes this server grants (`all` is what every RPC needs; `offline` asks for a refresh token). */
export const SCOPES = ['all', 'offline'] as const;

/** Paths of the authorization server's HTTP endpoints. */
export const OAUTH_PATHS = { token: '/oauth2/token', jwks: '/oauth2/jwks' } as const;

/** `sha256:<hex>` of a client secret, as stored for API keys. */
export function hashClientSecret(secret: string): string {
  return `sha256:${createHash('sha256').update(secret, 'utf8').digest('hex')}`;
}

/**
 * The key id of an API key: 16 bytes of SHA-256 over its stored secret hash, base64url (22
 * characters). Every key created gets a fresh random secret, so a key deleted and created again under
 * the same name (a rotation) has a new key id, and the tokens of the old one, which carry the old key
 * id in their `key_id` claim, are refused. Not a secret: it cannot be turned back into the hash.
 */
export function keyIdOf(secretHash: string): string {
  return createHash('sha256').update(secretHash, 'utf8').digest().subarray(0, 16).toString('base64url');
}

function sameSecret(presented: string, stored: string): boolean {
  const a = Buffer.from(hashClientSecret(presented));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sameText(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** How long a replica trusts an API key's key id read from the database: the revocation window. */
export const KEY_ID_CACHE_MS = 5000;

/** A client as the token endpoint knows it. */
interface OAuthClient {
  id: string;
  grants: string[];
  org: string;
  role: RoleName;
  /** The API key's key id ({@link keyIdOf}); absent for the built-in client. */
  keyId?: string;
}

/** What {@link OAuthClients} needs. */
export interface OAuthClientsOptions {
  repo: AuthRepository;
  /** The `orch-propeller` client secret from the server's secrets; undefined disables that client. */
  propellerSecret: string | undefined;
  /** The org of the built-in client (`--sharedservice.security.orgOverride`). */
  org: string;
  /** The public client (`orch-ctl`) when interactive login is served: its tokens stay valid. */
  publicClientId?: string;
}

/**
 * The clients of the self-hosted authorization server: the built-in `orch-propeller` and the API
 * keys in the database (secrets compared by hash, in constant time). Also the {@link ClientRegistry}
 * the authenticator asks whether a token's key still exists: a token of an API key is accepted only
 * while the key with the token's key id exists (a key created again under the same name has another
 * key id). Key ids read from the database are remembered for at most {@link KEY_ID_CACHE_MS} (5 s),
 * and a key deleted through this server is forgotten at once: so a key deleted on one admin replica is
 * refused by the others within 5 s (its client credentials at once: {@link authenticate} always reads
 * the database). The token service's cache of verified signatures does not widen that window: every
 * call, cached signature or not, asks {@link isActive}.
 */
export class OAuthClients implements ClientRegistry {
  /** Client id to the key id it had when last read, and until when (ms since the epoch) that holds. */
  private readonly active = new Map<string, { keyId: string; until: number }>();

  constructor(private readonly options: OAuthClientsOptions) {}

  /** The client `clientId` when `secret` is its secret (RFC 6749 §2.3.1), else undefined. */
  async authenticate(clientId: string, secret: string): Promise<OAuthClient | undefined> {
    if (clientId === PROPELLER_CLIENT_ID) {
      const expected = this.options.propellerSecret;
      if (!expected || !sameText(secret, expected)) return undefined;
      return {
        id: clientId,
        grants: ['client_credentials', 'refresh_token'],
        org: this.options.org,
        role: 'ADMIN',
      };
    }
    const row = await this.options.repo.getClient(clientId);
    if (!row || !sameSecret(secret, row.secret_hash) || !isRole(row.role)) return undefined;
    return {
      id: row.client_id,
      grants: ['client_credentials', 'refresh_token'],
      org: row.org,
      role: row.role,
      keyId: keyIdOf(row.secret_hash),
    };
  }

  async isActive(clientId: string, keyId: string | undefined): Promise<boolean> {
    if (clientId === this.options.publicClientId) return true;
    if (clientId === PROPELLER_CLIENT_ID) return this.options.propellerSecret !== undefined;
    // An API key's token must name the key it was issued to; one without a key id is refused.
    if (!keyId) return false;
    const known = this.active.get(clientId);
    if (known && known.until > Date.now()) return known.keyId === keyId;
    // Timed from before the read: what it answers held at least then, so the window stays 5 s.
    const readAt = Date.now();
    const row = await this.options.repo.getClient(clientId);
    if (!row) {
      this.active.delete(clientId);
      return false;
    }
    const current = keyIdOf(row.secret_hash);
    this.active.set(clientId, { keyId: current, until: readAt + KEY_ID_CACHE_MS });
    return current === keyId;
  }

  /** Forgets a deleted client at once. */
  forget(clientId: string): void {
    this.active.delete(clientId);
  }
}

/** The interactive grants, when user login is configured. */
export interface InteractiveOptions {
  grants: InteractiveGrants;
  login: UserLogin;
  /** The user a login session grants as. */
  userOf: (session: UserSession) => GrantUser;
}

/** What {@link createOAuthRoutes} needs. */
export interface OAuthRoutesOptions {
  tokens: TokenService;
  clients: OAuthClients;
  logger: Logger;
  /** Authorization code with PKCE and the device flow's token requests for the public client. */
  interactive?: InteractiveOptions;
  /** The RFC 8693 exchange of OIDC ID tokens (grant type {@link TOKEN_EXCHANGE_GRANT}). */
  exchange?: TokenExchange;
  /** The access log (`--server.security.auditAccess`): a line per token request when given. */
  audit?: Logger;
}

/**
 * The self-hosted authorization server's HTTP endpoints: `POST /oauth2/token` (RFC 6749 §3.2;
 * grants client_credentials §4.4 and refresh_token §6; client authentication client_secret_basic or
 * client_secret_post; an optional `audience` parameter picks one of the allowed audiences) and
 * `GET /oauth2/jwks` (RFC 7517). With `interactive`, also `GET /oauth2/authorize` (RFC 6749 §4.1 for
 * the public client, PKCE S256 required, RFC 7636; a browser without a login session goes through
 * `/login` first) and the token grants authorization_code (§4.1.3, no client secret: the code
 * verifier proves the caller) and device_code (RFC 8628 §3.4). Grant handling, client authentication
 * and RFC 6749 §5.2 error answers come from `@node-oauth/oauth2-server`, except the device grant,
 * which it lacks; tokens from {@link TokenService}.
 */
export function createOAuthRoutes(options: OAuthRoutesOptions): Router {
  const { tokens, clients, logger, interactive, exchange, audit } = options;
  const router = express.Router();
  const library = (audience: string) =>
    new OAuth2Server({
      model: tokenModel(tokens, clients, audience, interactive?.grants),
      accessTokenLifetime: tokens.accessTokenSeconds,
      refreshTokenLifetime: tokens.refreshTokenSeconds,
      authorizationCodeLifetime: interactive?.grants.settings.codeSeconds ?? 300,
      // The public client has no secret: its code verifier (authorization_code) or its refresh token
      // is the proof; getClient still refuses a confidential client that sends no secret.
      requireClientAuthentication: { authorization_code: false, refresh_token: false },
      alwaysIssueNewRefreshToken: true,
    });

  if (interactive) {
    router.get(INTERACTIVE_PATHS.authorize, async (req, res) => {
      res.set('cache-control', 'no-store');
      const session = await interactive.login.session(req.get('cookie'));
      if (!session) {
        res.redirect(302, interactive.login.loginUrl(req.originalUrl));
        return;
      }
      const query = req.query;
      const client = interactive.grants.publicClient(String(query.client_id ?? ''));
      const redirectUri = client?.redirectUris[0];
      if (!client || redirectUri === undefined || query.redirect_uri !== redirectUri) {
        // RFC 6749 §4.1.2.1: never redirect to an unverified URI; tell the user instead.
        res
          .status(400)
          .type('text/plain')
          .send('unknown client_id or redirect_uri: only the configured public client may sign in here\n');
        return;
      }
      const request = new OAuth2Server.Request(req);
      const response = new OAuth2Server.Response(res);
      if (query.code_challenge_method !== 'S256' || typeof query.code_challenge !== 'string') {
        const target = new URL(redirectUri);
        target.searchParams.set('error', 'invalid_request');
        target.searchParams.set('error_description', 'PKCE with code_challenge_method S256 is required');
        if (typeof query.state === 'string') target.searchParams.set('state', query.state);
        res.redirect(302, target.href);
        return;
      }
      const user = interactive.userOf(session);
      try {
        await library(tokens.audienceFor(undefined)).authorize(request, response, {
          authenticateHandler: { handle: () => user },
          allowEmptyState: false,
        });
      } catch (error) {
        if (!(error instanceof OAuth2Server.OAuthError) || error.code >= 500) {
          logger.error('authorization endpoint failed', {
            error: errorMessage(error),
          });
        }
      }
      for (const [name, value] of Object.entries(response.headers ?? {})) res.set(name, value);
      res.status(response.status ?? 302).end();
    });
  }

  router.get(OAUTH_PATHS.jwks, (_req, res) => {
    res.set('cache-control', 'public, max-age=300').json(tokens.jwks());
  });

  router.post(OAUTH_PATHS.token, express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    res.set('cache-control', 'no-store').set('pragma', 'no-cache');
    // The urlencoded parser's fields: strings (or arrays of them for a repeated name), each checked where read.
    const body: Record<string, unknown> = req.body ?? {};
    if (audit) logTokenRequest(audit, req, res, body);
    let audience: string;
    try {
      audience = tokens.audienceFor(typeof body.audience === 'string' ? body.audience : undefined);
    } catch (error) {
      res.status(400).json({
        error: 'invalid_target',
        error_description: errorMessage(error),
      });
      return;
    }
    if (body.grant_type === TOKEN_EXCHANGE_GRANT && exchange) {
      await exchangeToken(body, audience, exchange, logger, res);
      return;
    }
    if (body.grant_type === DEVICE_CODE_GRANT && interactive) {
      await deviceToken(body, audience, interactive.grants, tokens, res);
      return;
    }
    const server = library(audience);
    const request = new OAuth2Server.Request(req);
    const response = new OAuth2Server.Response(res);
    try {
      await server.token(request, response);
    } catch (error) {
      if (!(error instanceof OAuth2Server.OAuthError) || error.code >= 500) {
        logger.error('token endpoint failed', {
          error: errorMessage(error),
        });
      }
    }
    send(res, response);
  });
  return router;
}

/** The outcome of a token request in the access log, as gRPC code names (like the API's lines). */
const OUTCOMES: Readonly<Record<number, string>> = {
  200: 'OK',
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

/**
 * Writes the token request's access log line once it is answered: method, grant type, principal
 * (the client id of a granted client credentials or refresh request; `anonymous` otherwise, since a
 * refused request proves no identity), outcome and duration in milliseconds. Never a secret, code or token.
 */
function logTokenRequest(
  audit: Logger,
  req: ExpressRequest,
  res: ExpressResponse,
  body: Record<string, unknown>,
) {
  const started = Date.now();
  const grant = typeof body.grant_type === 'string' ? body.grant_type.slice(0, 100) : '';
  res.once('finish', () => {
    const clientId =
      typeof body.client_id === 'string' ? body.client_id : basicUser(req.get('authorization'));
    audit.info('access', {
      transport: 'http',
      method: `POST ${OAUTH_PATHS.token}`,
      grant,
      principal: res.statusCode === 200 && clientId ? clientId : 'anonymous',
      outcome: OUTCOMES[res.statusCode] ?? 'INTERNAL',
      ms: Date.now() - started,
    });
  });
}

/** The user part of an RFC 7617 Basic `authorization` header (the client id), or undefined. */
function basicUser(header: string | undefined): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? formDecode(decoded.slice(0, colon)) : undefined;
}

/**
 * RFC 8693 §2.2: one token exchange request (no client authentication: the ID token is the proof),
 * answered 200 with the access token or with an RFC 6749 §5.2 error naming what was wrong.
 */
async function exchangeToken(
  body: Record<string, unknown>,
  audience: string,
  exchange: TokenExchange,
  logger: Logger,
  res: ExpressResponse,
): Promise<void> {
  try {
    res.json(await exchange.exchange(body, audience));
  } catch (error) {
    if (error instanceof ExchangeError) {
      if (error.status >= 500) logger.warn('token exchange: issuer unavailable', { reason: error.message });
      res.status(error.status).json({ error: error.code, error_description: error.message });
      return;
    }
    logger.error('token exchange failed', { error: errorMessage(error) });
    res.status(500).json({ error: 'server_error', error_description: 'internal error' });
  }
}

/** `application/x-www-form-urlencoded` decoding of one value; undefined when it is not well formed. */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function send(res: ExpressResponse, response: OAuth2Server.Response): void {
  for (const [name, value] of Object.entries(response.headers ?? {})) res.set(name, value);
  res.status(response.status ?? 500).json(response.body ?? {});
}

/**
 * RFC 8628 §3.4–3.5: one device access token request of the public client: the tokens once the user
 * approved (a refresh token too with scope `offline`), else the pending, slow-down, denied or expired
 * error as RFC 6749 §5.2 answers it.
 */
async function deviceToken(
  body: Record<string, unknown>,
  audience: string,
  grants: InteractiveGrants,
  tokens: TokenService,
  res: ExpressResponse,
): Promise<void> {
  const clientId = typeof body.client_id === 'string' ? body.client_id : '';
  if (!grants.publicClient(clientId)) {
    res
      .status(401)
      .json({ error: 'invalid_client', error_description: 'unknown client for the device flow' });
    return;
  }
  if (typeof body.device_code !== 'string' || !body.device_code) {
    res.status(400).json({ error: 'invalid_request', error_description: 'missing parameter: device_code' });
    return;
  }
  const polled = await grants.pollDevice(body.device_code, clientId);
  if ('error' in polled) {
    res.status(400).json({ error: polled.error, error_description: polled.description });
    return;
  }
  const claims = { ...polled.user, client_id: clientId, scope: polled.scope };
  res.json({
    access_token: await tokens.accessToken(claims, audience),
    token_type: 'Bearer',
    expires_in: tokens.accessTokenSeconds,
    scope: polled.scope.join(' '),
    ...(polled.scope.includes('offline') ? { refresh_token: await tokens.refreshToken(claims) } : {}),
  });
}

/**
 * The library's model for one token or authorization request: clients, our JWTs, stateless refresh
 * tokens, and the authorization codes of `grants`.
 */
function tokenModel(
  tokens: TokenService,
  clients: OAuthClients,
  audience: string,
  grants: InteractiveGrants | undefined,
) {
  type User = GrantUser;
  return {
    async getClient(clientId: string, clientSecret: string | null) {
      if (!clientSecret) return grants?.publicClient(clientId);
      const client = await clients.authenticate(clientId, clientSecret);
      if (client) return client;
      // RFC 6749 §2.3.1: client_secret_basic form-encodes both before base64 (openid-client does; many
      // clients do not, and the library passes them on as sent), so the decoded pair is tried too.
      const decoded = [formDecode(clientId), formDecode(clientSecret)] as const;
      if (decoded[0] === undefined || decoded[1] === undefined) return undefined;
      if (decoded[0] === clientId && decoded[1] === clientSecret) return undefined;
      return (await clients.authenticate(decoded[0], decoded[1])) ?? undefined;
    },
    async getUserFromClient(client: OAuthClient): Promise<User> {
      return { sub: client.id, org: client.org, role: client.role };
    },
    async validateScope(_user: User, _client: OAuthClient, scope?: string[]) {
      const asked = scope?.filter(Boolean) ?? [];
      if (asked.length === 0) return ['all'];
      return asked.every((s) => SCOPES.some((known) => known === s)) ? asked : false;
    },
    async generateAccessToken(client: OAuthClient, user: User, scope: string[]) {
      return tokens.accessToken(
        { sub: user.sub, client_id: client.id, org: user.org, role: user.role, scope, key_id: client.keyId },
        audience,
      );
    },
    async generateRefreshToken(client: OAuthClient, user: User, scope: string[]) {
      return tokens.refreshToken({
        sub: user.sub,
        client_id: client.id,
        org: user.org,
        role: user.role,
        scope,
        key_id: client.keyId,
      });
    },
    async saveToken(token: OAuth2Server.Token, client: OAuthClient, user: User) {
      // RFC 6749 §4.4.3: no refresh token for client credentials unless asked for with `offline`.
      const { refreshToken, refreshTokenExpiresAt, ...rest } = token;
      const keep = Array.isArray(token.scope) && token.scope.includes('offline');
      return { ...rest, ...(keep ? { refreshToken, refreshTokenExpiresAt } : {}), client, user };
    },
    async getRefreshToken(refreshToken: string) {
      try {
        const claims = await tokens.openRefreshToken(refreshToken);
        if (!(await clients.isActive(claims.client_id, claims.key_id))) return undefined;
        return {
          refreshToken,
          refreshTokenExpiresAt: new Date(claims.exp * 1000),
          scope: claims.scope,
          client: { id: claims.client_id, grants: [] },
          user: { sub: claims.sub, org: claims.org, role: claims.role },
        };
      } catch (error) {
        if (error instanceof TokenError) return undefined;
        throw error;
      }
    },
    async saveAuthorizationCode(
      code: Omit<StoredCode, 'client' | 'user'>,
      client: { id: string },
      user: User,
    ): Promise<StoredCode> {
      if (!grants) throw new Error('authorization codes are not served');
      return grants.saveCode({ ...code, client: { id: client.id }, user });
    },
    async getAuthorizationCode(code: string) {
      return grants?.getCode(code);
    },
    async revokeAuthorizationCode(code: { authorizationCode: string }) {
      // True for exactly one redemption across replicas: the library answers invalid_grant otherwise.
      return (await grants?.revokeCode(code.authorizationCode)) ?? false;
    },
    async revokeToken() {
      // Refresh tokens are stateless: one stays usable until it expires (its lifespan bounds it).
      return true;
    },
    async getAccessToken() {
      return undefined;
    },
  };
}
