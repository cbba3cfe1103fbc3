import { ORCH_VERSION } from '../api/version.js';
import { AdminClient } from '../client/admin-client.js';
import { parseApiKey } from '../client/auth/api-key.js';
import { ClientCredentialsTokenSource } from '../client/auth/client-credentials.js';
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

/**
 * The one admin client (src/client) for the Action's settings: the endpoint and TLS mode of the
 * inputs, and, when `api-key` is set, that key's client credentials for tokens (the `ApiKey` flow,
 * RFC 6749 §4.4; token endpoint discovered from the admin). Tokens stay in memory: a job is short.
 * @throws ApiKeyFormatError for a damaged key (`readSettings` reports it first, as an input problem).
 */
export function createActionClient(settings: Pick<CommonSettings, 'endpoint' | 'insecure' | 'apiKey'>) {
  const key = settings.apiKey ? parseApiKey(settings.apiKey.reveal()) : undefined;
  return new AdminClient({
    endpoint: settings.endpoint,
    insecure: settings.insecure,
    clientName: CLIENT_NAME,
    retry: ACTION_RETRY,
    ...(key
      ? {
          tokenSource: new ClientCredentialsTokenSource({
            mode: 'ApiKey',
            endpoint: settings.endpoint,
            clientId: key.clientId,
            clientSecret: () => key.clientSecret,
            allowInsecureHttp: settings.insecure,
            refusedHint:
              'The api-key input was refused: the key may have been deleted or belong to another admin. ' +
              'Create one with `orch create api-key admin --name <name>` and store it as the secret the input reads.',
          }),
        }
      : {}),
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
