import { createHash } from 'node:crypto';
import { status as Status } from '@grpc/grpc-js';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import { parseDuration } from '../../api/duration.js';
import { errorMessage } from '../../api/guards.js';
import { CronSyntaxError, parseCron } from '../../config/cron.js';
import type { EntityKey } from '../db/repository.js';
import type { Database } from '../db/schema.js';
import { type Logger, silentLogger } from '../logger.js';
import type { AdminHandlers } from '../services/admin.js';
import { fullMessage } from '../services/messages.js';
import { newLeaseHolder } from './leases.js';

// The scheduler of launch plan cron schedules (DESIGN.md, "Where tasks and apps run": schedules fire
// once). Every admin replica may run one; they agree through the `schedule_ticks` table.
//
// Rules, for each ACTIVE launch plan version with a cron schedule, at each pass at time `now`:
// - The tick considered is the latest fire time T of the cron expression with T <= now (UTC, whole
//   minutes). Earlier missed ticks never fire: after downtime at most the latest one does.
// - T fires only when T >= the version's activation time (`launch_plans.activated_at`, set when it
//   goes from INACTIVE to ACTIVE), and when no tick row at or after T exists for that version.
// - To fire T, a replica inserts the row (version, T) with `on conflict do nothing`: only the replica
//   whose insert took the row launches, so each tick launches one execution whatever replicas race.
// - The execution's name is derived from the version and T ({@link scheduledExecutionName}), so a
//   launch retried after a failure (or by another replica) can never make a second execution: the
//   second CreateExecution gets AlreadyExists, which counts as launched.
// - A launch refused for good (InvalidArgument, NotFound, FailedPrecondition: say a required input
//   without a default) records its error in the tick row and is not retried. Any other failure (the
//   database, a crash between taking the row and launching) leaves the row unlaunched; once its
//   claim is `retryAfterMs` old any replica takes it over and launches again, while T is still the
//   latest tick of the version.

/** What `--server.scheduler.*` say. */
export interface SchedulerSettings {
  /** Whether this replica runs the scheduler (`--server.scheduler.enabled`). */
  enabled: boolean;
  /** Milliseconds between two passes (`--server.scheduler.interval`). */
  intervalMs: number;
}

/**
 * Reads `--server.scheduler.*`.
 * @throws Error naming the flag when the interval is not a positive duration.
 */
export function schedulerSettings(config: { enabled: boolean; interval: string }): SchedulerSettings {
  const seconds = parseDuration(config.interval);
  if (!(seconds > 0)) throw new Error('--server.scheduler.interval must be a positive duration');
  return { enabled: config.enabled, intervalMs: seconds * 1000 };
}

/**
 * The name of the execution a launch plan version's tick launches: `s-` and 18 hex digits of the
 * SHA-256 of the version's id and the tick time (20 characters, like a generated name). The same
 * for every replica, so the execution name's uniqueness makes a retried launch idempotent.
 */
export function scheduledExecutionName(key: EntityKey, tickAt: number): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([key.project, key.domain, key.name, key.version, tickAt]))
    .digest('hex');
  return `s-${digest.slice(0, 18)}`;
}

/** A cron expression's fire times, in milliseconds since the epoch (UTC, whole minutes). */
export interface FireTimes {
  /** The latest fire time at or before `now`, or undefined when there is none. */
  latest(now: number): number | undefined;
  /** The first fire time strictly after `after`, or undefined when there is none. */
  next(after: number): number | undefined;
}

/**
 * Parses a launch plan's `schedule.cron_schedule.schedule` (see `parseCron` for the syntax).
 * @throws CronSyntaxError when it is not a cron expression.
 */
export function fireTimes(expression: string): FireTimes {
  const pattern = parseCron(expression).expression;
  const cron = new Cron(pattern, { paused: true, mode: '5-part', timezone: 'UTC' });
  return {
    // croner's previous runs are strictly before the reference: one millisecond later includes `now`.
    latest: (now) => cron.previousRuns(1, new Date(now + 1))[0]?.getTime(),
    next: (after) => cron.nextRun(new Date(after))?.getTime(),
  };
}

/**
 * The tick a pass at `now` fires for one launch plan version, or undefined: the latest fire time
 * T <= now, when T >= `activatedAt` and T is after `lastTickAt` (the version's latest tick row).
 */
export function dueTick(
  times: FireTimes,
  state: { activatedAt: number; lastTickAt: number | undefined; now: number },
): number | undefined {
  const tick = times.latest(state.now);
  if (tick === undefined || tick < state.activatedAt) return undefined;
  if (state.lastTickAt !== undefined && tick <= state.lastTickAt) return undefined;
  return tick;
}

