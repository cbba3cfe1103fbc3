import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import { errorMessage } from '../../api/guards.js';
import {
  type ExecutionPhase,
  type LiteralOut,
  type NodeOut,
  START_NODE,
  TERMINAL_PHASES,
  type WorkflowTemplateOut,
} from '../../api/types.js';
import { activeSpanContext, inSpan } from '../../telemetry/tracing.js';
import type { ExecutionTable } from '../db/schema.js';
import { fullMessage } from '../services/messages.js';
import { readInputs, readLiteralMap, writeLiteralMap } from '../storage/execution-data.js';
import { attemptIds } from './attempt-io.js';
import type { Executor } from './executor.js';
import { DEFAULT_NODE_CONCURRENCY, type GraphExecutorOptions } from './executor-options.js';
import {
  Aborted,
  abortRecord,
  type ErrorRecord,
  Interrupted,
  LeaseLost,
  parseErrorRecord,
  TaskFailure,
} from './failures.js';
import { loadGraph, resolveBindings } from './graph.js';
import { NodeRuns } from './node-runs.js';
import { checkTransition, executionPhaseOf, nodePhaseOf } from './phases.js';
import {
  type AttemptRow,
  type ExecutionRow,
  type ExecutionRun,
  type Graph,
  type GraphProgress,
  INTERRUPTED_CODE,
  type RunState,
  terminated,
} from './run-types.js';

