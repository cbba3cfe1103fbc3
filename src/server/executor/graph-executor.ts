import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { formatDuration } from '../../api/duration.js';
import {
  LiteralValueError,
  literalMapFromJson,
  literalMapToJson,
  literalToJson,
} from '../../api/literals.js';
import {
  type BindingDataOut,
  type CompiledWorkflowClosureOut,
  type ExecutionPhase,
  type LiteralMapOut,
  type LiteralOut,
  START_NODE,
  type TaskTemplateOut,
  TERMINAL_PHASES,
} from '../../api/types.js';
import { cpuMillis, parseQuantity } from '../../config/quantity.js';
import { activeSpanContext, inSpan } from '../../telemetry/tracing.js';
import type { Repository } from '../db/repository.js';
import type { ExecutionTable } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { AttemptIds, TaskAttemptEnd, TaskRuntime } from '../runtime/tasks.js';
import type { TaskSecretSource } from '../secrets.js';
import { fullMessage } from '../services/messages.js';
import type { BlobStore } from '../storage/blob-store.js';
import { readInputs, readLiteralMap, writeLiteralMap } from '../storage/execution-data.js';
import { type BundleCache, BundleError } from './bundles.js';
import { type CacheStatus, type TaskCache, taskCacheKey } from './cache.js';
import type { ExecutionEvents } from './events.js';
import type { Executor } from './executor.js';
import { checkTransition, type NodePhase } from './phases.js';

/** Options of {@link GraphExecutor}. */
export interface GraphExecutorOptions {
  repo: Repository;
  blobs: BlobStore;
  logger: Logger;
  /** Folder for per-attempt working directories, input/output files and logs. */
  workDir: string;
  /** Where task attempts run: processes on this host, containers, ... (`--runtime.type`). */
  runtime: TaskRuntime;
  /** Executions run at the same time; the rest wait, QUEUED, in submission order. @default CPUs x 2 */
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
}

/** Default of {@link LocalExecutorOptions.nodeConcurrency}. */
export const DEFAULT_NODE_CONCURRENCY = 4;

/** The recorded error of an execution, node or attempt (`orch.core.ExecutionError`). */
interface ErrorRecord {
  code: string;
  message: string;
  kind: 'USER' | 'SYSTEM';
}

/**
 * A task failure to record on the execution: a user-facing message, a short code, and whose fault it
 * is (USER: the task's code or data; SYSTEM: the platform, such as a missing code bundle).
 */
class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly phase: 'FAILED' | 'TIMED_OUT' = 'FAILED',
    readonly kind: 'USER' | 'SYSTEM' = 'USER',
  ) {
    super(message);
  }

  record(): ErrorRecord {
    return { code: this.code, message: this.message, kind: this.kind };
  }

  /** `error` itself when it is a TaskFailure, else a SYSTEM failure carrying its message. */
  static from(error: unknown): TaskFailure {
    if (error instanceof TaskFailure) return error;
    return new TaskFailure(
      'SystemError',
      error instanceof Error ? error.message : String(error),
      'FAILED',
      'SYSTEM',
    );
  }
}

/** Thrown inside a run when the executor is closing: the execution stays unfinished and resumes later. */
class Interrupted extends Error {}

/** Thrown inside a run when the execution was terminated: it ends ABORTED. */
class Aborted extends Error {}

/** What the executor holds about one submitted execution. */
interface RunState {
  /** Set once the execution is terminated: the abort cause. */
  cause?: string;
  /** Whether it holds a slot (false while it waits, QUEUED). */
  started: boolean;
  /** The stop switches of its attempts in flight (aborted with 'terminate' or 'shutdown'). */
  attempts: Set<AbortController>;
  /** Its phase as last written or read by {@link LocalExecutor.move} (announced with node changes). */
  phase?: ExecutionPhase;
}

