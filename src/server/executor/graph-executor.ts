import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { formatDuration } from '../../api/duration.js';
import { parseExactJson, stringifyExactJson } from '../../api/exact-json.js';
import {
  LiteralValueError,
  literalMapFromJson,
  literalMapToJson,
  literalToJson,
} from '../../api/literals.js';
import {
  type BindingDataOut,
  type BindingOut,
  type ExecutionPhase,
  type LiteralOut,
  type NodeOut,
  START_NODE,
  type TaskTemplateOut,
  TERMINAL_PHASES,
  type WorkflowTemplateOut,
} from '../../api/types.js';
import { cpuMillis, parseQuantity } from '../../config/quantity.js';
import { activeSpanContext, inSpan } from '../../telemetry/tracing.js';
import type { Repository } from '../db/repository.js';
import type { ExecutionTable } from '../db/schema.js';
import type { Logger } from '../logger.js';
import { attemptTimesKey, parseLineTimes, shiftLineTimes, timesFileOf } from '../runtime/log-times.js';
import type { AttemptIds, TaskAttemptEnd, TaskRuntime } from '../runtime/tasks.js';
import type { TaskSecretSource } from '../secrets.js';
import { fullMessage } from '../services/messages.js';
import type { BlobStore } from '../storage/blob-store.js';
import { readInputs, readLiteralMap, writeLiteralMap } from '../storage/execution-data.js';
import { AttemptFileError, readAttemptFile, readAttemptTail } from './attempt-files.js';
import { type BundleCache, BundleError } from './bundles.js';
import { type CacheStatus, type TaskCache, taskCacheKey } from './cache.js';
import type { ExecutionEvents } from './events.js';
import type { Executor } from './executor.js';
import {
  Aborted,
  abortRecord,
  type ErrorRecord,
  Interrupted,
  messageOf,
  parseErrorRecord,
  TaskFailure,
} from './failures.js';
import type { ExecutionLeases } from './leases.js';
import { checkTransition, executionPhaseOf, type NodePhase, nodePhaseOf } from './phases.js';

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

/** Default of {@link GraphExecutorOptions.maxOutputsBytes}: 10Mi, as `--runtime.outputs.maxSize`. */
export const DEFAULT_MAX_OUTPUTS_BYTES = 10 * 2 ** 20;

/** What the executor holds about one submitted execution. */
interface RunState {
  /** Set once the execution is terminated: the abort cause. */
  cause?: string;
  /** Whether it holds a slot (false while it waits, QUEUED). */
  started: boolean;
  /** The stop switches of its attempts in flight (aborted with 'terminate' or 'shutdown'). */
  attempts: Set<AbortController>;
  /** Its phase as last written or read by {@link GraphExecutor.move} (announced with node changes). */
  phase?: ExecutionPhase;
  /** Set when this replica lost the execution's lease: the run stops as on shutdown, writing nothing more. */
  lost?: boolean;
}

/** One run of an execution by this executor: its row, its phase as last moved, when it started. */
interface ExecutionRun {
  row: ExecutionRow;
  state: RunState;
  /** Milliseconds since the epoch: the row's `started_at`, or when this run started the execution. */
  startedAt: number;
  /** The execution's phase as this run last wrote or read it (see {@link GraphExecutor.step}). */
  phase: ExecutionPhase;
}

/** A compiled workflow as the executor walks it: its nodes and outputs, its tasks by `name@version`. */
interface Graph {
  template: WorkflowTemplateOut;
  tasks: Map<string, TaskTemplateOut>;
}

/** A node's row as an earlier run (before a restart) left it, with what its attempts' rows say. */
interface PreviousNode {
  phase: NodePhase;
  attempts: number;
  started_at: number | null;
  /** The highest attempt number recorded for the node (0: none). */
  lastAttempt: number;
  /** Whether that attempt goes on: the runtime still holds it (a container), to re-attach to. */
  continuing: boolean;
  /** Attempts cut short because their admin stopped: they do not count against the task's `retries`. */
  interrupted: number;
}

/** Error code of an attempt cut short because the admin running it stopped or died. */
export const INTERRUPTED_CODE = 'Interrupted';

type AttemptRow = Awaited<ReturnType<Repository['listTaskAttempts']>>[number];

/** Where a run of the graph stands; the nodes' runs write into it as they end. */
interface GraphProgress {
  /** Outputs by node id; `start-node` holds the execution's inputs. */
  values: Map<string, Record<string, LiteralOut>>;
  /** Nodes that succeeded (in this run or an earlier one). */
  done: Set<string>;
  /** Rows an earlier run left, by node id (empty for a run that started from QUEUED). */
  previous: Map<string, PreviousNode>;
  /** The first node failure; once set, no new node starts. */
  failure?: TaskFailure;
  /** What stopped a node other than a failure or a terminate (a closing executor, a database error). */
  interrupted: unknown[];
}

