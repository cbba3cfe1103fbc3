import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';
import pRetry, { AbortError } from 'p-retry';
import { errorCode, errorMessage, isRecord, property } from '../../api/guards.js';
import type { Logger } from '../logger.js';
import type { ExternalTokenVerifier, Identity } from './authenticate.js';
import { describeJoseError, type RoleName, TokenError } from './tokens.js';

/** The RFC 8414 path of authorization server metadata, under the server's base URL. */
export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** Settings of {@link loadExternalAuthServer} (`--auth.appAuth.externalAuthServer.*`). */
export interface ExternalAuthServerSettings {
  /** `baseUrl`: the authorization server. */
  baseUrl: string;
  /** `metadataUrl`: its metadata document, when not at `<baseUrl>/.well-known/oauth-authorization-server`. */
  metadataUrl?: string;
  /** `retryAttempts`: attempts of the metadata request while failures are transient (network, HTTP 5xx, 429). */
  retryAttempts: number;
  /** `retryDelay`, seconds between those retries. */
  retryDelaySeconds: number;
  /** Fetch used for the metadata and the JWKS (`httpProxyURL`). @default globalThis.fetch */
  fetch?: typeof fetch;
  logger: Logger;
}

/** Thrown when the external authorization server's metadata cannot be had; says which URL and why. */
export class ExternalAuthServerError extends Error {
  override name = 'ExternalAuthServerError';
}

/** What the server keeps of an external authorization server. */
export interface ExternalAuthServer {
  /** The metadata document as the server published it (RFC 8414 / OpenID Discovery fields). */
  metadata: Record<string, unknown>;
  issuer: string;
  /** Its token endpoint (for `--auth.tokenEndpointProxyPath`). */
  tokenEndpoint: string | undefined;
  /**
   * A verifier of its access tokens: signed by a key of its `jwks_uri` (fetched on demand and
   * cached by jose), issued by `issuer`, for one of `audiences()` (`allowedAudience`, default the
   * admin's public URI), not expired (30 s leeway). A verified caller gets `role` (the default user
   * role; external tokens carry no role of ours) and the org of `org`.
   */
  verifier(settings: { audiences: () => string[]; role: RoleName; org: string }): ExternalTokenVerifier;
}

/**
 * Reads the external authorization server's metadata (spec "Server side" 2; limits: 5 attempts, 1 s
 * apart), retrying network failures, HTTP 429 and 5xx with a fixed delay (p-retry); other answers
 * fail at once.
 * @throws ExternalAuthServerError naming the URL and the last failure, or a document without
 *   `issuer` or `jwks_uri`.
 */
export async function loadExternalAuthServer(
  settings: ExternalAuthServerSettings,
): Promise<ExternalAuthServer> {
  const doFetch = settings.fetch ?? globalThis.fetch;
  const url = settings.metadataUrl || `${settings.baseUrl.replace(/\/+$/, '')}${METADATA_PATH}`;
  const metadata = await pRetry(
    async () => {
      let response: Response;
      try {
        response = await doFetch(url, { headers: { accept: 'application/json' } });
      } catch (error) {
        // A network failure: transient, retried (a plain Error, whatever realm fetch's TypeError is from).
        const code = errorCode(property(error, 'cause'));
        throw new Error(`${errorMessage(error)}${code ? ` (${code})` : ''}`);
      }
      if (response.status === 429 || response.status >= 500) {
        throw new Error(`HTTP ${response.status}`);
      }
      if (!response.ok) throw new AbortError(`HTTP ${response.status}`);
      let document: unknown;
      try {
        document = await response.json();
      } catch {
        throw new AbortError('the answer is not JSON');
      }
      // Anything but an object has no issuer: refused below like a document without one.
      return isRecord(document) ? document : {};
    },
    {
      retries: Math.max(0, settings.retryAttempts - 1),
      minTimeout: settings.retryDelaySeconds * 1000,
      maxTimeout: settings.retryDelaySeconds * 1000,
      factor: 1,
      onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
        if (retriesLeft > 0)
          settings.logger.warn('external authorization server metadata: retrying', {
            url,
            attempt: attemptNumber,
            reason: error.message,
          });
      },
    },
  ).catch((error: unknown) => {
    throw new ExternalAuthServerError(
      `--auth.appAuth.externalAuthServer: cannot read the metadata at ${url}: ${errorMessage(error)}`,
      { cause: error },
    );
  });
  const issuer = metadata.issuer;
  const jwksUri = metadata.jwks_uri;
  if (typeof issuer !== 'string' || !issuer || typeof jwksUri !== 'string' || !jwksUri) {
    throw new ExternalAuthServerError(
      `--auth.appAuth.externalAuthServer: the metadata at ${url} lacks issuer or jwks_uri`,
    );
  }
  const keys = createRemoteJWKSet(new URL(jwksUri), {
    ...(settings.fetch ? { [customFetch]: settings.fetch } : {}),
  });
  return {
    metadata,
    issuer,
    tokenEndpoint: typeof metadata.token_endpoint === 'string' ? metadata.token_endpoint : undefined,
    verifier({ audiences, role, org }) {
      return {
        issuer,
        async verify(token: string): Promise<Identity> {
          let payload: Record<string, unknown>;
          try {
            ({ payload } = await jwtVerify(token, keys, {
              issuer,
              audience: audiences(),
              clockTolerance: 30,
            }));
          } catch (error) {
            throw new TokenError(describeJoseError(error, 'access token'));
          }
          if (typeof payload.sub !== 'string' && typeof payload.client_id !== 'string') {
            throw new TokenError('access token has neither sub nor client_id');
          }
          const clientId =
            typeof payload.client_id === 'string'
              ? payload.client_id
              : typeof payload.azp === 'string'
                ? payload.azp
                : '';
          const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
          return {
            subject: typeof payload.sub === 'string' ? payload.sub : clientId,
            clientId,
            org,
            role,
            method: 'bearer',
            scopes: scope,
          };
        },
      };
    },
  };
}
