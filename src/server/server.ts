import type { Server as HttpServer } from 'node:http';
import type { Server as GrpcServer } from '@grpc/grpc-js';
import type { HealthImplementation } from 'grpc-health-check';
import { parseDuration } from '../api/duration.js';
import type { AppRuntime } from './apps/runtime.js';
import { externalAuthServerOf } from './auth/user-auth.js';
import { AuthRepository } from './db/auth-repository.js';
import type { DatabaseHandle } from './db/connect.js';
import { Repository } from './db/repository.js';
import { ExecutionEvents } from './executor/events.js';
import type { GraphExecutor } from './executor/graph-executor.js';
import { newLeaseHolder } from './executor/leases.js';
import type { Scheduler } from './executor/scheduler.js';
import { silentLogger } from './logger.js';
import { ServerMetrics } from './metrics.js';
import { type AdminReplicas, joinReplicas } from './replicas.js';
import { type OpenedRuntime, openRuntime } from './runtime/open.js';
import { startAuth } from './server-auth.js';
import {
  adminGrpcServer,
  adminHttpServer,
  bindGrpc,
  httpApp,
  listenOn,
  metricsServer,
  parsePort,
  stopGrpc,
  stopHttp,
} from './server-listeners.js';
import type { ServerOptions } from './server-options.js';
import {
  blobSigning,
  bundleCache,
  loadServerKeys,
  openServerDatabase,
  openServerSecrets,
  securePrivateDataDir,
  seedDefaultProject,
  startAppRuntime,
  startExecutor,
  startScheduler,
  startSettings,
  taskSecretSource,
  watchExecutionMetrics,
} from './server-parts.js';
import { serviceHandlers } from './server-services.js';
import type { BlobStore } from './storage/blob-store.js';
import { openBlobStore } from './storage/open.js';

export type { ServerConfig, ServerOptions } from './server-options.js';
export { DEFAULT_PROJECT } from './server-parts.js';

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
  /** Where tasks and apps run: `local (cgroup per task)`, or `docker (unix:///var/run/docker.sock)`. */
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

/** How the addresses name a runtime: `local (cgroup per task)`, or `docker (<engine address>)`. */
function runtimeText(opened: OpenedRuntime): string {
  const detail = opened.address ?? opened.note;
  return detail ? `${opened.name} (${detail})` : opened.name;
}

/** The parts a listening server holds, each set as soon as it is started so `close()` stops it. */
interface Started {
  database?: DatabaseHandle;
  blobs?: BlobStore;
  executor?: GraphExecutor;
  scheduler?: Scheduler;
  /** This admin's record among the replicas sharing a PostgreSQL database. */
  replicas?: AdminReplicas;
  apps?: AppRuntime;
  httpServer?: HttpServer;
  grpcServer?: GrpcServer;
  health?: HealthImplementation;
  opsServer?: HttpServer;
  /** `http(s)://localhost:<port>` once the HTTP side listens ('' before). */
  httpEndpoint: string;
  /** The HTTP port once listening (the admin's own origin, for the loopback bypass and CORS). */
  httpPort: number;
}

/**
 * Creates the admin server: gRPC on `server.grpc.port` and JSON over HTTP on `server.httpPort`
 * (0 picks a free port), sharing one set of handlers, over SQLite (`database.sqlite.file`, default
 * `<dataDir>/orch.db`), the blob store of `--storage.*` (embedded default: `local` under
 * `<dataDir>/storage`) and the local executor (code bundles unpacked under `<dataDir>/bundles`; task
 * output cache queues sized by `--plugins.catalogcache.{reader,writer}.{maxItems,maxRetries,workers}`).
 * With `local` or `mem` storage the HTTP side also serves the DataProxyService's signed URLs under
 * `/blobs/...`. `listen()` starts the parts in the order it lists them; a failure stops the start
 * there, and `close()` stops what was started.
 */
export function createServer(options: ServerOptions): AdminServer {
  const settings = options.config.sharedservice.metrics;
  const metrics = new ServerMetrics(
    settings.scope,
    settings.enableGrpcHistograms || options.config.server.grpc.enableGrpcLatencyMetrics === true,
  );
  const started: Started = { httpEndpoint: '', httpPort: 0 };
  return {
    metrics,
    listen: () => startServer(options, metrics, started),
    close: () => stopServer(started),
  };
}

/**
 * `listen()`: starts the parts in order, each recorded in `started` as soon as it runs, and gives
 * the addresses. Everything that can fail on bad configuration comes before the database is opened.
 */
