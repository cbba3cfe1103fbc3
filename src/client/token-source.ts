import type { OAuth2MetadataResponse__Output as OAuth2MetadataOut } from '../api/generated/orch/admin/v1/OAuth2MetadataResponse.js';
import type { PublicClientConfigOut } from '../api/types.js';

/**
 * What a token source may ask the admin before it authenticates: both RPCs are anonymous
 * (AuthMetadataService). The admin client answers each once per client and passes this to
 * {@link TokenSource.token}.
 */
export interface AuthDiscovery {
  /** The authorization server's metadata (RFC 8414): `token_endpoint`, `issuer`, supported methods. */
  oauth2Metadata(): Promise<OAuth2MetadataOut>;
  /** The admin's public client config: `audience`, `authorization_metadata_key`, `scopes`, ... */
  publicClientConfig(): Promise<PublicClientConfigOut>;
}

/** What the admin client passes to {@link TokenSource.token}. */
export interface TokenRequest {
  /** True when the token last sent was refused: drop any cached token and get a new one. */
  refresh: boolean;
  /** Discovery over the admin's own channel (for a token endpoint or audience not configured). */
  discovery?: AuthDiscovery;
}

/**
 * Where the admin client gets its bearer tokens. The authentication flows (ApiKey and ClientSecret
 * client credentials, ExternalCommand, ...) each implement this.
 *
 * Authentication is lazy: a source with {@link TokenSource.cached} lets the client send its first
 * call with the cached token, or anonymously when there is none; the client asks
 * {@link TokenSource.token} only once the server answers Unauthenticated (then retries once), and
 * before every later call. A source without `cached` is asked before the first call.
 */
export interface TokenSource {
  /** Named in error messages and connection info, e.g. `ClientSecret` or `ApiKey`. Never a secret. */
  readonly mode: string;
  /**
   * True for a credential the user gave on purpose (an API key): its token goes with the first call,
   * so the server knows the caller (role, recorded principal) even where it would let an anonymous
   * loopback caller in. Default flows (a client secret file that may not exist) stay lazy.
   */
  readonly eager?: boolean;
  /**
   * A token usable now without any network call, command or prompt, when one is held (in memory or
   * in a token cache); undefined otherwise. Never throws.
   */
  cached?(): Promise<string | undefined>;
  /**
   * The token held in memory when it is usable now (the one {@link TokenSource.cached} and
   * {@link TokenSource.token} would answer without waiting), else undefined: the client then asks
   * those. Lets a call with a fresh token skip the awaits. Never throws.
   */
  held?(): string | undefined;
  /**
   * Resolves to an access token (without the `Bearer ` prefix). Called before every authenticated
   * call, so a source keeps its token and renews it only when due.
   * @throws AuthFlowError when no token can be had (refused credentials, a failing command); the
   *   client reports it once, as an UnauthenticatedError, without retrying.
   */
  token(request: TokenRequest): Promise<string>;
}

/**
 * Thrown by token sources when no token can be had. The message names the flow (and the token URL
 * or command) and never holds a secret; `hint` says what to check. The admin client turns it into an
 * UnauthenticatedError for the call that needed the token.
 */
export class AuthFlowError extends Error {
  override name = 'AuthFlowError';
  constructor(
    message: string,
    /** The flow that failed, e.g. `ApiKey`. */
    readonly mode: string,
    options?: { cause?: unknown; hint?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options?.hint;
  }
  /** What the user may try. */
  readonly hint: string | undefined;
}

/** A fixed token, sent from the first call on. */
export class StaticTokenSource implements TokenSource {
  constructor(
    private readonly value: string,
    readonly mode = 'static token',
  ) {}
  held(): string {
    return this.value;
  }
  async cached(): Promise<string> {
    return this.value;
  }
  async token(): Promise<string> {
    return this.value;
  }
}