/** Largest log kept per stream and attempt in the blob store; longer logs keep their end. */
const MAX_LOG_BYTES = 8 * 1024 * 1024;
const INPUT_REFERENCE = /\{\{\s*inputs\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * A file's end as stored: its bytes (a note of the cut, then the end, when it was longer than the
 * limit), the offset in the file where the kept end starts, and what moves a file offset there to
 * the stored bytes' offset (bytes).
 */
interface StoredLog {
  bytes: Buffer;
  from: number;
  shift: number;
}

/** Blob key of one stream's log of one attempt. */
export function attemptLogKey(
  execution: { project: string; domain: string; name: string },
  nodeId: string,
  attempt: number,
  stream: 'stdout' | 'stderr',
): string {
  return `logs/${execution.project}/${execution.domain}/${execution.name}/${nodeId}/${attempt}/${stream}.log`;
}

/**
 * Runs executions: each task node as an attempt of the configured {@link TaskRuntime} (a process on
 * this host, a container), in dependency order, independent nodes at the same time up to
 * `nodeConcurrency` (DESIGN.md, "Where tasks and apps run"). A task gets `ORCH_INPUTS_FILE` (a JSON
 * object of its inputs), `ORCH_OUTPUTS_FILE` (where it writes a JSON object of its outputs, checked
 * against the task's interface) and `ORCH_ATTEMPT` (1, 2, ...); `{{ inputs.x }}` in its command is
 * replaced by the value of input `x`. A task with a
 * `container.code_bundle` runs inside the unpacked bundle; without one it runs in an empty
 * per-attempt folder. A timeout or a terminate stops the attempt (see the runtime for how). Its
 * stdout and stderr are stored in the blob store ({@link attemptLogKey}).
 * A failed attempt is retried up to the task's `retries`.
 *
 * A node of a task with `metadata.cache` first looks its key ({@link taskCacheKey}) up in the task
 * output cache: a hit succeeds at once with the stored outputs (no process, 0 attempts, CACHE_HIT); a
 * miss runs the task and stores its outputs once it succeeded (CACHE_POPULATED). A failed lookup
 * runs the task (CACHE_LOOKUP_FAILURE) and a failed write keeps the node's success (CACHE_PUT_FAILURE).
 *
 * Phases move only along {@link checkTransition}'s tables: QUEUED → RUNNING → SUCCEEDING →
 * SUCCEEDED; a failed node → FAILING (nodes in flight finish, no new node starts) → FAILED, or
 * TIMED_OUT when its last attempt timed out; terminate → ABORTING → ABORTED. Every change is written
 * with a compare-and-set on the previous phase, so a terminate racing a finishing run never loses.
 *
 * After a restart ({@link GraphExecutor.resume}), an unfinished execution continues
 * ({@link GraphExecutor.restore}): nodes that succeeded keep their outputs; an attempt the old
 * server left running is re-attached when the runtime still holds it (a container: the same attempt
 * goes on), else stopped and recorded FAILED with the error code `Interrupted` and the replica that
 * ran it, and the task runs again as the next attempt (`ORCH_ATTEMPT` 2, ...); interrupted attempts
 * do not count against the task's `retries`.
 */
export class GraphExecutor implements Executor {
  private readonly running = new Map<number, Promise<void>>();
  private readonly states = new Map<number, RunState>();
  private closed = false;
  private readonly now: () => number;
  private readonly maxParallel: number;
  private readonly nodeConcurrency: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: GraphExecutorOptions) {
    this.now = options.now ?? Date.now;
    this.maxParallel = Math.max(1, options.maxParallel ?? availableParallelism() * 2);
    this.nodeConcurrency = Math.max(1, options.nodeConcurrency ?? DEFAULT_NODE_CONCURRENCY);
  }

  submit(executionId: number): void {
    this.start(executionId, false);
  }

  /**
   * Runs an execution once it has a slot; with `resumed` (it had started on a replica that is gone or
   * stopped) at once, beside the slots taken: the slot limit paces new work, not takeovers, so a busy
   * replica resumes what it took over within the takeover bound (docs/replicas.md). Its lease, claimed by the sweep, is held and renewed from the claim on.
   */
  private start(executionId: number, resumed: boolean): void {
    if (this.closed || this.running.has(executionId)) return;
    const state: RunState = { started: false, attempts: new Set() };
    this.states.set(executionId, state);
    const submitter = activeSpanContext();
    const slot = resumed ? this.takeSlot() : this.acquire();
    const run = slot
      .then(async () => {
        try {
          // Terminated while it waited for a slot: its phase is already recorded.
          if (state.cause !== undefined || this.closed) return;
          // Another replica drives it (it claimed the lease first).
          if (this.options.leases && !(await this.options.leases.claimOne(executionId))) return;
          state.started = true;
          // The run is a trace of its own (it outlives the call that queued it), linked to that call.
          await inSpan(
            'executor.execution',
            {
              parent: 'root',
              links: submitter ? [{ context: submitter }] : [],
              attributes: { 'orch.execution.id': executionId },
            },
            () => this.run(executionId, state),
          );
        } finally {
          this.active -= 1;
          // Resumed runs may have taken the replica past its limit: new work starts only below it.
          while (this.active < this.maxParallel) {
            const next = this.waiting.shift();
            if (!next) break;
            next();
          }
        }
      })
      .catch((error: unknown) => {
        if (error instanceof Interrupted) return;
        this.options.logger.error('execution bookkeeping failed', { executionId, error: messageOf(error) });
      })
      .finally(async () => {
        await this.options.leases?.release(executionId).catch((error: unknown) =>
          this.options.logger.warn('could not release an execution lease', {
            executionId,
            error: messageOf(error),
          }),
        );
        this.running.delete(executionId);
        this.states.delete(executionId);
      });
    this.running.set(executionId, run);
  }

  /** Whether a run must stop as on shutdown: the executor closes, or this replica lost the lease. */
  private halted(state: RunState): boolean {
    return this.closed || state.lost === true;
  }

  /** Executions waiting for a slot under the parallelism limit (QUEUED, not started). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Executions running now (holding a slot). */
  get runningCount(): number {
    return this.active;
  }

  /** Takes a slot whether or not one is free (a resumed execution; see {@link start}). */
  private takeSlot(): Promise<void> {
    this.active += 1;
    return Promise.resolve();
  }

  /** Waits for a free slot under `maxParallel`. */
  private acquire(): Promise<void> {
    if (this.active < this.maxParallel) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.push(() => {
        this.active += 1;
        resolve();
      });
    });
  }

  async abort(executionId: number, cause: string): Promise<boolean> {
    const state = this.states.get(executionId);
    for (;;) {
      const row = await this.options.repo.getExecutionById(executionId);
      if (!row) return false;
      const phase = executionPhaseOf(row.phase, `execution ${row.name}`);
      if (TERMINAL_PHASES.has(phase)) return false;
      if (phase === 'ABORTING') {
        // Another terminate got here first (or a restart left it so): finish it.
        if (state?.started) {
          await this.running.get(executionId);
          return true;
        }
        return this.finishAbort(row, cause);
      }
      const live = state?.started === true;
      const to: ExecutionPhase = live || !['UNDEFINED', 'QUEUED'].includes(phase) ? 'ABORTING' : 'ABORTED';
      checkTransition('execution', phase, to, `execution ${row.name}`);
      const at = this.now();
      const moved = await this.options.repo.transitionExecution(executionId, phase, {
        phase: to,
        updated_at: at,
        ...(to === 'ABORTED'
          ? {
              error: JSON.stringify(abortRecord(cause)),
              duration_ms: row.started_at === null ? 0 : at - row.started_at,
            }
          : {}),
      });
      if (!moved) continue;
      this.announce(executionId, to);
      if (state) state.cause = cause;
      if (to === 'ABORTED') return true;
      if (state?.started) {
        for (const attempt of state.attempts) attempt.abort('terminate');
        await this.running.get(executionId);
        return true;
      }
      const after = await this.options.repo.getExecutionById(executionId);
      return after ? this.finishAbort(after, cause) : false;
    }
  }

  /**
   * Hands the attempts a killed server left running (recorded without an end) to the runtime:
   * `'abort'` stops them; `'resume'` keeps what the runtime can re-attach (containers) and stops the rest.
   */
  private async releaseLeftoverAttempts(
    row: ExecutionRow,
    how: 'resume' | 'abort',
    attempts?: AttemptRow[],
  ): Promise<void> {
    for (const attempt of attempts ?? (await this.options.repo.listTaskAttempts(row.id))) {
      if (attempt.ended_at !== null) continue;
      const ids = attemptIds(row, attempt.node_id, attempt.attempt);
      await this.options.runtime.release({ ids, pid: attempt.pid }, how).catch((error: unknown) =>
        this.options.logger.warn('could not release a leftover attempt', {
          execution: row.name,
          node: attempt.node_id,
          attempt: attempt.attempt,
          error: messageOf(error),
        }),
      );
    }
  }

  /** Ends an ABORTING execution that no run of this executor holds: kills leftovers, records ABORTED. */
  private async finishAbort(row: ExecutionRow, cause: string): Promise<boolean> {
    await this.releaseLeftoverAttempts(row, 'abort');
    const at = this.now();
    const moved = await this.options.repo.transitionExecution(row.id, 'ABORTING', {
      phase: 'ABORTED',
      error: row.error ?? JSON.stringify(abortRecord(cause)),
      updated_at: at,
      duration_ms: row.started_at === null ? 0 : at - row.started_at,
    });
    if (moved) this.announce(row.id, 'ABORTED');
    return moved;
  }

  async resume(): Promise<void> {
    const { leases } = this.options;
    if (!leases) {
      for (const row of await this.options.repo.listUnfinishedExecutions()) {
        if (row.phase === 'ABORTING') await this.finishAbort(row, 'terminated by request');
        else this.submit(row.id);
      }
      return;
    }
    await this.sweep(this.options.takeOverOnStart === true);
    this.leaseTimer = setInterval(() => {
      this.ticks ??= this.tick().finally(() => {
        this.ticks = undefined;
      });
    }, leases.renewMs);
    this.leaseTimer.unref();
  }

  private leaseTimer: NodeJS.Timeout | undefined;
  /** The renewal in progress, if any (one at a time; close() waits for it). */
  private ticks: Promise<void> | undefined;

  /** One renewal interval: renews the held leases, stops the runs whose lease was lost, sweeps. */
  private async tick(): Promise<void> {
    const { leases, logger } = this.options;
    if (!leases || this.closed) return;
    try {
      for (const id of await leases.renew()) {
        logger.error('lost the lease of an execution to another replica: stopping its run here', {
          executionId: id,
        });
        const state = this.states.get(id);
        if (!state) continue;
        state.lost = true;
        for (const attempt of state.attempts) attempt.abort('shutdown');
      }
      if (!this.closed) await this.sweep(false);
    } catch (error) {
      logger.warn('execution lease renewal failed', { error: messageOf(error) });
    }
  }

  /**
   * Claims unfinished executions no replica holds (all of them with `takeOver`) and resumes them:
   * ABORTING ones are finished here, the others run. Those that had started (a dead or stopped
   * replica's) are all claimed and run at once, whatever this executor's free slots; those that had
   * not (new work) only as many as it has free slots for.
   */
  private async sweep(takeOver: boolean): Promise<void> {
    const { leases } = this.options;
    if (!leases) return;
    const all = Number.MAX_SAFE_INTEGER;
    await this.startClaimed(await leases.claimAbandoned(all, { takeOver, started: true }), true);
    if (this.closed) return;
    const free = takeOver ? all : this.maxParallel - this.running.size;
    await this.startClaimed(await leases.claimAbandoned(free, { takeOver, started: false }), false);
  }

  /** Starts executions whose leases the sweep claimed (`resumed`: they had started elsewhere). */
  private async startClaimed(ids: number[], resumed: boolean): Promise<void> {
    const leases = this.options.leases;
    for (const id of ids) {
      if (this.closed) break;
      const row = await this.options.repo.getExecutionById(id);
      if (row?.phase === 'ABORTING') {
        try {
          await this.finishAbort(row, 'terminated by request');
        } finally {
          await leases?.release(id);
        }
      } else if (row && !this.running.has(id)) this.start(id, resumed);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.ticks;
    for (const state of this.states.values()) for (const attempt of state.attempts) attempt.abort('shutdown');
    await Promise.allSettled([...this.running.values()]);
    await this.options.leases
      ?.releaseAll()
      .catch((error: unknown) =>
        this.options.logger.warn('could not release the execution leases', { error: messageOf(error) }),
      );
    await this.options.runtime.close();
  }

  /** Waits until every submitted execution has finished its bookkeeping (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  /** Announces a stored change to watchers. */
  private announce(executionId: number, phase: ExecutionPhase, nodeId?: string, nodePhase?: string): void {
    this.options.events?.publish({ executionId, phase, nodeId, nodePhase, at: this.now() });
  }

  /**
   * Moves the execution from `from` to `to` (checked), with `changes`. Resolves to the phase the row
   * is in afterwards: `to`, or whatever another writer (a terminate) moved it to first.
   */
  private async move(
    executionId: number,
    name: string,
    from: ExecutionPhase,
    to: ExecutionPhase,
    changes: Partial<Omit<ExecutionTable, 'id' | 'phase'>> = {},
  ): Promise<ExecutionPhase> {
    if (from === to) return to;
    checkTransition('execution', from, to, `execution ${name}`);
    const moved = await this.options.repo.transitionExecution(executionId, from, {
      ...changes,
      phase: to,
      updated_at: this.now(),
    });
    const state = this.states.get(executionId);
    if (moved) {
      if (state) state.phase = to;
      this.announce(executionId, to);
      return to;
    }
    const row = await this.options.repo.getExecutionById(executionId);
    const current = row ? executionPhaseOf(row.phase, `execution ${name}`) : from;
    if (state) state.phase = current;
    return current;
  }

  /**
   * Runs a submitted execution to a terminal phase: QUEUED → RUNNING, then the graph
   * ({@link GraphExecutor.runGraph}); a terminate ends it ABORTED, a failure FAILED or TIMED_OUT ({@link GraphExecutor.endRun}).
   * A closing executor leaves it unfinished, for {@link GraphExecutor.resume} to continue.
   * @throws Interrupted when the executor closed before the run ended.
   */
  private async run(executionId: number, state: RunState): Promise<void> {
    const row = await this.options.repo.getExecutionById(executionId);
    if (!row) return;
    const stored = executionPhaseOf(row.phase, `execution ${row.name}`);
    if (TERMINAL_PHASES.has(stored)) return;
    const run: ExecutionRun = { row, state, startedAt: row.started_at ?? this.now(), phase: stored };
    // A run that starts from QUEUED has no earlier nodes or attempts to look for.
    const fresh = stored === 'UNDEFINED' || stored === 'QUEUED';
    if (fresh) await this.step(run, 'RUNNING', { started_at: run.startedAt });
    try {
      await this.runGraph(run, !fresh);
    } catch (error) {
      await this.endRun(run, error);
    }
  }

  /**
   * Loads the execution's graph, restores what an earlier run finished (`resumed`: after a
   * restart), runs the other nodes and stores the workflow's outputs.
   * @throws Aborted when terminated, Interrupted when the executor closes, TaskFailure when a node
   * failed or the graph cannot run.
   */
  private async runGraph(run: ExecutionRun, resumed: boolean): Promise<void> {
    if (run.phase === 'ABORTING') throw this.aborted(run);
    const graph = await this.loadGraph(run.row);
    const progress = await this.restore(run.row, resumed);
    const pending = await this.schedule(run, graph, progress);
    if (this.halted(run.state)) throw new Interrupted();
    if (terminated(run)) throw this.aborted(run);
    if (progress.interrupted.length) throw progress.interrupted[0];
    if (progress.failure) throw progress.failure;
    if (pending.size) {
      throw new TaskFailure(
        'BadGraph',
        `nodes ${[...pending.keys()].join(', ')} never became ready`,
        'FAILED',
        'SYSTEM',
      );
    }
    await this.succeed(run, graph.template, progress.values);
  }

  /** The Aborted to throw for a terminated run (its cause defaults to a terminate by request). */
  private aborted(run: ExecutionRun): Aborted {
    run.state.cause ??= 'terminated by request';
    return new Aborted();
  }

  /** Moves the run's execution to `to` (see {@link GraphExecutor.move}); resolves to the phase it is in afterwards. */
  private async step(
    run: ExecutionRun,
    to: ExecutionPhase,
    changes: Partial<Omit<ExecutionTable, 'id' | 'phase'>> = {},
  ): Promise<ExecutionPhase> {
    run.phase = await this.move(run.row.id, run.row.name, run.phase, to, changes);
    return run.phase;
  }

  /** Moves the run's execution to the terminal phase `to`, with its duration. */
  private finish(
    run: ExecutionRun,
    to: ExecutionPhase,
    changes: { outputs_key?: string; error?: string },
  ): Promise<ExecutionPhase> {
    return this.step(run, to, { ...changes, duration_ms: this.now() - run.startedAt });
  }

  /** Ends a terminated run ABORTED (through ABORTING), with the terminate's cause. */
  private async endAborted(run: ExecutionRun): Promise<void> {
    const phase =
      run.phase !== 'ABORTING' && !TERMINAL_PHASES.has(run.phase)
        ? await this.step(run, 'ABORTING')
        : run.phase;
    if (phase === 'ABORTING') {
      await this.finish(run, 'ABORTED', {
        error: JSON.stringify(abortRecord(run.state.cause ?? 'terminated')),
      });
    }
  }

  /**
   * Ends a run that threw: ABORTED when it was terminated; else FAILED (through FAILING) or
   * TIMED_OUT, recording the failure.
   * @throws Interrupted when the executor is closing: the execution stays as it is.
   */
  private async endRun(run: ExecutionRun, error: unknown): Promise<void> {
    if (error instanceof Interrupted || (this.halted(run.state) && !(error instanceof Aborted))) {
      throw new Interrupted();
    }
    if (error instanceof Aborted || terminated(run)) {
      await this.endAborted(run);
      return;
    }
    const failure = TaskFailure.from(error);
    let phase: ExecutionPhase = run.phase;
    if (phase === 'SUCCEEDING') phase = await this.step(run, 'FAILING');
    // RUNNING → FAILING → FAILED; a timed-out node is the whole story: RUNNING or FAILING → TIMED_OUT.
    if (phase === 'RUNNING' && failure.phase === 'FAILED') phase = await this.step(run, 'FAILING');
    if (phase === 'ABORTING') {
      await this.endAborted(run);
      return;
    }
    await this.finish(run, failure.phase, { error: JSON.stringify(failure.record()) });
  }

  /**
   * The execution's compiled workflow.
   * @throws TaskFailure (SYSTEM) when the workflow is gone or its compiled form has no template.
   */
  private async loadGraph(row: ExecutionRow): Promise<Graph> {
    const workflow = await this.options.repo.getEntity('workflows', {
      project: row.project,
      domain: row.domain,
      name: row.workflow_name,
      version: row.workflow_version,
    });
    if (!workflow) {
      throw new TaskFailure(
        'WorkflowMissing',
        `workflow ${row.workflow_name} ${row.workflow_version} is gone`,
        'FAILED',
        'SYSTEM',
      );
    }
    const closure = fullMessage('orch.core.CompiledWorkflowClosure', compiledWorkflowOf(workflow.closure));
    const template = closure.primary?.template;
    if (!template) {
      throw new TaskFailure('WorkflowMissing', 'the compiled workflow has no template', 'FAILED', 'SYSTEM');
    }
    const tasks = new Map<string, TaskTemplateOut>();
    for (const { template: task } of closure.tasks) {
      if (task) tasks.set(`${task.id?.name}@${task.id?.version}`, task);
    }
    return { template, tasks };
  }

  /**
   * Reads the execution's inputs and, for a run `resumed` after a restart, restores what the earlier
   * run finished: the outputs of nodes that succeeded stay (they do not run again), the first
   * recorded node failure stands, and each node's row is kept for its next attempt number. The
   * attempts the killed server left running are re-attached when the runtime still holds them, else
   * stopped.
   */
  private async restore(row: ExecutionRow, resumed: boolean): Promise<GraphProgress> {
    const { repo, blobs } = this.options;
    const inputs = await readInputs(blobs, row);
    const progress: GraphProgress = {
      values: new Map([[START_NODE, inputs.literals ?? {}]]),
      done: new Set(),
      previous: new Map(),
      interrupted: [],
    };
    if (!resumed) return progress;
    const attempts = await repo.listTaskAttempts(row.id);
    await this.releaseLeftoverAttempts(row, 'resume', attempts);
    const continuing = await this.recordInterrupted(row, attempts);
    for (const node of await repo.allNodeExecutions(row.id)) {
      const phase = nodePhaseOf(node.phase, `node ${node.node_id} of ${row.name}`);
      const mine = attempts.filter((a) => a.node_id === node.node_id);
      const last = mine.at(-1);
      progress.previous.set(node.node_id, {
        phase,
        attempts: node.attempts,
        started_at: node.started_at,
        lastAttempt: last?.attempt ?? 0,
        continuing: last !== undefined && continuing.has(last),
        interrupted: mine.filter(
          (a) => a.error !== null && parseErrorRecord(a.error).code === INTERRUPTED_CODE,
        ).length,
      });
      if (phase === 'SUCCEEDED' && node.outputs_key) {
        const stored = await readLiteralMap(blobs, node.outputs_key);
        progress.values.set(node.node_id, fullMessage('orch.core.LiteralMap', stored).literals);
        progress.done.add(node.node_id);
      } else if (phase === 'FAILED' || phase === 'TIMED_OUT') {
        progress.failure ??= TaskFailure.recorded(node.node_id, phase, node.error);
      }
    }
    return progress;
  }

  /**
   * Ends the attempts an earlier admin left unfinished that the runtime no longer holds (a local
   * process died with its admin or was stopped at its shutdown): each is recorded FAILED with the
   * error code {@link INTERRUPTED_CODE} and the replica that ran it, and the task runs again as a
   * new attempt. The rows in `attempts` are updated in place.
   * @returns the attempts the runtime still holds (a container to re-attach to: the same attempt goes on).
   */
  private async recordInterrupted(row: ExecutionRow, attempts: AttemptRow[]): Promise<Set<AttemptRow>> {
    const continuing = new Set<AttemptRow>();
    for (const attempt of attempts) {
      if (attempt.ended_at !== null) continue;
      const ids = attemptIds(row, attempt.node_id, attempt.attempt);
      // When the runtime cannot tell, the attempt is left to run() under its own number, as it decides.
      const held = await this.options.runtime.holds(ids).catch(() => true);
      if (held) {
        continuing.add(attempt);
        continue;
      }
      const by = attempt.replica ? ` (replica ${attempt.replica})` : '';
      const record: ErrorRecord = {
        code: INTERRUPTED_CODE,
        message: `the admin running it stopped before it ended${by}`,
        kind: 'SYSTEM',
      };
      Object.assign(attempt, {
        phase: 'FAILED',
        ended_at: this.now(),
        error: JSON.stringify(record),
        pid: null,
      });
      await this.options.repo.upsertTaskAttempt(attempt);
      this.options.logger.warn('a task attempt was cut short by its admin stopping: running it again', {
        execution: row.name,
        node: attempt.node_id,
        attempt: attempt.attempt,
        replica: attempt.replica ?? undefined,
      });
    }
    return continuing;
  }

  /**
   * Runs the nodes not done yet in dependency order, at most `nodeConcurrency` at once, until all
   * ran, a node failed (nodes in flight finish, none starts, the execution moves to FAILING), the
   * execution was terminated or the executor closes.
   * @returns the nodes that never started.
   */
  private async schedule(
    run: ExecutionRun,
    graph: Graph,
    progress: GraphProgress,
  ): Promise<Map<string, NodeOut>> {
    const pending = new Map(
      graph.template.nodes.filter((n) => !progress.done.has(n.id)).map((n) => [n.id, n]),
    );
    const inflight = new Map<string, Promise<void>>();
    for (;;) {
      if (progress.failure && run.phase === 'RUNNING') await this.step(run, 'FAILING');
      if (terminated(run)) break;
      if (!progress.failure && !this.halted(run.state) && progress.interrupted.length === 0) {
        for (const node of [...pending.values()]) {
          if (inflight.size >= this.nodeConcurrency) break;
          if (!node.upstream_node_ids.every((d) => progress.done.has(d))) continue;
          pending.delete(node.id);
          const nodeRun = this.startNode(run, graph, node, progress);
          if (!nodeRun) break;
          inflight.set(
            node.id,
            nodeRun.finally(() => inflight.delete(node.id)),
          );
        }
      }
      if (inflight.size === 0) break;
      await Promise.race(inflight.values());
    }
    await Promise.allSettled(inflight.values());
    return pending;
  }

  /**
   * Starts a ready node: finds its task and resolves its inputs (when either fails, that is the
   * graph's failure and nothing starts), then runs it. Its outputs, failure or interruption land in
   * `progress` when it ends.
   * @returns the node's run (it never rejects), or undefined when it could not start.
   */
  private startNode(
    run: ExecutionRun,
    graph: Graph,
    node: NodeOut,
    progress: GraphProgress,
  ): Promise<void> | undefined {
    const ref = node.task_node?.reference_id;
    const task = ref ? graph.tasks.get(`${ref.name}@${ref.version}`) : undefined;
    if (!task) {
      progress.failure = new TaskFailure(
        'TaskMissing',
        `node ${node.id}: its task is not in the compiled workflow`,
        'FAILED',
        'SYSTEM',
      );
      return undefined;
    }
    let inputs: Record<string, LiteralOut>;
    try {
      inputs = resolveBindings(node.inputs, progress.values);
    } catch (error) {
      progress.failure = error instanceof TaskFailure ? error : new TaskFailure('BadBinding', String(error));
      return undefined;
    }
    return this.runNode({
      execution: run.row,
      state: run.state,
      nodeId: node.id,
      task,
      inputs,
      previous: progress.previous.get(node.id),
    })
      .then((outputs) => {
        progress.values.set(node.id, outputs);
        progress.done.add(node.id);
      })
      .catch((error: unknown) => {
        if (error instanceof TaskFailure) progress.failure ??= error;
        else if (!(error instanceof Aborted)) progress.interrupted.push(error);
      });
  }

  /**
   * Stores the workflow's outputs and ends the run SUCCEEDED (through SUCCEEDING); a terminate that
   * got in first ends it ABORTED.
   */
  private async succeed(
    run: ExecutionRun,
    template: WorkflowTemplateOut,
    values: Map<string, Record<string, LiteralOut>>,
  ): Promise<void> {
    if ((await this.step(run, 'SUCCEEDING')) !== 'SUCCEEDING') throw new Aborted();
    const outputs = resolveBindings(template.outputs, values);
    const outputsKey = `executions/${run.row.project}/${run.row.domain}/${run.row.name}.outputs.json`;
    await writeLiteralMap(this.options.blobs, outputsKey, outputs);
    if ((await this.finish(run, 'SUCCEEDED', { outputs_key: outputsKey })) === 'ABORTING') {
      await this.endAborted(run);
    }
  }

  /** Records a node's row (checking its phase change) and announces it. */
  private async recordNode(
    execution: ExecutionRow,
    nodeId: string,
    from: NodePhase | undefined,
    to: NodePhase,
    fields: {
      attempts: number;
      inputs_key: string;
      outputs_key?: string | null;
      error?: ErrorRecord | null;
      started_at: number;
      ended_at?: number | null;
      cache_status?: CacheStatus;
    },
  ): Promise<NodePhase> {
    checkTransition('node', from ?? 'UNDEFINED', to, `node ${nodeId} of ${execution.name}`);
    await this.options.repo.upsertNodeExecution({
      execution_id: execution.id,
      node_id: nodeId,
      phase: to,
      attempts: fields.attempts,
      inputs_key: fields.inputs_key,
      outputs_key: fields.outputs_key ?? null,
      error: fields.error ? JSON.stringify(fields.error) : null,
      started_at: fields.started_at,
      updated_at: this.now(),
      ended_at: fields.ended_at ?? null,
      cache_status: fields.cache_status ?? 'CACHE_DISABLED',
    });
    // The execution's phase is kept by move(); it is read only for a run this executor did not move.
    const known = this.states.get(execution.id)?.phase;
    const stored = known === undefined ? await this.options.repo.getExecutionById(execution.id) : undefined;
    const phase = known ?? executionPhaseOf(stored?.phase ?? 'RUNNING', `execution ${execution.name}`);
    this.announce(execution.id, phase, nodeId, to);
    return to;
  }

  /** Runs one task node, with retries; returns its outputs as literals. */
  private async runNode(node: NodeRun): Promise<Record<string, LiteralOut>> {
    const { execution, nodeId, task, inputs, previous } = node;
    const records: NodeRecords = {
      phase: previous?.phase,
      inputsKey: `node-executions/${execution.id}/${nodeId}.inputs.json`,
      outputsKey: `node-executions/${execution.id}/${nodeId}.outputs.json`,
      startedAt: previous?.started_at ?? this.now(),
      cacheStatus: 'CACHE_DISABLED',
    };
    await writeLiteralMap(this.options.blobs, records.inputsKey, inputs);
    const cache = task.metadata?.cache ? this.options.cache : undefined;
    const cacheKey = cache
      ? taskCacheKey({ project: execution.project, domain: execution.domain, task, inputs })
      : undefined;
    if (cache && cacheKey) {
      const found = await cache.lookup(cacheKey);
      if (found.status === 'hit') return this.cacheHit(node, records, found.outputs);
      records.cacheStatus = found.status === 'miss' ? 'CACHE_MISS' : 'CACHE_LOOKUP_FAILURE';
    }
    // After a restart or a takeover: an attempt the runtime still holds goes on under its number;
    // otherwise the next run is a new attempt, and interrupted ones do not count against `retries`.
    const last = previous?.lastAttempt ?? 0;
    const first = previous?.continuing ? last : last + 1;
    const budget = Number(task.metadata?.retries?.retries ?? 0) + 1 + (previous?.interrupted ?? 0);
    let lastFailure: TaskFailure | undefined;
    for (let attempt = first; attempt <= budget; attempt++) {
      const outcome = await this.tryAttempt(
        node,
        records,
        attempt,
        cache && cacheKey ? { cache, cacheKey } : undefined,
      );
      if (!(outcome instanceof TaskFailure)) return outcome;
      lastFailure = outcome;
    }
    // The loop ran at least once unless an earlier server recorded more attempts than the task has.
    const failure =
      lastFailure ?? new TaskFailure('NoAttemptLeft', 'every attempt has run', 'FAILED', 'SYSTEM');
    const tries = budget > 1 ? ` (after ${budget} attempts)` : '';
    const final = new TaskFailure(
      failure.code,
      `node ${nodeId}: ${failure.message}${tries}`,
      failure.phase,
      failure.kind,
    );
    await this.recordNode(
      execution,
      nodeId,
      records.phase,
      failure.phase === 'TIMED_OUT' ? 'TIMED_OUT' : 'FAILED',
      {
        ...nodeFields(records, Math.max(budget, last)),
        error: final.record(),
        ended_at: this.now(),
      },
    );
    throw final;
  }

  /** Records a node whose outputs the task cache held: RUNNING, then SUCCEEDED with no attempt. */
  private async cacheHit(
    { execution, nodeId }: NodeRun,
    records: NodeRecords,
    outputs: Record<string, LiteralOut>,
  ): Promise<Record<string, LiteralOut>> {
    records.cacheStatus = 'CACHE_HIT';
    await writeLiteralMap(this.options.blobs, records.outputsKey, outputs);
    const base = nodeFields(records, 0);
    records.phase = await this.recordNode(execution, nodeId, records.phase, 'RUNNING', base);
    await this.recordNode(execution, nodeId, records.phase, 'SUCCEEDED', {
      ...base,
      outputs_key: records.outputsKey,
      ended_at: this.now(),
    });
    return outputs;
  }

  /**
   * One attempt of a node, recorded: its outputs once it succeeded (the node is then SUCCEEDED, and
   * the cache filled on a miss), or the TaskFailure that a retry may follow.
   * @throws Interrupted on shutdown or a lost lease; Aborted once terminated (the node then ABORTED).
   */
  private async tryAttempt(
    node: NodeRun,
    records: NodeRecords,
    attempt: number,
    cached: { cache: TaskCache; cacheKey: string } | undefined,
  ): Promise<Record<string, LiteralOut> | TaskFailure> {
    const { execution, state, nodeId } = node;
    const base = nodeFields(records, attempt);
    records.phase = await this.recordNode(execution, nodeId, records.phase, 'RUNNING', base);
    const attemptStart = this.now();
    try {
      // One attempt, in an `executor.attempt` span (execution, node and attempt number as attributes).
      const outputs = await inSpan(
        'executor.attempt',
        {
          attributes: {
            'orch.project': execution.project,
            'orch.domain': execution.domain,
            'orch.execution.name': execution.name,
            'orch.node.id': nodeId,
            'orch.attempt': attempt,
          },
        },
        () => this.recordAttempt(node, attempt),
      );
      await writeLiteralMap(this.options.blobs, records.outputsKey, outputs);
      if (cached && records.cacheStatus === 'CACHE_MISS') {
        base.cache_status = (await cached.cache.put(cached.cacheKey, outputs))
          ? 'CACHE_POPULATED'
          : 'CACHE_PUT_FAILURE';
      }
      await this.recordNode(execution, nodeId, records.phase, 'SUCCEEDED', {
        ...base,
        outputs_key: records.outputsKey,
        ended_at: this.now(),
      });
      return outputs;
    } catch (error) {
      if (error instanceof Interrupted || this.halted(state)) throw new Interrupted();
      if (state.cause !== undefined) {
        await this.recordNode(execution, nodeId, records.phase, 'ABORTED', {
          ...base,
          error: abortRecord(state.cause),
          ended_at: this.now(),
        });
        throw new Aborted();
      }
      if (!(error instanceof TaskFailure)) throw error;
      this.options.logger.info('task attempt failed', {
        execution: execution.name,
        node: nodeId,
        attempt,
        ms: this.now() - attemptStart,
        error: error.message,
      });
      return error;
    }
  }

  /** Runs one attempt and records it (phase, times, error, log keys) in `task_attempts`. */
  private async recordAttempt(node: NodeRun, attempt: number): Promise<Record<string, LiteralOut>> {
    const { execution, state, nodeId } = node;
    const { repo } = this.options;
    const dir = join(this.options.workDir, String(execution.id), nodeId, String(attempt));
    const record = {
      execution_id: execution.id,
      node_id: nodeId,
      attempt,
      started_at: this.now(),
      replica: this.options.leases?.holder ?? null,
    };
    await repo.upsertTaskAttempt({
      ...record,
      phase: 'RUNNING',
      ended_at: null,
      error: null,
      stdout_key: null,
      stderr_key: null,
      pid: null,
    });
    let logsStored: LogKeys = { stdout_key: null, stderr_key: null };
    try {
      const outputs = await this.attemptProcess(
        node,
        attemptIds(execution, nodeId, attempt),
        dir,
        async (pid) => {
          await repo.upsertTaskAttempt({
            ...record,
            phase: 'RUNNING',
            ended_at: null,
            error: null,
            stdout_key: null,
            stderr_key: null,
            pid,
          });
        },
        async () => {
          logsStored = await this.storeLogs(execution, nodeId, attempt, dir);
        },
      );
      await repo.upsertTaskAttempt({
        ...record,
        phase: 'SUCCEEDED',
        ended_at: this.now(),
        error: null,
        ...logsStored,
        pid: null,
      });
      return outputs;
    } catch (error) {
      // An interrupted attempt stays RUNNING: the next server runs it again.
      if (error instanceof Interrupted || this.halted(state)) throw error;
      const aborted = state.cause !== undefined;
      const failure = TaskFailure.from(error);
      await repo.upsertTaskAttempt({
        ...record,
        phase: aborted ? 'ABORTED' : failure.phase,
        ended_at: this.now(),
        error: JSON.stringify(aborted ? abortRecord(state.cause ?? '') : failure.record()),
        ...logsStored,
        pid: null,
      });
      throw error;
    }
  }

  /**
   * Copies an attempt's stdout.log and stderr.log into the blob store (the end of overlong logs),
   * each with its line-time index (log-times.ts) under {@link attemptTimesKey}, its offsets moved
   * to the stored bytes.
   */
  private async storeLogs(
    execution: ExecutionRow,
    nodeId: string,
    attempt: number,
    dir: string,
  ): Promise<LogKeys> {
    const keys: LogKeys = { stdout_key: null, stderr_key: null };
    for (const stream of ['stdout', 'stderr'] as const) {
      let log: StoredLog | undefined;
      let times: StoredLog | undefined;
      try {
        log = await readTail(dir, `${stream}.log`, MAX_LOG_BYTES);
        times = log && (await readTail(dir, timesFileOf(stream), MAX_LOG_BYTES));
      } catch (error) {
        if (!(error instanceof AttemptFileError)) throw error;
        // Written by the runtime, never by a task in a container: only a local task can swap it.
        this.options.logger.warn('an attempt log is not stored', {
          execution: execution.name,
          error: error.message,
        });
        if (!log) continue;
      }
      if (log === undefined) continue;
      const key = attemptLogKey(execution, nodeId, attempt, stream);
      await this.options.blobs.put(key, log.bytes);
      if (times) {
        const index = shiftLineTimes(parseLineTimes(times.bytes.toString('latin1')), log.from, log.shift);
        await this.options.blobs.put(attemptTimesKey(key), Buffer.from(index));
      }
      keys[`${stream}_key`] = key;
    }
    return keys;
  }

  /**
   * Prepares the attempt's folder (unless the runtime still holds this attempt from an earlier
   * server: then its folder is the one the attempt uses), runs it on the runtime and reads its outputs.
   */
  private async attemptProcess(
    { state, task, inputs }: NodeRun,
    ids: AttemptIds,
    dir: string,
    onStart: (pid: number | null) => Promise<void>,
    onEnd: () => Promise<void>,
  ): Promise<Record<string, LiteralOut>> {
    const { runtime } = this.options;
    const ioDir = join(dir, 'io');
    const inputJson = literalMapToJson({ literals: inputs });
    if (!(await runtime.holds(ids))) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(ioDir, { recursive: true });
      await writeFile(join(ioDir, 'inputs.json'), stringifyExactJson(inputJson));
    } else {
      // Another replica may have started it: this replica's folder for it may not exist yet.
      await mkdir(ioDir, { recursive: true });
    }
    const argv = commandLine(task, inputs, inputJson);
    const [program] = argv;
    if (!program) throw new TaskFailure('BadCommand', 'the task has no command');
    const codeDir = await this.workingDirectory(task);
    const env = await this.taskEnvironment(task, ids);
    const timeoutMs = timeoutOf(task);

    const stop = new AbortController();
    state.attempts.add(stop);
    // A terminate (or shutdown) that arrived while the node was being prepared.
    if (state.cause !== undefined) stop.abort('terminate');
    else if (this.halted(state)) stop.abort('shutdown');
    let end: TaskAttemptEnd;
    try {
      end = await runtime.run(
        {
          ids,
          argv,
          env,
          secretEnv: (task.security_context?.secrets ?? []).map((secret) => secret.env_var || secret.key),
          dir,
          ...(codeDir ? { codeDir } : {}),
          image: task.container?.image ?? '',
          limits: taskLimits(task),
          network: task.container?.network === true,
          timeoutMs,
          signal: stop.signal,
        },
        onStart,
      );
    } finally {
      state.attempts.delete(stop);
    }
    if (end.detached || this.halted(state)) throw new Interrupted();
    await onEnd();
    if (state.cause !== undefined) throw new Aborted();
    const failure = attemptFailure(end, program, timeoutMs);
    if (failure) throw failure;
    // A container another replica started wrote into the folder that replica mounted.
    return readOutputs(
      end.outputsDir ?? ioDir,
      task,
      this.options.maxOutputsBytes ?? DEFAULT_MAX_OUTPUTS_BYTES,
    );
  }

  /**
   * The environment of a task's attempt: the task's `container.env`, the secrets it declares (each
   * as the variable it asks for) and `ORCH_ATTEMPT`.
   * @throws TaskFailure (SYSTEM) when a secret cannot be read or is not set.
   */
  private async taskEnvironment(task: TaskTemplateOut, ids: AttemptIds): Promise<Record<string, string>> {
    const env: Record<string, string> = {};
    for (const pair of task.container?.env ?? []) env[pair.key] = pair.value;
    for (const secret of task.security_context?.secrets ?? []) {
      // The value goes only into the task's environment: never into a record, a log or an error.
      let value: string | undefined;
      try {
        value = await this.options.secrets?.get(secret.key, ids);
      } catch (error) {
        throw new TaskFailure('SecretUnavailable', messageOf(error), 'FAILED', 'SYSTEM');
      }
      if (value === undefined) {
        throw new TaskFailure(
          'SecretMissing',
          `secret ${secret.key} (for ${secret.env_var}) is not set for project ${ids.project}, domain ${ids.domain} ` +
            `(create it with \`orch create secret --name ${secret.key}\`)`,
          'FAILED',
          'SYSTEM',
        );
      }
      env[secret.env_var || secret.key] = value;
    }
    // Which attempt this is (1, 2, ...), so a task can tell a retry from a first run.
    env.ORCH_ATTEMPT = String(ids.attempt);
    return env;
  }

  /** The unpacked code bundle's folder, or undefined when the task has none. */
  private async workingDirectory(task: TaskTemplateOut): Promise<string | undefined> {
    const url = task.container?.code_bundle;
    if (!url) return undefined;
    if (!this.options.bundles) {
      throw new TaskFailure(
        'BundleUnavailable',
        `code bundle ${url}: this executor cannot fetch bundles`,
        'FAILED',
        'SYSTEM',
      );
    }
    try {
      return await this.options.bundles.prepare(url);
    } catch (error) {
      if (error instanceof BundleError)
        throw new TaskFailure('BundleUnavailable', error.message, 'FAILED', 'SYSTEM');
      throw new TaskFailure(
        'BundleUnavailable',
        `code bundle ${url}: ${messageOf(error)}`,
        'FAILED',
        'SYSTEM',
      );
    }
  }
}

