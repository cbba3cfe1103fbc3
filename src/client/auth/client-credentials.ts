import { createHash } from 'node:crypto';
import { errorMessage } from '../../api/guards.js';
import { isLoopbackHost } from '../endpoint.js';
import { codeOf, fieldOf, stringFieldOf } from '../errors.js';
import { type AuthDiscovery, AuthFlowError, type TokenRequest, type TokenSource } from '../token-source.js';
import { isReusable, type StoredToken, type TokenCacheKey, type TokenStore } from './token-cache.js';

/** Options of {@link ClientCredentialsTokenSource}. */
export interface ClientCredentialsOptions {
  /** The flow's name in messages and cache keys: `ApiKey` (from `ORCH_API_KEY`) or `ClientSecret`. */
  mode: 'ApiKey' | 'ClientSecret';
  /** The admin endpoint as configured: part of the cache key. */
  endpoint: string;
  /** OAuth client id (RFC 6749 §2.2). Not a secret: named in messages. */
  clientId: string;
  /**
   * Reads the client secret. Called when a token is first needed (or a cached one is looked up), so
   * a secret file need not exist while the server lets the caller in anonymously.
   * @throws AuthFlowError saying where the secret was looked for (never the secret).
   */
  clientSecret: () => string | Promise<string>;
  /** Token endpoint URL; when absent, the admin's `GetOAuth2Metadata` `token_endpoint`. */
  tokenUrl?: string;
  /** Scopes to request (`scope`, space-separated); none when empty. */
  scopes?: readonly string[];
  /** `audience` parameter of the token request. */
  audience?: string;
  /** Take the audience from the admin's public client config when `audience` is not set. */
  useAudienceFromAdmin?: boolean;
  /** Renew a token this many seconds before it expires (see `renewalTime`). @default 0 */
  refreshWindowSeconds?: number;
  /** Persistent token cache; without one, tokens live in memory for this source's lifetime. */
  store?: TokenStore;
  /**
   * Allow a plain `http://` token URL on a host other than loopback (loopback is always allowed).
   * The caller sets it when the admin itself is reached without TLS. @default false
   */
  allowInsecureHttp?: boolean;
  /** Time limit of the token request, in seconds. @default 15 */
  timeoutSeconds?: number;
  /** Extra HTTP headers for the token request (e.g. `proxy-authorization`). */
  headers?: () => Promise<Record<string, string>>;
  /** Fetch for the token request (`--admin.httpProxyURL`). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** What to check when the credentials are refused; shown as the error's hint. */
  refusedHint?: string;
  /** The clock, in milliseconds since the epoch (tests). @default Date.now */
  now?: () => number;
}

type Oidc = typeof import('openid-client');

/**
 * The `error` and `error_description` of a refused token request (RFC 6749 §5.2), if the error
 * carries them: openid-client's `ResponseBodyError`, or its `WWWAuthenticateChallengeError` for a 401
 * with a challenge (RFC 6750 §3), whose parameters hold them.
 */
function oauthError(
  error: unknown,
  oidc: Oidc,
): { status?: number; code: string; description?: string } | undefined {
  if (error instanceof oidc.ResponseBodyError && typeof error.error === 'string') {
    return { status: error.status, code: error.error, description: error.error_description };
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError && Array.isArray(error.cause)) {
    const parameters = error.cause[0]?.parameters;
    return {
      status: error.status,
      code: parameters?.error ?? 'invalid_client',
      description: parameters?.error_description,
    };
  }
  return undefined;
}

/** One value in application/x-www-form-urlencoded form (the WHATWG serializer, as RFC 6749 Appendix B). */
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/**
 * `client_secret_basic` (RFC 6749 §2.3.1): id and secret form-urlencoded, joined by `:`, base64.
 * oauth4webapi's own also escapes `-`, `_` and `.`, which is valid but breaks servers that skip
 * the decoding step; the standard serializer leaves them as they are, so API key ids and base64url
 * secrets go through unchanged.
 */
function clientSecretBasic(clientId: string, secret: string) {
  const credentials = Buffer.from(`${formEncode(clientId)}:${formEncode(secret)}`, 'utf8').toString('base64');
  return (_as: unknown, _client: unknown, _body: URLSearchParams, headers: Headers) => {
    headers.set('authorization', `Basic ${credentials}`);
  };
}

