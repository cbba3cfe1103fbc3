import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDuration } from '../api/duration.js';
import { errorMessage } from '../api/guards.js';
import { TERMINAL_PHASES } from '../api/types.js';
import { parseQuantity } from '../config/quantity.js';
import { AppRuntime } from './apps/runtime.js';
import { writeCommandShims } from './apps/shims.js';
import {
  AuthKeyError,
  type AuthKeys,
  type AuthSecretNames,
  authSecretNames,
  generateMissingAuthSecrets,
  loadAuthKeys,
} from './auth/keys.js';
import { AppRepository } from './db/app-repository.js';
import type { AuthRepository } from './db/auth-repository.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import type { Repository } from './db/repository.js';
import { BundleCache } from './executor/bundles.js';
import { TaskCache, taskCacheSettings } from './executor/cache.js';
import type { ExecutionEvents } from './executor/events.js';
import { GraphExecutor } from './executor/graph-executor.js';
import { ExecutionLeases, leaseSettings } from './executor/leases.js';
import { launchThrough, Scheduler, schedulerSettings } from './executor/scheduler.js';
import type { ServiceHandlers } from './grpc.js';
import type { Logger } from './logger.js';
import type { ServerMetrics } from './metrics.js';
import { ensurePrivateDir } from './private-files.js';
import { LocalAppInstances } from './runtime/local-apps.js';
import type { OpenedRuntime } from './runtime/open.js';
import {
  ChainedSecretSource,
  LocalSecretSource,
  ReservedSecretFilter,
  type SecretSource,
  type TaskSecretSource,
} from './secrets.js';
import type { ServerConfig, ServerOptions } from './server-options.js';
import { DOMAINS } from './services/admin.js';
import { dataProxySettings, type SignRequest } from './services/data-proxy.js';
import { resolveSecret } from './services/secrets.js';
import { watchSettings } from './services/watch.js';
import type { BlobLocation, BlobStore } from './storage/blob-store.js';
import { storageSettings } from './storage/open.js';
import { HmacUrlSigner } from './storage/signed-urls.js';

// The parts `createServer`'s `listen` starts, one builder each, in the order it calls them.

/** The project every server has, with the three domains (spec: `-p default -d development`). */
export const DEFAULT_PROJECT = 'default';

/** The certificate and key of `--server.security.ssl.*`. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/**
 * Reads the certificate and key of `--server.security.ssl.*`.
 * @throws Error naming the flag whose file is missing or unreadable.
 */
function readTls(ssl: { certificateFile?: string; keyFile?: string }): TlsFiles {
  const read = (path: string | undefined, flag: string) => {
    if (!path) throw new Error(`--server.security.secure needs ${flag}`);
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(`${flag} ${path}: ${errorMessage(error)}`);
    }
  };
  return {
    cert: read(ssl.certificateFile, '--server.security.ssl.certificateFile'),
    key: read(ssl.keyFile, '--server.security.ssl.keyFile'),
  };
}

/**
 * Reads `--server.executor.maxRunning`: executions the executor runs at once, undefined for 0 (the
 * executor's default, twice the CPU cores).
 * @throws Error naming the flag when the value is negative or not a whole number.
 */
export function maxRunningSetting(value: number): number | undefined {
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(
      `--server.executor.maxRunning must be a whole number of executions, 0 or more (0: twice the CPU cores); got ${value}`,
    );
  }
  return value === 0 ? undefined : value;
}

/** The settings read from the configuration before anything opens; see {@link startSettings}. */
export type StartSettings = ReturnType<typeof startSettings>;

/**
 * Everything that can fail on bad configuration, read before the database is opened: TLS files,
 * the audit logger, storage, data proxy, watch and task cache settings, the largest task outputs
 * read, the auth secret names; and
 * the interface to listen on and the org of `--sharedservice.security.orgOverride` ('' without).
 * @throws Error (or the settings' own errors) naming the flag that is wrong.
 */
