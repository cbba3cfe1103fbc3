import type { Handler } from './admin.js';

/** What the discovery documents advertise. */
export interface AuthMetadataOptions {
  /** The admin's public HTTP address, e.g. `http://localhost:8088` (console URLs start with it). */
  httpEndpoint: () => string;
  /** The issuer of this server's tokens (`--auth.appAuth.selfAuthServer.issuer`). */
  issuer: () => string;
  /** `--auth.appAuth.thirdPartyConfig.orchClient.*`: the public client CLIs log in as. */
  publicClient: { clientId: string; redirectUri: string; scopes: readonly string[]; audience: string };
  /** `--auth.grpcAuthorizationHeader`: the metadata key clients send their token in. */
  authorizationMetadataKey: string;
  /** Path of the token endpoint on the HTTP side (`--auth.tokenEndpointProxyPath` or `/oauth2/token`). */
  tokenPath: string;
  jwksPath: string;
}

/**
 * The handlers of `orch.service.AuthMetadataService` (anonymous). GetOAuth2Metadata is the RFC 8414
 * document of the self-hosted authorization server; GetPublicClientConfig tells a client which
 * metadata key carries its bearer token and where the admin's HTTP side is.
 */
export function createAuthMetadataHandlers(options: AuthMetadataOptions): Record<string, Handler> {
  return {
    async GetOAuth2Metadata() {
      const base = options.httpEndpoint();
      return {
        issuer: options.issuer(),
        authorization_endpoint: '',
        token_endpoint: `${base}${options.tokenPath}`,
        response_types_supported: [],
        scopes_supported: ['all', 'offline'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        jwks_uri: `${base}${options.jwksPath}`,
        code_challenge_methods_supported: [],
        grant_types_supported: ['client_credentials', 'refresh_token'],
        device_authorization_endpoint: '',
      };
    },
    async GetPublicClientConfig() {
      return {
        client_id: options.publicClient.clientId,
        redirect_uri: options.publicClient.redirectUri,
        scopes: [...options.publicClient.scopes],
        authorization_metadata_key: options.authorizationMetadataKey,
        service_http_endpoint: options.httpEndpoint(),
        audience: options.publicClient.audience,
      };
    },
  };
}