/** A short reason for a failure that is not an OAuth error answer (network, malformed answer). */
function reason(error: unknown): string {
  const cause = fieldOf(error, 'cause');
  const why = codeOf(cause) ?? stringFieldOf(cause, 'message');
  return `${errorMessage(error)}${why ? ` (${why})` : ''}`;
}

/**
 * Access tokens by the client credentials grant (RFC 6749 §4.4) through openid-client: a form POST
 * of `grant_type=client_credentials` (plus `scope` and `audience` when set) to the token endpoint,
 * the client authenticated with HTTP Basic (`client_secret_basic`, §2.3.1), or in the form
 * (`client_secret_post`) when the server's metadata lists only that.
 *
 * A token is kept in memory and in the {@link TokenStore}, and reused until it is due for renewal
 * (`renewalTime`: `refreshWindowSeconds` before expiry, at most half its lifetime, at least 10 s).
 * Concurrent requests for a token share one token request. Failures are not retried: a refused
 * secret fails at once with an {@link AuthFlowError} naming the flow, the client id and the token URL.
 */
export class ClientCredentialsTokenSource implements TokenSource {
  readonly mode: 'ApiKey' | 'ClientSecret';
  /** API keys authenticate from the first call (see {@link TokenSource.eager}). */
  readonly eager: boolean;
  private current: StoredToken | undefined;
  private pending: Promise<StoredToken> | undefined;
  private secret: Promise<string> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ClientCredentialsOptions) {
    this.mode = options.mode;
    this.eager = options.mode === 'ApiKey';
    this.now = options.now ?? Date.now;
  }

  /** Reads the secret once (again after a refresh); a failed read is tried again next time. */
  private clientSecret(): Promise<string> {
    this.secret ??= Promise.resolve()
      .then(() => this.options.clientSecret())
      .catch((error: unknown) => {
        this.secret = undefined;
        throw error;
      });
    return this.secret;
  }

  /** The cache key: endpoint, client id and flow, and a digest of scopes, audience, token URL and secret. */
  private async cacheKey(): Promise<TokenCacheKey> {
    const secretDigest = createHash('sha256')
      .update(await this.clientSecret())
      .digest('hex');
    const { scopes, audience, useAudienceFromAdmin, tokenUrl } = this.options;
    const variant = createHash('sha256')
      .update(
        JSON.stringify([
          scopes ?? [],
          audience ?? '',
          Boolean(useAudienceFromAdmin),
          tokenUrl ?? '',
          secretDigest,
        ]),
      )
      .digest('hex');
    return { endpoint: this.options.endpoint, clientId: this.options.clientId, flow: this.mode, variant };
  }

  private reusable(token: StoredToken | undefined): token is StoredToken {
    return token !== undefined && isReusable(token, this.now(), this.options.refreshWindowSeconds ?? 0);
  }

  held(): string | undefined {
    return this.reusable(this.current) ? this.current.accessToken : undefined;
  }

  async cached(): Promise<string | undefined> {
    if (this.reusable(this.current)) return this.current.accessToken;
    if (!this.options.store) return undefined;
    try {
      const stored = await this.options.store.read(await this.cacheKey());
      if (!this.reusable(stored)) return undefined;
      this.current = stored;
      return stored.accessToken;
    } catch {
      return undefined;
    }
  }

  async token({ refresh, discovery }: TokenRequest): Promise<string> {
    if (refresh) {
      this.current = undefined;
      const store = this.options.store;
      if (store)
        await this.cacheKey().then(
          (key) => store.remove(key),
          () => undefined,
        );
      // Read the secret again: a secret file may have been rotated since.
      this.secret = undefined;
    } else {
      const cached = await this.cached();
      if (cached) return cached;
    }
    this.pending ??= this.request(discovery).finally(() => {
      this.pending = undefined;
    });
    return (await this.pending).accessToken;
  }

  /** The token endpoint and the client authentication methods the server supports. */
  private async endpointInfo(
    discovery: AuthDiscovery | undefined,
  ): Promise<{ url: string; methods: string[] }> {
    if (this.options.tokenUrl) return { url: this.options.tokenUrl, methods: [] };
    const fail = (why: string, cause?: unknown) =>
      new AuthFlowError(`${this.mode}: cannot find the token endpoint: ${why}`, this.mode, {
        cause,
        hint: 'Set the token URL (--admin.tokenUrl / --orch.auth.tokenUrl), or check that the admin serves GetOAuth2Metadata.',
      });
    if (!discovery) throw fail('no token URL is configured and the admin was not asked');
    let metadata: Awaited<ReturnType<AuthDiscovery['oauth2Metadata']>>;
    try {
      metadata = await discovery.oauth2Metadata();
    } catch (error) {
      throw fail(`the admin's GetOAuth2Metadata failed: ${errorMessage(error)}`, error);
    }
    if (!metadata.token_endpoint) throw fail("the admin's OAuth2 metadata has no token_endpoint");
    return { url: metadata.token_endpoint, methods: metadata.token_endpoint_auth_methods_supported ?? [] };
  }

  /** One token request; stores the answer. @throws AuthFlowError */
  private async request(discovery: AuthDiscovery | undefined): Promise<StoredToken> {
    const { mode, clientId } = this.options;
    const secret = await this.clientSecret();
    const { url, methods } = await this.endpointInfo(discovery);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new AuthFlowError(`${mode}: the token URL ${url} is not an absolute URL`, mode);
    }
    const plain = parsed.protocol === 'http:';
    if (plain && !isLoopbackHost(parsed.host) && !this.options.allowInsecureHttp) {
      throw new AuthFlowError(
        `${mode}: refusing to send client credentials over plain http to ${url}`,
        mode,
        {
          hint: 'Use an https token URL, or reach the admin itself without TLS (--admin.insecure / --orch.connection.insecure) if this is a test setup.',
        },
      );
    }
    let audience = this.options.audience;
    if (!audience && this.options.useAudienceFromAdmin && discovery) {
      try {
        audience = (await discovery.publicClientConfig()).audience || undefined;
      } catch (error) {
        throw new AuthFlowError(
          `${mode}: cannot read the audience from the admin's public client config: ${errorMessage(error)}`,
          mode,
          { cause: error },
        );
      }
    }

    // Loaded on use: commands that never need a token never load the OAuth libraries.
    const oidc = await import('openid-client');
    const useBasic =
      methods.length === 0 ||
      methods.includes('client_secret_basic') ||
      !methods.includes('client_secret_post');
    const config = new oidc.Configuration(
      { issuer: parsed.origin, token_endpoint: url },
      clientId,
      { client_secret: secret },
      useBasic ? clientSecretBasic(clientId, secret) : oidc.ClientSecretPost(secret),
    );
    if (plain) oidc.allowInsecureRequests(config);
    config.timeout = this.options.timeoutSeconds ?? 15;
    const headers = this.options.headers;
    const send = this.options.fetch ?? globalThis.fetch;
    if (headers) {
      config[oidc.customFetch] = async (target, init) =>
        send(target, { ...init, headers: { ...init.headers, ...(await headers()) } });
    } else if (this.options.fetch) {
      config[oidc.customFetch] = send;
    }
    const parameters: Record<string, string> = {};
    if (this.options.scopes?.length) parameters.scope = this.options.scopes.join(' ');
    if (audience) parameters.audience = audience;

    const issuedAt = this.now();
    let response: Awaited<ReturnType<typeof oidc.clientCredentialsGrant>>;
    try {
      response = await oidc.clientCredentialsGrant(config, parameters);
    } catch (error) {
      const refused = oauthError(error, oidc);
      if (refused) {
        throw new AuthFlowError(
          `${mode}: the token endpoint ${url} refused client "${clientId}": ${refused.code}` +
            `${refused.description ? ` (${refused.description})` : ''}${refused.status ? `, HTTP ${refused.status}` : ''}`,
          mode,
          { cause: error, hint: this.options.refusedHint },
        );
      }
      throw new AuthFlowError(`${mode}: no token from ${url}: ${reason(error)}`, mode, { cause: error });
    }
    const lifetime =
      typeof response.expires_in === 'number' && response.expires_in > 0 ? response.expires_in : undefined;
    const token: StoredToken = {
      accessToken: response.access_token,
      issuedAt,
      // Without expires_in (RFC 6749 §5.1 makes it optional), assume the shortest useful life.
      expiresAt: issuedAt + (lifetime ?? 60) * 1000,
      ...(response.scope ? { scope: response.scope } : {}),
    };
    this.current = token;
    const store = this.options.store;
    // The cache is an optimisation: a read-only home must not fail the call.
    if (store && lifetime) await store.write(await this.cacheKey(), token).catch(() => undefined);
    return token;
  }
}
