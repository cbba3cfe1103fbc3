import { createHash } from 'node:crypto';
import { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { errorMessage, isRecord } from '../../api/guards.js';
import type { TrustPolicyRow, TrustRepository } from '../db/trust-repository.js';
import { isLoopbackAddress } from './own-names.js';
import { describeJoseError, isRole, type TokenService } from './tokens.js';
import {
  type ClaimCondition,
  isPolicyClaim,
  policyMatches,
  principalOf,
  type TrustPolicyRule,
} from './trust-policy.js';

/** RFC 8693 §2.1 grant type of the token exchange. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The subject token types accepted (RFC 8693 §3): an OIDC ID token, or a JWT. */
export const SUBJECT_TOKEN_TYPES = [
  'urn:ietf:params:oauth:token-type:id_token',
  'urn:ietf:params:oauth:token-type:jwt',
] as const;
/** The issued token type (RFC 8693 §3). */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** GitHub Actions' OIDC issuer, always trusted. */
export const GITHUB_ACTIONS_ISSUER = 'https://token.actions.githubusercontent.com';
/** Leeway on `exp`, `nbf` and `iat` of an ID token, seconds. */
export const CLOCK_SKEW_SECONDS = 60;
/** Signature algorithms accepted on ID tokens (never `none`, never a shared-secret HS*). */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'ES256'];
/** The client id an exchanged token is issued to: `trust-policy:<name>` (never an API key's id, which has no `:`). */
export const TRUST_POLICY_CLIENT_PREFIX = 'trust-policy:';
/** How long a replica trusts that a policy exists (ms): its revocation window, like API keys'. */
export const POLICY_CACHE_MS = 5000;

/** An RFC 6749 §5.2 error answer of the exchange; the description never contains the token. */
export class ExchangeError extends Error {
  override name = 'ExchangeError';
  constructor(
    readonly code: 'invalid_request' | 'invalid_grant' | 'temporarily_unavailable',
    message: string,
    /** The HTTP status to answer with. */
    readonly status = code === 'temporarily_unavailable' ? 503 : 400,
  ) {
    super(message);
  }
}

/** Thrown at start when `--auth.tokenExchange.issuers` names an issuer that is not an https (or loopback http) URL. */
export class IssuerConfigError extends Error {
  override name = 'IssuerConfigError';
}

/**
 * Checks an issuer or JWKS URL: https, or http on a loopback host (tests).
 * @returns the reason it is refused, or undefined.
 */
export function insecureUrlReason(text: string): string | undefined {
  if (!URL.canParse(text)) return `"${text}" is not a URL`;
  const url = new URL(text);
  if (url.protocol === 'https:') return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && (isLoopbackAddress(host) || host === 'localhost')) return undefined;
  return `"${text}" must be an https URL (plain http only on a loopback host)`;
}

/** Settings of {@link TokenExchange} (`--auth.tokenExchange.*`). */
export interface TokenExchangeSettings {
  /** Trusted issuers besides GitHub Actions' (`issuers`). */
  issuers: readonly string[];
  /** Audiences an ID token must carry one of (`audience`, else the admin's issuer and public URL). */
  audiences: () => string[];
  /** `maxTokenLifespan`, seconds. */
  maxLifetimeSeconds: number;
  /** `jwksCooldown`, seconds: least time between two JWKS fetches of one issuer for an unknown `kid`. */
  jwksCooldownSeconds: number;
  /** `timeout`, seconds: deadline of each discovery and JWKS request. */
  timeoutSeconds: number;
  /** Fetch for the discovery documents and JWKS (`--auth.httpProxyURL`). @default globalThis.fetch */
  fetch?: typeof fetch;
  repo: TrustRepository;
  tokens: TokenService;
}

/** The RFC 8693 §2.2.1 answer. */
export interface ExchangeResponse {
  access_token: string;
  issued_token_type: typeof ACCESS_TOKEN_TYPE;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
}

/** A policy's stored row as the exchange applies it; undefined when the row is damaged. */
export function ruleOf(row: TrustPolicyRow): TrustPolicyRule | undefined {
  const list = (text: string) => {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  };
  const conditions: unknown = JSON.parse(row.conditions);
  if (!isRole(row.role) || !Array.isArray(conditions)) return undefined;
  const parsed: ClaimCondition[] = [];
  for (const c of conditions) {
    if (!isRecord(c) || !isPolicyClaim(c.claim) || typeof c.pattern !== 'string') return undefined;
    parsed.push({ claim: c.claim, pattern: c.pattern, glob: c.glob === true });
  }
  return {
    org: row.org,
    name: row.name,
    issuer: row.issuer,
    conditions: parsed,
    role: row.role,
    projects: list(row.projects),
    domains: list(row.domains),
  };
}

/**
 * The id of one policy's incarnation (its org, name and creation time, hashed, base64url): carried by
 * the tokens it issued (claim `key_id`), so a policy deleted and created again under the same name
 * does not bring back the old tokens.
 */
