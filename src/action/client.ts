import * as core from '@actions/core';
import { errorMessage } from '../api/guards.js';
import { ORCH_VERSION } from '../api/version.js';
import { AdminClient } from '../client/admin-client.js';
import { parseApiKey } from '../client/auth/api-key.js';
import { ClientCredentialsTokenSource } from '../client/auth/client-credentials.js';
import { TokenExchangeTokenSource } from '../client/token-exchange.js';
import { AuthFlowError, type TokenSource } from '../client/token-source.js';
import type { CommonSettings } from './inputs.js';

/**
 * How the Action retries an admin call (action.yml, `endpoint`): 3 attempts of at most 10 s each,
 * 1 s to 2 s apart, so an admin that never answers fails a call after at most
 * {@link ADMIN_GIVE_UP_SECONDS} s.
 */
export const ACTION_RETRY = {
  maxAttempts: 3,
  perAttemptSeconds: 10,
  maxBackoffSeconds: 2,
  initialBackoffMs: 1000,
};

/** The longest an admin call of the Action takes before it fails, in seconds (attempts and waits). */
export const ADMIN_GIVE_UP_SECONDS =
  ACTION_RETRY.maxAttempts * ACTION_RETRY.perAttemptSeconds +
  (ACTION_RETRY.maxAttempts - 1) * ACTION_RETRY.maxBackoffSeconds;

/** Sent as `x-orch-client` and in the user agent: `orch-action/<version>`. */
export const CLIENT_NAME = `orch-action/${ORCH_VERSION}`;

/** What to do when the admin asks for credentials and the job has none: the hint of the error. */
export const NO_CREDENTIALS_HINT =
  'Sign in keylessly: give the job `permissions: id-token: write` (and register a trust policy for ' +
  'this repository once, `orch create trust-policy contributor --name <name> --repository <owner>/<repo> ' +
  '--ref refs/heads/main`), or set the api-key input to an API key.';

/**
 * The token source of a job with neither an `api-key` nor the runner's OIDC variables: no token is
 * sent while the admin lets the caller in anonymously (a loopback sandbox); once it asks for one,
 * the call fails with {@link NO_CREDENTIALS_HINT}.
 */
export class NoCredentialsTokenSource implements TokenSource {
  readonly mode = 'none';
  async cached(): Promise<undefined> {
    return undefined;
  }
  /** @throws AuthFlowError always, saying what to add to the workflow. */
  async token(): Promise<string> {
    throw new AuthFlowError(
      'the admin asks for credentials, and this job has neither an api-key input nor an OIDC ID token ' +
        '(ACTIONS_ID_TOKEN_REQUEST_URL and ACTIONS_ID_TOKEN_REQUEST_TOKEN are not set)',
      'none',
      { hint: NO_CREDENTIALS_HINT },
    );
  }
}

/** The runner's ID token for `audience` (`@actions/core` `getIDToken`, which masks it in the log). */
export type IdTokenIssuer = (audience: string) => Promise<string>;

/**
 * How long the runner's ID token service may take to give a token, in seconds: `getIDToken` sets no
 * deadline of its own, and a job that waits on it forever holds its runner.
 */
export const ID_TOKEN_DEADLINE_SECONDS = 30;

/**
 * `issue(audience)`, or a rejection once `seconds` have passed without an answer.
 * @throws Error saying the runner's ID token service did not answer within `seconds`.
 */
async function idTokenWithin(issue: IdTokenIssuer, audience: string, seconds: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the runner's ID token service did not answer within ${seconds} s`)),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([issue(audience), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How the Action signs in, in this order: the `api-key` input (its client credentials, the `ApiKey`
 * flow, RFC 6749 §4.4); else, when the runner issues OIDC ID tokens, keyless sign-in (the
 * `TokenExchange` flow, RFC 8693: the runner's ID token for the `audience` input, by default the
 * token endpoint's origin, exchanged at the admin's token endpoint); else no credentials
 * ({@link NoCredentialsTokenSource}). Token endpoints are discovered from the admin (RFC 8414).
 * @param idTokenDeadlineSeconds how long `idToken` may take. @default {@link ID_TOKEN_DEADLINE_SECONDS}
 * @throws ApiKeyFormatError for a damaged key (`readSettings` reports it first, as an input problem).
 */
export function actionTokenSource(
  settings: Pick<CommonSettings, 'endpoint' | 'insecure' | 'apiKey' | 'audience' | 'idTokenAvailable'>,
  idToken: IdTokenIssuer,
  idTokenDeadlineSeconds = ID_TOKEN_DEADLINE_SECONDS,
): TokenSource {
  if (settings.apiKey) {
    const key = parseApiKey(settings.apiKey.reveal());
    return new ClientCredentialsTokenSource({
      mode: 'ApiKey',
      endpoint: settings.endpoint,
      clientId: key.clientId,
      clientSecret: () => key.clientSecret,
      allowInsecureHttp: settings.insecure,
      refusedHint:
        'The api-key input was refused: the key may have been deleted or belong to another admin. ' +
        'Create one with `orch create api-key admin --name <name>` and store it as the secret the input reads.',
    });
  }
  if (!settings.idTokenAvailable) return new NoCredentialsTokenSource();
  return new TokenExchangeTokenSource({
    subjectToken: async ({ tokenUrl }) => {
      const audience = settings.audience || new URL(tokenUrl).origin;
      try {
        return await idTokenWithin(idToken, audience, idTokenDeadlineSeconds);
      } catch (error) {
        throw new AuthFlowError(
          `TokenExchange: the runner gave no OIDC ID token for audience ${audience}: ${errorMessage(error)}`,
          'TokenExchange',
          { cause: error, hint: NO_CREDENTIALS_HINT },
        );
      }
    },
    allowInsecureHttp: settings.insecure,
    timeoutSeconds: ACTION_RETRY.perAttemptSeconds,
    refusedHint:
      "The admin refused this job's ID token: check that a trust policy admits this repository " +
      '(`orch create trust-policy contributor --name <name> --repository <owner>/<repo>`, issuer GitHub Actions by ' +
      'default) and that the audience input matches the one it expects (--auth.tokenExchange.audience).',
  });
}

/**
 * The one admin client (src/client) for the Action's settings: the endpoint and TLS mode of the
 * inputs, signed in as {@link actionTokenSource} says. Tokens stay in memory: a job is short.
 * @param idToken the runner's ID token issuer. @default `@actions/core` `getIDToken`
 * @throws ApiKeyFormatError for a damaged key (`readSettings` reports it first, as an input problem).
 */
export function createActionClient(
  settings: Pick<CommonSettings, 'endpoint' | 'insecure' | 'apiKey' | 'audience' | 'idTokenAvailable'>,
  idToken: IdTokenIssuer = core.getIDToken,
) {
  return new AdminClient({
    endpoint: settings.endpoint,
    insecure: settings.insecure,
    clientName: CLIENT_NAME,
    retry: ACTION_RETRY,
    tokenSource: actionTokenSource(settings, idToken),
  });
}

/**
 * The console's base URL (the HTTP address the admin advertises), for links; undefined when the
 * admin does not say. Never throws: links are a convenience.
 */
export async function consoleBase(client: Pick<AdminClient, 'getPublicClientConfig'>) {
  try {
    const config = await client.getPublicClientConfig();
    return config.service_http_endpoint ? config.service_http_endpoint.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}
