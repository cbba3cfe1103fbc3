import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Server as GrpcServer, ServerCredentials } from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';
import express from 'express';
import { HealthImplementation } from 'grpc-health-check';
import { parseDuration } from '../api/duration.js';
import { loadApi } from '../api/proto.js';
import { TERMINAL_PHASES } from '../api/types.js';
import type { Config } from '../config/load.js';
import { serveInSpan } from '../telemetry/tracing.js';
import { AppRuntime } from './apps/runtime.js';
import { writeCommandShims } from './apps/shims.js';
import { Authenticator } from './auth/authenticate.js';
import { Authorizer } from './auth/authorizer.js';
import { createGuard } from './auth/guard.js';
import { INTERACTIVE_PATHS } from './auth/interactive-grants.js';
import {
  AuthKeyError,
  type AuthKeys,
  type AuthSecretNames,
  generateMissingAuthSecrets,
  loadAuthKeys,
  PROPELLER_SECRET,
  SECRETS_SEALING_KEY,
} from './auth/keys.js';
import { createOAuthRoutes, OAUTH_PATHS, OAuthClients } from './auth/oauth-server.js';
import { OwnNames } from './auth/own-names.js';
import { TokenService } from './auth/tokens.js';
import { defaultUserRole, externalAuthServerOf, setupUserLogin, tokenProxyRoute } from './auth/user-auth.js';
import { AppRepository } from './db/app-repository.js';
import { AuthRepository } from './db/auth-repository.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { Repository } from './db/repository.js';
import { BundleCache } from './executor/bundles.js';
import { TaskCache, taskCacheSettings } from './executor/cache.js';
import { ExecutionEvents } from './executor/events.js';
import { GraphExecutor } from './executor/graph-executor.js';
import { addGrpcServices, type ServiceHandlers, type ServiceStreams } from './grpc.js';
import { createBlobRoutes } from './http/blobs.js';
import { createConsole } from './http/console.js';
import { createCorsPolicy, refusePrivateNetworkPreflight } from './http/cors.js';
import { createGateway, jsonErrorHandler } from './http/gateway.js';
import { createIngress } from './http/ingress.js';
import { createOpsApp } from './http/ops.js';
import { type Logger, silentLogger } from './logger.js';
import { ServerMetrics } from './metrics.js';
import { ensurePrivateDir } from './private-files.js';
import { LocalAppInstances } from './runtime/local-apps.js';
import { type OpenedRuntime, openRuntime } from './runtime/open.js';
import {
  ChainedSecretSource,
  LocalSecretSource,
  ReservedSecretFilter,
  type TaskSecretSource,
} from './secrets.js';
import { createAdminHandlers, DOMAINS } from './services/admin.js';
import { createApiKeyHandlers } from './services/api-keys.js';
import { createAppHandlers } from './services/apps.js';
import { createAuthMetadataHandlers } from './services/auth-metadata.js';
import { createDataProxyHandlers, dataProxySettings, type SignRequest } from './services/data-proxy.js';
import { createIdentityHandlers } from './services/identity.js';
import { createSecretHandlers, resolveSecret } from './services/secrets.js';
import { createWatchHandler, watchSettings } from './services/watch.js';
import type { BlobLocation, BlobStore } from './storage/blob-store.js';
import { openBlobStore, storageSettings } from './storage/open.js';
import { HmacUrlSigner } from './storage/signed-urls.js';

/**
 * The configuration the admin server reads (sections `server.*`, `database.*`, `sharedservice.*`,
 * `storage.*`, and `plugins.*` for the task output cache's queues).
 */
export type ServerConfig = Pick<
  Config,
  | 'server'
  | 'database'
  | 'db'
  | 'sharedservice'
  | 'orch'
  | 'storage'
  | 'plugins'
  | 'secrets'
  | 'auth'
  | 'authorizer'
  | 'runtime'
>;

