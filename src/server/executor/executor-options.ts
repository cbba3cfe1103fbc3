import type { Repository } from '../db/repository.js';
import type { Logger } from '../logger.js';
import type { TaskRuntime } from '../runtime/tasks.js';
import type { TaskSecretSource } from '../secrets.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { BundleCache } from './bundles.js';
import type { TaskCache } from './cache.js';
import type { ExecutionEvents } from './events.js';
import type { ExecutionLeases } from './leases.js';

/** Options of {@link GraphExecutor}. */
export interface GraphExecutorOptions {
  repo: Repository;
  blobs: BlobStore;
  logger: Logger;
  /** Folder for per-attempt working directories, input/output files and logs. */
  workDir: string;
  /** Where task attempts run: processes on this host, containers, ... (`--runtime.type`). */
  runtime: TaskRuntime;
  /**
   * Executions run at the same time; new ones beyond it wait, QUEUED, in submission order. Executions
   * this replica takes over (they had started on a replica that died or stopped) run at once, beside
   * them (`--server.executor.maxRunning`). @default CPUs x 2
   */
  maxParallel?: number;
  /**
   * Nodes of one execution that run at the same time, when the graph allows (independent branches).
   * @default 4
   */
  nodeConcurrency?: number;
  /**
   * Fetches and unpacks code bundles (`container.code_bundle`). Without it, a task with a bundle
   * fails with a SYSTEM error.
   */
  bundles?: BundleCache;
  /** Where recorded phase changes are announced (WatchExecution, the console). */
  events?: ExecutionEvents;
  /**
   * Values of the secrets tasks declare (`security_context.secrets`), given to the task process as
   * the variable each asks for. Without it, a task that declares a secret fails with a SYSTEM error.
   */
  secrets?: TaskSecretSource;
  /**
   * The task output cache used by nodes of `cache: true` tasks. Without it, every node runs its task
   * and records CACHE_DISABLED.
   */
  cache?: TaskCache;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
  /**
   * The execution leases of this replica: with them, an execution runs only once its lease is
   * claimed, the leases are renewed while it runs, and executions no replica holds are claimed and
   * resumed every renewal interval. Without them, this executor runs whatever it is given (one admin).
   */
  leases?: ExecutionLeases;
  /**
   * Claim every unfinished execution at start-up whatever its lease says: for a database no other
   * process uses (the embedded SQLite file), whose leases can only be a killed predecessor's.
   */
  takeOverOnStart?: boolean;
  /**
   * The largest ORCH_OUTPUTS_FILE read, in bytes (`--runtime.outputs.maxSize`); a larger one fails
   * the attempt. @default 10Mi ({@link DEFAULT_MAX_OUTPUTS_BYTES})
   */
  maxOutputsBytes?: number;
}

/** Default of {@link GraphExecutorOptions.nodeConcurrency}. */
export const DEFAULT_NODE_CONCURRENCY = 4;
