import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Configuration } from 'openid-client';
import { errorMessage } from '../../api/guards.js';
import { isLoopbackHost } from '../endpoint.js';
import { codeOf, fieldOf, stringFieldOf } from '../errors.js';
import { type AuthDiscovery, AuthFlowError, type TokenRequest, type TokenSource } from '../token-source.js';
import { isReusable, type StoredToken, type TokenCacheKey, type TokenStore } from './token-cache.js';

/** Options shared by {@link PkceTokenSource} and {@link DeviceFlowTokenSource}. */
export interface InteractiveOptions {
  /** The admin endpoint as configured: part of the cache key. */
  endpoint: string;
  /** The public client id; when absent, the admin's public client config `client_id` (`orch-ctl`). */
  clientId?: string;
  /** Scopes to ask for; when empty, the admin's public client config `scopes` (`all offline`). */
  scopes?: readonly string[];
  /** `audience` parameter of the authorization request. */
  audience?: string;
  /** Renew the access token this many seconds before it expires (`pkceConfig.refreshTime`, `deviceFlowConfig.refreshTime`). */
  refreshWindowSeconds: number;
  /** How long the user has to log in, in seconds (`pkceConfig.timeout`, `deviceFlowConfig.timeout`). */
  timeoutSeconds: number;
  /** Persistent token cache; access and refresh tokens are kept there (mode 0600). */
  store?: TokenStore;
  /**
   * Shows the user what to do (a URL to open, a code to enter). The edge writes it to stderr; it
   * never holds a secret. Without it (the webhook, the Action) no login can run: a token is had only
   * from the cache or a refresh token, else the flow fails at once.
   */
  notify?: (message: string) => void;
  /** Fetch for the authorization server (`--admin.httpProxyURL`). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Allow plain http to a host other than loopback (the admin is reached without TLS). @default false */
  allowInsecureHttp?: boolean;
  /** Time limit of each HTTP request to the authorization server, in seconds. @default 15 */
  requestTimeoutSeconds?: number;
  /** The clock, in milliseconds since the epoch (tests). @default Date.now */
  now?: () => number;
}

/** What the admin tells about its authorization server and public client. */
interface Discovered {
  config: Configuration;
  clientId: string;
  redirectUri: string;
  scope: string;
}

type Oidc = typeof import('openid-client');

/** The `error` and `error_description` of an OAuth error answer, or the message. */
function describe(error: unknown): string {
  const code = stringFieldOf(error, 'error');
  if (code !== undefined) {
    const description = stringFieldOf(error, 'error_description');
    return `${code}${description ? ` (${description})` : ''}`;
  }
  const cause = codeOf(fieldOf(error, 'cause'));
  return `${errorMessage(error)}${cause ? ` (${cause})` : ''}`;
}

/** A metadata field the admin set: unset ones arrive as `''` and `[]` (`LOADER_OPTIONS.defaults`). */
function isSetField(entry: [string, unknown]): entry is [string, string | string[]] {
  const value = entry[1];
  if (typeof value === 'string') return value !== '';
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}

/**
 * The part the interactive flows share: discovery of the admin's authorization server and public
 * client, token caching with refresh tokens (RFC 6749 §6: a held refresh token is used before the user
 * is asked again), one flow at a time however many calls wait.
 */
