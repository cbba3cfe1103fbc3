import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * The group leader's script. `sh -c` gets the program as `$0` and its arguments as `$@`; fd 0 is a
 * pipe whose other end only the admin holds (the tether). The shell moves the tether to fd 3, starts
 * a watcher in the same process group that blocks reading it, and `exec`s the program with stdin
 * from /dev/null and fd 3 closed, so the program keeps the pid, the exit status and the signals the
 * caller watches. When the admin dies, however it dies (SIGKILL of its process group included), the
 * kernel closes its end, the watcher reads EOF and kills the whole group: the program and everything
 * it started. The watcher holds none of the program's output pipes.
 */
const TETHER_SCRIPT = 'exec 3<&0 </dev/null; (read _ <&3; kill -9 0) >/dev/null 2>&1 & exec "$0" "$@" 3<&-';

/**
 * {@link TETHER_SCRIPT} with a cgroup: `$0` is the cgroup's folder, `$1` the program. The watcher is
 * started first (it stays outside the cgroup), then the shell moves itself into the cgroup, so the
 * program and everything it starts, a process that left the group with `setsid` included, are in it;
 * when the admin dies the watcher kills the cgroup (`cgroup.kill`) as well as the process group. A
 * shell that cannot join the cgroup runs nothing and exits with 125.
 */
const TETHER_CGROUP_SCRIPT =
  'cg=$0; exec 3<&0 </dev/null; (read _ <&3; echo 1 >"$cg/cgroup.kill"; kill -9 0) >/dev/null 2>&1 & ' +
  'echo $$ >"$cg/cgroup.procs" || { echo "orch: cannot join the task\'s cgroup $cg" >&2; exit 125; }; ' +
  'exec "$@" 3<&-';

/** What {@link spawnTethered} needs besides the command line. */
export interface TetheredOptions {
  cwd: string;
  env: Record<string, string>;
  /**
   * A cgroup v2 folder (made by the caller, see `runtime/task-cgroup.ts`) the program is started in,
   * so that the caller can end everything it started through `cgroup.kill`; absent: the process
   * group alone.
   */
  cgroup?: string;
}

/**
 * Where `program` would be found by `exec`: itself when it holds a `/` (relative to `cwd`), else the
 * first executable file of that name on `PATH` of `env`; undefined when there is none. Checked
 * before spawning because behind the tether's shell a missing program would be an exit status 127,
 * not the spawn error that reports a bad command.
 */
export function findExecutable(
  program: string,
  env: Record<string, string>,
  cwd: string,
): string | undefined {
  const runnable = (path: string) => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  if (program.includes('/')) {
    const path = isAbsolute(program) ? program : resolve(cwd, program);
    return runnable(path) ? path : undefined;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && runnable(join(dir, program))) return join(dir, program);
  }
  return undefined;
}

/**
 * Spawns `program args` leading a new process group (so that the caller can kill the whole group)
 * that cannot outlive the calling process: see {@link TETHER_SCRIPT}. Standard output and error are
 * pipes; standard input is the tether and must be left alone. The caller calls {@link untether}
 * once the program has exited, which also ends whatever the program left running in its group.
 * A missing or non-executable program makes the child emit `error` (ENOENT), as `spawn` would.
 * Costs one `/bin/sh` and one forked watcher per program.
 */
export function spawnTethered(
  program: string,
  args: readonly string[],
  options: TetheredOptions,
): ChildProcess {
  if (!findExecutable(program, options.env, options.cwd)) {
    // Let spawn itself report the missing program the usual way (an `error` event, ENOENT).
    return spawn(program, [...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
  }
  const script = options.cgroup
    ? ['-c', TETHER_CGROUP_SCRIPT, options.cgroup, program, ...args]
    : ['-c', TETHER_SCRIPT, program, ...args];
  return spawn('/bin/sh', script, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Cuts a tethered child's tether: its watcher then kills what is left of its process group. */
export function untether(child: ChildProcess): void {
  child.stdin?.destroy();
}
