import { once } from 'node:events';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { Server as GrpcServer, ServerCredentials } from '@grpc/grpc-js';
import type { PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import express, { type Express } from 'express';
import { HealthImplementation } from 'grpc-health-check';
import { API_SOURCE_FILES } from '../api/generated/source-files.js';
import { errorMessage } from '../api/guards.js';
import { serveInSpan } from '../telemetry/tracing.js';
import type { AppRuntime } from './apps/runtime.js';
import type { Guard } from './auth/guard.js';
import { createOAuthRoutes, OAUTH_PATHS } from './auth/oauth-server.js';
import { tokenProxyRoute } from './auth/user-auth.js';
import type { Repository } from './db/repository.js';
import { addGrpcServices, type ServiceHandlers, type ServiceStreams } from './grpc.js';
import { createBlobRoutes } from './http/blobs.js';
import { createConsole, notFoundHandler } from './http/console.js';
import { createCorsPolicy, refusePrivateNetworkPreflight } from './http/cors.js';
import { createGateway, jsonErrorHandler } from './http/gateway.js';
import { createIngress } from './http/ingress.js';
import { createOpsApp } from './http/ops.js';
import type { Logger } from './logger.js';
import type { ServerMetrics } from './metrics.js';
import type { ServerAuth } from './server-auth.js';
import type { ServerConfig, ServerOptions } from './server-options.js';
import type { BlobSigning, StartSettings, TlsFiles } from './server-parts.js';
import type { BlobStore } from './storage/blob-store.js';

/** What {@link httpApp} routes to. */
export interface HttpAppParts {
  options: ServerOptions;
  settings: StartSettings;
  auth: ServerAuth;
  external: { tokenEndpoint?: string } | undefined;
  runtime: AppRuntime;
  repo: Repository;
  store: BlobStore;
  signing: BlobSigning;
  services: ServiceHandlers;
  streams: ServiceStreams;
  logger: Logger;
}

/**
 * The admin's HTTP side, in the order requests meet it: the request's span, the apps ingress (by
 * Host), the private network preflight refusal, CORS (`--server.security.allowCors`),
 * `/healthcheck`, user login, the token endpoint proxy (external mode) or the self auth server's
 * routes, the signed blob routes (`local`/`mem` storage), the console, the JSON gateway, the JSON
 * error handler, and the not-found page for any other path.
 */
export function httpApp(parts: HttpAppParts): Express {
  const { options, settings, auth, external, logger } = parts;
  const config = options.config;
  const security = config.server.security;
  const { guard, userLogin, tokens, tokenPath } = auth;
  const app = express();
  app.disable('x-powered-by');
  // Every HTTP request runs in a SERVER span continuing the caller's trace (W3C traceparent).
  app.use((req, res, next) => serveInSpan(req, res, { 'url.path': req.path }, next));
  // Requests for <app>.apps.<host> go to the app, before any of the admin's own routes.
  app.use(createIngress({ route: (name) => parts.runtime.route(name), guard, logger }));
  app.use(refusePrivateNetworkPreflight);
  if (security.allowCors) {
    app.use(
      createCorsPolicy({
        allowedOrigins: security.allowedOrigins,
        allowedHeaders: security.allowedHeaders,
        tokenHeaders: [...new Set(['authorization', config.auth.httpAuthorizationHeader.toLowerCase()])],
        ownNames: auth.ownNames,
      }),
    );
  }
  app.get('/healthcheck', (_req, res) => {
    res.json({ status: 'ok' });
  });
  if (userLogin) app.use(userLogin.router);
  if (external?.tokenEndpoint && config.auth.tokenEndpointProxyPath) {
    // External mode: token requests under --auth.tokenEndpointProxyPath go to the external server.
    app.use(tokenProxyRoute(tokenPath, external.tokenEndpoint));
  }
  if (tokens) {
    const oauth = createOAuthRoutes({
      tokens,
      clients: auth.clients,
      logger,
      interactive: auth.interactive,
      exchange: auth.exchange,
      audit: settings.audit,
    });
    app.use(oauth);
    // --auth.tokenEndpointProxyPath: the token endpoint also answers under that path.
    if (tokenPath !== OAUTH_PATHS.token && !external)
      app.post(tokenPath, (req, res, next) => {
        req.url = OAUTH_PATHS.token;
        oauth(req, res, next);
      });
  }
  const { signer } = parts.signing;
  if (signer) {
    app.use(
      createBlobRoutes({
        store: parts.store,
        signer,
        maxUploadBytes: settings.dataProxy.upload.maxSizeBytes,
        logger,
      }),
    );
  }
  app.use(
    createConsole({
      repo: parts.repo,
      blobs: parts.store,
      admin: parts.services['orch.service.v1.AdminService'] ?? {},
      createDownloadLink: parts.services['orch.service.v1.DataProxyService']?.CreateDownloadLink,
      secrets: parts.services['orch.service.v1.SecretService'],
      apiKeys: parts.services['orch.service.v1.ApiKeyService'],
      apps: parts.services['orch.service.v1.AppService'],
      workDir: join(options.dataDir, 'work'),
      logger,
      guard,
      loginUrl: userLogin ? (target) => userLogin.login.loginUrl(target) : undefined,
      signOut: userLogin ? (res) => userLogin.login.signOut(res) : undefined,
      ownNames: auth.ownNames,
    }),
  );
  app.use(createGateway(parts.services, logger, settings.audit, parts.streams, guard));
  app.use(jsonErrorHandler);
  app.use(notFoundHandler());
  return app;
}

/**
 * The HTTP(S) server of `app`: HTTPS with `tls`; slow-header clients are cut off after
 * `--server.readHeaderTimeoutSeconds` (spec default 32).
 */
export function adminHttpServer(app: Express, tls: TlsFiles | undefined, config: ServerConfig): HttpServer {
  const server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, app) : createHttpServer(app);
  server.headersTimeout = config.server.readHeaderTimeoutSeconds * 1000;
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
  return server;
}

