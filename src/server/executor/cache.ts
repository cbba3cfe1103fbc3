import { digestOf } from '../../api/canonical.js';
import { errorMessage } from '../../api/guards.js';
import type { LiteralOut, TaskTemplateOut } from '../../api/types.js';
import type { Repository } from '../db/repository.js';
import type { Logger } from '../logger.js';
import { fullMessage, minimalMessage } from '../services/messages.js';
import type { BlobStore } from '../storage/blob-store.js';
import { readLiteralMap, writeLiteralMap } from '../storage/execution-data.js';

/**
 * What the task output cache did for a node: the names of `orch.admin.v1.CacheStatus`, stored as is in
 * `node_executions.cache_status`.
 */
export type CacheStatus =
  | 'CACHE_DISABLED'
  | 'CACHE_MISS'
  | 'CACHE_HIT'
  | 'CACHE_POPULATED'
  | 'CACHE_LOOKUP_FAILURE'
  | 'CACHE_PUT_FAILURE';

/** Settings of one of the cache's two queues (`--plugins.catalogcache.reader.*` / `writer.*`). */
export interface CacheQueueSettings {
  /** Operations waiting or in progress at most; one more is refused at once. `maxItems`, default 10000. */
  maxItems: number;
  /** Further tries of an operation that failed (a database or blob store error). `maxRetries`, default 3. */
  maxRetries: number;
  /** Operations processed at the same time. `workers`, default 10. */
  workers: number;
}

/** Settings of {@link TaskCache}: lookups go through `reader`, writes through `writer`. */
export interface TaskCacheSettings {
  reader: CacheQueueSettings;
  writer: CacheQueueSettings;
}

/** The flags {@link taskCacheSettings} reads: `--plugins.catalogcache.{reader,writer}.{maxItems,maxRetries,workers}`. */
export interface CatalogCacheFlags {
  readonly reader: { readonly maxItems: number; readonly maxRetries: number; readonly workers: number };
  readonly writer: { readonly maxItems: number; readonly maxRetries: number; readonly workers: number };
}

/**
 * Checks and copies the `--plugins.catalogcache.*` flags.
 * @throws Error naming the flag when a size or worker count is below 1 or a retry count below 0.
 */
export function taskCacheSettings(flags: CatalogCacheFlags): TaskCacheSettings {
  const queue = (side: 'reader' | 'writer'): CacheQueueSettings => {
    const { maxItems, maxRetries, workers } = flags[side];
    const check = (name: string, value: number, min: number) => {
      if (!Number.isInteger(value) || value < min) {
        throw new Error(`--plugins.catalogcache.${side}.${name} must be a whole number of ${min} or more`);
      }
    };
    check('maxItems', maxItems, 1);
    check('maxRetries', maxRetries, 0);
    check('workers', workers, 1);
    return { maxItems, maxRetries, workers };
  };
  return { reader: queue('reader'), writer: queue('writer') };
}

/** Thrown by {@link WorkQueue.run} when the queue already holds `maxItems` operations. */
export class QueueFullError extends Error {
  constructor(readonly maxItems: number) {
    super(`the queue is full (${maxItems} operations)`);
    this.name = 'QueueFullError';
  }
}

/**
 * A bounded queue of asynchronous operations run by `workers` at once, each retried up to
 * `maxRetries` times when it throws (after 20 ms, 40 ms, ... up to 200 ms).
 */
export class WorkQueue {
  private readonly waiting: (() => void)[] = [];
  private busy = 0;

  constructor(private readonly settings: CacheQueueSettings) {}

  /** Operations waiting or in progress. */
  get size(): number {
    return this.busy + this.waiting.length;
  }

