import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, getPriority, setPriority } from 'node:os';
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
import { topologicalOrder } from '../compiler.js';
import type { Repository } from '../db/repository.js';
import type { Logger } from '../logger.js';
import { fullMessage, minimalMessage } from '../services/messages.js';
import type { BlobStore } from '../storage/blob-store.js';
import { readInputs } from '../storage/execution-data.js';
import { type BundleCache, BundleError } from './bundles.js';
import type { Executor } from './executor.js';

/** Options of {@link LocalExecutor}. */
export interface LocalExecutorOptions {
  repo: Repository;
  blobs: BlobStore;
  logger: Logger;
  /** Folder for per-attempt working directories, input/output files and logs. */
  workDir: string;
  /**
   * The only environment task processes inherit (besides their declared env and the ORCH_* files):
   * typically `PATH` and `HOME` of the server. Never the server's whole environment, which may hold secrets.
   */
  baseEnv: Record<string, string>;
  /** Executions run at the same time; the rest wait, QUEUED, in submission order. @default CPUs x 2 */
  maxParallel?: number;
  /**
   * Fetches and unpacks code bundles (`container.code_bundle`). Without it, a task with a bundle
   * fails with a SYSTEM error.
   */
  bundles?: BundleCache;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

/**
 * A task failure to record on the execution: a user-facing message, a short code, and whose fault it
 * is (USER: the task's code or data; SYSTEM: the platform, such as a missing code bundle).
 */
class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly phase: ExecutionPhase = 'FAILED',
    readonly kind: 'USER' | 'SYSTEM' = 'USER',
  ) {
    super(message);
  }
}

/** Thrown inside a run when the executor is closing: the execution stays unfinished and resumes later. */
class Interrupted extends Error {}

/** Thrown inside a run when the execution was terminated: it ends ABORTED. */
class Aborted extends Error {}