/** One launch the scheduler asks for: CreateExecution of `launchPlan` named `name`, for tick `tickAt`. */
export interface ScheduledLaunch {
  launchPlan: EntityKey;
  /** The execution's name ({@link scheduledExecutionName}). */
  name: string;
  /** The tick, milliseconds since the epoch. */
  tickAt: number;
}

/**
 * Launches through AdminService's CreateExecution `handler` (the same path as an API call: fixed
 * inputs, defaults, validation and the execution record are its own), with mode SCHEDULED, in the
 * launch plan's project and domain. Rejects as the handler does (ServiceErrors with a gRPC code).
 */
export function launchThrough(
  handler: AdminHandlers['CreateExecution'],
): (launch: ScheduledLaunch) => Promise<void> {
  return async ({ launchPlan, name }) => {
    await handler({
      project: launchPlan.project,
      domain: launchPlan.domain,
      name,
      org: '',
      inputs: { literals: {} },
      spec: {
        launch_plan: { resource_type: 'LAUNCH_PLAN', org: '', ...launchPlan },
        metadata: { mode: 'SCHEDULED', principal: SCHEDULER_PRINCIPAL, reference_execution: null },
        annotations: {},
      },
    });
  };
}

/** The principal of scheduled executions' metadata. */
export const SCHEDULER_PRINCIPAL = 'orch-scheduler';

/** Options of {@link Scheduler}. */
export interface SchedulerOptions {
  /** The admin database (the primary: the scheduler writes). */
  db: Kysely<Database>;
  /** Creates one execution; rejects with an error carrying a gRPC `code` when refused. */
  launch: (launch: ScheduledLaunch) => Promise<void>;
  /** Milliseconds between passes once {@link Scheduler.start}ed. */
  intervalMs: number;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
  /** This replica's id in tick rows. @default {@link newLeaseHolder}() */
  holder?: string;
  /** How old an unlaunched tick's claim must be before another pass takes it over, in ms. @default 60000 */
  retryAfterMs?: number;
  /** Launches at once in one pass. @default 8 */
  concurrency?: number;
  /**
   * How long tick rows are kept, in ms (a version's latest row is kept whatever its age: it is
   * what says that tick fired). @default 7 days
   */
  keepTicksMs?: number;
  logger?: Logger;
}

/** What one pass did, for logs and tests. */
export interface PassResult {
  /** Scheduled versions looked at. */
  plans: number;
  /** Executions this replica launched (or found launched by an earlier try). */
  launched: ScheduledLaunch[];
  /** Ticks this replica took whose launch failed (`permanent`: recorded, never retried). */
  failed: { launch: ScheduledLaunch; error: string; permanent: boolean }[];
}

/** A version's parsed schedule, and its first fire time after `after` (its latest tick or activation). */
interface ScheduleState {
  times: FireTimes;
  /** Milliseconds since the epoch; NaN before the first pass computed it. */
  after: number;
  next: number | undefined;
}

/** One row of the pass's query: an active scheduled version and its latest tick row, if any. */
interface ActivePlan extends EntityKey {
  activated_at: number | null;
  tick_at: number | null;
  claimed_at: number | null;
  launched_at: number | null;
  error: string | null;
}

/** gRPC codes after which a launch is not retried: the launch plan cannot launch as it is. */
const PERMANENT = new Set<number>([Status.INVALID_ARGUMENT, Status.NOT_FOUND, Status.FAILED_PRECONDITION]);

/** How often a replica prunes old tick rows, in ms of its clock. */
const PRUNE_EVERY_MS = 3_600_000;

/** The gRPC code of an error (a ServiceError's, or a client's), if it has one. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'number' ? error.code : undefined;
}

/**
 * Fires the cron schedules of active launch plans (rules at the top of this file): a pass every
 * `intervalMs` once started, or one {@link pass} at a time when driven (tests, with their own `now`).
 */
export class Scheduler {
  readonly holder: string;
  private readonly db: Kysely<Database>;
  private readonly options: SchedulerOptions;
  private readonly now: () => number;
  private readonly logger: Logger;
  /** Parsed schedules by version (a registered version never changes); null: none or not valid. */
  private readonly schedules = new Map<string, ScheduleState | null>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** When this replica last pruned old tick rows (0: not yet). */
  private prunedAt = 0;

  constructor(options: SchedulerOptions) {
    this.options = options;
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.holder = options.holder ?? newLeaseHolder();
    this.logger = options.logger ?? silentLogger;
  }