type ExecutionRow = NonNullable<Awaited<ReturnType<Repository['getExecutionById']>>>;

/** Whether a run's execution was terminated: by this executor's abort, or found ABORTING. */
/** What one node of a run is: the execution, its run state, the node and its task, and its inputs. */
interface NodeRun {
  execution: ExecutionRow;
  state: RunState;
  nodeId: string;
  task: TaskTemplateOut;
  inputs: Record<string, LiteralOut>;
  /** What an earlier server recorded of this node (a restart or a takeover), if anything. */
  previous: PreviousNode | undefined;
}

/** Where a node's records stand while it runs: its phase so far, its blob keys, its cache status. */
interface NodeRecords {
  phase: NodePhase | undefined;
  inputsKey: string;
  outputsKey: string;
  /** Epoch milliseconds. */
  startedAt: number;
  cacheStatus: CacheStatus;
}

/** The fields of a node record that every phase of one attempt repeats. */
function nodeFields(
  records: NodeRecords,
  attempts: number,
): { attempts: number; inputs_key: string; started_at: number; cache_status: CacheStatus } {
  return {
    attempts,
    inputs_key: records.inputsKey,
    started_at: records.startedAt,
    cache_status: records.cacheStatus,
  };
}

/** A task's timeout in milliseconds; 0 for none. */
function timeoutOf(task: TaskTemplateOut): number {
  const timeout = task.metadata?.timeout;
  return timeout ? Number(timeout.seconds) * 1000 + Math.floor((timeout.nanos ?? 0) / 1e6) : 0;
}