const STDERR_TAIL_BYTES = 2048;
/** How far below the server task processes run (nice levels; 0 = same priority, 19 = lowest). */
const TASK_NICENESS = 10;
const INPUT_REFERENCE = /\{\{\s*inputs\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Runs executions on this host: each task node as a subprocess, in dependency order (DESIGN.md,
 * "Where tasks and apps run"). A task process gets `ORCH_INPUTS_FILE` (a JSON object of its inputs)
 * and `ORCH_OUTPUTS_FILE` (where it writes a JSON object of its outputs) and `ORCH_ATTEMPT` (1, 2, ...); `{{ inputs.x }}` in its
 * command is replaced by the value of input `x`. A task with a `container.code_bundle` runs inside
 * the unpacked bundle (shared, read by every execution of that bundle); without one it runs in an
 * empty per-attempt folder. Phases go QUEUED → RUNNING → SUCCEEDED or FAILED,
 * with the outputs or the error recorded. A failed attempt is retried up to the task's `retries`.
 */
export class LocalExecutor implements Executor {
  private readonly running = new Map<number, Promise<void>>();
  private readonly children = new Set<ChildProcess>();
  private readonly childrenOf = new Map<number, Set<ChildProcess>>();
  private readonly aborts = new Map<number, string>();
  private closed = false;
  private readonly now: () => number;
  private readonly maxParallel: number;
  private active = 0;
  private readonly started = new Set<number>();
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: LocalExecutorOptions) {
    this.now = options.now ?? Date.now;
    this.maxParallel = Math.max(1, options.maxParallel ?? availableParallelism() * 2);
  }

  submit(executionId: number): void {
    if (this.closed || this.running.has(executionId)) return;
    const run = this.acquire()
      .then(async () => {
        try {
          // Terminated while it waited for a slot: its phase is already recorded.
          if (this.aborts.delete(executionId) || this.closed) return;
          this.started.add(executionId);
          await this.run(executionId);
        } finally {
          this.started.delete(executionId);
          this.active -= 1;
          this.waiting.shift()?.();
        }
      })
      .catch((error: unknown) => {
        if (error instanceof Interrupted || error instanceof Aborted) return;
        this.options.logger.error('execution bookkeeping failed', {
          executionId,
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => this.running.delete(executionId));
    this.running.set(executionId, run);
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
    const running = this.running.get(executionId);
    if (running && this.started.has(executionId)) {
      this.aborts.set(executionId, cause);
      for (const child of this.childrenOf.get(executionId) ?? []) child.kill('SIGKILL');
      await running;
      this.aborts.delete(executionId);
      const row = await this.options.repo.getExecutionById(executionId);
      return row?.phase === 'ABORTED';
    }
    const row = await this.options.repo.getExecutionById(executionId);
    if (!row || TERMINAL_PHASES.has(row.phase as ExecutionPhase)) return false;
    if (running) this.aborts.set(executionId, cause);
    const at = this.now();
    await this.options.repo.updateExecution(executionId, {
      phase: 'ABORTED',
      error: JSON.stringify({ code: 'Aborted', message: cause, kind: 'USER' }),
      updated_at: at,
      duration_ms: row.started_at === null ? 0 : at - row.started_at,
    });
    return true;
  }

  async resume(): Promise<void> {
    for (const row of await this.options.repo.listUnfinishedExecutions()) this.submit(row.id);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const child of this.children) child.kill('SIGKILL');
    await Promise.allSettled([...this.running.values()]);
  }

  /** Waits until every submitted execution has finished its bookkeeping (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  private async run(executionId: number): Promise<void> {
    const { repo, blobs } = this.options;
    const row = await repo.getExecutionById(executionId);
    if (!row || TERMINAL_PHASES.has(row.phase as ExecutionPhase)) return;
    const startedAt = row.started_at ?? this.now();
    await repo.updateExecution(executionId, {
      phase: 'RUNNING',
      started_at: startedAt,
      updated_at: this.now(),
    });
    const finish = async (changes: { phase: ExecutionPhase; outputs_key?: string; error?: string }) => {
      const at = this.now();
      await repo.updateExecution(executionId, { ...changes, updated_at: at, duration_ms: at - startedAt });
    };

    try {
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
        );
      const closure = fullMessage<CompiledWorkflowClosureOut>(
        'orch.core.CompiledWorkflowClosure',
        (JSON.parse(workflow.closure) as { compiled_workflow: unknown }).compiled_workflow,
      );
      const template = closure.primary?.template;
      if (!template) throw new TaskFailure('WorkflowMissing', 'the compiled workflow has no template');
      const tasks = new Map(
        closure.tasks.map((t) => [`${t.template?.id?.name}@${t.template?.id?.version}`, t.template]),
      );
      const inputs = await readInputs(blobs, row);
      const values = new Map<string, Record<string, LiteralOut>>([[START_NODE, inputs.literals ?? {}]]);

      const nodes = new Map(template.nodes.map((n) => [n.id, n]));
      for (const nodeId of topologicalOrder(template.nodes)) {
        if (this.aborts.has(executionId)) throw new Aborted();
        const node = nodes.get(nodeId);
        const ref = node?.task_node?.reference_id;
        const task = ref ? tasks.get(`${ref.name}@${ref.version}`) : undefined;
        if (!node || !task)
          throw new TaskFailure('TaskMissing', `node ${nodeId}: its task is not in the compiled workflow`);
        const nodeInputs: Record<string, LiteralOut> = {};
        for (const binding of node.inputs) nodeInputs[binding.var] = resolveBinding(binding.binding, values);
        const outputs = await this.runNode(executionId, nodeId, task, nodeInputs);
        values.set(nodeId, outputs);
      }

      const wfOutputs: Record<string, LiteralOut> = {};
      for (const binding of template.outputs)
        wfOutputs[binding.var] = resolveBinding(binding.binding, values);
      const outputsKey = `executions/${row.project}/${row.domain}/${row.name}.outputs.json`;
      await blobs.put(
        outputsKey,
        JSON.stringify(minimalMessage('orch.core.LiteralMap', { literals: wfOutputs })),
      );
      await finish({ phase: 'SUCCEEDED', outputs_key: outputsKey });
    } catch (error) {
      const cause = this.aborts.get(executionId);
      if (cause !== undefined) {
        await finish({
          phase: 'ABORTED',
          error: JSON.stringify({ code: 'Aborted', message: cause, kind: 'USER' }),
        });
        return;
      }
      if (error instanceof Interrupted || this.closed) throw new Interrupted();
      const failure =
        error instanceof TaskFailure
          ? error
          : new TaskFailure('SystemError', error instanceof Error ? error.message : String(error));
      await finish({
        phase: failure.phase,
        error: JSON.stringify({ code: failure.code, message: failure.message, kind: failure.kind }),
      });
    }
  }

  /** Runs one task node, with retries; returns its outputs as literals. */
  private async runNode(
    executionId: number,
    nodeId: string,
    task: TaskTemplateOut,
    inputs: Record<string, LiteralOut>,
  ): Promise<Record<string, LiteralOut>> {
    const { repo } = this.options;
    const attempts = Number(task.metadata?.retries?.retries ?? 0) + 1;
    const timeout = task.metadata?.timeout;
    const timeoutMs = timeout ? Number(timeout.seconds) * 1000 + Math.floor((timeout.nanos ?? 0) / 1e6) : 0;
    const startedAt = this.now();
    const inputsKey = `node-executions/${executionId}/${nodeId}.inputs.json`;
    await this.options.blobs.put(
      inputsKey,
      JSON.stringify(minimalMessage('orch.core.LiteralMap', { literals: inputs })),
    );
    let lastFailure: TaskFailure | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await repo.upsertNodeExecution({
        execution_id: executionId,
        node_id: nodeId,
        phase: 'RUNNING',
        attempts: attempt,
        inputs_key: inputsKey,
        outputs_key: null,
        error: null,
        started_at: startedAt,
        updated_at: this.now(),
      });
      try {
        const outputs = await this.runAttempt(executionId, nodeId, attempt, task, inputs, timeoutMs);
        const key = `node-executions/${executionId}/${nodeId}.outputs.json`;
        await this.options.blobs.put(
          key,
          JSON.stringify(minimalMessage('orch.core.LiteralMap', { literals: outputs })),
        );
        await repo.upsertNodeExecution({
          execution_id: executionId,
          node_id: nodeId,
          phase: 'SUCCEEDED',
          attempts: attempt,
          inputs_key: inputsKey,
          outputs_key: key,
          error: null,
          started_at: startedAt,
          updated_at: this.now(),
        });
        return outputs;
      } catch (error) {
        if (error instanceof Interrupted || this.closed) throw new Interrupted();
        if (this.aborts.has(executionId)) {
          await repo.upsertNodeExecution({
            execution_id: executionId,
            node_id: nodeId,
            phase: 'ABORTED',
            attempts: attempt,
            inputs_key: inputsKey,
            outputs_key: null,
            error: JSON.stringify({ code: 'Aborted', message: this.aborts.get(executionId), kind: 'USER' }),
            started_at: startedAt,
            updated_at: this.now(),
          });
          throw new Aborted();
        }
        if (!(error instanceof TaskFailure)) throw error;
        lastFailure = error;
        await repo.upsertNodeExecution({
          execution_id: executionId,
          node_id: nodeId,
          phase: error.phase === 'TIMED_OUT' ? 'TIMED_OUT' : 'FAILED',
          attempts: attempt,
          inputs_key: inputsKey,
          outputs_key: null,
          error: JSON.stringify({ code: error.code, message: error.message, kind: error.kind }),
          started_at: startedAt,
          updated_at: this.now(),
        });
      }
    }
    const failure = lastFailure as TaskFailure;
    const tries = attempts > 1 ? ` (after ${attempts} attempts)` : '';
    throw new TaskFailure(failure.code, `node ${nodeId}: ${failure.message}${tries}`, 'FAILED', failure.kind);
  }

  private async runAttempt(
    executionId: number,
    nodeId: string,
    attempt: number,
    task: TaskTemplateOut,
    inputs: Record<string, LiteralOut>,
    timeoutMs: number,
  ): Promise<Record<string, LiteralOut>> {
    const dir = join(this.options.workDir, String(executionId), nodeId, String(attempt));
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const inputsFile = join(dir, 'inputs.json');
    const outputsFile = join(dir, 'outputs.json');
    const inputJson = literalMapToJson({ literals: inputs });
    await writeFile(inputsFile, JSON.stringify(inputJson));

    const argv = (task.container?.command ?? []).map((arg) =>
      arg.replace(INPUT_REFERENCE, (whole, name: string) => {
        if (!(name in inputJson)) return whole;
        const value = literalToJson(inputs[name]);
        return typeof value === 'string' ? value : JSON.stringify(value);
      }),
    );
    const [program, ...args] = argv;
    if (!program) throw new TaskFailure('BadCommand', 'the task has no command');
    const cwd = await this.workingDirectory(task);
    const env: Record<string, string> = { ...this.options.baseEnv };
    for (const pair of task.container?.env ?? []) env[pair.key] = pair.value;
    env.ORCH_INPUTS_FILE = inputsFile;
    env.ORCH_OUTPUTS_FILE = outputsFile;
    // Which attempt this is (1, 2, ...), so a task can tell a retry from a first run.
    env.ORCH_ATTEMPT = String(attempt);

    const { code, signal, stderrTail, timedOut, spawnError } = await this.spawnTask(
      executionId,
      program,
      args,
      cwd,
      dir,
      env,
      timeoutMs,
    );
    if (this.closed) throw new Interrupted();
    if (this.aborts.has(executionId)) throw new Aborted();
    if (spawnError) throw new TaskFailure('BadCommand', `cannot start "${program}": ${spawnError}`);
    if (timedOut) {
      throw new TaskFailure('Timeout', `timed out after ${formatDuration(timeoutMs / 1000)}`, 'TIMED_OUT');
    }
    if (code !== 0) {
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      throw new TaskFailure('NonZeroExit', `task ${how}${stderrTail ? `: ${stderrTail}` : ''}`);
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
        throw new TaskFailure('BadOutputs', `outputs do not match: ${error.message}`);
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

  /** Spawns a task process in `cwd` (default `logDir`), with stdout.log and stderr.log in `logDir`. */
  private spawnTask(
    executionId: number,
    program: string,
    args: string[],
    cwd: string | undefined,
    logDir: string,
    env: Record<string, string>,
    timeoutMs: number,
  ): Promise<{
    code: number | null;
    signal: string | null;
    stderrTail: string;
    timedOut: boolean;
    spawnError?: string;
  }> {
    return new Promise((resolve) => {
      const child = spawn(program, args, { cwd: cwd ?? logDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      this.children.add(child);
      // Task processes run below the server's priority, so a busy executor never starves the API.
      if (child.pid !== undefined) lowerPriority(child.pid);
      const mine = this.childrenOf.get(executionId) ?? new Set<ChildProcess>();
      this.childrenOf.set(executionId, mine);
      mine.add(child);
      // A terminate that arrived while the node was being prepared found no child to kill.
      if (this.aborts.has(executionId)) child.kill('SIGKILL');
      const stdoutLog = createWriteStream(join(logDir, 'stdout.log'));
      const stderrLog = createWriteStream(join(logDir, 'stderr.log'));
      child.stdout.pipe(stdoutLog);
      let tail = Buffer.alloc(0);
      child.stderr.on('data', (chunk: Buffer) => {
        stderrLog.write(chunk);
        tail = Buffer.concat([tail, chunk]);
        if (tail.length > STDERR_TAIL_BYTES) tail = tail.subarray(tail.length - STDERR_TAIL_BYTES);
      });
      let timedOut = false;
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              timedOut = true;
              child.kill('SIGKILL');
            }, timeoutMs)
          : undefined;
      let spawnError: string | undefined;
      child.on('error', (error) => {
        spawnError = error.message;
      });
      child.on('close', (code, signal) => {
        if (timer) clearTimeout(timer);
        this.children.delete(child);
        mine.delete(child);
        if (!mine.size) this.childrenOf.delete(executionId);
        stderrLog.end();
        stdoutLog.end();
        resolve({ code, signal, stderrTail: tail.toString('utf8').trim(), timedOut, spawnError });
      });
    });
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

/**
 * Lowers a task process's scheduling priority by TASK_NICENESS (POSIX nice; Windows maps it to a
 * lower priority class). Best effort: a process that has already exited or a platform that refuses
 * is left as it is.
 */
function lowerPriority(pid: number): void {
  try {
    setPriority(pid, Math.min(19, getPriority(pid) + TASK_NICENESS));
  } catch {
    // The child may already have exited; its priority no longer matters.
  }
}