  /** Runs a pass every `intervalMs` (the first one at once); a pass never overlaps the previous. */
  start(): void {
    if (this.timer) return;
    const run = () => {
      if (this.running) return;
      this.running = this.pass()
        .catch((error: unknown) => this.logger.warn('scheduler pass failed', { error: errorMessage(error) }))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(run, this.options.intervalMs);
    this.timer.unref();
    run();
  }

  /** Stops the passes and waits for the one running. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * One pass at `now()`: one query for the active scheduled versions with their latest tick row
   * (a second one for the specs of versions not seen before), then the launches of due ticks.
   */
  async pass(): Promise<PassResult> {
    const now = this.now();
    const rows = await this.activePlans();
    await this.loadSchedules(rows);
    const result: PassResult = { plans: rows.length, launched: [], failed: [] };
    const work: (() => Promise<void>)[] = [];
    for (const row of rows) {
      const schedule = this.schedules.get(keyText(row));
      if (!schedule) continue;
      if (row.activated_at === null) {
        // Activated without a recorded time (not through UpdateLaunchPlan): count it active from now.
        await this.db
          .updateTable('launch_plans')
          .set({ activated_at: now })
          .where((eb) => eb.and(pick(row)))
          .where('state', '=', 1)
          .where('activated_at', 'is', null)
          .execute();
        continue;
      }
      // Nothing is due before the first fire time after the latest tick and the activation:
      // remembered, so a pass over many versions computes fire times only when something changed.
      const after = Math.max(row.tick_at ?? Number.NEGATIVE_INFINITY, row.activated_at - 1);
      if (schedule.after !== after) {
        schedule.after = after;
        schedule.next = schedule.times.next(after);
      }
      const due = schedule.next !== undefined && schedule.next <= now;
      const tick = !due
        ? undefined
        : dueTick(schedule.times, {
            activatedAt: row.activated_at,
            lastTickAt: row.tick_at ?? undefined,
            now,
          });
      if (tick !== undefined) work.push(() => this.fire(row, tick, now, result));
      else if (this.retryable(row, now)) work.push(() => this.retry(row, now, result));
    }
    // Each fire or retry waits on its own launch: a slow one holds one slot, not a whole batch.
    await pLimit(this.options.concurrency ?? 8).map(work, (w) => w());
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await this.prune(now - (this.options.keepTicksMs ?? 7 * 24 * 3_600_000));
    }
    return result;
  }

  /** The active versions whose spec names a cron schedule, each with its latest tick row. */
  private async activePlans(): Promise<ActivePlan[]> {
    const rows = await this.db
      .selectFrom('launch_plans as lp')
      .leftJoin('schedule_ticks as t', (join) =>
        join
          .onRef('t.project', '=', 'lp.project')
          .onRef('t.domain', '=', 'lp.domain')
          .onRef('t.name', '=', 'lp.name')
          .onRef('t.version', '=', 'lp.version')
          .on('t.tick_at', '=', (eb) =>
            eb
              .selectFrom('schedule_ticks as m')
              .select((m) => m.fn.max('m.tick_at').as('latest'))
              .whereRef('m.project', '=', 'lp.project')
              .whereRef('m.domain', '=', 'lp.domain')
              .whereRef('m.name', '=', 'lp.name')
              .whereRef('m.version', '=', 'lp.version'),
          ),
      )
      .select([
        'lp.project',
        'lp.domain',
        'lp.name',
        'lp.version',
        'lp.activated_at',
        't.tick_at',
        't.claimed_at',
        't.launched_at',
        't.error',
      ])
      .where('lp.state', '=', 1)
      .where('lp.spec', 'like', '%cron_schedule%')
      .execute();
    return rows.map((row) => ({ ...row, activated_at: row.activated_at ?? null }));
  }

  /** Parses the schedules of versions not seen before (one query), and forgets versions no longer active. */
  private async loadSchedules(rows: ActivePlan[]): Promise<void> {
    const active = new Set(rows.map(keyText));
    for (const key of this.schedules.keys()) if (!active.has(key)) this.schedules.delete(key);
    const unseen = rows.filter((row) => !this.schedules.has(keyText(row)));
    if (!unseen.length) return;
    // At most 200 versions a query (4 parameters each: far below SQLite's and PostgreSQL's limits).
    for (let i = 0; i < unseen.length; i += 200) {
      const batch = unseen.slice(i, i + 200);
      const specs = await this.db
        .selectFrom('launch_plans')
        .select(['project', 'domain', 'name', 'version', 'spec'])
        .where((eb) => eb.or(batch.map((row) => eb.and(pick(row)))))
        .execute();
      for (const row of specs) {
        const times = this.parse(row, row.spec);
        this.schedules.set(keyText(row), times && { times, after: Number.NaN, next: undefined });
      }
    }
  }

  /**
   * The fire times of a version's stored spec; null when it has no schedule, or (logged) a cron
   * expression that does not parse or a spec that cannot be read: one bad row never stops the others.
   */
  private parse(key: EntityKey, specText: string): FireTimes | null {
    try {
      const spec = fullMessage('orch.admin.v1.LaunchPlanSpec', JSON.parse(specText));
      const cron = spec.schedule?.cron_schedule?.schedule ?? '';
      return cron ? fireTimes(cron) : null;
    } catch (error) {
      const reason =
        error instanceof CronSyntaxError ? error.message : `unreadable spec: ${errorMessage(error)}`;
      this.logger.warn('launch plan schedule ignored', { launchPlan: keyText(key), reason });
      return null;
    }
  }