/** The task's command with each `{{.inputs.<name>}}` replaced by that input (JSON unless a string). */
function commandLine(
  task: TaskTemplateOut,
  inputs: Record<string, LiteralOut>,
  inputJson: Record<string, unknown>,
): string[] {
  return (task.container?.command ?? []).map((arg) =>
    arg.replace(INPUT_REFERENCE, (whole, name: string) => {
      if (!(name in inputJson)) return whole;
      const value = literalToJson(inputs[name]);
      return typeof value === 'string' ? value : stringifyExactJson(value);
    }),
  );
}

/** Why an attempt that ended (not detached) failed, or undefined when it exited 0. */
function attemptFailure(end: TaskAttemptEnd, program: string, timeoutMs: number): TaskFailure | undefined {
  if (end.startError) return new TaskFailure('BadCommand', `cannot start "${program}": ${end.startError}`);
  if (end.timedOut) {
    return new TaskFailure('Timeout', `timed out after ${formatDuration(timeoutMs / 1000)}`, 'TIMED_OUT');
  }
  if (end.oomKilled) {
    return new TaskFailure(
      'OOMKilled',
      `task was killed for going over its memory limit of ${formatBytes(end.oomKilled.memoryBytes)} ` +
        '(raise `limits.mem` in the workflow file)',
    );
  }
  if (end.code !== 0) {
    const how = end.signal ? `was killed by ${end.signal}` : `exited with code ${end.code}`;
    return new TaskFailure('NonZeroExit', `task ${how}${end.stderrTail ? `: ${end.stderrTail}` : ''}`);
  }
  return undefined;
}