/** Options of {@link createServer}. */
export interface ServerOptions {
  config: ServerConfig;
  /** Folder for the default database file, the blob store and task working directories. */
  dataDir: string;
  logger?: Logger;
  /**
   * Where access records go with `--server.security.auditAccess` (see `createLoggers`: written even
   * below `--logger.level` 4). @default `logger`
   */
  accessLogger?: Logger;
  /** Interface to listen on. @default '127.0.0.1' (the sandbox is not meant to be reachable from elsewhere) */
  host?: string;
  /** Environment handed to task processes (PATH, HOME); never the server's whole environment. */
  taskEnv?: Record<string, string>;
  /** DOCKER_HOST of the server's environment, for the docker runtime; `--runtime.docker.host` wins. */
  dockerHost?: string;
  /**
   * The server's environment, where `--secrets.env-prefix` variables (ORCH_SECRET_<key>) are looked up
   * for the secrets tasks declare; read at the edge. @default {} (then only `--secrets.secrets-prefix` files)
   */
  secretEnv?: Readonly<Record<string, string | undefined>>;
  /**
   * The embedded default: SQLite in `<dataDir>/orch.db` unless `--database.sqlite.file` is set. When
   * false (`orch serve`), a server without a SQLite file uses PostgreSQL. @default true
   */
  embedded?: boolean;
  /**
   * Whether `--storage.type` left at the registry's `s3` without a bucket or an endpoint means the
   * embedded default, `local` storage under `<dataDir>/storage` (the sandbox, tests). `orch serve`
   * sets it false, so a served admin uses exactly the configured store. @default true
   */
  localStorageByDefault?: boolean;
  /** Executions the local executor runs at once; more wait QUEUED. @default CPUs x 2 */
  executorParallelism?: number;
  /** Nodes of one execution the local executor runs at once (independent branches). @default 4 */
  executorNodeConcurrency?: number;
  /**
   * Key of the HMAC-SHA256 signatures of the admin's own blob URLs (`local` and `mem` storage), at
   * least 16 bytes. Never logged or sent. @default 32 random bytes per start (URLs die with the process)
   */
  signingSecret?: Uint8Array;
  /**
   * Folder where the server writes the auth secrets it lacks on first start (token signing key, claim
   * key, secrets sealing key, `orch-propeller` client secret; files 0600) and reads them from after
   * `--secrets.*`. @default `<dataDir>/secrets` on the embedded default; none for `orch serve`, which
   * then needs them from `--secrets.*` unless authentication is disabled on both transports
   */
  generatedSecretsDir?: string;
  /**
   * Also listen on `--sharedservice.profilerPort` (spec default 10254; 0 picks a free port) with
   * `/metrics` and, with `--sharedservice.profiler.enabled`, CPU and heap profiles (see `createOpsApp`).
   * `orch serve` and `orch sandbox start` turn it on. @default false (embedded servers open two ports)
   */
  metricsListener?: boolean;
}

/** Where a listening server can be reached. */
export interface ServerAddresses {
  grpcPort: number;
  httpPort: number;
  /** `localhost:<grpcPort>`, for `--admin.endpoint` / `--orch.connection.host`. */
  grpcEndpoint: string;
  /** `http://localhost:<httpPort>`: the HTTP side and the console. */
  httpEndpoint: string;
  /** The database in use: a SQLite file or `postgres://user@host:port/dbname`. */
  database: string;
  /** `http://localhost:<port>` of the `/metrics` listener, when `metricsListener` is on. */
  metricsEndpoint?: string;
  /** Where tasks and apps run: `local`, or `docker (unix:///var/run/docker.sock)`. */
  runtime: string;
}

/** A created admin server: call `listen()` once, then `close()`. */
export interface AdminServer {
  /** Opens the database (migrating it), seeds the default project, binds both ports, resumes executions. */
  listen(): Promise<ServerAddresses>;
  /** Stops the listeners, the executor (killing task processes) and closes the database. */
  close(): Promise<void>;
  /** The server's Prometheus registry and gRPC metrics (served on the metrics listener). */
  readonly metrics: ServerMetrics;
}

/**
 * Reads the certificate and key of `--server.security.ssl.*`.
 * @throws Error naming the flag whose file is missing or unreadable.
 */
function readTls(ssl: { certificateFile?: string; keyFile?: string }): { cert: Buffer; key: Buffer } {
  const read = (path: string | undefined, flag: string) => {
    if (!path) throw new Error(`--server.security.secure needs ${flag}`);
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(`${flag} ${path}: ${(error as Error).message}`);
    }
  };
  return {
    cert: read(ssl.certificateFile, '--server.security.ssl.certificateFile'),
    key: read(ssl.keyFile, '--server.security.ssl.keyFile'),
  };
}

