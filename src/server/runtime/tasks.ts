/**
 * The runtime interface behind the executor (DESIGN.md, "Where tasks and apps run"): the executor
 * decides what runs when (the graph, retries, phases, records); a runtime runs one task attempt
 * somewhere and reports how it ended. Adding a runtime touches neither the executor's graph logic
 * nor the services.
 */

/** Which attempt an attempt is: the labels a container runtime puts on what it starts. */
export interface AttemptIds {
  project: string;
  domain: string;
  /** The execution's name (unique within its project and domain). */
  execution: string;
  node: string;
  /** 1, 2, ... */
  attempt: number;
}

/** One task attempt to run. */
export interface TaskAttemptSpec {
  ids: AttemptIds;
  /** The command line, `{{ inputs.x }}` already replaced: the program, then its arguments. */
  argv: string[];
  /**
   * The task's own variables: its `env`, its secrets' values and ORCH_ATTEMPT. The runtime adds
   * ORCH_INPUTS_FILE and ORCH_OUTPUTS_FILE (paths as the task sees them) and whatever base it has.
   * Secrets are among them: a runtime never logs or records this map.
   */
  env: Record<string, string>;
  /**
   * The keys of {@link env} whose values are secrets (the variables of the task's secrets), so that a
   * runtime that can hand them over apart (Swarm secrets) does; absent: none known.
   */
  secretEnv?: readonly string[];
  /**
   * The attempt's folder on the admin's host. It holds `io/inputs.json` (written by the executor);
   * the task writes `io/outputs.json`; the runtime writes `stdout.log` and `stderr.log` beside `io/`.
   */
  dir: string;
  /** The unpacked code bundle (read-only to the task, its working directory); none: an empty folder. */
  codeDir?: string;
  /** The task's image (`container.image`); empty: the runtime's default. Ignored by the local runtime. */
  image: string;
  /** CPU limit in millicores and memory limit in bytes; absent: the runtime's defaults. */
  limits: { cpuMillis?: number; memoryBytes?: number };
  /** Whether the task asked for a network (`network: true`). */
  network: boolean;
  /** Milliseconds before the attempt is stopped as timed out; 0: no timeout. */
  timeoutMs: number;
  /**
   * Aborted to stop the attempt. Reason `'terminate'`: the execution was terminated, the attempt is
   * stopped. Reason `'shutdown'`: the admin is closing; a runtime whose attempts survive the admin
   * (containers) lets go of it and it is re-attached after the restart, others stop it.
   */
  signal: AbortSignal;
  /**
   * What {@link TaskRuntime.holds} answered for this attempt just before (the executor asks first):
   * false lets a runtime skip looking for a container or job to re-attach to (one engine call fewer
   * per attempt). Absent: unknown, the runtime looks.
   */
  held?: boolean;
}

/**
 * How an attempt ended: exactly one of these cases (the executor decodes them in one place,
 * executor/attempt-end.ts). `stderrTail` is the last 2 KiB of the attempt's standard error, trimmed.
 */
export type TaskAttemptEnd =
  /** It ran and exited with `code` (0: success). */
  | {
      kind: 'exited';
      code: number;
      stderrTail: string;
      /**
       * The folder on the admin's host holding the task's `outputs.json`, when it is not `dir`/io: a
       * container another admin replica started mounts that replica's folder. The executor reads it
       * there with the same checks (never copied: a copy would follow what the task put there).
       */
      outputsDir?: string;
    }
  /**
   * It was ended by `signal`: because `timeoutMs` passed (`timeout`), because its signal was aborted
   * with `'terminate'` (`terminate`, also before it started), or by someone else (`signal`).
   */
  | { kind: 'killed'; signal: string; reason: 'timeout' | 'terminate' | 'signal'; stderrTail: string }
  /** The kernel's OOM killer ended it at its memory limit of `memoryBytes` bytes. */
  | { kind: 'oomKilled'; memoryBytes: number; stderrTail: string }
  /** It could not start (no such program, no such image, no node for it): `error` says why. */
  | { kind: 'notStarted'; error: string }
  /** What ran it went away under it (a job's service removed by someone else): `what` says what. */
  | { kind: 'lost'; what: string; stderrTail: string }
  /** The runtime let go of it at shutdown (signal reason `'shutdown'`); it may still be running. */
  | { kind: 'detached' };

/**
 * The end of an attempt whose container (or job) reported exit status `code` (128+n: killed by signal
 * n), OOM-killed or not: how the docker and swarm runtimes read a container's state.
 */
export function containerEnd(state: {
  code: number;
  oomKilled: boolean;
  memoryBytes: number;
  stderrTail: string;
  /** Why the runtime stopped it, when it did: its timeout passed, or its execution was terminated. */
  stoppedFor?: 'timeout' | 'terminate';
  outputsDir?: string;
}): TaskAttemptEnd {
  const { code, stderrTail } = state;
  const signal = code > 128 ? signalName(code - 128) : 'SIGTERM';
  if (state.stoppedFor === 'timeout') return { kind: 'killed', signal, reason: 'timeout', stderrTail };
  if (state.oomKilled) return { kind: 'oomKilled', memoryBytes: state.memoryBytes, stderrTail };
  if (code > 128) {
    return { kind: 'killed', signal, reason: state.stoppedFor ?? 'signal', stderrTail };
  }
  return { kind: 'exited', code, stderrTail, ...(state.outputsDir ? { outputsDir: state.outputsDir } : {}) };
}

/** The name of a signal by number (a container's exit status 128+n). */
export function signalName(n: number): string {
  const names: Record<number, string> = {
    1: 'SIGHUP',
    2: 'SIGINT',
    6: 'SIGABRT',
    9: 'SIGKILL',
    15: 'SIGTERM',
  };
  return names[n] ?? `signal ${n}`;
}

/** An attempt an earlier admin recorded as started and never as ended. */
export interface LeftoverAttempt {
  ids: AttemptIds;
  /** The process id the local runtime recorded (its process group), if any. */
  pid: number | null;
}

/** Runs task attempts: processes on this host, containers, ... */
export interface TaskRuntime {
  /** `local`, `docker`, ...: as `--runtime.type` names it. */
  readonly name: string;
  /**
   * Runs one attempt and resolves once it has ended and its logs are in `dir`. When an earlier
   * admin left this very attempt running or finished ({@link holds}), re-attaches to it or harvests
   * it instead of starting it again. Never rejects for the task's own faults (they are in the end).
   * @param onStart called once it runs, with the process id when there is one (recorded, so that a
   *   restarted admin can find it).
   */
  run(spec: TaskAttemptSpec, onStart: (pid: number | null) => Promise<void>): Promise<TaskAttemptEnd>;
  /**
   * Whether this runtime still holds an attempt an earlier admin started (a container, running or
   * exited, not yet harvested): then the executor keeps the attempt's folder and {@link run}
   * re-attaches. Always false where attempts die with the admin (the local runtime).
   */
  holds(ids: AttemptIds): Promise<boolean>;
  /**
   * Deals with an attempt an earlier admin left unfinished. `'resume'`: the execution goes on; what
   * can be re-attached is kept, the rest is stopped. `'abort'`: the execution was terminated; the
   * attempt is stopped and removed.
   */
  release(leftover: LeftoverAttempt, how: 'resume' | 'abort'): Promise<void>;
  /** Lets go of every resource (connections); attempts are stopped through their signals first. */
  close(): Promise<void>;
}