function terminated(run: ExecutionRun): boolean {
  return run.state.cause !== undefined || run.phase === 'ABORTING';
}

/** Blob keys of an attempt's stored logs (null: the stream wrote nothing). */
interface LogKeys {
  stdout_key: string | null;
  stderr_key: string | null;
}

/** Whether a parsed JSON value is an object (not null, not an array). */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The compiled workflow stored in a workflow row's `closure` column (JSON of the created workflow's
 * closure), undefined when the JSON has none.
 */
function compiledWorkflowOf(closure: string): unknown {
  const stored: unknown = JSON.parse(closure);
  return isJsonObject(stored) ? stored.compiled_workflow : undefined;
}

/** The literals of `bindings` by variable, given the outputs of finished nodes (see {@link resolveBinding}). */
function resolveBindings(
  bindings: BindingOut[],
  values: Map<string, Record<string, LiteralOut>>,
): Record<string, LiteralOut> {
  const literals: Record<string, LiteralOut> = {};
  for (const binding of bindings) literals[binding.var] = resolveBinding(binding.binding, values);
  return literals;
}

/**
 * The last `max` bytes of the log `name` of the attempt's folder `dir` (read as attempt-files.ts
 * reads), or undefined when it does not exist.
 * @throws AttemptFileError when it is not a regular file.
 */