async function startServer(
  options: ServerOptions,
  metrics: ServerMetrics,
  started: Started,
): Promise<ServerAddresses> {
  const logger = options.logger ?? silentLogger;
  const config = options.config;
  const httpEndpoint = () => started.httpEndpoint;
  const settings = startSettings(options, logger);
  const { host, org } = settings;
  securePrivateDataDir(options.dataDir, logger);
  const secrets = await openServerSecrets(options, settings.names, logger);
  const keys = await loadServerKeys(config, secrets.server, settings.names, logger);
  // --auth.appAuth.externalAuthServer.*: its metadata is read (with retries) before anything opens.
  const external = await externalAuthServerOf(config, logger, parseDuration);
  // --runtime.*: a docker runtime whose engine does not answer stops the start here.
  const opened = await openRuntime(config.runtime, {
    baseEnv: options.taskEnv ?? {},
    dockerHost: options.dockerHost,
    logger,
  });
  const store = await openBlobStore(settings.storage);
  started.blobs = store;
  const handle = await openServerDatabase(options, logger);
  started.database = handle;
  const repo = new Repository(handle.db, handle.reads, handle.dialect);
  const holder = newLeaseHolder();
  started.replicas = await joinReplicas(handle, holder, settings, logger);
  const authRepo = new AuthRepository(handle.db);
  await seedDefaultProject(repo);
  const taskSecrets = taskSecretSource({
    config,
    names: settings.names,
    local: secrets.local,
    authRepo,
    keys,
    org,
  });
  const bundles = bundleCache(options, store, settings);
  const events = new ExecutionEvents();
  const executor = startExecutor(options, {
    repo,
    events,
    store,
    bundles,
    settings,
    logger,
    runtime: opened,
    secrets: taskSecrets,
    exclusiveDatabase: handle.dialect === 'sqlite',
    holder,
  });
  started.executor = executor;
  const signing = blobSigning(options, store, httpEndpoint);
  const auth = await startAuth({
    config,
    keys,
    external,
    authRepo,
    org,
    host,
    httpEndpoint,
    logger,
    secrets: secrets.server,
    secure: Boolean(settings.tls),
    httpPort: () => started.httpPort,
  });
  const apps = await startAppRuntime(options, {
    bundles,
    httpEndpoint,
    logger,
    db: handle.db,
    runtime: opened,
    secrets: taskSecrets,
  });
  started.apps = apps.runtime;
  const { services, streams } = serviceHandlers({
    config,
    settings,
    repo,
    authRepo,
    store,
    signing,
    executor,
    events,
    auth,
    keys,
    external,
    org,
    appRepo: apps.repo,
    runtime: apps.runtime,
    httpEndpoint,
  });
  watchExecutionMetrics(metrics, events, repo, () => started.executor);

  const app = httpApp({
    options,
    settings,
    auth,
    external,
    repo,
    store,
    signing,
    services,
    streams,
    logger,
    runtime: apps.runtime,
  });
  started.httpServer = adminHttpServer(app, settings.tls, config);
  const httpPort = await listenOn(started.httpServer, config.server.httpPort, host, '--server.httpPort');
  started.httpPort = httpPort;
  started.httpEndpoint = `${settings.tls ? 'https' : 'http'}://localhost:${httpPort}`;

  const grpc = adminGrpcServer({
    config,
    services,
    streams,
    metrics,
    logger,
    guard: auth.guard,
    audit: settings.audit,
  });
  started.grpcServer = grpc.server;
  started.health = grpc.health;
  const grpcPort = await bindGrpc(grpc.server, host, config.server.grpc.port, settings.tls);

  const metricsEndpoint = options.metricsListener
    ? await startMetricsListener(metrics, config, host, started)
    : undefined;
  await executor.resume();
  started.scheduler = startScheduler({ db: handle.db, settings, services, holder, logger });
  const runtime = runtimeText(opened);
  const database = handle.location;
  logger.info('admin server listening', {
    grpcPort,
    httpPort,
    database,
    runtime,
    ...(metricsEndpoint ? { metrics: `${metricsEndpoint}/metrics` } : {}),
  });
  return {
    grpcPort,
    httpPort,
    database,
    runtime,
    grpcEndpoint: `localhost:${grpcPort}`,
    httpEndpoint: started.httpEndpoint,
    ...(metricsEndpoint ? { metricsEndpoint } : {}),
  };
}

/**
 * The Prometheus listener on `--sharedservice.profilerPort` (recorded in `started`), with its endpoint
 * `http://localhost:<port>`.
 */
async function startMetricsListener(
  metrics: ServerMetrics,
  config: ServerOptions['config'],
  host: string,
  started: Started,
): Promise<string> {
  const port = parsePort(config.sharedservice.profilerPort);
  const ops = metricsServer(metrics, config);
  started.opsServer = ops;
  return `http://localhost:${await listenOn(ops, port, host, '--sharedservice.profilerPort')}`;
}

/** `close()`: stops the listeners, the app runtime, the executor (killing task processes), the database and the store. */
async function stopServer(started: Started): Promise<void> {
  started.health?.setStatus('', 'NOT_SERVING');
  if (started.grpcServer) await stopGrpc(started.grpcServer);
  if (started.opsServer) {
    const ops = started.opsServer;
    started.opsServer = undefined;
    await stopHttp(ops);
  }
  if (started.httpServer) await stopHttp(started.httpServer);
  await started.scheduler?.close();
  started.scheduler = undefined;
  await started.apps?.close();
  started.apps = undefined;
  await started.executor?.close();
  await started.replicas?.leave().catch(() => undefined);
  started.replicas = undefined;
  await started.database?.close();
  started.blobs?.close();
  started.blobs = undefined;
  started.grpcServer = undefined;
  started.httpServer = undefined;
  started.executor = undefined;
  started.database = undefined;
}
