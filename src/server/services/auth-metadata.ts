import type { Handler } from './admin.js';

/** What the public client configuration advertises. */
export interface AuthMetadataOptions {
  /** The admin's public HTTP address, e.g. `http://localhost:8088` (console URLs start with it). */
  httpEndpoint: () => string;
}

/**
 * The handlers of `orch.service.AuthMetadataService` (anonymous). GetPublicClientConfig tells a client
 * which metadata key carries its bearer token and where the admin's HTTP side is.
 */
export function createAuthMetadataHandlers(options: AuthMetadataOptions): Record<string, Handler> {
  return {
    async GetPublicClientConfig() {
      return {
        client_id: 'orch-ctl',
        redirect_uri: 'http://localhost:53593/callback',
        scopes: ['offline', 'all'],
        authorization_metadata_key: 'orch-authorization',
        service_http_endpoint: options.httpEndpoint(),
        audience: '',
      };
    },
  };
}