async function readTail(dir: string, name: string, max: number): Promise<StoredLog | undefined> {
  const tail = await readAttemptTail(dir, name, max, {
    label: name,
    expected: "an attempt's log must be a regular file written by the runtime",
  });
  if (!tail) return undefined;
  const { bytes, size } = tail;
  if (size <= max) return { bytes, from: 0, shift: 0 };
  const note = Buffer.from(`[... ${size - max} bytes cut ...]\n`);
  return { bytes: Buffer.concat([note, bytes]), from: size - max, shift: note.length - (size - max) };
}

/**
 * The bytes of the attempt's ORCH_OUTPUTS_FILE (`outputs.json` in `ioDir`), read only as a regular
 * file of at most `maxBytes` bytes (attempt-files.ts); undefined when the task wrote none.
 * @throws TaskFailure (USER, BadOutputs) naming what it is instead, or its size over the limit.
 */
async function readOutputsFile(ioDir: string, maxBytes: number): Promise<Buffer | undefined> {
  try {
    return await readAttemptFile(ioDir, 'outputs.json', {
      label: 'ORCH_OUTPUTS_FILE',
      expected: 'outputs must be a regular file written by the task',
      maxBytes,
      limitFlag: '--runtime.outputs.maxSize',
    });
  } catch (error) {
    if (error instanceof AttemptFileError) throw new TaskFailure('BadOutputs', error.message);
    throw error;
  }
}