/**
 * Listens on `host:port` and gives the port bound (0 picks a free one).
 * @throws Error naming `flag` when the port is in use (see {@link portError}); other listen errors as they are.
 */
export async function listenOn(
  server: HttpServer,
  port: number,
  host: string,
  flag: string,
): Promise<number> {
  server.listen(port, host);
  // `once` rejects with the listener's error (EADDRINUSE), named here by its flag.
  await once(server, 'listening').catch((error: unknown) => {
    throw portError(error, host, port, flag);
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error(`${flag}: the server has no TCP address`);
  return address.port;
}

/** What {@link adminGrpcServer} serves. */
export interface GrpcParts {
  config: ServerConfig;
  services: ServiceHandlers;
  streams: ServiceStreams;
  guard: Guard;
  metrics: ServerMetrics;
  audit: Logger | undefined;
  logger: Logger;
}

/**
 * The gRPC server with every service, standard health (grpc.health.v1, every service SERVING) and,
 * unless `--server.grpc.serverReflection=false` or `--sharedservice.grpcServerReflection=false`, reflection; message, stream and metadata limits from
 * `--server.grpc.*` and `--sharedservice.grpc.*`. Not bound yet (see {@link bindGrpc}).
 */
export function adminGrpcServer(parts: GrpcParts): { server: GrpcServer; health: HealthImplementation } {
  const { config, services } = parts;
  const shared = config.sharedservice.grpc;
  const server = new GrpcServer({
    'grpc.max_receive_message_length': config.server.grpc.maxMessageSizeBytes ?? shared.maxMessageSizeBytes,
    'grpc.max_concurrent_streams': shared.maxConcurrentStreams,
    'grpc.max_metadata_size': shared.grpcMaxResponseStatusBytes,
  });
  addGrpcServices(
    server,
    services,
    parts.logger,
    parts.audit,
    parts.streams,
    parts.guard,
    parts.metrics.grpc,
  );
  const health = new HealthImplementation(
    Object.fromEntries(['', ...Object.keys(services)].map((name) => [name, 'SERVING' as const])),
  );
  health.addToServer(server);
  if (config.server.grpc.serverReflection && config.sharedservice.grpcServerReflection) {
    new ReflectionService(reflectedApi()).addToServer(server);
  }
  return { server, health };
}

/**
 * What server reflection serves: the API's files with their comments (source_code_info, built by
 * `npm run gen:proto`), so that a reflection client (`grpcurl describe`) shows what each service, RPC,
 * message, field and enum value is. ReflectionService reads only the `fileDescriptorProtos` of the
 * definition's entries.
 */
function reflectedApi(): PackageDefinition {
  const fileDescriptorProtos = API_SOURCE_FILES.map((file) => Buffer.from(file, 'base64'));
  // An entry of the simplest kind (an enum's) carries them; its other fields are not read.
  return { api: { format: 'Protocol Buffer 3 EnumDescriptorProto', type: {}, fileDescriptorProtos } };
}

/**
 * Binds the gRPC server to `host:port` (TLS with `tls`) and gives the port bound.
 * @throws Error naming `--server.grpc.port` when the port is in use.
 */
export function bindGrpc(
  server: GrpcServer,
  host: string,
  port: number,
  tls: TlsFiles | undefined,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.bindAsync(
      `${host}:${port}`,
      tls
        ? ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }], false)
        : ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(portError(error, host, port, '--server.grpc.port')) : resolve(bound)),
    );
  });
}

/** The port of `--sharedservice.profilerPort` (a string flag). @throws Error naming the flag. */
export function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new Error(`--sharedservice.profilerPort: "${value}" is not a port number (0-65535)`);
  }
  return Number(value);
}

/** The metrics listener's server (`/metrics`, and profiles with `--sharedservice.profiler.enabled`). */
export function metricsServer(metrics: ServerMetrics, config: ServerConfig): HttpServer {
  return createHttpServer(
    createOpsApp({ registry: metrics.registry, profiler: config.sharedservice.profiler.enabled === true }),
  );
}

/** Stops the gRPC server: gracefully, forced after 2 seconds. */
export function stopGrpc(server: GrpcServer): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => server.forceShutdown(), 2000);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}

/** Stops an HTTP server, closing its open connections first. */
export function stopHttp(server: HttpServer): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * A listen failure as the operator needs it: which port, which flag sets it, and what to do. A port in
 * use (EADDRINUSE; gRPC says "No address added out of total 1 resolved") is the usual case: another
 * sandbox or admin server on this machine. Other errors pass through unchanged.
 */
function portError(error: unknown, host: string, port: number, flag: string): unknown {
  const text = errorMessage(error);
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const inUse = code === 'EADDRINUSE' || /EADDRINUSE|address already in use|No address added/i.test(text);
  if (!inUse) return error;
  return new Error(
    `port ${port} on ${host} is already in use (${flag}); another orch sandbox or admin server may be running. ` +
      `Stop it, or pass ${flag} <port> (0 picks a free port)`,
  );
}
