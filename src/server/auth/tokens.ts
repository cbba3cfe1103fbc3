import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, EncryptJWT, errors, jwtDecrypt, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { AuthKeys } from './keys.js';

/** The authorizer's roles, weakest first (proto `orch.admin.v1.Role`). */
export const ROLES = ['VIEWER', 'CONTRIBUTOR', 'ADMIN'] as const;
export type RoleName = (typeof ROLES)[number];

/** True when `value` names a role. */
export function isRole(value: unknown): value is RoleName {
  return typeof value === 'string' && ROLES.some((role) => role === value);
}

/** What an access or refresh token says about its holder. */
export interface TokenClaims {
  /** Subject: a user id, or the client id for client credentials. */
  sub: string;
  client_id: string;
  org: string;
  role: RoleName;
  /** Granted scopes, e.g. `['all']`. */
  scope: string[];
  /**
   * The key id of the API key the token was issued to (claim `key_id`, see `keyIdOf`): the token is
   * accepted only while a key of that client id with this very key id exists, so no token of a deleted
   * key comes back when a key of the same name is created again. Absent for built-in clients and users.
   */
  key_id?: string;
  /** The trust policy an exchanged token was issued under (RFC 8693 exchange of an OIDC ID token). */
  policy?: string;
  /** The exchanged ID token's `sub` (claim `oidc_sub`). */
  oidc_sub?: string;
  /** The projects the token may act in (a trust policy's limit); absent or empty: every project. */
  projects?: string[];
  /** The domains the token may act in; absent or empty: every domain. */
  domains?: string[];
}

/** A verified token: its claims plus its expiry (seconds since the epoch). */
export interface VerifiedToken extends TokenClaims {
  exp: number;
  aud: string[];
}

/** How many verified access tokens {@link TokenService} remembers. */
const VERIFIED_CACHE_SIZE = 10_000;

/** Thrown when a token does not verify; the message says why (never the token). */
export class TokenError extends Error {
  override name = 'TokenError';
}

/** Settings of {@link TokenService}. */
export interface TokenSettings {
  /** The issuer (`iss`) of every token, e.g. `http://localhost:8088/`; read per call (the port may be 0 until listen). */
  issuer: () => string;
  /** Audiences a token may be issued for and is accepted with; the first is the default. */
  audiences: () => string[];
  /** `--auth.appAuth.selfAuthServer.accessTokenLifespan`, seconds. */
  accessTokenSeconds: number;
  /** `--auth.appAuth.selfAuthServer.refreshTokenLifespan`, seconds. */
  refreshTokenSeconds: number;
}

/**
 * Issues and verifies the self-hosted authorization server's tokens: access tokens are RS256 JWTs
 * (RFC 7519, RFC 9068 `at+jwt`) signed with the current key, with `kid` its JWK thumbprint; they
 * verify against the current or the old key (rotation). Refresh tokens are JWTs encrypted with the
 * claim key (`dir`, A256GCM), so the server keeps no refresh token store.
 */
