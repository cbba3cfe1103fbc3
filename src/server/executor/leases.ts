import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { parseDuration } from '../../api/duration.js';
import type { LeaseClaim, LeaseToken, Repository } from '../db/repository.js';

/** How long an execution lease lasts and how often its holder renews it, in milliseconds. */
export interface LeaseSettings {
  durationMs: number;
  renewMs: number;
}

/**
 * Reads `--server.executionLease.*`.
 * @throws Error naming the flag when a value is not a positive duration, or when the renewal
 * interval is not shorter than the lease (a lease would lapse between two renewals).
 */
export function leaseSettings(config: { duration: string; renewInterval: string }): LeaseSettings {
  const ms = (value: string, flag: string) => {
    const seconds = parseDuration(value);
    if (!(seconds > 0)) throw new Error(`--server.executionLease.${flag} must be a positive duration`);
    return seconds * 1000;
  };
  const durationMs = ms(config.duration, 'duration');
  const renewMs = ms(config.renewInterval, 'renewInterval');
  if (renewMs >= durationMs) {
    throw new Error(
      `--server.executionLease.renewInterval (${config.renewInterval}) must be shorter than ` +
        `--server.executionLease.duration (${config.duration})`,
    );
  }
  return { durationMs, renewMs };
}

/** A holder id for this admin process: its host, its pid and random bytes (new at each start). */
export function newLeaseHolder(): string {
  return `${hostname()}/${process.pid}/${randomBytes(6).toString('hex')}`;
}

/** Options of {@link ExecutionLeases}. */
export interface ExecutionLeasesOptions extends LeaseSettings {
  repo: Repository;
  /** This replica's holder id. @default {@link newLeaseHolder}() */
  holder?: string;
}

/**
 * The execution leases one admin replica holds (DESIGN.md, "Where tasks and apps run"): an execution
 * is driven only by the replica that claimed its lease; the holder renews its leases every
 * `renewMs`, releases each when its run ends, and a lease not renewed for `durationMs` (its holder
 * died or stalled) may be claimed by any replica, which then resumes the execution.
 *
 * Lease times are the database's clock (never this process's), so replicas with skewed clocks agree
 * on when a lease ends. Each claim counts one more epoch (`executions.lease_epoch`): the run started
 * under a claim writes its records fenced with that claim's {@link LeaseToken}, and a replica whose
 * lease was taken over finds its writes refused (Repository's fenced writes) and stops its run.
 */
export class ExecutionLeases {
  readonly holder: string;
  readonly durationMs: number;
  readonly renewMs: number;
  private readonly repo: Repository;
  /** Held leases: the epoch of each one's claim, by execution id. */
  private readonly held = new Map<number, number>();

  constructor(options: ExecutionLeasesOptions) {
    this.repo = options.repo;
    this.holder = options.holder ?? newLeaseHolder();
    this.durationMs = options.durationMs;
    this.renewMs = options.renewMs;
  }

  /** The ids of the executions whose lease this replica holds. */
  get heldIds(): number[] {
    return [...this.held.keys()];
  }

  /** Whether this replica holds the lease of `executionId`. */
  holds(executionId: number): boolean {
    return this.held.has(executionId);
  }

  /** The token of the held lease of `executionId` (for fenced writes), or undefined when not held. */
  token(executionId: number): LeaseToken | undefined {
    const epoch = this.held.get(executionId);
    return epoch === undefined ? undefined : { holder: this.holder, epoch };
  }

  private claim(): LeaseClaim {
    return { holder: this.holder, durationMs: this.durationMs };
  }

  /**
   * Claims the lease of one unfinished execution (no other replica holds a live one).
   * @returns the token of the lease when this replica holds it now, else undefined.
   */
  async claimOne(executionId: number): Promise<LeaseToken | undefined> {
    const held = this.token(executionId);
    if (held) return held;
    const claimed = await this.repo.claimExecutionLease(executionId, this.claim());
    if (claimed) this.held.set(executionId, claimed.epoch);
    return claimed;
  }

  /**
   * Claims at most `limit` unfinished executions that no replica holds (with `takeOver`, whatever
   * their leases say: for a database only this process uses). With `started: true` only executions
   * that had started running (a dead or stopped replica's, to take over), with `started: false` only
   * those that had not (new work); absent, both.
   * @returns their ids.
   */
  async claimAbandoned(
    limit: number,
    which: { takeOver?: boolean; started?: boolean } = {},
  ): Promise<number[]> {
    const claimed = await this.repo.claimAbandonedExecutions({ ...this.claim(), ...which }, limit);
    for (const { id, epoch } of claimed) this.held.set(id, epoch);
    return claimed.map((c) => c.id);
  }

  /**
   * Extends every held lease by `durationMs` from now on the database's clock.
   * @returns the ids whose lease was lost (another replica took it over): no longer held.
   */
  async renew(): Promise<number[]> {
    const ids = this.heldIds;
    if (!ids.length) return [];
    const renewed = new Set(await this.repo.renewExecutionLeases(ids, this.holder, this.durationMs));
    // A lease released while the renewal ran is not lost.
    const lost = ids.filter((id) => !renewed.has(id) && this.held.has(id));
    for (const id of lost) this.held.delete(id);
    return lost;
  }

  /** Forgets the lease of `executionId` without writing (a fenced write found it taken over). */
  forget(executionId: number): void {
    this.held.delete(executionId);
  }

  /** Releases the lease of `executionId` when held. */
  async release(executionId: number): Promise<void> {
    if (!this.held.delete(executionId)) return;
    await this.repo.releaseExecutionLeases([executionId], this.holder);
  }

  /** Releases every held lease (a clean shutdown: other replicas may take the executions at once). */
  async releaseAll(): Promise<void> {
    const ids = this.heldIds;
    this.held.clear();
    await this.repo.releaseExecutionLeases(ids, this.holder);
  }
}
