import type { ExecutionPhase, LiteralOut, TaskTemplateOut, WorkflowTemplateOut } from '../../api/types.js';
import type { LeaseToken, Repository } from '../db/repository.js';
import type { AttemptIds } from '../runtime/tasks.js';
import type { CacheStatus } from './cache.js';
import type { TaskFailure } from './failures.js';
import type { NodePhase } from './phases.js';

// The shapes one run of an execution is kept in while the executor drives it (graph-executor.ts)
// and runs its nodes (node-runs.ts).

/** An execution's row as the executor reads it. */
export type ExecutionRow = NonNullable<Awaited<ReturnType<Repository['getExecutionById']>>>;

/** A task attempt's row (`task_attempts`). */
export type AttemptRow = Awaited<ReturnType<Repository['listTaskAttempts']>>[number];

/** What the executor holds about one submitted execution. */
export interface RunState {
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
  /** The lease the run holds (with leases): its records are written fenced with it. */
  lease?: LeaseToken;
}

/** One run of an execution by this executor: its row, its phase as last moved, when it started. */
export interface ExecutionRun {
  row: ExecutionRow;
  state: RunState;
  /** Milliseconds since the epoch: the row's `started_at`, or when this run started the execution. */
  startedAt: number;
  /** The execution's phase as this run last wrote or read it (see {@link GraphExecutor.step}). */
  phase: ExecutionPhase;
}

/** A compiled workflow as the executor walks it: its nodes and outputs, its tasks by `name@version`. */
export interface Graph {
  template: WorkflowTemplateOut;
  tasks: Map<string, TaskTemplateOut>;
}

/** A node's row as an earlier run (before a restart) left it, with what its attempts' rows say. */
export interface PreviousNode {
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

/** Where a run of the graph stands; the nodes' runs write into it as they end. */
export interface GraphProgress {
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

/** What one node of a run is: the execution, its run state, the node and its task, and its inputs. */
export interface NodeRun {
  execution: ExecutionRow;
  state: RunState;
  nodeId: string;
  task: TaskTemplateOut;
  inputs: Record<string, LiteralOut>;
  /** What an earlier server recorded of this node (a restart or a takeover), if anything. */
  previous: PreviousNode | undefined;
}

/** One attempt's process as the executor runs it: its node, its ids and folder, and its record hooks. */
export interface AttemptProcess {
  node: NodeRun;
  ids: AttemptIds;
  /** The attempt's folder on this host. */
  dir: string;
  /** Records the attempt as started (with its process id, when there is one). */
  onStart: (pid: number | null) => Promise<void>;
  /** Stores its logs, once it ended (not when detached). */
  onEnd: () => Promise<void>;
}

/** Where a node's records stand while it runs: its phase so far, its blob keys, its cache status. */
export interface NodeRecords {
  phase: NodePhase | undefined;
  inputsKey: string;
  outputsKey: string;
  /** Epoch milliseconds. */
  startedAt: number;
  cacheStatus: CacheStatus;
}

/** Blob keys of an attempt's stored logs (null: the stream wrote nothing). */
export interface LogKeys {
  stdout_key: string | null;
  stderr_key: string | null;
}

/** The fields of a node record that every phase of one attempt repeats. */
export function nodeFields(
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

/** Whether a run's execution was terminated: by this executor's abort, or found ABORTING. */
export function terminated(run: ExecutionRun): boolean {
  return run.state.cause !== undefined || run.phase === 'ABORTING';
}