export class TokenService {
  private readonly keySet: ReturnType<typeof createLocalJWKSet>;
  /**
   * Tokens verified lately, by their exact text, until they expire: a client sends the same token
   * with every call, and the RS256 check need not run again for the same bytes. At most
   * {@link VERIFIED_CACHE_SIZE}, the least recently used dropped first.
   */
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: VERIFIED_CACHE_SIZE });

  constructor(
    private readonly keys: AuthKeys,
    private readonly settings: TokenSettings,
  ) {
    this.keySet = createLocalJWKSet({ keys: keys.verification.map((key) => key.jwk) });
  }

  /** The JWKS document (RFC 7517) of every verification key, current first. */
  jwks(): { keys: object[] } {
    return { keys: this.keys.verification.map(({ jwk }) => ({ ...jwk })) };
  }

  /** The lifetime of new access tokens, in seconds. */
  get accessTokenSeconds(): number {
    return this.settings.accessTokenSeconds;
  }

  /** The lifetime of new refresh tokens, in seconds. */
  get refreshTokenSeconds(): number {
    return this.settings.refreshTokenSeconds;
  }

  /**
   * The audience a token is issued for: `requested` when it is one of the allowed audiences, else the
   * default. @throws TokenError when `requested` is set but not allowed.
   */
  audienceFor(requested: string | undefined): string {
    const allowed = this.settings.audiences();
    if (!requested) return allowed[0] ?? this.settings.issuer();
    if (!allowed.includes(requested)) {
      throw new TokenError(`audience ${requested} is not served here (allowed: ${allowed.join(', ')})`);
    }
    return requested;
  }

  /** Signs an access token for `claims`, valid `lifetimeSeconds` (default: the access token lifespan). */
  async accessToken(
    claims: TokenClaims,
    audience: string,
    lifetimeSeconds = this.settings.accessTokenSeconds,
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      client_id: claims.client_id,
      org: claims.org,
      role: claims.role,
      scope: claims.scope.join(' '),
      ...(claims.key_id ? { key_id: claims.key_id } : {}),
      ...(claims.policy ? { policy: claims.policy, oidc_sub: claims.oidc_sub ?? '' } : {}),
      ...(claims.projects?.length ? { projects: claims.projects } : {}),
      ...(claims.domains?.length ? { domains: claims.domains } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.signing.kid, typ: 'at+jwt' })
      .setIssuer(this.settings.issuer())
      .setAudience(audience)
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .setJti(randomUUID())
      .sign(this.keys.signing.privateKey);
  }

  /**
   * Verifies an access token: signature by a known key, issuer, audience, expiry (30 s leeway).
   * @throws TokenError saying which check failed.
   */
  async verifyAccessToken(token: string): Promise<VerifiedToken> {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    if (known) this.verified.delete(token);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.keySet, {
        issuer: this.settings.issuer(),
        audience: this.settings.audiences(),
        algorithms: ['RS256'],
        clockTolerance: 30,
        typ: 'at+jwt',
      }));
    } catch (error) {
      throw new TokenError(describeJoseError(error, 'access token'));
    }
    const claims = claimsOf(payload, 'access token');
    this.verified.set(token, claims);
    return claims;
  }

  /** Encrypts a refresh token for `claims`, valid for the refresh token lifespan. */
  async refreshToken(claims: TokenClaims): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new EncryptJWT({ ...claims, scope: claims.scope.join(' ') })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'orch-rt+jwt' })
      .setIssuer(this.settings.issuer())
      .setIssuedAt(now)
      .setExpirationTime(now + this.settings.refreshTokenSeconds)
      .setJti(randomUUID())
      .encrypt(this.keys.claimKey);
  }

  /** Opens a refresh token. @throws TokenError when it is damaged, foreign or expired. */
  async openRefreshToken(token: string): Promise<VerifiedToken> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtDecrypt(token, this.keys.claimKey, {
        issuer: this.settings.issuer(),
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
        typ: 'orch-rt+jwt',
      }));
    } catch (error) {
      throw new TokenError(describeJoseError(error, 'refresh token'));
    }
    return claimsOf(payload, 'refresh token');
  }
}

function claimsOf(payload: Record<string, unknown>, what: string): VerifiedToken {
  const role = payload.role;
  if (typeof payload.sub !== 'string' || typeof payload.client_id !== 'string' || !isRole(role)) {
    throw new TokenError(`${what} lacks the sub, client_id or role claim`);
  }
  const aud = payload.aud;
  return {
    sub: payload.sub,
    client_id: payload.client_id,
    org: typeof payload.org === 'string' ? payload.org : '',
    role,
    scope: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
    ...(typeof payload.key_id === 'string' ? { key_id: payload.key_id } : {}),
    ...(typeof payload.policy === 'string' ? { policy: payload.policy } : {}),
    ...(typeof payload.oidc_sub === 'string' ? { oidc_sub: payload.oidc_sub } : {}),
    ...(Array.isArray(payload.projects) ? { projects: payload.projects.map(String) } : {}),
    ...(Array.isArray(payload.domains) ? { domains: payload.domains.map(String) } : {}),
    exp: typeof payload.exp === 'number' ? payload.exp : 0,
    aud: Array.isArray(aud) ? aud.map(String) : typeof aud === 'string' ? [aud] : [],
  };
}

/** A specific, secret-free reason for a failed verification of `what` (the reference's "token parse error" hid them). */
export function describeJoseError(error: unknown, what: string): string {
  if (error instanceof errors.JWTExpired) return `${what} expired`;
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss')
      return `${what} was issued by another server (iss ${String(error.payload.iss)})`;
    if (error.claim === 'aud')
      return `${what} is for another audience (aud ${JSON.stringify(error.payload.aud)})`;
    return `${what} claim ${error.claim} is not valid: ${error.reason}`;
  }
  if (error instanceof errors.JWKSNoMatchingKey)
    return `${what} is signed by a key this server does not know`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return `${what} signature does not verify`;
  if (error instanceof errors.JWEDecryptionFailed) return `${what} does not decrypt with this server's key`;
  if (error instanceof errors.JOSEAlgNotAllowed)
    return `${what} uses an algorithm this server does not accept`;
  if (
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWEInvalid
  ) {
    return `${what} is not a well-formed token`;
  }
  return `${what} is not valid`;
}
