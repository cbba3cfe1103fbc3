import type { Config } from '../config/load.js';
import type { SqliteDriverName } from './db/sqlite-driver.js';
import type { Logger } from './logger.js';

// The options of `createServer` (server.ts re-exports them), apart so that its builders can name them.

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

/** Options of `createServer` (server.ts). */
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
   * The SQLite driver of the embedded database, for benches that compare them.
   * @default `node:sqlite` on Node 24 and later, else `libsql` (db/sqlite-driver.ts)
   */
  sqliteDriver?: SqliteDriverName;
  /**
   * Whether `--storage.type` left at the registry's `s3` without a bucket or an endpoint means the
   * embedded default, `local` storage under `<dataDir>/storage` (the sandbox, tests). `orch serve`
   * sets it false, so a served admin uses exactly the configured store. @default true
   */
  localStorageByDefault?: boolean;
  /**
   * Executions the local executor runs at once; more wait QUEUED (executions taken over from another
   * replica do not wait). Overrides `--server.executor.maxRunning`. @default CPUs x 2
   */
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
