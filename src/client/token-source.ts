/**
 * Where the admin client gets its bearer tokens. The authentication flows (client credentials, PKCE,
 * device flow, an external command, an API key) each implement this; the client calls it before the
 * first call and once more, with `refresh`, when the server answers Unauthenticated.
 */
export interface TokenSource {
  /** Named in error messages, e.g. `ClientSecret` or `ApiKey`. Never a secret. */
  readonly mode: string;
  /**
   * Resolves to an access token (without the `Bearer ` prefix).
   * @param options.refresh true when the previous token was refused: drop any cached token.
   * @throws Error when no token can be had; the client passes it on as the call's failure.
   */
  token(options: { refresh: boolean }): Promise<string>;
}

/** A fixed token (an API key, or the output of a command run once). */
export class StaticTokenSource implements TokenSource {
  constructor(
    private readonly value: string,
    readonly mode = 'static token',
  ) {}
  async token(): Promise<string> {
    return this.value;
  }
}