abstract class InteractiveTokenSource<O extends InteractiveOptions = InteractiveOptions>
  implements TokenSource
{
  abstract readonly mode: 'Pkce' | 'DeviceFlow';
  private current: StoredToken | undefined;
  private pending: Promise<StoredToken> | undefined;
  protected readonly now: () => number;

  constructor(protected readonly options: O) {
    this.now = options.now ?? Date.now;
  }

  private cacheKey(): TokenCacheKey {
    const variant = createHash('sha256')
      .update(JSON.stringify([this.options.scopes ?? [], this.options.audience ?? '']))
      .digest('hex');
    return {
      endpoint: this.options.endpoint,
      clientId: this.options.clientId ?? '(public client)',
      flow: this.mode,
      variant,
    };
  }

  private reusable(token: StoredToken): boolean {
    return isReusable(token, this.now(), this.options.refreshWindowSeconds);
  }

  async cached(): Promise<string | undefined> {
    if (this.current && this.reusable(this.current)) return this.current.accessToken;
    const stored = await this.options.store?.read(this.cacheKey());
    if (stored && this.reusable(stored)) {
      this.current = stored;
      return stored.accessToken;
    }
    // A stale access token may still carry a refresh token worth keeping.
    if (stored?.refreshToken && !this.current) this.current = stored;
    return undefined;
  }

  async token({ refresh, discovery }: TokenRequest): Promise<string> {
    if (!refresh) {
      const cached = await this.cached();
      if (cached) return cached;
    } else if (this.current) {
      // The server refused the access token: it must not be sent again, but its refresh token may work.
      this.current = { ...this.current, expiresAt: 0 };
    }
    this.pending ??= this.obtain(discovery).finally(() => {
      this.pending = undefined;
    });
    return (await this.pending).accessToken;
  }

  private async obtain(discovery: AuthDiscovery | undefined): Promise<StoredToken> {
    const refreshToken = this.current?.refreshToken;
    const notify = this.options.notify;
    if (!refreshToken && !notify) {
      throw new AuthFlowError(
        `${this.mode}: an interactive login needs a terminal, and this program has none`,
        this.mode,
        {
          hint: 'Set ORCH_API_KEY to an API key (`orch create api-key admin --name <name>`), or use ClientSecret or ExternalCommand authentication.',
        },
      );
    }
    const found = await this.discover(discovery);
    let token: StoredToken | undefined;
    if (refreshToken) {
      try {
        token = await this.exchange(found, (oidc) => oidc.refreshTokenGrant(found.config, refreshToken));
      } catch {
        // An expired or revoked refresh token: the user logs in again.
        token = undefined;
      }
    }
    if (!token) {
      if (!notify)
        throw new AuthFlowError(
          `${this.mode}: the refresh token was refused, and there is no terminal to log in again`,
          this.mode,
        );
      token = await this.login(found, notify);
    }
    this.current = token;
    const store = this.options.store;
    if (store) await store.write(this.cacheKey(), token).catch(() => undefined);
    return token;
  }

  /** Runs the flow's user interaction and returns the tokens. @throws AuthFlowError */
  protected abstract login(found: Discovered, notify: (message: string) => void): Promise<StoredToken>;

  /** Performs a token request and records its answer as a {@link StoredToken}. */
  protected async exchange(
    _found: Discovered,
    grant: (
      oidc: Oidc,
    ) => Promise<{ access_token: string; expires_in?: number; refresh_token?: string; scope?: string }>,
  ): Promise<StoredToken> {
    const oidc = await import('openid-client');
    const issuedAt = this.now();
    const response = await grant(oidc);
    const lifetime =
      typeof response.expires_in === 'number' && response.expires_in > 0 ? response.expires_in : 60;
    return {
      accessToken: response.access_token,
      issuedAt,
      expiresAt: issuedAt + lifetime * 1000,
      ...(response.refresh_token ? { refreshToken: response.refresh_token } : {}),
      ...(response.scope ? { scope: response.scope } : {}),
    };
  }

  /** The authorization server and the public client, from the admin. @throws AuthFlowError */
  private async discover(discovery: AuthDiscovery | undefined): Promise<Discovered> {
    const mode = this.mode;
    if (!discovery)
      throw new AuthFlowError(`${mode}: the admin was not asked for its authorization server`, mode);
    let metadata: Awaited<ReturnType<AuthDiscovery['oauth2Metadata']>>;
    let client: Awaited<ReturnType<AuthDiscovery['publicClientConfig']>>;
    try {
      [metadata, client] = await Promise.all([discovery.oauth2Metadata(), discovery.publicClientConfig()]);
    } catch (error) {
      throw new AuthFlowError(
        `${mode}: cannot read the admin's OAuth2 metadata: ${errorMessage(error)}`,
        mode,
        {
          cause: error,
        },
      );
    }
    const needed = mode === 'Pkce' ? 'authorization_endpoint' : 'device_authorization_endpoint';
    if (!metadata.token_endpoint || !metadata[needed]) {
      throw new AuthFlowError(
        `${mode}: the admin's authorization server has no ${needed}, so ${mode === 'Pkce' ? 'browser login (PKCE)' : 'the device flow'} is not available there`,
        mode,
        {
          hint: 'Ask the admin operator to configure --auth.userAuth.openId.*, or set ORCH_API_KEY to an API key.',
        },
      );
    }
    const tokenUrl = new URL(metadata.token_endpoint);
    if (tokenUrl.protocol === 'http:' && !isLoopbackHost(tokenUrl.host) && !this.options.allowInsecureHttp) {
      throw new AuthFlowError(`${mode}: refusing to log in over plain http to ${tokenUrl.origin}`, mode, {
        hint: 'Use an https admin, or reach it without TLS on purpose (--admin.insecure) if this is a test setup.',
      });
    }
    const oidc = await import('openid-client');
    const clientId = this.options.clientId || client.client_id;
    const server = Object.fromEntries(Object.entries(metadata).filter(isSetField));
    const config = new oidc.Configuration(
      { ...server, issuer: metadata.issuer || tokenUrl.origin },
      clientId,
      undefined,
      oidc.None(),
    );
    if (tokenUrl.protocol === 'http:') oidc.allowInsecureRequests(config);
    config.timeout = this.options.requestTimeoutSeconds ?? 15;
    if (this.options.fetch) config[oidc.customFetch] = this.options.fetch;
    const scopes = this.options.scopes?.length ? this.options.scopes : client.scopes;
    return {
      config,
      clientId,
      redirectUri: client.redirect_uri,
      scope: scopes.join(' '),
    };
  }
}