/** How the addresses name a runtime: `local`, or `docker (<engine address>)`. */
function runtimeText(opened: OpenedRuntime): string {
  return opened.address ? `${opened.name} (${opened.address})` : opened.name;
}

/** The secret names of `--auth.appAuth.selfAuthServer.*`, plus the sealing key and `orch-propeller`'s secret. */
function authSecretNames(config: ServerConfig): AuthSecretNames {
  const self = config.auth.appAuth.selfAuthServer;
  return {
    signingKey: self.tokenSigningRSAKeySecretName,
    oldSigningKey: self.oldTokenSigningRSAKeySecretName,
    claimKey: self.claimSymmetricEncryptionKeySecretName,
    sealingKey: SECRETS_SEALING_KEY,
    propellerSecret: PROPELLER_SECRET,
    cookieHashKey: config.auth.userAuth.cookieHashKeySecretName,
    cookieBlockKey: config.auth.userAuth.cookieBlockKeySecretName,
  };
}

/** The port of `--sharedservice.profilerPort` (a string flag). @throws Error naming the flag. */
function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new Error(`--sharedservice.profilerPort: "${value}" is not a port number (0-65535)`);
  }
  return Number(value);
}

/** The project every server has, with the three domains (spec: `-p default -d development`). */
export const DEFAULT_PROJECT = 'default';

/**
 * Creates the admin server: gRPC on `server.grpc.port` and JSON over HTTP on `server.httpPort`
 * (0 picks a free port), sharing one set of handlers, over SQLite (`database.sqlite.file`, default
 * `<dataDir>/orch.db`), the blob store of `--storage.*` (embedded default: `local` under
 * `<dataDir>/storage`) and the local executor (code bundles unpacked under `<dataDir>/bundles`; task
 * output cache queues sized by `--plugins.catalogcache.{reader,writer}.{maxItems,maxRetries,workers}`).
 * With `local` or `mem` storage the HTTP side also serves the DataProxyService's signed URLs under
 * `/blobs/...`.
 */
