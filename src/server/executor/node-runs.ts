import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringifyExactJson } from '../../api/exact-json.js';
import { errorMessage } from '../../api/guards.js';
import { literalMapToJson } from '../../api/literals.js';
import type { ExecutionPhase, LiteralOut, TaskTemplateOut } from '../../api/types.js';
import { inSpan } from '../../telemetry/tracing.js';
import { attemptTimesKey, parseLineTimes, shiftLineTimes, timesFileOf } from '../runtime/log-times.js';
import type { AttemptIds, TaskAttemptEnd } from '../runtime/tasks.js';
import { writeLiteralMap } from '../storage/execution-data.js';
import { decodeAttemptEnd } from './attempt-end.js';
import { AttemptFileError } from './attempt-files.js';
import {
  attemptIds,
  attemptLogKey,
  commandLine,
  DEFAULT_MAX_OUTPUTS_BYTES,
  MAX_LOG_BYTES,
  readOutputs,
  readTail,
  type StoredLog,
  taskLimits,
  timeoutOf,
} from './attempt-io.js';
import { BundleError } from './bundles.js';
import { type CacheStatus, type TaskCache, taskCacheKey } from './cache.js';
import type { GraphExecutorOptions } from './executor-options.js';
import {
  Aborted,
  abortRecord,
  type ErrorRecord,
  Interrupted,
  type LeaseLost,
  TaskFailure,
} from './failures.js';
import { checkTransition, executionPhaseOf, type NodePhase } from './phases.js';
import {
  type AttemptProcess,
  type AttemptRow,
  type ExecutionRow,
  type LogKeys,
  type NodeRecords,
  type NodeRun,
  nodeFields,
  type RunState,
} from './run-types.js';

/** What the node runs need of the executor driving the execution. */
export interface NodeRunHooks {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Whether the run must stop as on shutdown (the executor closes, or the lease was lost). */
  halted(state: RunState): boolean;
  /** Stops the execution's run: another replica took its lease over. Returns the error to throw. */
  lose(executionId: number): LeaseLost;
  /** Announces a recorded change to watchers. */
  announce(executionId: number, phase: ExecutionPhase, nodeId?: string, nodePhase?: string): void;
  /** The run state of an execution this executor runs. */
  stateOf(executionId: number): RunState | undefined;
}

/**
 * Runs the task nodes of an execution (see GraphExecutor for the rules): each node's attempts on the
 * runtime, with retries and the task output cache, and their records (node and attempt rows, fenced
 * with the run's lease; outputs and logs in the blob store).
 */
export class NodeRuns {
  constructor(
    private readonly options: GraphExecutorOptions,
    private readonly hooks: NodeRunHooks,
  ) {}

  /**
   * Records a node's row in phase `to` (checking the change from `records.phase`, which it then
   * holds), fenced with the run's lease, and announces it.
   * @throws LeaseLost when another replica took the execution over (nothing was written).
   */
  private async recordNode(
    { execution, nodeId }: NodeRun,
    records: NodeRecords,
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
  ): Promise<void> {
    checkTransition('node', records.phase ?? 'UNDEFINED', to, `node ${nodeId} of ${execution.name}`);
    const written = await this.options.repo.upsertNodeExecution(
      {
        execution_id: execution.id,
        node_id: nodeId,
        phase: to,
        attempts: fields.attempts,
        inputs_key: fields.inputs_key,
        outputs_key: fields.outputs_key ?? null,
        error: fields.error ? JSON.stringify(fields.error) : null,
        started_at: fields.started_at,
        updated_at: this.hooks.now(),
        ended_at: fields.ended_at ?? null,
        cache_status: fields.cache_status ?? 'CACHE_DISABLED',
      },
      this.hooks.stateOf(execution.id)?.lease,
    );
    if (!written) throw this.hooks.lose(execution.id);
    // The execution's phase is kept by move(); it is read only for a run this executor did not move.
    const known = this.hooks.stateOf(execution.id)?.phase;
    const stored = known === undefined ? await this.options.repo.getExecutionById(execution.id) : undefined;
    const phase = known ?? executionPhaseOf(stored?.phase ?? 'RUNNING', `execution ${execution.name}`);
    records.phase = to;
    this.hooks.announce(execution.id, phase, nodeId, to);
  }

