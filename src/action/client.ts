import { ORCH_VERSION } from '../api/version.js';
import { AdminClient } from '../client/admin-client.js';
import { StaticTokenSource } from '../client/token-source.js';
import type { CommonSettings } from './inputs.js';

/** Sent as `x-orch-client` and in the user agent: `orch-action/<version>`. */
export const CLIENT_NAME = `orch-action/${ORCH_VERSION}`;

/**
 * The one admin client (src/client) for the Action's settings: the endpoint and TLS mode of the
 * inputs, and, when `api-key` is set, that key as a bearer token (`ApiKey` mode).
 */
export function createActionClient(settings: Pick<CommonSettings, 'endpoint' | 'insecure' | 'apiKey'>) {
  return new AdminClient({
    endpoint: settings.endpoint,
    insecure: settings.insecure,
    clientName: CLIENT_NAME,
    ...(settings.apiKey ? { tokenSource: new StaticTokenSource(settings.apiKey.reveal(), 'ApiKey') } : {}),
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