export function startSettings(options: ServerOptions, logger: Logger) {
  const config = options.config;
  const security = config.server.security;
  return {
    host: options.host ?? '127.0.0.1',
    org: config.sharedservice.security.orgOverride ?? '',
    tls: security.secure ? readTls(security.ssl) : undefined,
    audit: security.auditAccess ? (options.accessLogger ?? logger) : undefined,
    storage: storageSettings(config.storage, {
      dataDir: options.dataDir,
      embedded: options.localStorageByDefault !== false,
    }),
    dataProxy: dataProxySettings(config.server.dataProxy),
    watch: watchSettings(config.server.watchService),
    cache: taskCacheSettings(config.plugins.catalogcache),
    lease: leaseSettings(config.server.executionLease),
    maxRunning: maxRunningSetting(config.server.executor.maxRunning),
    scheduler: schedulerSettings(config.server.scheduler),
    maxOutputsBytes: maxOutputsBytes(config.runtime.outputs.maxSize),
    names: authSecretNames(config),
  };
}

/**
 * `--runtime.outputs.maxSize` in bytes.
 * @throws Error naming the flag when it is 0 (every task's outputs would fail).
 */
function maxOutputsBytes(text: string): number {
  const bytes = parseQuantity(text);
  if (bytes < 1)
    throw new Error(`--runtime.outputs.maxSize must be more than 0 (such as 10Mi), not "${text}"`);
  return bytes;
}

/** Makes the data folder (database, generated keys, code bundles, task data) owner only, warning when it was not. */
export function securePrivateDataDir(dataDir: string, logger: Logger): void {
  const wasOpen = ensurePrivateDir(dataDir);
  if (wasOpen !== undefined)
    logger.warn('the data folder was open to other users: its mode is now 0700', {
      dir: dataDir,
      was: `0${wasOpen.toString(8)}`,
    });
}

/** The server's secret sources: `--secrets.*` alone, and chained with the generated secrets' folder. */
export interface ServerSecrets {
  /** `--secrets.env-prefix` variables and `--secrets.secrets-prefix` files. */
  local: LocalSecretSource;
  /** {@link local}, then the generated secrets' folder when there is one. */
  server: SecretSource;
}

/**
 * Opens the server's secrets and, with a generated secrets' folder (`generatedSecretsDir`, by
 * default `<dataDir>/secrets` when embedded), writes the auth secrets it lacks there (logged by name).
 */
export async function openServerSecrets(
  options: ServerOptions,
  names: AuthSecretNames,
  logger: Logger,
): Promise<ServerSecrets> {
  const config = options.config;
  const local = new LocalSecretSource({
    envPrefix: config.secrets['env-prefix'],
    filesDir: config.secrets['secrets-prefix'],
    env: options.secretEnv ?? {},
  });
  const generatedDir =
    options.generatedSecretsDir ??
    (options.embedded === false ? undefined : join(options.dataDir, 'secrets'));
  const server = generatedDir
    ? new ChainedSecretSource(
        local,
        new LocalSecretSource({ envPrefix: config.secrets['env-prefix'], filesDir: generatedDir, env: {} }),
      )
    : local;
  if (generatedDir) {
    const written = await generateMissingAuthSecrets(server, names, generatedDir);
    if (written.length) logger.info('generated server secrets', { names: written, dir: generatedDir });
  }
  return { local, server };
}

/**
 * The token keys. With authentication off on both transports, missing keys are only warned about
 * (the server then issues no tokens) and give undefined.
 * @throws AuthKeyError when authentication is on and the keys are missing, saying where to put them.
 */
export async function loadServerKeys(
  config: ServerConfig,
  secrets: SecretSource,
  names: AuthSecretNames,
  logger: Logger,
): Promise<AuthKeys | undefined> {
  const enforcing = !config.auth.disableForGrpc || !config.auth.disableForHttp;
  try {
    return await loadAuthKeys(secrets, names);
  } catch (error) {
    if (!(error instanceof AuthKeyError)) throw error;
    // With both transports open, the server can run without token keys (and issues no tokens).
    if (enforcing)
      throw new AuthKeyError(
        `${error.message}. Authentication is on, so the server needs its token keys: put them in ` +
          `--secrets.secrets-prefix (${config.secrets['secrets-prefix']}) or ${config.secrets['env-prefix']}<name> ` +
          '(`orch serve init-secrets` writes them), or turn authentication off with --auth.disableForGrpc --auth.disableForHttp',
      );
    logger.warn('authentication is off on both transports and the server issues no tokens', {
      reason: error.message,
    });
    return undefined;
  }
}

/**
 * Opens (and migrates) the database: SQLite in `<dataDir>/orch.db` on the embedded default, else
 * as `--database.*` says, tried `--orch.connection.maxRetries` + 1 times.
 */
