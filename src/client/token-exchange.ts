import { errorMessage } from '../api/guards.js';
import { isLoopbackHost } from './endpoint.js';
import { codeOf, fieldOf, stringFieldOf } from './errors.js';
import { type AuthDiscovery, AuthFlowError, type TokenRequest, type TokenSource } from './token-source.js';

/** RFC 8693 §2.1 `grant_type` of a token exchange request. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** RFC 8693 §3 token type of an OIDC ID token (the `subject_token_type` sent). */
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
/** RFC 8693 §3 token type of an OAuth access token (the `issued_token_type` expected back). */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** The flow's name in messages and in the client's connection info. */
const MODE = 'TokenExchange';

/** What {@link TokenExchangeOptions.subjectToken} is told: where the subject token will be sent. */
export interface SubjectTokenContext {
  /** The token endpoint URL the exchange will POST to (e.g. `https://admin.example.com/oauth2/token`). */
  tokenUrl: string;
}

/** Options of {@link TokenExchangeTokenSource}. */
export interface TokenExchangeOptions {
  /**
   * Gets a fresh subject token: an OIDC ID token (a JWT) of the caller's identity provider, such as
   * the one a GitHub Actions runner issues (`@actions/core` `getIDToken(audience)`). Called for each
   * exchange, never cached by this source.
   * @throws anything; an AuthFlowError is passed on as it is (its message and hint), any other error
   *   becomes an AuthFlowError saying the subject token could not be had.
   */
  subjectToken: (context: SubjectTokenContext) => Promise<string>;
  /** Token endpoint URL; when absent, the admin's `GetOAuth2Metadata` `token_endpoint` (RFC 8414). */
  tokenUrl?: string;
  /**
   * Allow a plain `http://` token URL on a host other than loopback (loopback is always allowed).
   * The caller sets it when the admin itself is reached without TLS. @default false
   */
  allowInsecureHttp?: boolean;
  /** Deadline of the exchange's HTTP request (connect, send, whole answer), in seconds. @default 15 */
  timeoutSeconds?: number;
  /** Send the token from the first call (see {@link TokenSource.eager}). @default false */
  eager?: boolean;
  /** What to check when the token endpoint refuses the exchange; shown as the error's hint. */
  refusedHint?: string;
  /** Fetch for the exchange. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** The clock, in milliseconds since the epoch (tests). @default Date.now */
  now?: () => number;
}

/** An access token and when to stop using it, in milliseconds since the epoch. */
interface HeldToken {
  accessToken: string;
  renewAt: number;
}

/**
 * How long before `expires_in` runs out a token is renewed: 60 s, but at most half its lifetime and
 * never under 10 s (the margin `renewalTime` of the client credentials flow keeps), in seconds.
 */
export function renewalMarginSeconds(lifetimeSeconds: number): number {
  return Math.max(10, Math.min(60, lifetimeSeconds / 2));
}

/**
 * Access tokens by OAuth 2.0 Token Exchange (RFC 8693 §2): a form POST to the admin's token endpoint
 * of `grant_type=urn:ietf:params:oauth:grant-type:token-exchange`, `subject_token=<ID token>` and
 * `subject_token_type=urn:ietf:params:oauth:token-type:id_token`, with no client authentication (the
 * signed ID token is the proof). A 200 answer `{access_token, issued_token_type, token_type: "Bearer",
 * expires_in}` (seconds) gives the token; an RFC 6749 §5.2 answer `{error, error_description}` fails
 * with an {@link AuthFlowError} naming the token URL and the server's description.
 *
 * The token is kept in memory until {@link renewalMarginSeconds} before it expires (an answer
 * without `expires_in` counts as a 60 s lifetime); `refresh` drops it and exchanges a new ID token.
 * Concurrent requests share one exchange. Neither the subject token nor the access token ever appears in a message.
 */