export { DEFAULT_NODE_CONCURRENCY, type GraphExecutorOptions } from './executor-options.js';

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
  /** New work: at most `maxParallel` less the resumed runs at once, the rest waiting in order (QUEUED). */
  private readonly slots: PQueue;
  /** Resumed runs in flight: they run beside the slots, and new work starts only below the limit. */
  private resumedRunning = 0;
  /** Runs the task nodes of the executions. */
  private readonly nodes: NodeRuns;

  constructor(private readonly options: GraphExecutorOptions) {
    this.now = options.now ?? Date.now;
    this.maxParallel = Math.max(1, options.maxParallel ?? availableParallelism() * 2);
    this.nodeConcurrency = Math.max(1, options.nodeConcurrency ?? DEFAULT_NODE_CONCURRENCY);
    this.slots = new PQueue({ concurrency: this.maxParallel });
    this.nodes = new NodeRuns(options, {
      now: () => this.now(),
      halted: (state) => this.halted(state),
      lose: (executionId) => this.lose(executionId),
      announce: (...args) => this.announce(...args),
      stateOf: (executionId) => this.states.get(executionId),
    });
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
    const drive = () => this.drive(executionId, state, submitter);
    const run = (resumed ? this.beside(drive) : this.slots.add(drive))
      .catch((error: unknown) => {
        if (error instanceof Interrupted) return;
        this.options.logger.error('execution bookkeeping failed', {
          executionId,
          error: errorMessage(error),
        });
      })
      .finally(async () => {
        await this.options.leases?.release(executionId).catch((error: unknown) =>
          this.options.logger.warn('could not release an execution lease', {
            executionId,
            error: errorMessage(error),
          }),
        );
        this.running.delete(executionId);
        this.states.delete(executionId);
      });
    this.running.set(executionId, run);
  }

  /** Runs a resumed execution at once, beside the slots: new work starts only while below the limit. */
  private async beside(drive: () => Promise<void>): Promise<void> {
    this.resumedRunning += 1;
    this.resize();
    try {
      await drive();
    } finally {
      this.resumedRunning -= 1;
      this.resize();
    }
  }

  /** Gives new work the slots the resumed runs leave (none: it waits). */
  private resize(): void {
    const room = this.maxParallel - this.resumedRunning;
    if (room < 1) {
      this.slots.pause();
      return;
    }
    this.slots.concurrency = room;
    this.slots.start();
  }

  /** Once it has a slot: claims the execution's lease (with leases) and runs it, in a trace of its own. */
  private async drive(
    executionId: number,
    state: RunState,
    submitter: ReturnType<typeof activeSpanContext>,
  ): Promise<void> {
    // Terminated while it waited for a slot: its phase is already recorded.
    if (state.cause !== undefined || this.closed) return;
    if (this.options.leases) {
      state.lease = await this.options.leases.claimOne(executionId);
      // Another replica drives it (it claimed the lease first).
      if (!state.lease) return;
    }
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
  }

  /**
   * Stops the run of `executionId` as on shutdown, writing nothing more: another replica took its
   * lease over (found by a renewal, or by a fenced write that was refused).
   * @returns the error for the run to throw.
   */
  private lose(executionId: number): LeaseLost {
    const state = this.states.get(executionId);
    this.options.leases?.forget(executionId);
    if (state && !state.lost) {
      this.options.logger.error('lost the lease of an execution to another replica: stopping its run here', {
        executionId,
      });
      state.lost = true;
      for (const attempt of state.attempts) attempt.abort('shutdown');
    }
    return new LeaseLost();
  }

  /** Whether a run must stop as on shutdown: the executor closes, or this replica lost the lease. */
  private halted(state: RunState): boolean {
    return this.closed || state.lost === true;
  }

  /** Executions waiting for a slot under the parallelism limit (QUEUED, not started). */
  get queued(): number {
    return this.slots.size;
  }

  /** Executions running now (holding a slot, or resumed beside them). */
  get runningCount(): number {
    return this.slots.pending + this.resumedRunning;
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
          error: errorMessage(error),
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
      for (const id of await leases.renew()) this.lose(id);
      if (!this.closed) await this.sweep(false);
    } catch (error) {
      logger.warn('execution lease renewal failed', { error: errorMessage(error) });
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
        this.options.logger.warn('could not release the execution leases', { error: errorMessage(error) }),
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
    { id: executionId, name }: { id: number; name: string },
    change: {
      from: ExecutionPhase;
      to: ExecutionPhase;
      changes?: Partial<Omit<ExecutionTable, 'id' | 'phase'>>;
    },
  ): Promise<ExecutionPhase> {
    const { from, to, changes = {} } = change;
    if (from === to) return to;
    checkTransition('execution', from, to, `execution ${name}`);
    const state = this.states.get(executionId);
    const lease = state?.lease;
    const moved = await this.options.repo.transitionExecution(
      executionId,
      from,
      { ...changes, phase: to, updated_at: this.now() },
      lease,
    );
    if (moved) {
      if (state) state.phase = to;
      this.announce(executionId, to);
      return to;
    }
    const row = await this.options.repo.getExecutionById(executionId);
    if (lease && (row?.lease_holder !== lease.holder || Number(row.lease_epoch) !== lease.epoch)) {
      throw this.lose(executionId);
    }
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
    const graph = await loadGraph(this.options.repo, run.row);
    const progress = await this.restore(run, resumed);
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
    run.phase = await this.move(run.row, { from: run.phase, to, changes });
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
   * Reads the execution's inputs and, for a run `resumed` after a restart, restores what the earlier
   * run finished: the outputs of nodes that succeeded stay (they do not run again), the first
   * recorded node failure stands, and each node's row is kept for its next attempt number. The
   * attempts the killed server left running are re-attached when the runtime still holds them, else
   * stopped.
   */
  private async restore(run: ExecutionRun, resumed: boolean): Promise<GraphProgress> {
    const { repo, blobs } = this.options;
    const { row } = run;
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
    const continuing = await this.recordInterrupted(run, attempts);
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
        progress.values.set(node.node_id, fullMessage('orch.core.v1.LiteralMap', stored).literals);
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
  private async recordInterrupted(
    { row, state }: ExecutionRun,
    attempts: AttemptRow[],
  ): Promise<Set<AttemptRow>> {
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
      await this.nodes.writeAttempt(state, attempt);
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
    return this.nodes
      .runNode({
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
}