/** Starts a program that opens `url` in the user's browser; never throws. */
export type UrlOpener = (url: string) => void;

/** Options of {@link PkceTokenSource}. */
export interface PkceOptions extends InteractiveOptions {
  /** Opens the authorization URL in a browser, when there is one; the URL is always shown with `notify` too. */
  openUrl?: UrlOpener;
}

const CALLBACK_PAGE = (ok: boolean, message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>orch login</title></head>` +
  `<body style="font-family:system-ui,sans-serif;margin:2rem"><h1>${ok ? 'Logged in' : 'Login failed'}</h1><p>${message}</p></body></html>`;

/**
 * Browser login: the authorization code grant with PKCE (RFC 7636, S256; RFC 8252 for native apps)
 * through openid-client. Listens on the public client's loopback redirect URI
 * (`http://localhost:53593/callback` by default), shows the authorization URL (and opens a browser
 * when there is one), waits for the redirect at most `timeoutSeconds` (`--admin.pkceConfig.timeout`,
 * 2m0s; `--orch.auth.pkce.timeout`, 15s), checks `state`, and exchanges the code.
 */
export class PkceTokenSource extends InteractiveTokenSource<PkceOptions> {
  readonly mode = 'Pkce' as const;

  protected async login(found: Discovered, notify: (message: string) => void): Promise<StoredToken> {
    const oidc = await import('openid-client');
    let redirect: URL;
    try {
      redirect = new URL(found.redirectUri);
    } catch {
      throw new AuthFlowError(
        `Pkce: the admin's redirect URI ${JSON.stringify(found.redirectUri)} is not a URL`,
        'Pkce',
      );
    }
    if (redirect.protocol !== 'http:' || !isLoopbackHost(redirect.host)) {
      throw new AuthFlowError(
        `Pkce: the redirect URI ${redirect.href} is not a loopback http URL this program can listen on`,
        'Pkce',
      );
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(found.config, {
      redirect_uri: redirect.href,
      scope: found.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(this.options.audience ? { audience: this.options.audience } : {}),
    });
    const server = createServer();
    const callback = new Promise<URL>((resolve) => {
      server.on('request', (req, res) => {
        const got = new URL(req.url ?? '/', redirect.origin);
        if (got.pathname !== redirect.pathname) {
          res.writeHead(404).end();
          return;
        }
        const error = got.searchParams.get('error');
        res
          .writeHead(error ? 400 : 200, {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-store',
          })
          .end(
            error
              ? CALLBACK_PAGE(false, 'The login was refused; see your terminal.')
              : CALLBACK_PAGE(true, 'You can close this window and return to your terminal.'),
          );
        resolve(got);
      });
    });
    try {
      server.listen(Number(redirect.port || 80), redirect.hostname.replace(/^\[|\]$/g, ''));
      await once(server, 'listening');
    } catch (error) {
      throw new AuthFlowError(
        `Pkce: cannot listen on ${redirect.host} for the login redirect (${codeOf(error) ?? errorMessage(error)})`,
        'Pkce',
        { cause: error, hint: `Is another login running? Free port ${redirect.port || 80} and try again.` },
      );
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      notify(`Log in to the admin by opening this URL in a browser:\n  ${url.href}`);
      this.options.openUrl?.(url.href);
      const seconds = this.options.timeoutSeconds;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new AuthFlowError(`Pkce: no login within ${seconds} seconds`, 'Pkce', {
                hint: 'Run the command again and complete the login in the browser, or raise --admin.pkceConfig.timeout / --orch.auth.pkce.timeout.',
              }),
            ),
          seconds * 1000,
        );
      });
      const returned = await Promise.race([callback, timeout]);
      try {
        return await this.exchange(found, (o) =>
          o.authorizationCodeGrant(found.config, returned, {
            pkceCodeVerifier: verifier,
            expectedState: state,
          }),
        );
      } catch (error) {
        throw new AuthFlowError(`Pkce: the login did not complete: ${describe(error)}`, 'Pkce', {
          cause: error,
        });
      }
    } finally {
      clearTimeout(timer);
      server.closeAllConnections();
      server.close();
    }
  }
}

