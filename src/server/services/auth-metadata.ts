import type { AuthMetadataServiceHandlers } from '../../api/generated/orch/service/v1/AuthMetadataService.js';
import type { UnaryHandlers } from './handler.js';

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
  /** Paths of the interactive grants' endpoints, when user login is configured. */
  interactive?: { authorizePath: string; deviceAuthorizationPath: string };
  /**
   * The external authorization server's metadata (`--auth.appAuth.externalAuthServer.*`): answered
   * instead of ours; its `token_endpoint` points at `tokenPath` here when `tokenProxied`.
   */
  external?: () => Record<string, unknown> | undefined;
  /** `--auth.tokenEndpointProxyPath` is set: token requests go through this server. */
  tokenProxied?: boolean;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The handlers of `orch.service.v1.AuthMetadataService` (anonymous). GetOAuth2Metadata is the RFC 8414
 * document of the self-hosted authorization server (with the authorization and device authorization
 * endpoints, PKCE S256, when user login is configured), or the external authorization server's own
 * document in that mode; GetPublicClientConfig tells a client which metadata key carries its bearer
 * token, the public client and where the admin's HTTP side is.
 */
export function createAuthMetadataHandlers(
  options: AuthMetadataOptions,
): UnaryHandlers<AuthMetadataServiceHandlers> {
  return {
    async GetOAuth2Metadata() {
      const base = options.httpEndpoint();
      const external = options.external?.();
      if (external) {
        return {
          issuer: text(external.issuer),
          authorization_endpoint: text(external.authorization_endpoint),
          token_endpoint: options.tokenProxied
            ? `${base}${options.tokenPath}`
            : text(external.token_endpoint),
          response_types_supported: strings(external.response_types_supported),
          scopes_supported: strings(external.scopes_supported),
          token_endpoint_auth_methods_supported: strings(external.token_endpoint_auth_methods_supported),
          jwks_uri: text(external.jwks_uri),
          code_challenge_methods_supported: strings(external.code_challenge_methods_supported),
          grant_types_supported: strings(external.grant_types_supported),
          device_authorization_endpoint: text(external.device_authorization_endpoint),
        };
      }
      const interactive = options.interactive;
      return {
        issuer: options.issuer(),
        authorization_endpoint: interactive ? `${base}${interactive.authorizePath}` : '',
        token_endpoint: `${base}${options.tokenPath}`,
        response_types_supported: interactive ? ['code'] : [],
        scopes_supported: ['all', 'offline'],
        token_endpoint_auth_methods_supported: [
          'client_secret_basic',
          'client_secret_post',
          ...(interactive ? ['none'] : []),
        ],
        jwks_uri: `${base}${options.jwksPath}`,
        code_challenge_methods_supported: interactive ? ['S256'] : [],
        grant_types_supported: [
          'client_credentials',
          'refresh_token',
          ...(interactive ? ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code'] : []),
        ],
        device_authorization_endpoint: interactive ? `${base}${interactive.deviceAuthorizationPath}` : '',
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