export class TokenExchangeTokenSource implements TokenSource {
  readonly mode = MODE;
  readonly eager: boolean;
  private current: HeldToken | undefined;
  private pending: Promise<HeldToken> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: TokenExchangeOptions) {
    this.eager = options.eager ?? false;
    this.now = options.now ?? Date.now;
  }

  held(): string | undefined {
    const held = this.current;
    return held && this.now() < held.renewAt ? held.accessToken : undefined;
  }

  async cached(): Promise<string | undefined> {
    return this.held();
  }

  async token({ refresh, discovery }: TokenRequest): Promise<string> {
    if (refresh) {
      this.current = undefined;
    } else {
      const cached = await this.cached();
      if (cached) return cached;
    }
    this.pending ??= this.exchange(discovery).finally(() => {
      this.pending = undefined;
    });
    return (await this.pending).accessToken;
  }

  /** The token endpoint: the configured one, else the admin's RFC 8414 metadata. @throws AuthFlowError */
  private async tokenUrl(discovery: AuthDiscovery | undefined): Promise<string> {
    if (this.options.tokenUrl) return this.options.tokenUrl;
    const fail = (why: string, cause?: unknown) =>
      new AuthFlowError(`${MODE}: cannot find the token endpoint: ${why}`, MODE, {
        cause,
        hint: 'Check that the admin serves GetOAuth2Metadata with a token_endpoint.',
      });
    if (!discovery) throw fail('no token URL is configured and the admin was not asked');
    let url: string | undefined;
    try {
      url = (await discovery.oauth2Metadata()).token_endpoint || undefined;
    } catch (error) {
      throw fail(`the admin's GetOAuth2Metadata failed: ${errorMessage(error)}`, error);
    }
    if (!url) throw fail("the admin's OAuth2 metadata has no token_endpoint");
    return url;
  }

  /** One exchange. @throws AuthFlowError */
  private async exchange(discovery: AuthDiscovery | undefined): Promise<HeldToken> {
    const url = await this.tokenUrl(discovery);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new AuthFlowError(`${MODE}: the token URL ${url} is not an absolute URL`, MODE);
    }
    if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.host) && !this.options.allowInsecureHttp) {
      throw new AuthFlowError(`${MODE}: refusing to send an ID token over plain http to ${url}`, MODE, {
        hint: 'Use an https token endpoint, or reach the admin itself without TLS if this is a test setup.',
      });
    }
    let subject: string;
    try {
      subject = await this.options.subjectToken({ tokenUrl: url });
    } catch (error) {
      if (error instanceof AuthFlowError) throw error;
      throw new AuthFlowError(`${MODE}: no ID token to exchange at ${url}: ${errorMessage(error)}`, MODE, {
        cause: error,
      });
    }
    const seconds = this.options.timeoutSeconds ?? 15;
    const send = this.options.fetch ?? globalThis.fetch;
    const issuedAt = this.now();
    let status: number;
    let text: string;
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: TOKEN_EXCHANGE_GRANT,
          subject_token: subject,
          subject_token_type: ID_TOKEN_TYPE,
        }),
        redirect: 'manual',
        // The whole exchange, answer body included, within the deadline.
        signal: AbortSignal.timeout(seconds * 1000),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = fieldOf(error, 'name') === 'TimeoutError';
      const cause = fieldOf(error, 'cause');
      const why = timedOut
        ? `no answer within ${seconds} s`
        : `${errorMessage(error)}${codeOf(cause) ? ` (${String(codeOf(cause))})` : ''}`;
      throw new AuthFlowError(`${MODE}: no token from ${url}: ${why}`, MODE, { cause: error });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (status !== 200) {
      const code = stringFieldOf(body, 'error');
      const description = stringFieldOf(body, 'error_description');
      throw new AuthFlowError(
        `${MODE}: the token endpoint ${url} refused the ID token: ` +
          `${code ?? 'no OAuth error code'}${description ? ` (${description})` : ''}, HTTP ${status}`,
        MODE,
        { hint: this.options.refusedHint },
      );
    }
    const accessToken = stringFieldOf(body, 'access_token');
    const tokenType = stringFieldOf(body, 'token_type');
    const issuedType = stringFieldOf(body, 'issued_token_type');
    if (
      !accessToken ||
      tokenType?.toLowerCase() !== 'bearer' ||
      (issuedType && issuedType !== ACCESS_TOKEN_TYPE)
    ) {
      throw new AuthFlowError(
        `${MODE}: the token endpoint ${url} answered 200 without a Bearer access token ` +
          `(token_type ${tokenType ?? 'missing'}, issued_token_type ${issuedType ?? 'missing'})`,
        MODE,
      );
    }
    const expiresIn = fieldOf(body, 'expires_in');
    // Without expires_in (optional in RFC 8693 §2.2.1), assume the shortest useful life: 60 s.
    const lifetime = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 60;
    const held = { accessToken, renewAt: issuedAt + (lifetime - renewalMarginSeconds(lifetime)) * 1000 };
    this.current = held;
    return held;
  }
}