  /**
   * Runs `operation` when a worker is free.
   * @throws QueueFullError at once when `maxItems` operations are waiting or in progress.
   * @throws the operation's last error once its retries are used up.
   */
  run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.size >= this.settings.maxItems)
      return Promise.reject(new QueueFullError(this.settings.maxItems));
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.busy += 1;
        this.withRetries(operation)
          .then(resolve, reject)
          .finally(() => {
            this.busy -= 1;
            this.waiting.shift()?.();
          });
      };
      if (this.busy < this.settings.workers) start();
      else this.waiting.push(start);
    });
  }

  private async withRetries<T>(operation: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await operation();
      } catch (error) {
        if (retry >= this.settings.maxRetries) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(200, 20 * 2 ** retry)));
      }
    }
  }
}

/** What identifies a node's run for the cache (everything but the task's version). */
export interface CacheKeyParts {
  project: string;
  domain: string;
  task: TaskTemplateOut;
  inputs: Record<string, LiteralOut>;
}

/**
 * The cache key of a run: SHA-256 hex of the canonical JSON of the project, domain, task name,
 * `cache_version`, `code_bundle`, the interface's outputs and the inputs (as minimal messages). The
 * task version is left out, so the same code registered again under a new version still hits.
 */
export function taskCacheKey({ project, domain, task, inputs }: CacheKeyParts): string {
  return digestOf({
    project,
    domain,
    task: task.id?.name ?? '',
    cache_version: task.metadata?.cache_version ?? '',
    code_bundle: task.container?.code_bundle ?? '',
    outputs: minimalMessage('orch.core.v1.VariableMap', task.interface?.outputs ?? {}),
    inputs: minimalMessage('orch.core.v1.LiteralMap', { literals: inputs }),
  });
}

/** The answer of {@link TaskCache.lookup}. */
export type CacheLookup =
  | { status: 'hit'; outputs: Record<string, LiteralOut> }
  | { status: 'miss' }
  | { status: 'failure'; reason: string };

/** Options of {@link TaskCache}. */
export interface TaskCacheOptions {
  repo: Repository;
  blobs: BlobStore;
  settings: TaskCacheSettings;
  logger: Logger;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

/** Blob key of the outputs stored under a cache key. */
export function taskCacheBlobKey(key: string): string {
  return `task-cache/${key}.outputs.json`;
}

/**
 * The task output cache: outputs of successful runs in the `task_cache` table (outputs in the blob
 * store), keyed by {@link taskCacheKey}. Lookups go through a reader {@link WorkQueue}, writes through a
 * writer one; neither ever throws: a failed or refused lookup is a `failure`, a failed or refused
 * write is `false`, so the cache can never fail a node.
 */
export class TaskCache {
  private readonly reader: WorkQueue;
  private readonly writer: WorkQueue;
  private readonly now: () => number;

  constructor(private readonly options: TaskCacheOptions) {
    this.reader = new WorkQueue(options.settings.reader);
    this.writer = new WorkQueue(options.settings.writer);
    this.now = options.now ?? Date.now;
  }

  /** The stored outputs of `key`, a miss, or a failure (database or blob store error, full queue). */
  async lookup(key: string): Promise<CacheLookup> {
    try {
      const outputs = await this.reader.run(async () => {
        const entry = await this.options.repo.getTaskCacheEntry(key);
        if (!entry) return undefined;
        const stored = await readLiteralMap(this.options.blobs, entry.outputs_key);
        return fullMessage('orch.core.v1.LiteralMap', stored).literals;
      });
      return outputs ? { status: 'hit', outputs } : { status: 'miss' };
    } catch (error) {
      const reason = errorMessage(error);
      this.options.logger.warn('task cache lookup failed', { key, error: reason });
      return { status: 'failure', reason };
    }
  }

  /** Stores `outputs` under `key`; resolves to whether they were stored. */
  async put(key: string, outputs: Record<string, LiteralOut>): Promise<boolean> {
    try {
      await this.writer.run(async () => {
        const blobKey = taskCacheBlobKey(key);
        await writeLiteralMap(this.options.blobs, blobKey, outputs);
        await this.options.repo.putTaskCacheEntry({ key, outputs_key: blobKey, created_at: this.now() });
      });
      return true;
    } catch (error) {
      this.options.logger.warn('task cache write failed', {
        key,
        error: errorMessage(error),
      });
      return false;
    }
  }
}