export function openServerDatabase(options: ServerOptions, logger: Logger): Promise<DatabaseHandle> {
  return openDatabase(options.config, {
    defaultSqliteFile: options.embedded === false ? undefined : join(options.dataDir, 'orch.db'),
    attempts: options.config.orch.connection.maxRetries + 1,
    logger,
    parseSeconds: parseDuration,
    sqliteDriver: options.sqliteDriver,
  });
}

/** Creates {@link DEFAULT_PROJECT} when it does not exist. */
export async function seedDefaultProject(repo: Repository): Promise<void> {
  if (await repo.getProject(DEFAULT_PROJECT)) return;
  try {
    await repo.insertProject({
      id: DEFAULT_PROJECT,
      name: DEFAULT_PROJECT,
      description: `default project (domains ${DOMAINS.join(', ')})`,
      labels: '{}',
      state: 0,
      created_at: Date.now(),
    });
  } catch (error) {
    // Several replicas starting at once on one database: another one created it first.
    if (await repo.getProject(DEFAULT_PROJECT)) return;
    throw error;
  }
}

/**
 * The secrets tasks get: platform secrets (narrowest scope first), else the server's own
 * `--secrets.*` source, which never hands out the server's auth keys or the OpenID client secret.
 */
export function taskSecretSource(parts: {
  config: ServerConfig;
  names: AuthSecretNames;
  local: LocalSecretSource;
  authRepo: AuthRepository;
  keys: AuthKeys | undefined;
  org: string;
}): TaskSecretSource {
  const { names } = parts;
  const reserved = new ReservedSecretFilter(
    parts.local,
    new Set([
      names.signingKey,
      names.oldSigningKey,
      names.claimKey,
      names.sealingKey,
      names.propellerSecret,
      names.cookieHashKey,
      names.cookieBlockKey,
      parts.config.auth.userAuth.openId.clientSecretName,
    ]),
  );
  return {
    async get(key, scope) {
      return (
        (await resolveSecret(parts.authRepo, parts.keys?.sealingKey, { org: parts.org, ...scope }, key)) ??
        reserved.get(key)
      );
    },
  };
}

/** What {@link startExecutor} needs besides the options. */
export interface ExecutorParts {
  repo: Repository;
  events: ExecutionEvents;
  store: BlobStore;
  bundles: BundleCache;
  settings: StartSettings;
  runtime: OpenedRuntime;
  secrets: TaskSecretSource;
  logger: Logger;
  /**
   * Whether the database is this process's alone (the embedded SQLite file): then the executor
   * takes over every unfinished execution at start, whatever leases a killed predecessor left.
   */
  exclusiveDatabase: boolean;
  /** This replica's lease holder id (also its id among the replicas). @default a new one */
  holder?: string;
}

/** The code bundle cache under `<dataDir>/bundles` (bundles at most `--server.dataProxy.upload.maxSize`). */
export function bundleCache(options: ServerOptions, store: BlobStore, settings: StartSettings): BundleCache {
  return new BundleCache({
    store,
    dir: join(options.dataDir, 'bundles'),
    maxBytes: settings.dataProxy.upload.maxSizeBytes,
  });
}

/**
 * The executor over the opened runtime's tasks, working under `<dataDir>/work`, driving only the
 * executions whose lease it holds (`--server.executionLease.*`); started by `resume()`.
 */
export function startExecutor(options: ServerOptions, parts: ExecutorParts): GraphExecutor {
  const { repo, store, logger } = parts;
  const leases = new ExecutionLeases({
    repo,
    ...parts.settings.lease,
    ...(parts.holder ? { holder: parts.holder } : {}),
  });
  logger.info('execution lease holder', { holder: leases.holder });
  return new GraphExecutor({
    leases,
    takeOverOnStart: parts.exclusiveDatabase,
    repo,
    events: parts.events,
    cache: new TaskCache({ repo, blobs: store, settings: parts.settings.cache, logger }),
    nodeConcurrency: options.executorNodeConcurrency,
    blobs: store,
    bundles: parts.bundles,
    logger,
    workDir: join(options.dataDir, 'work'),
    runtime: parts.runtime.tasks,
    maxParallel: options.executorParallelism ?? parts.settings.maxRunning,
    secrets: parts.secrets,
    maxOutputsBytes: parts.settings.maxOutputsBytes,
  });
}

/**
 * The scheduler of launch plan cron schedules (`--server.scheduler.*`), launching through the
 * admin's own CreateExecution handler; started, or undefined when `--server.scheduler.enabled` is
 * off (or the services have no AdminService).
 */