  /** Runs one task node, with retries; returns its outputs as literals. */
  async runNode(node: NodeRun): Promise<Record<string, LiteralOut>> {
    const { execution, nodeId, task, inputs, previous } = node;
    const records: NodeRecords = {
      phase: previous?.phase,
      inputsKey: `node-executions/${execution.id}/${nodeId}.inputs.json`,
      outputsKey: `node-executions/${execution.id}/${nodeId}.outputs.json`,
      startedAt: previous?.started_at ?? this.hooks.now(),
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
    await this.recordNode(node, records, failure.phase === 'TIMED_OUT' ? 'TIMED_OUT' : 'FAILED', {
      ...nodeFields(records, Math.max(budget, last)),
      error: final.record(),
      ended_at: this.hooks.now(),
    });
    throw final;
  }

  /** Records a node whose outputs the task cache held: RUNNING, then SUCCEEDED with no attempt. */
  private async cacheHit(
    node: NodeRun,
    records: NodeRecords,
    outputs: Record<string, LiteralOut>,
  ): Promise<Record<string, LiteralOut>> {
    records.cacheStatus = 'CACHE_HIT';
    await writeLiteralMap(this.options.blobs, records.outputsKey, outputs);
    const base = nodeFields(records, 0);
    await this.recordNode(node, records, 'RUNNING', base);
    await this.recordNode(node, records, 'SUCCEEDED', {
      ...base,
      outputs_key: records.outputsKey,
      ended_at: this.hooks.now(),
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
    await this.recordNode(node, records, 'RUNNING', base);
    const attemptStart = this.hooks.now();
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
      await this.recordNode(node, records, 'SUCCEEDED', {
        ...base,
        outputs_key: records.outputsKey,
        ended_at: this.hooks.now(),
      });
      return outputs;
    } catch (error) {
      if (error instanceof Interrupted || this.hooks.halted(state)) throw new Interrupted();
      if (state.cause !== undefined) {
        await this.recordNode(node, records, 'ABORTED', {
          ...base,
          error: abortRecord(state.cause),
          ended_at: this.hooks.now(),
        });
        throw new Aborted();
      }
      if (!(error instanceof TaskFailure)) throw error;
      this.options.logger.info('task attempt failed', {
        execution: execution.name,
        node: nodeId,
        attempt,
        ms: this.hooks.now() - attemptStart,
        error: error.message,
      });
      return error;
    }
  }

  /**
   * Records one attempt's row, fenced with the run's lease.
   * @throws LeaseLost when another replica took the execution over (nothing was written).
   */
  async writeAttempt(state: RunState, row: AttemptRow): Promise<void> {
    if (!(await this.options.repo.upsertTaskAttempt(row, state.lease)))
      throw this.hooks.lose(row.execution_id);
  }

  /** Runs one attempt and records it (phase, times, error, log keys) in `task_attempts`. */
  private async recordAttempt(node: NodeRun, attempt: number): Promise<Record<string, LiteralOut>> {
    const { execution, state, nodeId } = node;
    const dir = join(this.options.workDir, String(execution.id), nodeId, String(attempt));
    const running: AttemptRow = {
      execution_id: execution.id,
      node_id: nodeId,
      attempt,
      started_at: this.hooks.now(),
      replica: this.options.leases?.holder ?? null,
      phase: 'RUNNING',
      ended_at: null,
      error: null,
      stdout_key: null,
      stderr_key: null,
      pid: null,
    };
    await this.writeAttempt(state, running);
    let logs: LogKeys = { stdout_key: null, stderr_key: null };
    const ended = (phase: string, error: string | null): AttemptRow => ({
      ...running,
      ...logs,
      phase,
      ended_at: this.hooks.now(),
      error,
    });
    try {
      const outputs = await this.attemptProcess({
        node,
        ids: attemptIds(execution, nodeId, attempt),
        dir,
        onStart: (pid) => this.writeAttempt(state, { ...running, pid }),
        onEnd: async () => {
          logs = await this.storeLogs(execution, nodeId, attempt, dir);
        },
      });
      await this.writeAttempt(state, ended('SUCCEEDED', null));
      return outputs;
    } catch (error) {
      // An interrupted attempt stays RUNNING: the next server runs it again.
      if (error instanceof Interrupted || this.hooks.halted(state)) throw error;
      const failure = TaskFailure.from(error);
      await this.writeAttempt(
        state,
        state.cause !== undefined
          ? ended('ABORTED', JSON.stringify(abortRecord(state.cause)))
          : ended(failure.phase, JSON.stringify(failure.record())),
      );
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
  private async attemptProcess(process: AttemptProcess): Promise<Record<string, LiteralOut>> {
    const { node, ids, dir, onStart, onEnd } = process;
    const { state, task, inputs } = node;
    const { runtime } = this.options;
    const ioDir = join(dir, 'io');
    const inputJson = literalMapToJson({ literals: inputs });
    const held = await runtime.holds(ids);
    if (!held) {
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
    else if (this.hooks.halted(state)) stop.abort('shutdown');
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
          held,
        },
        onStart,
      );
    } finally {
      state.attempts.delete(stop);
    }
    const verdict = decodeAttemptEnd(end, { program, timeoutMs });
    if (verdict.outcome === 'detached' || this.hooks.halted(state)) throw new Interrupted();
    await onEnd();
    if (state.cause !== undefined) throw new Aborted();
    if (verdict.outcome === 'failed') throw verdict.failure;
    // A container another replica started wrote into the folder that replica mounted.
    return readOutputs(
      verdict.outputsDir ?? ioDir,
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
        throw new TaskFailure('SecretUnavailable', errorMessage(error), 'FAILED', 'SYSTEM');
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
        `code bundle ${url}: ${errorMessage(error)}`,
        'FAILED',
        'SYSTEM',
      );
    }
  }
}
