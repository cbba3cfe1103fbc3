import { hostname } from 'node:os';
import { type Kysely, sql } from 'kysely';
import { errorMessage } from '../api/guards.js';
import { databaseClockMs } from './db/clock.js';
import type { Database } from './db/schema.js';
import type { Logger } from './logger.js';
import type { StorageSettings } from './storage/open.js';

/**
 * Thrown by {@link AdminReplicas.join} when this admin may not run beside the replicas it found:
 * one of them (or this one) keeps its blobs where only its own host sees them. The message names
 * the replicas and the flag to change.
 */
export class ReplicaConflictError extends Error {
  override name = 'ReplicaConflictError';
}

/** One admin replica as the `admin_replicas` table records it. */
export interface ReplicaInfo {
  /** The replica's lease holder id (`<host>/<pid>/<random>`, see executor/leases.ts). */
  holder: string;
  host: string;
  pid: number;
  /** Where it keeps blobs: `s3://bucket`, `local:/path`, `mem`. */
  storage: string;
  /** Whether other replicas can read what it stores (an S3-compatible store). */
  sharedStorage: boolean;
  /** Milliseconds since the epoch, on the database's clock. */
  startedAt: number;
  heartbeatAt: number;
}

/** Where a store keeps blobs, and whether another host can read them. */
export function storageOf(settings: StorageSettings): { storage: string; shared: boolean } {
  if (settings.type === 'local') return { storage: `local:${settings.dir}`, shared: false };
  if (settings.type === 'mem') return { storage: 'mem', shared: false };
  return { storage: `${settings.type}://${settings.container}`, shared: true };
}

/** Options of {@link AdminReplicas}. */
export interface AdminReplicasOptions {
  db: Kysely<Database>;
  /** This replica's holder id (the one its execution leases carry). */
  holder: string;
  /** From {@link storageOf}. */
  storage: { storage: string; shared: boolean };
  /** A replica whose heartbeat is older than this many milliseconds is gone (the execution lease duration). */
  liveMs: number;
  /** This host's name and this process's id. @default os.hostname(), process.pid */
  host?: string;
  pid?: number;
  /** Whether process `pid` of this host is alive. @default a signal-0 probe */
  alive?: (pid: number) => boolean;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * The admin replicas sharing one PostgreSQL database (DESIGN.md, "Where tasks and apps run"): each
 * records itself in `admin_replicas` at start, beats every lease renewal interval and leaves on a
 * clean shutdown; a replica whose heartbeat is older than the lease duration is gone. Start and
 * heartbeat times are the database's clock ({@link databaseClockMs}), as the leases' are, so a
 * replica whose own clock is off neither takes live replicas for gone nor is taken for gone. At start a
 * replica refuses to run beside another when either keeps blobs on local disk (or in memory):
 * signed URLs, outputs and code bundles written by one would be missing on the other.
 */
export class AdminReplicas {
  /** The database's clock, in milliseconds since the epoch (SQL). */
  private readonly clock = databaseClockMs('postgres');
  private readonly host: string;
  private readonly pid: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: AdminReplicasOptions) {
    this.host = options.host ?? hostname();
    this.pid = options.pid ?? process.pid;
  }

  /** The live replicas, this one included when it has joined; oldest first. */
  async live(): Promise<ReplicaInfo[]> {
    const rows = await this.options.db
      .selectFrom('admin_replicas')
      .selectAll()
      .where('heartbeat_at', '>', sql<number>`${this.clock} - ${this.options.liveMs}`)
      .orderBy('started_at')
      .execute();
    return rows.map((row) => ({
      holder: row.holder,
      host: row.host,
      pid: Number(row.pid),
      storage: row.storage,
      sharedStorage: Boolean(row.shared_storage),
      startedAt: Number(row.started_at),
      heartbeatAt: Number(row.heartbeat_at),
    }));
  }

  /**
   * Records this replica, after forgetting gone ones and this host's dead predecessors (the same
   * host and a process id that is not running, or this very process id: a restarted container).
   * @throws ReplicaConflictError when a live other replica exists and this one or that one keeps
   *   blobs on local disk or in memory; this replica's row is removed again.
   */
  async join(): Promise<void> {
    const { db, holder, storage } = this.options;
    const alive = this.options.alive ?? processAlive;
    await db
      .deleteFrom('admin_replicas')
      .where('heartbeat_at', '<=', sql<number>`${this.clock} - ${this.options.liveMs}`)
      .execute();
    for (const other of await this.live()) {
      if (other.host === this.host && (other.pid === this.pid || !alive(other.pid))) {
        await db.deleteFrom('admin_replicas').where('holder', '=', other.holder).execute();
      }
    }
    await db
      .insertInto('admin_replicas')
      .values({
        holder,
        host: this.host,
        pid: this.pid,
        storage: storage.storage,
        shared_storage: storage.shared ? 1 : 0,
        started_at: this.clock,
        heartbeat_at: this.clock,
      })
      .execute();
    const others = (await this.live()).filter((r) => r.holder !== holder);
    const local = others.filter((r) => !r.sharedStorage);
    if (others.length && (!storage.shared || local.length)) {
      await this.leave();
      const named = (storage.shared ? local : others)
        .map((r) => `${r.host} (pid ${r.pid}, storage ${r.storage})`)
        .join(', ');
      throw new ReplicaConflictError(
        storage.shared
          ? `another admin replica shares this database and keeps its blobs on its own disk: ${named}. ` +
              'Every replica must use one S3-compatible store (--storage.type s3 or minio).'
          : `this admin keeps its blobs on local disk (${storage.storage}), which only this host sees, ` +
              `and ${others.length} other admin replica(s) share this database: ${named}. ` +
              'Give every replica one S3-compatible store (--storage.type s3 or minio), or run one replica.',
      );
    }
  }

  /** Beats every `intervalMs` until {@link leave} (the timer does not keep the process alive). */
  beatEvery(intervalMs: number, onError: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      this.options.db
        .updateTable('admin_replicas')
        .set({ heartbeat_at: this.clock })
        .where('holder', '=', this.options.holder)
        .execute()
        .catch(onError);
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops beating and removes this replica's row (a clean shutdown). */
  async leave(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.options.db.deleteFrom('admin_replicas').where('holder', '=', this.options.holder).execute();
  }
}

/**
 * Records this admin among the replicas of its PostgreSQL database and keeps its heartbeat every
 * lease renewal interval (the lease duration decides when a silent replica is gone). An SQLite
 * database is one process's alone: nothing is recorded, and the result is undefined.
 * @throws ReplicaConflictError as {@link AdminReplicas.join}.
 */
export async function joinReplicas(
  database: { db: Kysely<Database>; dialect: string },
  holder: string,
  settings: { storage: StorageSettings; lease: { durationMs: number; renewMs: number } },
  logger: Logger,
): Promise<AdminReplicas | undefined> {
  if (database.dialect !== 'postgres') return undefined;
  const { db } = database;
  const replicas = new AdminReplicas({
    db,
    holder,
    storage: storageOf(settings.storage),
    liveMs: settings.lease.durationMs,
  });
  await replicas.join();
  replicas.beatEvery(settings.lease.renewMs, (error) =>
    logger.warn('admin replica heartbeat failed', { error: errorMessage(error) }),
  );
  const live = await replicas.live();
  logger.info('admin replicas on this database', { replicas: live.length, holder });
  return replicas;
}
