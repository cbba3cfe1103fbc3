import type { AppRuntime } from './apps/runtime.js';
import type { ExternalAuthServer } from './auth/external.js';
import { INTERACTIVE_PATHS } from './auth/interactive-grants.js';
import type { AuthKeys } from './auth/keys.js';
import { checkLimits } from './auth/limits.js';
import { OAUTH_PATHS } from './auth/oauth-server.js';
import type { AppRepository } from './db/app-repository.js';
import type { AuthRepository } from './db/auth-repository.js';
import type { Repository } from './db/repository.js';
import type { ExecutionEvents } from './executor/events.js';
import type { GraphExecutor } from './executor/graph-executor.js';
import { type ServiceHandlers, type ServiceStreams, unaryByName } from './grpc.js';
import type { ServerAuth } from './server-auth.js';
import type { ServerConfig } from './server-options.js';
import type { BlobSigning, StartSettings } from './server-parts.js';
import { createAdminHandlers } from './services/admin.js';
import { createApiKeyHandlers } from './services/api-keys.js';
import { createAppHandlers } from './services/apps.js';
import { createAuthMetadataHandlers } from './services/auth-metadata.js';
import { createDataProxyHandlers } from './services/data-proxy.js';
import type { Handler } from './services/handler.js';
import { createIdentityHandlers } from './services/identity.js';
import { createSecretHandlers } from './services/secrets.js';
import { createWatchHandler } from './services/watch.js';
import type { BlobStore } from './storage/blob-store.js';

/** What {@link serviceHandlers} serves from. */
export interface ServiceParts {
  config: ServerConfig;
  settings: StartSettings;
  repo: Repository;
  authRepo: AuthRepository;
  appRepo: AppRepository;
  store: BlobStore;
  signing: BlobSigning;
  executor: GraphExecutor;
  events: ExecutionEvents;
  runtime: AppRuntime;
  auth: ServerAuth;
  keys: AuthKeys | undefined;
  external: ExternalAuthServer | undefined;
  org: string;
  /** The admin's HTTP origin once listening. */
  httpEndpoint: () => string;
}

/**
 * The one set of handlers gRPC and the HTTP gateway both serve: the AdminService (with the watch
 * stream), AuthMetadata, DataProxy, Identity, Secret, ApiKey and App services.
 */
export function serviceHandlers(parts: ServiceParts): { services: ServiceHandlers; streams: ServiceStreams } {
  const { config, repo, authRepo, store, auth, org } = parts;
  const orchClient = config.auth.appAuth.thirdPartyConfig.orchClient;
  const external = parts.external;
  const appHandlers = createAppHandlers({ runtime: parts.runtime, repo: parts.appRepo });
  const services: ServiceHandlers = {
    'orch.service.v1.AdminService': createAdminHandlers({
      repo,
      blobs: store,
      executor: parts.executor,
      trust: { repo: authRepo.trust, exchange: auth.exchange, defaultOrg: org },
    }),
    'orch.service.v1.AuthMetadataService': createAuthMetadataHandlers({
      httpEndpoint: parts.httpEndpoint,
      issuer: auth.issuer,
      publicClient: {
        clientId: orchClient.clientId,
        redirectUri: orchClient.redirectUri,
        scopes: orchClient.scopes,
        audience: orchClient.audience ?? '',
      },
      authorizationMetadataKey: config.auth.grpcAuthorizationHeader,
      tokenPath: auth.tokenPath,
      jwksPath: OAUTH_PATHS.jwks,
      interactive: auth.interactive
        ? {
            authorizePath: INTERACTIVE_PATHS.authorize,
            deviceAuthorizationPath: INTERACTIVE_PATHS.deviceAuthorization,
          }
        : undefined,
      external: external ? () => external.metadata : undefined,
      tokenProxied: Boolean(config.auth.tokenEndpointProxyPath),
    }),
    'orch.service.v1.DataProxyService': createDataProxyHandlers({
      store,
      sign: parts.signing.sign,
      settings: parts.settings.dataProxy,
    }),
    'orch.service.v1.IdentityService': createIdentityHandlers(),
    'orch.service.v1.SecretService': createSecretHandlers({
      repo: authRepo,
      sealingKey: parts.keys?.sealingKey,
      defaultOrg: org,
    }),
    'orch.service.v1.ApiKeyService': createApiKeyHandlers({
      repo: authRepo,
      clients: auth.clients,
      defaultOrg: org,
    }),
    'orch.service.v1.AppService': appHandlers.unary,
  };
  const streams: ServiceStreams = {
    'orch.service.v1.AdminService': {
      WatchExecution: createWatchHandler({
        repo,
        blobs: store,
        events: parts.events,
        settings: parts.settings.watch,
      }),
    },
    'orch.service.v1.AppService': appHandlers.streams,
  };
  return { services: limited(services), streams };
}

/**
 * Every unary handler of `services`, refusing first the calls outside the caller's project and domain
 * limits (`checkLimits`, a trust policy's), so gRPC, the JSON gateway and the console apply them alike.
 */
function limited(services: ServiceHandlers): ServiceHandlers {
  const wrapped: Record<string, Record<string, Handler>> = {};
  for (const [service, handlers] of Object.entries(unaryByName(services))) {
    if (!handlers) continue;
    const each: Record<string, Handler> = {};
    for (const [rpc, handler] of Object.entries(handlers)) {
      each[rpc] = async (request, context) => {
        checkLimits(context?.identity, `${service}/${rpc}`, request);
        return handler(request, context);
      };
    }
    wrapped[service] = each;
  }
  return wrapped;
}