  /**
   * Deletes the tick rows before `cutoff` (ms since the epoch) that are not their version's latest.
   * @returns how many were deleted.
   */
  async prune(cutoff: number): Promise<number> {
    const result = await this.db
      .deleteFrom('schedule_ticks as t')
      .where('t.tick_at', '<', cutoff)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('schedule_ticks as n')
            .select('n.tick_at')
            .whereRef('n.project', '=', 't.project')
            .whereRef('n.domain', '=', 't.domain')
            .whereRef('n.name', '=', 't.name')
            .whereRef('n.version', '=', 't.version')
            .whereRef('n.tick_at', '>', 't.tick_at'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Whether a version's latest tick was taken but never launched, and its claim is old enough. */
  private retryable(row: ActivePlan, now: number): boolean {
    return (
      row.tick_at !== null &&
      row.launched_at === null &&
      row.error === null &&
      row.claimed_at !== null &&
      now - row.claimed_at >= (this.options.retryAfterMs ?? 60_000)
    );
  }

  /** Takes tick `tickAt` of a version (insert, on conflict nothing) and launches it when this replica took it. */
  private async fire(key: EntityKey, tickAt: number, now: number, result: PassResult): Promise<void> {
    const launch = { launchPlan: pick(key), name: scheduledExecutionName(key, tickAt), tickAt };
    const taken = await this.db
      .insertInto('schedule_ticks')
      .values({
        ...launch.launchPlan,
        tick_at: tickAt,
        execution_name: launch.name,
        claimed_by: this.holder,
        claimed_at: now,
        launched_at: null,
        error: null,
      })
      .onConflict((oc) => oc.columns(['project', 'domain', 'name', 'version', 'tick_at']).doNothing())
      .returning('tick_at')
      .executeTakeFirst();
    if (taken) await this.launch(launch, now, result);
  }

  /** Takes over an unlaunched tick whose claim is stale (only if no other replica did first), and launches it. */
  private async retry(row: ActivePlan, now: number, result: PassResult): Promise<void> {
    const tickAt = row.tick_at ?? 0;
    const claimedAt = row.claimed_at ?? 0;
    const updated = await this.db
      .updateTable('schedule_ticks')
      .set({ claimed_by: this.holder, claimed_at: now })
      .where((eb) => eb.and(pick(row)))
      .where('tick_at', '=', tickAt)
      .where('claimed_at', '=', claimedAt)
      .where('launched_at', 'is', null)
      .where('error', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return;
    const launch = { launchPlan: pick(row), name: scheduledExecutionName(row, tickAt), tickAt };
    this.logger.info('retrying a scheduled launch', { launchPlan: keyText(row), tick: iso(tickAt) });
    await this.launch(launch, now, result);
  }

  /** Launches a taken tick and records the outcome in its row (AlreadyExists: launched by an earlier try). */
  private async launch(launch: ScheduledLaunch, now: number, result: PassResult): Promise<void> {
    let error: string | null = null;
    try {
      await this.options.launch(launch);
    } catch (caught) {
      const code = statusOf(caught);
      if (code !== Status.ALREADY_EXISTS) {
        const permanent = code !== undefined && PERMANENT.has(code);
        const message = errorMessage(caught);
        result.failed.push({ launch, error: message, permanent });
        this.logger.warn('scheduled launch failed', {
          launchPlan: keyText(launch.launchPlan),
          tick: iso(launch.tickAt),
          error: message,
          retried: !permanent,
        });
        if (!permanent) return;
        error = message;
      }
    }
    await this.db
      .updateTable('schedule_ticks')
      .set(error === null ? { launched_at: now } : { error })
      .where((eb) => eb.and(launch.launchPlan))
      .where('tick_at', '=', launch.tickAt)
      .execute();
    if (error !== null) return;
    result.launched.push(launch);
    this.logger.info('scheduled execution launched', {
      launchPlan: keyText(launch.launchPlan),
      tick: iso(launch.tickAt),
      execution: launch.name,
    });
  }
}

/** The version's id fields alone. */
function pick(key: EntityKey): EntityKey {
  return { project: key.project, domain: key.domain, name: key.name, version: key.version };
}

/** A version's id as one string (map keys, logs). */
function keyText(key: EntityKey): string {
  return `${key.project}/${key.domain}/${key.name}@${key.version}`;
}

/** A tick time for logs. */
function iso(ms: number): string {
  return new Date(ms).toISOString();
}