export function createServer(options: ServerOptions): AdminServer {
  const logger = options.logger ?? silentLogger;
  const host = options.host ?? '127.0.0.1';
  let database: DatabaseHandle | undefined;
  let executor: GraphExecutor | undefined;
  let grpcServer: GrpcServer | undefined;
  let httpServer: HttpServer | undefined;
  let httpEndpoint = '';
  /** The HTTP port once listening (the admin's own origin, for the loopback bypass and CORS). */
  let httpPortBound = 0;
  let health: HealthImplementation | undefined;
  let blobs: BlobStore | undefined;
  let apps: AppRuntime | undefined;
  let opsServer: HttpServer | undefined;
  const metricSettings = options.config.sharedservice.metrics;
  const metrics = new ServerMetrics(
    metricSettings.scope,
    metricSettings.enableGrpcHistograms || options.config.server.grpc.enableGrpcLatencyMetrics === true,
  );

  return {
    metrics,
    async listen() {
      // Everything that can fail on bad configuration comes before the database is opened.
      const security = options.config.server.security;
      const tls = security.secure ? readTls(security.ssl) : undefined;
      const audit = security.auditAccess ? (options.accessLogger ?? logger) : undefined;
      const storage = storageSettings(options.config.storage, {
        dataDir: options.dataDir,
        embedded: options.localStorageByDefault !== false,
      });
      const dataProxy = dataProxySettings(options.config.server.dataProxy);
      const watch = watchSettings(options.config.server.watchService);
      const cacheSettings = taskCacheSettings(options.config.plugins.catalogcache);
      const config = options.config;
      const names = authSecretNames(config);
      // The data folder holds the database, generated keys, code bundles and task data: owner only.
      const wasOpen = ensurePrivateDir(options.dataDir);
      if (wasOpen !== undefined)
        logger.warn('the data folder was open to other users: its mode is now 0700', {
          dir: options.dataDir,
          was: `0${wasOpen.toString(8)}`,
        });
      const localSecrets = new LocalSecretSource({
        envPrefix: config.secrets['env-prefix'],
        filesDir: config.secrets['secrets-prefix'],
        env: options.secretEnv ?? {},
      });
      const generatedDir =
        options.generatedSecretsDir ??
        (options.embedded === false ? undefined : join(options.dataDir, 'secrets'));
      const serverSecrets = generatedDir
        ? new ChainedSecretSource(
            localSecrets,
            new LocalSecretSource({
              envPrefix: config.secrets['env-prefix'],
              filesDir: generatedDir,
              env: {},
            }),
          )
        : localSecrets;
      if (generatedDir) {
        const written = await generateMissingAuthSecrets(serverSecrets, names, generatedDir);
        if (written.length) logger.info('generated server secrets', { names: written, dir: generatedDir });
      }
      const enforcing = !config.auth.disableForGrpc || !config.auth.disableForHttp;
      let keys: AuthKeys | undefined;
      try {
        keys = await loadAuthKeys(serverSecrets, names);
      } catch (error) {
        if (!(error instanceof AuthKeyError)) throw error;
        // With both transports open, the server can run without token keys (and issues no tokens).
        if (!enforcing)
          logger.warn('authentication is off on both transports and the server issues no tokens', {
            reason: error.message,
          });
        else
          throw new AuthKeyError(
            `${error.message}. Authentication is on, so the server needs its token keys: put them in ` +
              `--secrets.secrets-prefix (${config.secrets['secrets-prefix']}) or ${config.secrets['env-prefix']}<name> ` +
              '(`orch serve init-secrets` writes them), or turn authentication off with --auth.disableForGrpc --auth.disableForHttp',
          );
      }
      // --auth.appAuth.externalAuthServer.*: its metadata is read (with retries) before anything opens.
      const external = await externalAuthServerOf(config, logger, parseDuration);
      // --runtime.*: a docker runtime whose engine does not answer stops the start here.
      const opened = await openRuntime(config.runtime, {
        baseEnv: options.taskEnv ?? {},
        dockerHost: options.dockerHost,
        logger,
      });
      const store = await openBlobStore(storage);
      blobs = store;
      const handle = await openDatabase(options.config, {
        defaultSqliteFile: options.embedded === false ? undefined : join(options.dataDir, 'orch.db'),
        attempts: options.config.orch.connection.maxRetries + 1,
        logger,
        parseSeconds: parseDuration,
      });
      database = handle;
      const repo = new Repository(handle.db, handle.reads);
      const authRepo = new AuthRepository(handle.db);
      if (!(await repo.getProject(DEFAULT_PROJECT))) {
        await repo.insertProject({
          id: DEFAULT_PROJECT,
          name: DEFAULT_PROJECT,
          description: `default project (domains ${DOMAINS.join(', ')})`,
          labels: '{}',
          state: 0,
          created_at: Date.now(),
        });
      }
      const org = config.sharedservice.security.orgOverride ?? '';
      // Tasks get platform secrets (narrowest scope first), else the server's own --secrets.* source,
      // which never hands out the server's auth keys.
      const reserved = new ReservedSecretFilter(
        localSecrets,
        new Set([
          names.signingKey,
          names.oldSigningKey,
          names.claimKey,
          names.sealingKey,
          names.propellerSecret,
          names.cookieHashKey,
          names.cookieBlockKey,
          config.auth.userAuth.openId.clientSecretName,
        ]),
      );
      const taskSecrets: TaskSecretSource = {
        async get(key, scope) {
          return (
            (await resolveSecret(authRepo, keys?.sealingKey, { org, ...scope }, key)) ?? reserved.get(key)
          );
        },
      };
      const bundles = new BundleCache({
        store,
        dir: join(options.dataDir, 'bundles'),
        maxBytes: dataProxy.upload.maxSizeBytes,
      });
      const events = new ExecutionEvents();
      executor = new GraphExecutor({
        repo,
        events,
        cache: new TaskCache({ repo, blobs: store, settings: cacheSettings, logger }),
        nodeConcurrency: options.executorNodeConcurrency,
        blobs: store,
        bundles,
        logger,
        workDir: join(options.dataDir, 'work'),
        runtime: opened.tasks,
        maxParallel: options.executorParallelism,
        secrets: taskSecrets,
      });
      // S3 presigns its own URLs; for local and mem the admin signs URLs its HTTP side serves.
      const signer = store.presigns
        ? undefined
        : new HmacUrlSigner(options.signingSecret ?? randomBytes(32), store.scheme, () => httpEndpoint);
      const sign = async (location: BlobLocation, request: SignRequest): Promise<string> =>
        signer
          ? signer.sign({
              method: request.method,
              location,
              expires: request.expiresAt,
              md5: request.contentMd5,
            })
          : store.presign(location, request);
      const self = config.auth.appAuth.selfAuthServer;
      const orchClient = config.auth.appAuth.thirdPartyConfig.orchClient;
      const issuer = () => (self.issuer && !self.issuer.includes('<') ? self.issuer : `${httpEndpoint}/`);
      const tokens = keys
        ? new TokenService(keys, {
            issuer,
            audiences: () => [issuer(), ...(orchClient.audience ? [orchClient.audience] : [])],
            accessTokenSeconds: parseDuration(self.accessTokenLifespan),
            refreshTokenSeconds: parseDuration(self.refreshTokenLifespan),
          })
        : undefined;
      const userLogin = await setupUserLogin({
        config,
        secrets: serverSecrets,
        keys,
        publicOrigin: () => httpEndpoint,
        org,
        secure: Boolean(tls),
        codeSeconds: parseDuration(self.authorizationCodeLifespan),
        sessionSeconds: parseDuration(self.refreshTokenLifespan),
        logger,
      });
      const interactive = userLogin?.interactive;
      const clients = new OAuthClients({
        repo: authRepo,
        propellerSecret: keys?.propellerSecret,
        org,
        publicClientId: interactive ? orchClient.clientId : undefined,
      });
      const allowedAudience = config.auth.appAuth.externalAuthServer.allowedAudience;
      // The names a loopback caller must use for the bypass, and the admin's own origin (CORS).
      const ownHosts = [
        host,
        ...(self.issuer && URL.canParse(self.issuer) ? [new URL(self.issuer).hostname] : []),
      ];
      const ownNames = new OwnNames({
        hosts: () => ownHosts,
        httpPort: () => httpPortBound,
      });
      const guard = createGuard(
        new Authenticator({
          tokens,
          clients,
          headers: {
            grpc: config.auth.grpcAuthorizationHeader.toLowerCase(),
            http: config.auth.httpAuthorizationHeader.toLowerCase(),
          },
          disabled: { grpc: config.auth.disableForGrpc, http: config.auth.disableForHttp },
          allowLocalhost: config.sharedservice.security.allowLocalhostAccess,
          ownNames,
          orgOverride: org,
          session: userLogin?.session,
          external: external?.verifier({
            audiences: () =>
              allowedAudience.length ? [...allowedAudience] : [...new Set([httpEndpoint, issuer()])],
            role: defaultUserRole(config),
            org,
          }),
        }),
        new Authorizer({ mode: config.authorizer.mode, logger }),
      );
      const tokenPath = config.auth.tokenEndpointProxyPath || OAUTH_PATHS.token;
      const appRepo = new AppRepository(handle.db);
      const taskEnv = options.taskEnv ?? {};
      const shims = await writeCommandShims(join(options.dataDir, 'bin'), process.execPath);
      const runtime = new AppRuntime({
        repo: appRepo,
        instances:
          opened.apps ??
          new LocalAppInstances({
            dir: join(options.dataDir, 'apps'),
            baseEnv: { ...taskEnv, PATH: [shims, taskEnv.PATH].filter(Boolean).join(':') },
          }),
        secrets: taskSecrets,
        unpack: (url) => bundles.prepare(url),
        appsHost: () => `apps.localhost:${new URL(httpEndpoint).port}`,
        logger,
      });
      apps = runtime;
      const appHandlers = createAppHandlers({ runtime, repo: appRepo });
      const services: ServiceHandlers = {
        'orch.service.AdminService': createAdminHandlers({ repo, blobs: store, executor }),
        'orch.service.AuthMetadataService': createAuthMetadataHandlers({
          httpEndpoint: () => httpEndpoint,
          issuer,
          publicClient: {
            clientId: orchClient.clientId,
            redirectUri: orchClient.redirectUri,
            scopes: orchClient.scopes,
            audience: orchClient.audience ?? '',
          },
          authorizationMetadataKey: config.auth.grpcAuthorizationHeader,
          tokenPath,
          jwksPath: OAUTH_PATHS.jwks,
          interactive: interactive
            ? {
                authorizePath: INTERACTIVE_PATHS.authorize,
                deviceAuthorizationPath: INTERACTIVE_PATHS.deviceAuthorization,
              }
            : undefined,
          external: external ? () => external.metadata : undefined,
          tokenProxied: Boolean(config.auth.tokenEndpointProxyPath),
        }),
        'orch.service.DataProxyService': createDataProxyHandlers({ store, sign, settings: dataProxy }),
        'orch.service.IdentityService': createIdentityHandlers(),
        'orch.service.SecretService': createSecretHandlers({
          repo: authRepo,
          sealingKey: keys?.sealingKey,
          defaultOrg: org,
        }),
        'orch.service.ApiKeyService': createApiKeyHandlers({ repo: authRepo, clients, defaultOrg: org }),
        'orch.service.AppService': appHandlers.unary,
      };

      const streams: ServiceStreams = {
        'orch.service.AdminService': {
          WatchExecution: createWatchHandler({ repo, blobs: store, events, settings: watch }),
        },
        'orch.service.AppService': appHandlers.streams,
      };

      events.subscribeAll((change) => {
        if (change.nodeId === undefined && TERMINAL_PHASES.has(change.phase))
          metrics.executionFinished(change.phase);
      });
      metrics.attach({
        unfinishedExecutions: () => repo.countUnfinishedExecutions(),
        executor: () => ({ queued: executor?.queued ?? 0, running: executor?.runningCount ?? 0 }),
      });

      const app = express();
      app.disable('x-powered-by');
      // Every HTTP request runs in a SERVER span continuing the caller's trace (W3C traceparent).
      app.use((req, res, next) => serveInSpan(req, res, { 'url.path': req.path }, next));
      // Requests for <app>.apps.<host> go to the app, before any of the admin's own routes.
      app.use(createIngress({ route: (name) => runtime.route(name), guard, logger }));
      app.use(refusePrivateNetworkPreflight);
      if (security.allowCors) {
        app.use(
          createCorsPolicy({
            allowedOrigins: security.allowedOrigins,
            allowedHeaders: security.allowedHeaders,
            tokenHeaders: [...new Set(['authorization', config.auth.httpAuthorizationHeader.toLowerCase()])],
            ownNames,
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
        const oauth = createOAuthRoutes({ tokens, clients, logger, interactive });
        app.use(oauth);
        // --auth.tokenEndpointProxyPath: the token endpoint also answers under that path.
        if (tokenPath !== OAUTH_PATHS.token && !external)
          app.post(tokenPath, (req, res, next) => {
            req.url = OAUTH_PATHS.token;
            oauth(req, res, next);
          });
      }
      if (signer) {
        app.use(createBlobRoutes({ store, signer, maxUploadBytes: dataProxy.upload.maxSizeBytes, logger }));
      }
      app.use(
        createConsole({
          repo,
          blobs: store,
          admin: services['orch.service.AdminService'] ?? {},
          workDir: join(options.dataDir, 'work'),
          logger,
          guard,
          loginUrl: userLogin ? (target) => userLogin.login.loginUrl(target) : undefined,
        }),
      );
      app.use(createGateway(services, logger, audit, streams, guard));
      app.use(jsonErrorHandler);
      httpServer = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, app) : createHttpServer(app);
      // Slow-header clients are cut off after --server.readHeaderTimeoutSeconds (spec default 32).
      httpServer.headersTimeout = options.config.server.readHeaderTimeoutSeconds * 1000;
      httpServer.requestTimeout = Math.max(httpServer.requestTimeout, httpServer.headersTimeout);
      httpServer.listen(options.config.server.httpPort, host);
      await once(httpServer, 'listening').catch((error: unknown) => {
        throw portError(error, host, options.config.server.httpPort, '--server.httpPort');
      });
      const httpPort = (httpServer.address() as AddressInfo).port;
      httpPortBound = httpPort;
      httpEndpoint = `${tls ? 'https' : 'http'}://localhost:${httpPort}`;

      const shared = options.config.sharedservice.grpc;
      grpcServer = new GrpcServer({
        'grpc.max_receive_message_length':
          options.config.server.grpc.maxMessageSizeBytes ?? shared.maxMessageSizeBytes,
        'grpc.max_concurrent_streams': shared.maxConcurrentStreams,
        'grpc.max_metadata_size': shared.grpcMaxResponseStatusBytes,
      });
      addGrpcServices(grpcServer, services, logger, audit, streams, guard, metrics.grpc);
      // Standard health (grpc.health.v1) and, unless --server.grpc.serverReflection=false, reflection.
      health = new HealthImplementation(
        Object.fromEntries(['', ...Object.keys(services)].map((name) => [name, 'SERVING' as const])),
      );
      health.addToServer(grpcServer);
      if (options.config.server.grpc.serverReflection) {
        new ReflectionService(loadApi().packageDefinition).addToServer(grpcServer);
      }
      const server = grpcServer;
      const grpcPort = await new Promise<number>((resolve, reject) => {
        server.bindAsync(
          `${host}:${options.config.server.grpc.port}`,
          tls
            ? ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }], false)
            : ServerCredentials.createInsecure(),
          (error, port) =>
            error
              ? reject(portError(error, host, options.config.server.grpc.port, '--server.grpc.port'))
              : resolve(port),
        );
      });
      let metricsEndpoint: string | undefined;
      if (options.metricsListener) {
        const port = parsePort(options.config.sharedservice.profilerPort);
        const ops = createHttpServer(
          createOpsApp({
            registry: metrics.registry,
            profiler: options.config.sharedservice.profiler.enabled === true,
          }),
        );
        opsServer = ops;
        ops.listen(port, host);
        // `once` rejects with the listener's error (EADDRINUSE), named here by its flag.
        await once(ops, 'listening').catch((error: unknown) => {
          throw portError(error, host, port, '--sharedservice.profilerPort');
        });
        metricsEndpoint = `http://localhost:${(ops.address() as AddressInfo).port}`;
      }
      await executor.resume();
      logger.info('admin server listening', {
        grpcPort,
        httpPort,
        database: handle.location,
        runtime: runtimeText(opened),
        ...(metricsEndpoint ? { metrics: `${metricsEndpoint}/metrics` } : {}),
      });
      return {
        grpcPort,
        httpPort,
        grpcEndpoint: `localhost:${grpcPort}`,
        httpEndpoint,
        database: handle.location,
        runtime: runtimeText(opened),
        ...(metricsEndpoint ? { metricsEndpoint } : {}),
      };
    },

    async close() {
      health?.setStatus('', 'NOT_SERVING');
      const grpc = grpcServer;
      if (grpc) {
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => grpc.forceShutdown(), 2000);
          grpc.tryShutdown(() => {
            clearTimeout(force);
            resolve();
          });
        });
      }
      if (opsServer) {
        const ops = opsServer;
        opsServer = undefined;
        ops.closeAllConnections();
        await new Promise<void>((resolve) => ops.close(() => resolve()));
      }
      if (httpServer) {
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer?.close(() => resolve()));
      }
      await apps?.close();
      apps = undefined;
      await executor?.close();
      await database?.close();
      blobs?.close();
      blobs = undefined;
      grpcServer = undefined;
      httpServer = undefined;
      executor = undefined;
      database = undefined;
    },
  };
}

/**
 * A listen failure as the operator needs it: which port, which flag sets it, and what to do. A port in
 * use (EADDRINUSE; gRPC says "No address added out of total 1 resolved") is the usual case: another
 * sandbox or admin server on this machine. Other errors pass through unchanged.
 */
function portError(error: unknown, host: string, port: number, flag: string): unknown {
  const text = error instanceof Error ? error.message : String(error);
  const inUse =
    (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE' ||
    /EADDRINUSE|address already in use|No address added/i.test(text);
  if (!inUse) return error;
  return new Error(
    `port ${port} on ${host} is already in use (${flag}); another orch sandbox or admin server may be running. ` +
      `Stop it, or pass ${flag} <port> (0 picks a free port)`,
  );
}
