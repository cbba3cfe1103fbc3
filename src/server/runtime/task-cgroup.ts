import { access, mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AttemptIds } from './tasks.js';

/** Where this process sees the cgroup v2 hierarchy (`/proc/self/mountinfo`, field 5 of a `cgroup2` line). */
const MOUNTINFO = '/proc/self/mountinfo';
/** This process's own cgroup (`0::/path` is its cgroup v2 line). */
const OWN_CGROUP = '/proc/self/cgroup';
/** The folder under the admin's own cgroup that holds one cgroup per running local task attempt. */
const TASKS_FOLDER = 'orch-tasks';
/** How long {@link TaskCgroups.end} waits for a killed cgroup to empty before leaving it (milliseconds). */
const EMPTY_WAIT_MS = 5000;

/**
 * One cgroup (v2) per local task attempt, so that everything an attempt starts, a process that left
 * its process group with `setsid` included, is ended with it: when the attempt ends, when it is
 * terminated or timed out, and when the admin dies (the tether's watcher writes `cgroup.kill`, see
 * `tethered.ts`). Needs a cgroup v2 hierarchy with `cgroup.kill` (Linux 5.14 or later) that the admin
 * may write: root, or a delegated cgroup (systemd `Delegate=yes`). {@link open} answers undefined
 * where there is none, and the local runtime then falls back to process groups alone.
 *
 * No controller is enabled: the cgroups only group processes (no CPU or memory limit is applied).
 */
export class TaskCgroups {
  private constructor(
    /** The folder that holds the attempts' cgroups (`<cgroup2 mount><own cgroup>/orch-tasks`). */
    readonly base: string,
  ) {}

  /**
   * The attempts' cgroup folder of this process, made if needed and checked by making, filling and
   * killing a probe cgroup; undefined where cgroup v2, `cgroup.kill` or the right to write there is
   * missing (never throws). Empty cgroups of attempts of an earlier admin are removed.
   */
  static async open(): Promise<TaskCgroups | undefined> {
    try {
      const base = await tasksFolder();
      if (!base) return undefined;
      await mkdir(base, { recursive: true });
      const probe = join(base, `probe-${process.pid}`);
      await mkdir(probe, { recursive: true });
      try {
        await access(join(probe, 'cgroup.kill'));
        await writeFile(join(probe, 'cgroup.kill'), '1');
      } finally {
        await rmdir(probe).catch(() => undefined);
      }
      const cgroups = new TaskCgroups(base);
      await cgroups.prune();
      return cgroups;
    } catch {
      return undefined;
    }
  }

  /**
   * The cgroup folder of one attempt of this admin: `<admin pid>.<project>.<domain>.<execution>.<node>.<attempt>`,
   * so that admins sharing a host (and a cgroup) never touch each other's, and the folders of a dead
   * admin are known by its pid ({@link prune}).
   */
  pathOf(ids: AttemptIds): string {
    const name = [String(process.pid), ids.project, ids.domain, ids.execution, ids.node, String(ids.attempt)]
      .map((part) => part.replace(/[^A-Za-z0-9_-]/g, '_'))
      .join('.');
    return join(this.base, name);
  }

  /**
   * Makes the attempt's cgroup (empty: what an earlier run of the same attempt left in it is killed
   * first) and answers its folder; the attempt's first process moves itself into it.
   * @throws Error from the file system when the cgroup cannot be made.
   */
  async begin(ids: AttemptIds): Promise<string> {
    const path = this.pathOf(ids);
    await this.end(ids);
    await mkdir(path);
    return path;
  }

  /**
   * Kills every process in the attempt's cgroup (SIGKILL through `cgroup.kill`), waits up to
   * {@link EMPTY_WAIT_MS} for it to empty and removes it. Quiet when it does not exist.
   */
  async end(ids: AttemptIds): Promise<void> {
    const path = this.pathOf(ids);
    try {
      await writeFile(join(path, 'cgroup.kill'), '1');
    } catch {
      return;
    }
    await removeWhenEmpty(path);
  }

  /**
   * Kills and removes the cgroups of attempts of admins that are gone (their tether's watcher killed
   * them already unless it was stopped first), leaving those of live admins alone.
   */
  async prune(): Promise<void> {
    const entries = await readdir(this.base, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const owner = Number.parseInt(entry.name, 10);
      if (!entry.isDirectory() || owner === process.pid || processAlive(owner)) continue;
      const path = join(this.base, entry.name);
      await writeFile(join(path, 'cgroup.kill'), '1').catch(() => undefined);
      await removeWhenEmpty(path);
    }
  }
}

/** `<cgroup2 mount><this process's cgroup>/orch-tasks`, or undefined without a cgroup v2 hierarchy. */
async function tasksFolder(): Promise<string | undefined> {
  const [mountinfo, own] = await Promise.all([
    readFile(MOUNTINFO, 'utf8').catch(() => ''),
    readFile(OWN_CGROUP, 'utf8').catch(() => ''),
  ]);
  // mountinfo: "id parent major:minor root mountpoint options ... - fstype source superoptions"
  const mount = mountinfo
    .split('\n')
    .map((line) => line.split(' '))
    .find((fields) => fields[fields.indexOf('-') + 1] === 'cgroup2')?.[4];
  const path = /^0::(\/.*)$/m.exec(own)?.[1];
  if (!mount || path === undefined) return undefined;
  return join(mount, path, TASKS_FOLDER);
}

/** Removes a cgroup folder once its killed processes are gone, trying for up to {@link EMPTY_WAIT_MS}. */
async function removeWhenEmpty(path: string): Promise<void> {
  const deadline = Date.now() + EMPTY_WAIT_MS;
  do {
    const removed = await rmdir(path).then(
      () => true,
      (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
    );
    if (removed) return;
    await sleep(20);
  } while (Date.now() < deadline);
}

/** Whether a process of this id exists (a pid that is not a number: no). */
function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