/** Largest log kept per stream and attempt in the blob store; longer logs keep their end. */
const MAX_LOG_BYTES = 8 * 1024 * 1024;
const INPUT_REFERENCE = /\{\{\s*inputs\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

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
 * `nodeConcurrency` (DESIGN.md, "Where tasks and apps run"). A task gets `ORCH_INPUTS_FILE` (a JSON object of its inputs), `ORCH_OUTPUTS_FILE` (where it
 * writes a JSON object of its outputs, checked against the task's interface) and `ORCH_ATTEMPT`
 * (1, 2, ...); `{{ inputs.x }}` in its command is replaced by the value of input `x`. A task with a
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
 * After a restart ({@link resume}), an unfinished execution continues: nodes that succeeded keep their
 * outputs; an attempt the old server left running is re-attached when the runtime still holds it (a
 * container), else stopped and run again under its own number.
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
    if (this.closed || this.running.has(executionId)) return;
    const state: RunState = { started: false, attempts: new Set() };
    this.states.set(executionId, state);
    const submitter = activeSpanContext();
    const run = this.acquire()
      .then(async () => {
        try {
          // Terminated while it waited for a slot: its phase is already recorded.
          if (state.cause !== undefined || this.closed) return;
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
          this.waiting.shift()?.();
        }
      })
      .catch((error: unknown) => {
        if (error instanceof Interrupted) return;
        this.options.logger.error('execution bookkeeping failed', {
          executionId,
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        this.running.delete(executionId);
        this.states.delete(executionId);
      });
    this.running.set(executionId, run);
  }

  /** Executions waiting for a slot under the parallelism limit (QUEUED, not started). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Executions running now (holding a slot). */
  get runningCount(): number {
    return this.active;
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
      if (!row || TERMINAL_PHASES.has(row.phase as ExecutionPhase)) return false;
      const phase = row.phase as ExecutionPhase;
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
  private async releaseLeftoverAttempts(row: ExecutionRow, how: 'resume' | 'abort'): Promise<void> {
    for (const attempt of await this.options.repo.listTaskAttempts(row.id)) {
      if (attempt.ended_at !== null) continue;
      const ids = attemptIds(row, attempt.node_id, attempt.attempt);
      await this.options.runtime.release({ ids, pid: attempt.pid }, how).catch((error: unknown) =>
        this.options.logger.warn('could not release a leftover attempt', {
          execution: row.name,
          node: attempt.node_id,
          attempt: attempt.attempt,
          error: error instanceof Error ? error.message : String(error),
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
    for (const row of await this.options.repo.listUnfinishedExecutions()) {
      if (row.phase === 'ABORTING') await this.finishAbort(row, 'terminated by request');
      else this.submit(row.id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.states.values()) for (const attempt of state.attempts) attempt.abort('shutdown');
    await Promise.allSettled([...this.running.values()]);
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
    const current = (row?.phase ?? from) as ExecutionPhase;
    if (state) state.phase = current;
    return current;
  }

  private async run(executionId: number, state: RunState): Promise<void> {
    const { repo, blobs } = this.options;
    const row = await repo.getExecutionById(executionId);
    if (!row || TERMINAL_PHASES.has(row.phase as ExecutionPhase)) return;
    const startedAt = row.started_at ?? this.now();
    let phase = row.phase as ExecutionPhase;
    if (phase === 'UNDEFINED' || phase === 'QUEUED') {
      phase = await this.move(executionId, row.name, phase, 'RUNNING', { started_at: startedAt });
    }
    const finish = async (to: ExecutionPhase, changes: { outputs_key?: string; error?: string }) => {
      const at = this.now();
      phase = await this.move(executionId, row.name, phase, to, { ...changes, duration_ms: at - startedAt });
    };
    const endAborted = async () => {
      if (phase !== 'ABORTING' && !TERMINAL_PHASES.has(phase)) {
        phase = await this.move(executionId, row.name, phase, 'ABORTING');
      }
      if (phase === 'ABORTING') {
        await finish('ABORTED', { error: JSON.stringify(abortRecord(state.cause ?? 'terminated')) });
      }
    };

    try {
      if (phase === 'ABORTING') {
        state.cause ??= 'terminated by request';
        throw new Aborted();
      }
      const workflow = await repo.getEntity('workflows', {
        project: row.project,
        domain: row.domain,
        name: row.workflow_name,
        version: row.workflow_version,
      });
      if (!workflow)
        throw new TaskFailure(
          'WorkflowMissing',
          `workflow ${row.workflow_name} ${row.workflow_version} is gone`,
          'FAILED',
          'SYSTEM',
        );
      const closure = fullMessage<CompiledWorkflowClosureOut>(
        'orch.core.CompiledWorkflowClosure',
        (JSON.parse(workflow.closure) as { compiled_workflow: unknown }).compiled_workflow,
      );
      const template = closure.primary?.template;
      if (!template)
        throw new TaskFailure('WorkflowMissing', 'the compiled workflow has no template', 'FAILED', 'SYSTEM');
      const tasks = new Map(
        closure.tasks.map((t) => [`${t.template?.id?.name}@${t.template?.id?.version}`, t.template]),
      );
      const inputs = await readInputs(blobs, row);
      const values = new Map<string, Record<string, LiteralOut>>([[START_NODE, inputs.literals ?? {}]]);

      // What an earlier run (before a restart) finished stays done; its outputs are read back. A run
      // that starts from QUEUED has no earlier nodes or attempts to look for.
      const resumed = !(row.phase === 'UNDEFINED' || row.phase === 'QUEUED');
      const done = new Set<string>();
      const previous = new Map<string, { phase: string; attempts: number; started_at: number | null }>();
      let failure: TaskFailure | undefined;
      for (const node of resumed ? await repo.allNodeExecutions(executionId) : []) {
        previous.set(node.node_id, node);
        if (node.phase === 'SUCCEEDED' && node.outputs_key) {
          const stored = await readLiteralMap(blobs, node.outputs_key);
          values.set(node.node_id, fullMessage<LiteralMapOut>('orch.core.LiteralMap', stored).literals);
          done.add(node.node_id);
        } else if (node.phase === 'FAILED' || node.phase === 'TIMED_OUT') {
          const error = node.error ? (JSON.parse(node.error) as ErrorRecord) : undefined;
          failure ??= new TaskFailure(
            error?.code ?? 'NodeFailed',
            error?.message ?? `node ${node.node_id} failed`,
            node.phase === 'TIMED_OUT' ? 'TIMED_OUT' : 'FAILED',
            error?.kind ?? 'USER',
          );
        }
      }
      // Attempts a killed server left running: re-attached when the runtime still holds them, else stopped.
      if (resumed) await this.releaseLeftoverAttempts(row, 'resume');

      const pending = new Map(template.nodes.filter((n) => !done.has(n.id)).map((n) => [n.id, n]));
      const inflight = new Map<string, Promise<void>>();
      const interrupted: unknown[] = [];
      for (;;) {
        if (failure && phase === 'RUNNING') phase = await this.move(executionId, row.name, phase, 'FAILING');
        if (phase === 'ABORTING' || state.cause !== undefined) break;
        if (!failure && !this.closed && interrupted.length === 0) {
          for (const node of [...pending.values()]) {
            if (inflight.size >= this.nodeConcurrency) break;
            if (!node.upstream_node_ids.every((d) => done.has(d))) continue;
            pending.delete(node.id);
            const ref = node.task_node?.reference_id;
            const task = ref ? tasks.get(`${ref.name}@${ref.version}`) : undefined;
            if (!task) {
              failure = new TaskFailure(
                'TaskMissing',
                `node ${node.id}: its task is not in the compiled workflow`,
                'FAILED',
                'SYSTEM',
              );
              break;
            }
            let nodeInputs: Record<string, LiteralOut>;
            try {
              nodeInputs = {};
              for (const binding of node.inputs)
                nodeInputs[binding.var] = resolveBinding(binding.binding, values);
            } catch (error) {
              failure = error instanceof TaskFailure ? error : new TaskFailure('BadBinding', String(error));
              break;
            }
            const nodeRun = this.runNode(row, state, node.id, task, nodeInputs, previous.get(node.id))
              .then((outputs) => {
                values.set(node.id, outputs);
                done.add(node.id);
              })
              .catch((error: unknown) => {
                if (error instanceof TaskFailure) failure ??= error;
                else if (!(error instanceof Aborted)) interrupted.push(error);
              })
              .finally(() => inflight.delete(node.id));
            inflight.set(node.id, nodeRun);
          }
        }
        if (inflight.size === 0) break;
        await Promise.race(inflight.values());
      }
      await Promise.allSettled(inflight.values());

      if (this.closed) throw new Interrupted();
      if (state.cause !== undefined || phase === 'ABORTING') {
        state.cause ??= 'terminated by request';
        throw new Aborted();
      }
      if (interrupted.length) throw interrupted[0];
      if (failure) throw failure;
      if (pending.size) {
        throw new TaskFailure(
          'BadGraph',
          `nodes ${[...pending.keys()].join(', ')} never became ready`,
          'FAILED',
          'SYSTEM',
        );
      }

      phase = await this.move(executionId, row.name, phase, 'SUCCEEDING');
      if (phase !== 'SUCCEEDING') throw new Aborted();
      const wfOutputs: Record<string, LiteralOut> = {};
      for (const binding of template.outputs)
        wfOutputs[binding.var] = resolveBinding(binding.binding, values);
      const outputsKey = `executions/${row.project}/${row.domain}/${row.name}.outputs.json`;
      await writeLiteralMap(blobs, outputsKey, wfOutputs);
      await finish('SUCCEEDED', { outputs_key: outputsKey });
      if ((phase as ExecutionPhase) === 'ABORTING') await endAborted();
    } catch (error) {
      if (error instanceof Interrupted || (this.closed && !(error instanceof Aborted))) {
        throw new Interrupted();
      }
      if (error instanceof Aborted || state.cause !== undefined || phase === 'ABORTING') {
        await endAborted();
        return;
      }
      const failure = TaskFailure.from(error);
      if (phase === 'SUCCEEDING') phase = await this.move(executionId, row.name, phase, 'FAILING');
      if (failure.phase === 'TIMED_OUT' && phase === 'FAILING') {
        // The timed-out node is the whole story: FAILING → TIMED_OUT.
      } else if (phase === 'RUNNING' && failure.phase === 'FAILED') {
        phase = await this.move(executionId, row.name, phase, 'FAILING');
      }
      if (phase === 'ABORTING') {
        await endAborted();
        return;
      }
      await finish(failure.phase, { error: JSON.stringify(failure.record()) });
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
    const phase = known ?? (await this.options.repo.getExecutionById(execution.id))?.phase ?? 'RUNNING';
    this.announce(execution.id, phase as ExecutionPhase, nodeId, to);
    return to;
  }

  /** Runs one task node, with retries; returns its outputs as literals. */
  private async runNode(
    execution: ExecutionRow,
    state: RunState,
    nodeId: string,
    task: TaskTemplateOut,
    inputs: Record<string, LiteralOut>,
    previous: { phase: string; attempts: number; started_at: number | null } | undefined,
  ): Promise<Record<string, LiteralOut>> {
    const executionId = execution.id;
    const attempts = Number(task.metadata?.retries?.retries ?? 0) + 1;
    const timeout = task.metadata?.timeout;
    const timeoutMs = timeout ? Number(timeout.seconds) * 1000 + Math.floor((timeout.nanos ?? 0) / 1e6) : 0;
    const startedAt = previous?.started_at ?? this.now();
    const inputsKey = `node-executions/${executionId}/${nodeId}.inputs.json`;
    await writeLiteralMap(this.options.blobs, inputsKey, inputs);
    let phase = previous?.phase as NodePhase | undefined;
    const outputsKey = `node-executions/${executionId}/${nodeId}.outputs.json`;
    const cache = task.metadata?.cache ? this.options.cache : undefined;
    const cacheKey = cache
      ? taskCacheKey({ project: execution.project, domain: execution.domain, task, inputs })
      : undefined;
    let cacheStatus: CacheStatus = 'CACHE_DISABLED';
    if (cache && cacheKey) {
      const found = await cache.lookup(cacheKey);
      if (found.status === 'hit') {
        const base = {
          attempts: 0,
          inputs_key: inputsKey,
          started_at: startedAt,
          cache_status: 'CACHE_HIT' as const,
        };
        await writeLiteralMap(this.options.blobs, outputsKey, found.outputs);
        phase = await this.recordNode(execution, nodeId, phase, 'RUNNING', base);
        await this.recordNode(execution, nodeId, phase, 'SUCCEEDED', {
          ...base,
          outputs_key: outputsKey,
          ended_at: this.now(),
        });
        return found.outputs;
      }
      cacheStatus = found.status === 'miss' ? 'CACHE_MISS' : 'CACHE_LOOKUP_FAILURE';
    }
    // An attempt interrupted by a restart is run again under its own number.
    const first = previous?.phase === 'RUNNING' ? Math.max(1, previous.attempts) : 1;
    let lastFailure: TaskFailure | undefined;
    for (let attempt = first; attempt <= attempts; attempt++) {
      const base: { attempts: number; inputs_key: string; started_at: number; cache_status: CacheStatus } = {
        attempts: attempt,
        inputs_key: inputsKey,
        started_at: startedAt,
        cache_status: cacheStatus,
      };
      phase = await this.recordNode(execution, nodeId, phase, 'RUNNING', base);
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
          () => this.recordAttempt(execution, state, nodeId, attempt, task, inputs, timeoutMs),
        );
        await writeLiteralMap(this.options.blobs, outputsKey, outputs);
        if (cache && cacheKey && cacheStatus === 'CACHE_MISS') {
          base.cache_status = (await cache.put(cacheKey, outputs)) ? 'CACHE_POPULATED' : 'CACHE_PUT_FAILURE';
        }
        await this.recordNode(execution, nodeId, phase, 'SUCCEEDED', {
          ...base,
          outputs_key: outputsKey,
          ended_at: this.now(),
        });
        return outputs;
      } catch (error) {
        if (error instanceof Interrupted || this.closed) throw new Interrupted();
        if (state.cause !== undefined) {
          await this.recordNode(execution, nodeId, phase, 'ABORTED', {
            ...base,
            error: abortRecord(state.cause),
            ended_at: this.now(),
          });
          throw new Aborted();
        }
        if (!(error instanceof TaskFailure)) throw error;
        lastFailure = error;
        this.options.logger.info('task attempt failed', {
          execution: execution.name,
          node: nodeId,
          attempt,
          ms: this.now() - attemptStart,
          error: error.message,
        });
      }
    }
    const failure = lastFailure as TaskFailure;
    const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
    const final = new TaskFailure(
      failure.code,
      `node ${nodeId}: ${failure.message}${tries}`,
      failure.phase,
      failure.kind,
    );
    await this.recordNode(execution, nodeId, phase, failure.phase === 'TIMED_OUT' ? 'TIMED_OUT' : 'FAILED', {
      attempts,
      inputs_key: inputsKey,
      started_at: startedAt,
      cache_status: cacheStatus,
      error: final.record(),
      ended_at: this.now(),
    });
    throw final;
  }

  /** Runs one attempt and records it (phase, times, error, log keys) in `task_attempts`. */
  private async recordAttempt(
    execution: ExecutionRow,
    state: RunState,
    nodeId: string,
    attempt: number,
    task: TaskTemplateOut,
    inputs: Record<string, LiteralOut>,
    timeoutMs: number,
  ): Promise<Record<string, LiteralOut>> {
    const { repo } = this.options;
    const dir = join(this.options.workDir, String(execution.id), nodeId, String(attempt));
    const record = {
      execution_id: execution.id,
      node_id: nodeId,
      attempt,
      started_at: this.now(),
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
    let logsStored: { stdout_key: string | null; stderr_key: string | null } = {
      stdout_key: null,
      stderr_key: null,
    };
    try {
      const outputs = await this.attemptProcess(
        state,
        attemptIds(execution, nodeId, attempt),
        dir,
        task,
        inputs,
        timeoutMs,
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
      if (error instanceof Interrupted || this.closed) throw error;
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

  /** Copies an attempt's stdout.log and stderr.log into the blob store (the end of overlong logs). */
  private async storeLogs(
    execution: ExecutionRow,
    nodeId: string,
    attempt: number,
    dir: string,
  ): Promise<{ stdout_key: string | null; stderr_key: string | null }> {
    const keys = { stdout_key: null as string | null, stderr_key: null as string | null };
    for (const stream of ['stdout', 'stderr'] as const) {
      const bytes = await readTail(join(dir, `${stream}.log`), MAX_LOG_BYTES);
      if (bytes === undefined) continue;
      const key = attemptLogKey(execution, nodeId, attempt, stream);
      await this.options.blobs.put(key, bytes);
      keys[`${stream}_key`] = key;
    }
    return keys;
  }

  /**
   * Prepares the attempt's folder (unless the runtime still holds this attempt from an earlier
   * server: then its folder is the one the attempt uses), runs it on the runtime and reads its outputs.
   */
  private async attemptProcess(
    state: RunState,
    ids: AttemptIds,
    dir: string,
    task: TaskTemplateOut,
    inputs: Record<string, LiteralOut>,
    timeoutMs: number,
    onStart: (pid: number | null) => Promise<void>,
    onEnd: () => Promise<void>,
  ): Promise<Record<string, LiteralOut>> {
    const { runtime } = this.options;
    const ioDir = join(dir, 'io');
    const outputsFile = join(ioDir, 'outputs.json');
    const inputJson = literalMapToJson({ literals: inputs });
    const held = await runtime.holds(ids);
    if (!held) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(ioDir, { recursive: true });
      await writeFile(join(ioDir, 'inputs.json'), JSON.stringify(inputJson));
    }

    const argv = (task.container?.command ?? []).map((arg) =>
      arg.replace(INPUT_REFERENCE, (whole, name: string) => {
        if (!(name in inputJson)) return whole;
        const value = literalToJson(inputs[name]);
        return typeof value === 'string' ? value : JSON.stringify(value);
      }),
    );
    const [program] = argv;
    if (!program) throw new TaskFailure('BadCommand', 'the task has no command');
    const codeDir = await this.workingDirectory(task);
    const env: Record<string, string> = {};
    for (const pair of task.container?.env ?? []) env[pair.key] = pair.value;
    for (const secret of task.security_context?.secrets ?? []) {
      // The value goes only into the task's environment: never into a record, a log or an error.
      let value: string | undefined;
      try {
        value = await this.options.secrets?.get(secret.key, ids);
      } catch (error) {
        throw new TaskFailure('SecretUnavailable', (error as Error).message, 'FAILED', 'SYSTEM');
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

    const stop = new AbortController();
    state.attempts.add(stop);
    // A terminate (or shutdown) that arrived while the node was being prepared.
    if (state.cause !== undefined) stop.abort('terminate');
    else if (this.closed) stop.abort('shutdown');
    let end: TaskAttemptEnd;
    try {
      end = await runtime.run(
        {
          ids,
          argv,
          env,
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
    if (end.detached || this.closed) throw new Interrupted();
    await onEnd();
    if (state.cause !== undefined) throw new Aborted();
    if (end.startError) throw new TaskFailure('BadCommand', `cannot start "${program}": ${end.startError}`);
    if (end.timedOut) {
      throw new TaskFailure('Timeout', `timed out after ${formatDuration(timeoutMs / 1000)}`, 'TIMED_OUT');
    }
    if (end.oomKilled) {
      throw new TaskFailure(
        'OOMKilled',
        `task was killed for going over its memory limit of ${formatBytes(end.oomKilled.memoryBytes)} ` +
          '(raise `limits.mem` in the workflow file)',
      );
    }
    if (end.code !== 0) {
      const how = end.signal ? `was killed by ${end.signal}` : `exited with code ${end.code}`;
      throw new TaskFailure('NonZeroExit', `task ${how}${end.stderrTail ? `: ${end.stderrTail}` : ''}`);
    }
    let raw: string;
    try {
      raw = await readFile(outputsFile, 'utf8');
    } catch {
      const expected = Object.keys(task.interface?.outputs?.variables ?? {});
      if (!expected.length) return {};
      throw new TaskFailure(
        'NoOutputs',
        `task wrote no outputs to ORCH_OUTPUTS_FILE (expected ${expected.join(', ')})`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new TaskFailure('BadOutputs', 'ORCH_OUTPUTS_FILE does not hold valid JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new TaskFailure('BadOutputs', 'ORCH_OUTPUTS_FILE must hold a JSON object of outputs');
    }
    try {
      const map = literalMapFromJson(parsed as Record<string, unknown>, task.interface?.outputs ?? {});
      return fullMessage<LiteralMapOut>('orch.core.LiteralMap', map).literals;
    } catch (error) {
      if (error instanceof LiteralValueError)
        throw new TaskFailure('BadOutputs', `outputs do not match the interface: ${error.message}`);
      throw error;
    }
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
        `code bundle ${url}: ${error instanceof Error ? error.message : String(error)}`,
        'FAILED',
        'SYSTEM',
      );
    }
  }
}

type ExecutionRow = NonNullable<Awaited<ReturnType<Repository['getExecutionById']>>>;

/** The error recorded on a terminated execution, node or attempt. */
function abortRecord(cause: string): ErrorRecord {
  return { code: 'Aborted', message: cause, kind: 'USER' };
}

/** The last `max` bytes of a file, or undefined when it does not exist. */
async function readTail(path: string, max: number): Promise<Buffer | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, max);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return size > max ? Buffer.concat([Buffer.from(`[... ${size - max} bytes cut ...]\n`), buffer]) : buffer;
  } finally {
    await handle.close();
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
    if (data.promise.node_id === START_NODE) return { scalar: { none_type: {} } } as LiteralOut;
    throw new TaskFailure('BadBinding', `no output ${data.promise.var} of node ${data.promise.node_id}`);
  }
  if (data.collection) {
    return {
      collection: { literals: data.collection.bindings.map((b) => resolveBinding(b, values)) },
    } as LiteralOut;
  }
  if (data.map) {
    const literals = Object.fromEntries(
      Object.entries(data.map.bindings).map(([k, v]) => [k, resolveBinding(v, values)]),
    );
    return { map: { literals } } as LiteralOut;
  }
  return { scalar: data.scalar } as LiteralOut;
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