export function startScheduler(parts: {
  db: DatabaseHandle['db'];
  settings: StartSettings;
  services: ServiceHandlers;
  holder?: string;
  logger: Logger;
}): Scheduler | undefined {
  const createExecution = parts.services['orch.service.v1.AdminService']?.CreateExecution;
  if (!parts.settings.scheduler.enabled || !createExecution) return undefined;
  const scheduler = new Scheduler({
    db: parts.db,
    launch: launchThrough(createExecution),
    intervalMs: parts.settings.scheduler.intervalMs,
    ...(parts.holder ? { holder: parts.holder } : {}),
    logger: parts.logger,
  });
  scheduler.start();
  return scheduler;
}

/** How blob URLs are signed: by the store (S3), or by the admin for the URLs its HTTP side serves. */
export interface BlobSigning {
  /** The admin's own signer (`local` and `mem` storage); undefined when the store presigns. */
  signer: HmacUrlSigner | undefined;
  sign: (location: BlobLocation, request: SignRequest) => Promise<string>;
}

/**
 * S3 presigns its own URLs; for local and mem the admin signs URLs its HTTP side serves, with
 * `signingSecret` (default 32 random bytes) under `httpEndpoint()`.
 */
export function blobSigning(
  options: ServerOptions,
  store: BlobStore,
  httpEndpoint: () => string,
): BlobSigning {
  const signer = store.presigns
    ? undefined
    : new HmacUrlSigner(options.signingSecret ?? randomBytes(32), store.scheme, httpEndpoint);
  const sign = async (location: BlobLocation, request: SignRequest): Promise<string> =>
    signer
      ? signer.sign({ method: request.method, location, expires: request.expiresAt, md5: request.contentMd5 })
      : store.presign(location, request);
  return { signer, sign };
}

/** How often a replica adopts the apps other replicas deployed on a shared runtime, in milliseconds. */
const APP_SYNC_MS = 2000;

/** What {@link startAppRuntime} needs besides the options. */
export interface AppRuntimeParts {
  db: DatabaseHandle['db'];
  runtime: OpenedRuntime;
  secrets: TaskSecretSource;
  bundles: BundleCache;
  /** The admin's HTTP origin once listening: apps are served on `apps.localhost:<its port>`. */
  httpEndpoint: () => string;
  logger: Logger;
}

/**
 * The app runtime over the opened runtime's app instances, else local processes under
 * `<dataDir>/apps` (with the `orch` command shims of `<dataDir>/bin` first on their PATH).
 */
export async function startAppRuntime(
  options: ServerOptions,
  parts: AppRuntimeParts,
): Promise<{ runtime: AppRuntime; repo: AppRepository }> {
  const repo = new AppRepository(parts.db);
  const taskEnv = options.taskEnv ?? {};
  const shims = await writeCommandShims(join(options.dataDir, 'bin'), process.execPath);
  const runtime = new AppRuntime({
    repo,
    instances:
      parts.runtime.apps ??
      new LocalAppInstances({
        dir: join(options.dataDir, 'apps'),
        baseEnv: { ...taskEnv, PATH: [shims, taskEnv.PATH].filter(Boolean).join(':') },
      }),
    secrets: parts.secrets,
    unpack: (url) => parts.bundles.prepare(url),
    appsHost: () => `apps.localhost:${new URL(parts.httpEndpoint()).port}`,
    logger: parts.logger,
  });
  // A shared runtime's apps (swarm services) are adopted from the database by every replica.
  runtime.syncEvery(APP_SYNC_MS);
  return { runtime, repo };
}

/**
 * Counts finished executions and reports unfinished ones and the executor's queue (`executor()`
 * gives undefined once closed) in the server's metrics.
 */
export function watchExecutionMetrics(
  metrics: ServerMetrics,
  events: ExecutionEvents,
  repo: Repository,
  executor: () => GraphExecutor | undefined,
): void {
  events.subscribeAll((change) => {
    if (change.nodeId === undefined && TERMINAL_PHASES.has(change.phase))
      metrics.executionFinished(change.phase);
  });
  metrics.attach({
    unfinishedExecutions: () => repo.countUnfinishedExecutions(),
    executor: () => ({ queued: executor()?.queued ?? 0, running: executor()?.runningCount ?? 0 }),
  });
}