/**
 * The outputs a task wrote to its ORCH_OUTPUTS_FILE (`outputs.json` in `ioDir`, at most `maxBytes`
 * bytes), checked against its interface; none when it wrote no file and declares no outputs.
 * @throws TaskFailure (USER) when the file is missing, is not a regular file (a link, a FIFO, ...),
 *   is over `maxBytes`, is not a JSON object, or does not match.
 */
async function readOutputs(
  ioDir: string,
  task: TaskTemplateOut,
  maxBytes: number,
): Promise<Record<string, LiteralOut>> {
  let raw: string;
  const bytes = await readOutputsFile(ioDir, maxBytes);
  if (bytes === undefined) {
    const expected = Object.keys(task.interface?.outputs?.variables ?? {});
    if (!expected.length) return {};
    throw new TaskFailure(
      'NoOutputs',
      `task wrote no outputs to ORCH_OUTPUTS_FILE (expected ${expected.join(', ')})`,
    );
  }
  raw = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = parseExactJson(raw);
  } catch {
    throw new TaskFailure('BadOutputs', 'ORCH_OUTPUTS_FILE does not hold valid JSON');
  }
  if (!isJsonObject(parsed)) {
    throw new TaskFailure('BadOutputs', 'ORCH_OUTPUTS_FILE must hold a JSON object of outputs');
  }
  try {
    const map = literalMapFromJson(parsed, task.interface?.outputs ?? {});
    return fullMessage('orch.core.LiteralMap', map).literals;
  } catch (error) {
    if (error instanceof LiteralValueError)
      throw new TaskFailure('BadOutputs', `outputs do not match the interface: ${error.message}`);
    throw error;
  }
}

