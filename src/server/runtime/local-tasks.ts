import { writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';
import { spawnTethered, untether } from '../tethered.js';
import { openTimedLog } from './log-times.js';
import type { TaskCgroups } from './task-cgroup.js';
import type { AttemptIds, LeftoverAttempt, TaskAttemptEnd, TaskAttemptSpec, TaskRuntime } from './tasks.js';

/** Bytes of standard error kept for the failure message. */
export const STDERR_TAIL_BYTES = 2048;
/** How far below the server task processes run (nice levels; 0 = same priority, 19 = lowest). */
const TASK_NICENESS = 10;

/**
 * How a task process ended, from what its `close` event and the runtime saw: it could not start, its
 * timeout killed it, a signal ended it (its terminate, or someone else's), or it exited.
 */
function processEnd(seen: {
  code: number | null;
  signal: NodeJS.Signals | null;
  startError: string | undefined;
  timedOut: boolean;
  spec: TaskAttemptSpec;
  tail: Tail;
}): TaskAttemptEnd {
  const stderrTail = seen.tail.text();
  if (seen.startError !== undefined) return { kind: 'notStarted', error: seen.startError };
  const signal = seen.signal ?? 'SIGKILL';
  if (seen.timedOut) return { kind: 'killed', signal, reason: 'timeout', stderrTail };
  if (seen.code === null) {
    const reason = seen.spec.signal.aborted ? 'terminate' : 'signal';
    return { kind: 'killed', signal, reason, stderrTail };
  }
  return { kind: 'exited', code: seen.code, stderrTail };
}

/** Kills a whole process group (the task and everything it started); quiet when it is already gone. */
export function killGroup(pid: number | undefined | null): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group has no process left.
  }
}

/** Keeps the last {@link STDERR_TAIL_BYTES} of a stream's chunks. */
export class Tail {
  private bytes = Buffer.alloc(0);

  push(chunk: Buffer): void {
    this.bytes = Buffer.concat([this.bytes, chunk]);
    if (this.bytes.length > STDERR_TAIL_BYTES) this.bytes = this.bytes.subarray(-STDERR_TAIL_BYTES);
  }

  text(): string {
    return this.bytes.toString('utf8').trim();
  }
}

/**
 * The local runtime (`--runtime.type local`, the embedded default): each attempt is a process of the
 * admin's own user on the admin's host, leading its own process group and tethered to the admin (it
 * dies with it, see `tethered.ts`), at a lower priority than the server. No isolation: whoever may
 * register a task may run code as the admin. `image`, `limits` and `network` are not enforced.
 * A timeout or a terminate kills the whole group at once (SIGKILL). With {@link TaskCgroups} (a
 * writable cgroup v2 hierarchy) each attempt also runs in a cgroup of its own, and everything in it
 * is killed when the attempt ends, is stopped, or its admin dies: a process that left the group
 * with `setsid` included. Without, such a process outlives its attempt.
 */
export class LocalTaskRuntime implements TaskRuntime {
  readonly name = 'local';

  /**
   * @param baseEnv the only environment task processes inherit besides their own variables
   *   (typically PATH and HOME of the server); never the server's whole environment.
   */
  constructor(
    private readonly baseEnv: Record<string, string>,
    /** One cgroup per attempt, where the host allows it (see {@link TaskCgroups.open}). */
    readonly cgroups?: TaskCgroups,
  ) {}

  async run(spec: TaskAttemptSpec, onStart: (pid: number | null) => Promise<void>): Promise<TaskAttemptEnd> {
    // Where the cgroup cannot be made, the attempt runs in its process group alone, as without cgroups.
    const cgroup = await this.cgroups?.begin(spec.ids).catch(() => undefined);
    try {
      return await this.runProcess(spec, onStart, cgroup);
    } finally {
      if (cgroup) await this.cgroups?.end(spec.ids);
    }
  }

  /** Runs the attempt's process (in `cgroup` when given) and resolves once it and its pipes are closed. */
  private runProcess(
    spec: TaskAttemptSpec,
    onStart: (pid: number | null) => Promise<void>,
    cgroup: string | undefined,
  ): Promise<TaskAttemptEnd> {
    const [program = '', ...args] = spec.argv;
    const env: Record<string, string> = {
      ...this.baseEnv,
      ...spec.env,
      ORCH_INPUTS_FILE: join(spec.dir, 'io', 'inputs.json'),
      ORCH_OUTPUTS_FILE: join(spec.dir, 'io', 'outputs.json'),
    };
    return new Promise((resolve) => {
      // Tethered: the task's whole process group dies with this admin, however the admin dies.
      const child = spawnTethered(program, args, {
        cwd: spec.codeDir ?? spec.dir,
        env,
        ...(cgroup ? { cgroup } : {}),
      });
      const pid = child.pid;
      // Task processes run below the server's priority, so a busy executor never starves the API.
      if (pid !== undefined) {
        lowerPriority(pid);
        onStart(pid).catch(() => undefined);
      }
      const stop = () => {
        killGroup(pid);
        if (cgroup) killCgroup(cgroup);
      };
      // A terminate that arrived while the node was being prepared finds the process here.
      if (spec.signal.aborted) stop();
      spec.signal.addEventListener('abort', stop, { once: true });
      // Each line is stamped with the time its first bytes arrive (log-times.ts).
      const stdoutLog = openTimedLog(spec.dir, 'stdout');
      const stderrLog = openTimedLog(spec.dir, 'stderr');
      child.stdout?.on('data', (chunk: Buffer) => stdoutLog.log.write(chunk));
      const tail = new Tail();
      child.stderr?.on('data', (chunk: Buffer) => {
        stderrLog.log.write(chunk);
        tail.push(chunk);
      });
      let timedOut = false;
      const timer =
        spec.timeoutMs > 0
          ? setTimeout(() => {
              timedOut = true;
              stop();
            }, spec.timeoutMs)
          : undefined;
      let startError: string | undefined;
      child.on('error', (error) => {
        startError = error.message;
      });
      // Processes the task left in its group would hold its pipes open: they go with it.
      child.on('exit', () => {
        stop();
        untether(child);
      });
      child.on('close', (code, signal) => {
        if (timer) clearTimeout(timer);
        spec.signal.removeEventListener('abort', stop);
        Promise.all([stdoutLog.end(), stderrLog.end()])
          .catch(() => undefined)
          .then(() => resolve(processEnd({ code, signal, startError, timedOut, spec, tail })));
      });
    });
  }

  /** Local attempts die with the admin that started them: there is never one to re-attach. */
  async holds(_ids: AttemptIds): Promise<boolean> {
    return false;
  }

  /**
   * Kills the recorded process group (a tethered group is normally gone already) and what is left in
   * the cgroups of admins that are gone.
   */
  async release(leftover: LeftoverAttempt): Promise<void> {
    killGroup(leftover.pid);
    await this.cgroups?.prune();
  }

  async close(): Promise<void> {}
}

/** Kills every process in a cgroup v2 folder at once (SIGKILL); quiet when it is gone. */
function killCgroup(path: string): void {
  try {
    writeFileSync(join(path, 'cgroup.kill'), '1');
  } catch {
    // Removed already: its processes are gone.
  }
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
