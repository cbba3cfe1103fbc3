import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Server as GrpcServer, ServerCredentials } from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';
import cors from 'cors';
import express from 'express';
import { HealthImplementation } from 'grpc-health-check';
import { parseDuration } from '../api/duration.js';
import { loadApi } from '../api/proto.js';
import type { Config } from '../config/load.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { Repository } from './db/repository.js';
import { BundleCache } from './executor/bundles.js';
import { TaskCache, taskCacheSettings } from './executor/cache.js';
import { ExecutionEvents } from './executor/events.js';
import { LocalExecutor } from './executor/local.js';
import { addGrpcServices, type ServiceHandlers, type ServiceStreams } from './grpc.js';
import { createBlobRoutes } from './http/blobs.js';
import { createConsole } from './http/console.js';
import { createGateway, jsonErrorHandler } from './http/gateway.js';
import { type Logger, silentLogger } from './logger.js';
import { LocalSecretSource } from './secrets.js';
import { createAdminHandlers, DOMAINS } from './services/admin.js';
import { createAuthMetadataHandlers } from './services/auth-metadata.js';
import { createDataProxyHandlers, dataProxySettings, type SignRequest } from './services/data-proxy.js';
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
  'server' | 'database' | 'db' | 'sharedservice' | 'orch' | 'storage' | 'plugins' | 'secrets'
>;

/** Options of {@link createServer}. */
export interface ServerOptions {
  config: ServerConfig;
  /** Folder for the default database file, the blob store and task working directories. */
  dataDir: string;
  logger?: Logger;
  /** Interface to listen on. @default '127.0.0.1' (the sandbox is not meant to be reachable from elsewhere) */
  host?: string;
  /** Environment handed to task processes (PATH, HOME); never the server's whole environment. */
  taskEnv?: Record<string, string>;
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
}

/** A created admin server: call `listen()` once, then `close()`. */
export interface AdminServer {
  /** Opens the database (migrating it), seeds the default project, binds both ports, resumes executions. */
  listen(): Promise<ServerAddresses>;
  /** Stops both listeners, the executor (killing task processes) and closes the database. */
  close(): Promise<void>;
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
  let executor: LocalExecutor | undefined;
  let grpcServer: GrpcServer | undefined;
  let httpServer: HttpServer | undefined;
  let httpEndpoint = '';
  let health: HealthImplementation | undefined;
  let blobs: BlobStore | undefined;

  return {
    async listen() {
      // Everything that can fail on bad configuration comes before the database is opened.
      const security = options.config.server.security;
      const tls = security.secure ? readTls(security.ssl) : undefined;
      const audit = security.auditAccess ? logger : undefined;
      const storage = storageSettings(options.config.storage, {
        dataDir: options.dataDir,
        embedded: options.localStorageByDefault !== false,
      });
      const dataProxy = dataProxySettings(options.config.server.dataProxy);
      const watch = watchSettings(options.config.server.watchService);
      const cacheSettings = taskCacheSettings(options.config.plugins.catalogcache);
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
      const events = new ExecutionEvents();
      executor = new LocalExecutor({
        repo,
        events,
        cache: new TaskCache({ repo, blobs: store, settings: cacheSettings, logger }),
        nodeConcurrency: options.executorNodeConcurrency,
        blobs: store,
        bundles: new BundleCache({
          store,
          dir: join(options.dataDir, 'bundles'),
          maxBytes: dataProxy.upload.maxSizeBytes,
        }),
        logger,
        workDir: join(options.dataDir, 'work'),
        baseEnv: options.taskEnv ?? {},
        maxParallel: options.executorParallelism,
        secrets: new LocalSecretSource({
          envPrefix: options.config.secrets['env-prefix'],
          filesDir: options.config.secrets['secrets-prefix'],
          env: options.secretEnv ?? {},
        }),
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
      const services: ServiceHandlers = {
        'orch.service.AdminService': createAdminHandlers({ repo, blobs: store, executor }),
        'orch.service.AuthMetadataService': createAuthMetadataHandlers({ httpEndpoint: () => httpEndpoint }),
        'orch.service.DataProxyService': createDataProxyHandlers({ store, sign, settings: dataProxy }),
      };

      const streams: ServiceStreams = {
        'orch.service.AdminService': {
          WatchExecution: createWatchHandler({ repo, blobs: store, events, settings: watch }),
        },
      };

      const app = express();
      app.disable('x-powered-by');
      if (security.allowCors) {
        const origins = security.allowedOrigins;
        app.use(
          cors({
            origin: origins.includes('*') ? '*' : [...origins],
            allowedHeaders: [...security.allowedHeaders],
          }),
        );
      }
      app.get('/healthcheck', (_req, res) => {
        res.json({ status: 'ok' });
      });
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
        }),
      );
      app.use(createGateway(services, logger, audit, streams));
      app.use(jsonErrorHandler);
      httpServer = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, app) : createHttpServer(app);
      // Slow-header clients are cut off after --server.readHeaderTimeoutSeconds (spec default 32).
      httpServer.headersTimeout = options.config.server.readHeaderTimeoutSeconds * 1000;
      httpServer.requestTimeout = Math.max(httpServer.requestTimeout, httpServer.headersTimeout);
      httpServer.listen(options.config.server.httpPort, host);
      await once(httpServer, 'listening');
      const httpPort = (httpServer.address() as AddressInfo).port;
      httpEndpoint = `${tls ? 'https' : 'http'}://localhost:${httpPort}`;

      const shared = options.config.sharedservice.grpc;
      grpcServer = new GrpcServer({
        'grpc.max_receive_message_length':
          options.config.server.grpc.maxMessageSizeBytes ?? shared.maxMessageSizeBytes,
        'grpc.max_concurrent_streams': shared.maxConcurrentStreams,
        'grpc.max_metadata_size': shared.grpcMaxResponseStatusBytes,
      });
      addGrpcServices(grpcServer, services, logger, audit, streams);
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
          (error, port) => (error ? reject(error) : resolve(port)),
        );
      });
      await executor.resume();
      logger.info('admin server listening', { grpcPort, httpPort, database: handle.location });
      return {
        grpcPort,
        httpPort,
        grpcEndpoint: `localhost:${grpcPort}`,
        httpEndpoint,
        database: handle.location,
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
      if (httpServer) {
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer?.close(() => resolve()));
      }
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