/** Options of {@link DeviceFlowTokenSource}. */
export interface DeviceFlowOptions extends InteractiveOptions {
  /** Poll interval when the server gives none, in seconds (`--admin.deviceFlowConfig.pollInterval`, 5s). */
  pollIntervalSeconds: number;
}

/**
 * Login from a box without a browser: the device authorization grant (RFC 8628) through
 * openid-client. Asks the admin's device authorization endpoint for a code, shows the verification
 * URL and the user code, then polls the token endpoint at the server's `interval` (or
 * `pollIntervalSeconds` when it gives none, spec "CLI to admin service" 7), 5 s slower after each
 * `slow_down`, until the user approves, denies, the code expires, or `timeoutSeconds`
 * (`deviceFlowConfig.timeout`, 10m0s) passes.
 */
export class DeviceFlowTokenSource extends InteractiveTokenSource<DeviceFlowOptions> {
  readonly mode = 'DeviceFlow' as const;

  protected async login(found: Discovered, notify: (message: string) => void): Promise<StoredToken> {
    const oidc = await import('openid-client');
    let started: Awaited<ReturnType<Oidc['initiateDeviceAuthorization']>>;
    try {
      started = await oidc.initiateDeviceAuthorization(found.config, {
        scope: found.scope,
        ...(this.options.audience ? { audience: this.options.audience } : {}),
      });
    } catch (error) {
      throw new AuthFlowError(
        `DeviceFlow: the device authorization request failed: ${describe(error)}`,
        'DeviceFlow',
        {
          cause: error,
        },
      );
    }
    notify(
      `To log in, open ${started.verification_uri} and enter the code ${started.user_code}` +
        `${started.verification_uri_complete ? `\n  (or open ${started.verification_uri_complete})` : ''}`,
    );
    const seconds = this.options.timeoutSeconds;
    const signal = AbortSignal.timeout(seconds * 1000);
    const withInterval = { ...started, interval: started.interval ?? this.options.pollIntervalSeconds };
    try {
      return await this.exchange(found, (o) =>
        o.pollDeviceAuthorizationGrant(found.config, withInterval, undefined, { signal }),
      );
    } catch (error) {
      if (signal.aborted) {
        throw new AuthFlowError(
          `DeviceFlow: the code was not approved within ${seconds} seconds`,
          'DeviceFlow',
          {
            cause: error,
            hint: 'Run the command again and approve the code sooner, or raise --admin.deviceFlowConfig.timeout.',
          },
        );
      }
      throw new AuthFlowError(`DeviceFlow: the login did not complete: ${describe(error)}`, 'DeviceFlow', {
        cause: error,
      });
    }
  }
}