export function policyIdOf(row: Pick<TrustPolicyRow, 'org' | 'name' | 'created_at'>): string {
  return createHash('sha256')
    .update(`${row.org}\0${row.name}\0${row.created_at}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/**
 * The RFC 8693 token exchange for OIDC ID tokens (keyless sign-in from CI): verifies an ID token of a
 * trusted issuer and, when a trust policy matches its claims, issues an access token of the policy's
 * role. Checks, in order: the subject token type; the header's `alg` (RS256 or ES256 only); the issuer
 * (GitHub Actions' or `--auth.tokenExchange.issuers`); the signature against the issuer's JWKS
 * (found through `<issuer>/.well-known/openid-configuration`, cached; fetched again for an unknown
 * `kid` at most once per cooldown, and refused when it is still unknown); `aud`; `exp`, `nbf`, `iat`
 * with {@link CLOCK_SKEW_SECONDS} of leeway; a policy matching (see `policyMatches`; of several, the
 * one with the most conditions, then the first by org and name); and that its
 * `jti` was not exchanged before (recorded in the database until the ID token expires, so replicas
 * agree). The access token lives min(the ID token's remaining validity, `maxTokenLifespan`).
 */
export class TokenExchange {
  private readonly issuers: Set<string>;
  private readonly keySets = new Map<string, Promise<ReturnType<typeof createRemoteJWKSet>>>();
  /** Policy (`org/name`) to the id it had when last read, and until when (ms since the epoch) that holds. */
  private readonly active = new Map<string, { id: string | undefined; until: number }>();

  /** @throws IssuerConfigError naming an issuer that is not an https (or loopback http) URL. */
  constructor(private readonly settings: TokenExchangeSettings) {
    for (const issuer of settings.issuers) {
      const reason = insecureUrlReason(issuer);
      if (reason) throw new IssuerConfigError(`--auth.tokenExchange.issuers: ${reason}`);
    }
    this.issuers = new Set([GITHUB_ACTIONS_ISSUER, ...settings.issuers]);
  }

  /** True when ID tokens of `issuer` may be exchanged. */
  trusts(issuer: string): boolean {
    return this.issuers.has(issuer);
  }

  /**
   * Answers one token exchange request (the form fields of the token endpoint) for `audience`.
   * @throws ExchangeError with the RFC 6749 §5.2 code and a description of what was wrong.
   */
  async exchange(body: Readonly<Record<string, unknown>>, audience: string): Promise<ExchangeResponse> {
    const token = body.subject_token;
    if (typeof token !== 'string' || !token) {
      throw new ExchangeError('invalid_request', 'missing parameter: subject_token (the OIDC ID token)');
    }
    const type = body.subject_token_type;
    if (!SUBJECT_TOKEN_TYPES.some((t) => t === type)) {
      throw new ExchangeError(
        'invalid_request',
        `subject_token_type must be ${SUBJECT_TOKEN_TYPES.join(' or ')}`,
      );
    }
    const requested = body.requested_token_type;
    if (requested !== undefined && requested !== ACCESS_TOKEN_TYPE) {
      throw new ExchangeError('invalid_request', `requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    const { issuer, payload } = await this.verify(token);
    const rule = await this.matchingPolicy(issuer, payload);
    const now = Math.floor(Date.now() / 1000);
    const exp = Number(payload.exp);
    if (typeof payload.jti !== 'string' || !payload.jti) {
      throw new ExchangeError(
        'invalid_grant',
        'the ID token has no jti claim, so its replay cannot be refused',
      );
    }
    if (
      !(await this.settings.repo.claimJti(issuer, payload.jti, (exp + CLOCK_SKEW_SECONDS) * 1000, Date.now()))
    ) {
      throw new ExchangeError('invalid_grant', 'this ID token (its jti) was exchanged before: get a new one');
    }
    const lifetime = Math.min(exp - now, this.settings.maxLifetimeSeconds);
    if (lifetime <= 0) throw new ExchangeError('invalid_grant', 'the ID token expires now');
    const access = await this.settings.tokens.accessToken(
      {
        sub: principalOf(issuer, payload),
        client_id: `${TRUST_POLICY_CLIENT_PREFIX}${rule.row.name}`,
        org: rule.row.org,
        role: rule.rule.role,
        scope: ['all'],
        key_id: policyIdOf(rule.row),
        policy: rule.row.name,
        oidc_sub: typeof payload.sub === 'string' ? payload.sub : '',
        projects: rule.rule.projects,
        domains: rule.rule.domains,
      },
      audience,
      lifetime,
    );
    return {
      access_token: access,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: lifetime,
    };
  }

  /**
   * True while the policy `name` of `org` exists with id `policyId` ({@link policyIdOf}). Read from the
   * database at most every {@link POLICY_CACHE_MS} (5 s) per policy; a policy deleted through this
   * replica is forgotten at once ({@link forget}).
   */
  async isActive(org: string, name: string, policyId: string | undefined): Promise<boolean> {
    const key = `${org}/${name}`;
    const known = this.active.get(key);
    if (known && known.until > Date.now()) return known.id !== undefined && known.id === policyId;
    const readAt = Date.now();
    const row = await this.settings.repo.getPolicy(org, name);
    const id = row ? policyIdOf(row) : undefined;
    this.active.set(key, { id, until: readAt + POLICY_CACHE_MS });
    return id !== undefined && id === policyId;
  }

  /** Forgets what this replica knew of a deleted policy. */
  forget(org: string, name: string): void {
    this.active.delete(`${org}/${name}`);
  }

  private async verify(token: string): Promise<{ issuer: string; payload: Record<string, unknown> }> {
    let alg: unknown;
    let issuer: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
      issuer = decodeJwt(token).iss;
    } catch {
      throw new ExchangeError('invalid_grant', 'subject_token is not a well-formed signed JWT');
    }
    if (typeof alg !== 'string' || !ID_TOKEN_ALGORITHMS.includes(alg)) {
      throw new ExchangeError(
        'invalid_grant',
        `the ID token's algorithm ${JSON.stringify(alg)} is not accepted (only ${ID_TOKEN_ALGORITHMS.join(', ')})`,
      );
    }
    if (typeof issuer !== 'string' || !this.issuers.has(issuer)) {
      throw new ExchangeError(
        'invalid_grant',
        `the ID token's issuer ${JSON.stringify(issuer)} is not trusted here (trusted: ${[...this.issuers].join(', ')}; more through --auth.tokenExchange.issuers)`,
      );
    }
    const keys = await this.keysOf(issuer);
    const audiences = this.settings.audiences();
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: audiences,
        algorithms: ID_TOKEN_ALGORITHMS,
        clockTolerance: CLOCK_SKEW_SECONDS,
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      if (isFetchFailure(error)) {
        throw new ExchangeError(
          'temporarily_unavailable',
          `cannot read the keys of ${issuer}: ${errorMessage(error)}`,
        );
      }
      const reason = describeJoseError(error, 'the ID token');
      throw new ExchangeError(
        'invalid_grant',
        reason.includes('another audience') ? `${reason}; accepted: ${audiences.join(', ')}` : reason,
      );
    }
    const iat = Number(payload.iat);
    if (iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
      throw new ExchangeError('invalid_grant', 'the ID token is issued in the future (iat)');
    }
    return { issuer, payload };
  }

  private async matchingPolicy(issuer: string, payload: Record<string, unknown>) {
    // The most specific matching policy (most conditions) wins; among equals, the first by org and name.
    let best: { row: TrustPolicyRow; rule: TrustPolicyRule } | undefined;
    for (const row of await this.settings.repo.policiesOf(issuer)) {
      const rule = ruleOf(row);
      if (!rule || !policyMatches(rule, payload)) continue;
      if (!best || rule.conditions.length > best.rule.conditions.length) best = { row, rule };
    }
    if (best) return best;
    const described = ['repository', 'ref', 'event_name', 'environment']
      .filter((claim) => typeof payload[claim] === 'string')
      .map((claim) => `${claim} ${String(payload[claim])}`)
      .join(', ');
    throw new ExchangeError(
      'invalid_grant',
      `no trust policy for issuer ${issuer} matches this ID token${described ? ` (${described})` : ''}: ` +
        'an admin creates one with `orch create trust-policy`',
    );
  }

  /** The issuer's key set, found through its discovery document (once, retried on the next call after a failure). */
  private keysOf(issuer: string): Promise<ReturnType<typeof createRemoteJWKSet>> {
    let keys = this.keySets.get(issuer);
    if (!keys) {
      keys = this.discover(issuer);
      this.keySets.set(issuer, keys);
      keys.catch(() => this.keySets.delete(issuer));
    }
    return keys;
  }

  private async discover(issuer: string): Promise<ReturnType<typeof createRemoteJWKSet>> {
    const doFetch = this.settings.fetch ?? globalThis.fetch;
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const timeoutMs = this.settings.timeoutSeconds * 1000;
    let document: unknown;
    try {
      const response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      document = await response.json();
    } catch (error) {
      throw new ExchangeError('temporarily_unavailable', `cannot read ${url}: ${errorMessage(error)}`);
    }
    const jwksUri = isRecord(document) ? document.jwks_uri : undefined;
    if (!isRecord(document) || document.issuer !== issuer || typeof jwksUri !== 'string') {
      throw new ExchangeError(
        'temporarily_unavailable',
        `${url} does not name issuer ${issuer} and a jwks_uri (OpenID Connect Discovery §4.3)`,
      );
    }
    const reason = insecureUrlReason(jwksUri);
    if (reason) throw new ExchangeError('temporarily_unavailable', `jwks_uri of ${issuer}: ${reason}`);
    return createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: timeoutMs,
      cooldownDuration: this.settings.jwksCooldownSeconds * 1000,
      ...(this.settings.fetch ? { [customFetch]: this.settings.fetch } : {}),
    });
  }
}

/** jose's errors for a JWKS that could not be fetched (not the token's fault). */
function isFetchFailure(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  const code = error.code;
  return code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC' || code === 'ERR_JWKS_INVALID';
}