/** The literal a binding stands for, given the outputs of finished nodes (and `start-node`'s inputs). */
function resolveBinding(
  data: BindingDataOut | null,
  values: Map<string, Record<string, LiteralOut>>,
): LiteralOut {
  if (!data) throw new TaskFailure('BadBinding', 'a binding has no value');
  if (data.promise) {
    const value = values.get(data.promise.node_id)?.[data.promise.var];
    if (value) return value;
    if (data.promise.node_id === START_NODE) return { scalar: { none_type: {} } };
    throw new TaskFailure('BadBinding', `no output ${data.promise.var} of node ${data.promise.node_id}`);
  }
  if (data.collection) {
    return { collection: { literals: data.collection.bindings.map((b) => resolveBinding(b, values)) } };
  }
  if (data.map) {
    const literals = Object.fromEntries(
      Object.entries(data.map.bindings).map(([k, v]) => [k, resolveBinding(v, values)]),
    );
    return { map: { literals } };
  }
  return { scalar: data.scalar };
}

/** The ids a runtime labels an attempt with. */
function attemptIds(execution: ExecutionRow, node: string, attempt: number): AttemptIds {
  return { project: execution.project, domain: execution.domain, execution: execution.name, node, attempt };
}

/** A task's `container.limits` in millicores and bytes (unset or unreadable: the runtime's default). */
function taskLimits(task: TaskTemplateOut): { cpuMillis?: number; memoryBytes?: number } {
  const limits = task.container?.limits;
  const out: { cpuMillis?: number; memoryBytes?: number } = {};
  const cpu = limits?.cpu ? cpuMillis(limits.cpu) : undefined;
  if (cpu) out.cpuMillis = cpu;
  if (limits?.mem) {
    try {
      out.memoryBytes = parseQuantity(limits.mem);
    } catch {
      // Checked when the task was created; an unreadable value falls back to the default.
    }
  }
  return out;
}

/** Bytes as a short power-of-two size (`256Mi`, `1.5Gi`, `512Ki`, `100 bytes`). */
function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['Gi', 2 ** 30],
    ['Mi', 2 ** 20],
    ['Ki', 2 ** 10],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(2))}${unit}`;
  }
  return `${bytes} bytes`;
}
