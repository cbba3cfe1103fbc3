import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { errorCode } from '../../api/guards.js';
import { spawnTethered, untether } from '../tethered.js';
import {
  type AppIds,
  type AppInstance,
  type AppInstanceRuntime,
  type AppRevisionSpec,
  AppStartError,
} from './apps.js';
import { portOwnership, socketHolders } from './port-owner.js';

/** What {@link LocalAppInstances} needs. */
export interface LocalAppInstancesOptions {
  /** Environment every app process starts from (PATH, HOME, LANG, TZ); never the server's whole environment. */
  baseEnv: Record<string, string>;
  /** Folder of the working directories of apps without a code bundle (`<dataDir>/apps`). */
  dir: string;
  /** Seconds between SIGTERM and SIGKILL when a revision is stopped. @default 10 */
  stopGraceSeconds?: number;
}

const PROBE_EVERY_MS = 100;
/** How long a replaced revision's leftover processes may keep the app's port before a start gives up. */
const PORT_RELEASE_MS = 5000;

/**
 * The local runtime's apps: each revision is a supervised process on the admin's host, started from
 * the app's command in its code bundle's folder, leading its own process group, tethered to the
 * admin (it dies with it). Its port is the app's port on the host, so revisions of one app share it
 * ({@link sharesPorts}): the old one is stopped before the new one starts.
 *
 * Readiness is that a process of the revision's group listens on the port (port-owner.ts) and a TCP
 * connection to 127.0.0.1:<port> succeeds while the process runs: another program on the same port
 * never makes an app ready. A port another program holds fails a start at once, naming the program
 * (or the app) that holds it. Where the platform cannot tell who listens (off Linux), the connection
 * alone decides.
 */
export class LocalAppInstances implements AppInstanceRuntime {
  readonly name = 'local';
  readonly sharesPorts = true;
  /** Running revisions by process group, to name an app that holds another's port. */
  private readonly live = new Map<number, AppIds>();
  /** The last process group of each app (`project/domain/name`), whose leftovers may hold its port a moment. */
  private readonly lastGroup = new Map<string, number>();

  constructor(private readonly options: LocalAppInstancesOptions) {}

  /**
   * Starts the revision's process once its port is free; resolves once it runs.
   * @throws AppStartError when the port is held by another program or app, or the program cannot start.
   */
  async start(spec: AppRevisionSpec, onLog: (line: string) => void): Promise<AppInstance> {
    const appKey = `${spec.ids.org}/${spec.ids.project}/${spec.ids.domain}/${spec.ids.name}`;
    await this.awaitFreePort(spec.port, this.lastGroup.get(appKey));
    const [program = '', ...args] = spec.argv;
    const env = { ...this.options.baseEnv, ...spec.env };
    const { org, project, domain, name } = spec.ids;
    const cwd = spec.codeDir ?? join(this.options.dir, org || '_', project, domain, name);
    if (!spec.codeDir) await mkdir(cwd, { recursive: true });
    const child = await new Promise<ChildProcess>((resolve, reject) => {
      // Tethered: the app's process group dies with this admin, however the admin dies.
      const started = spawnTethered(program, args, { cwd, env });
      let partial = '';
      const keep = (chunk: Buffer) => {
        const parts = (partial + chunk.toString('utf8')).split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts) if (line.trim()) onLog(line);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      started.once('spawn', () => resolve(started));
      started.once('error', (error) =>
        reject(new AppStartError(`cannot start "${program}": ${errorCode(error) ?? error.message}`)),
      );
    });
    const pid = child.pid ?? 0;
    this.live.set(pid, spec.ids);
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    const ended = new Promise<string>((resolve) => {
      const done = () => {
        untether(child);
        this.live.delete(pid);
        this.lastGroup.set(appKey, pid);
        resolve(String(child.exitCode ?? child.signalCode));
      };
      if (exited()) done();
      else child.once('exit', done);
    });
    return {
      hostPort: spec.port,
      ended,
      running: () => !exited(),
      answers: async () => {
        const owner = await portOwnership(spec.port, pid);
        if (owner.state === 'other') throw new Error(await this.heldMessage(spec, owner.inodes));
        if (exited()) return false;
        return (
          (owner.state === 'own' || owner.state === 'unknown') && (await portAnswers(spec.port)) && !exited()
        );
      },
      stop: async () => {
        if (!exited()) {
          killGroup(pid, 'SIGTERM');
          let timer: NodeJS.Timeout | undefined;
          const graceMs = (this.options.stopGraceSeconds ?? 10) * 1000;
          const outlived = await Promise.race([
            ended.then(() => false),
            new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
          ]);
          clearTimeout(timer);
          if (outlived) killGroup(pid, 'SIGKILL');
        }
        await ended;
      },
    };
  }

  /**
   * Resolves once nothing listens on `port`, waiting at most {@link PORT_RELEASE_MS} for processes
   * left by the app's previous revision (group `previousGroup`). Off Linux, a port that answers a
   * connection counts as held.
   * @throws AppStartError naming the port and who holds it, when another program (or app) holds it.
   */
  private async awaitFreePort(port: number, previousGroup: number | undefined): Promise<void> {
    const deadline = Date.now() + PORT_RELEASE_MS;
    for (;;) {
      const owner = await portOwnership(port, previousGroup);
      if (owner.state === 'free') return;
      if (owner.state === 'unknown') {
        if (!(await portAnswers(port))) return;
        if (previousGroup === undefined || Date.now() > deadline) {
          throw new AppStartError(
            `port ${port} is held by another program (127.0.0.1:${port} answers before the app started); ` +
              'stop that program or give the app another port',
          );
        }
      } else if (owner.state === 'other' || Date.now() > deadline) {
        throw new AppStartError(
          await this.heldMessage({ port }, owner.state === 'other' ? owner.inodes : []),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  }

  /** Why a revision cannot have its port: who holds it (processes by pid, apps by name). */
  private async heldMessage(spec: { port: number }, inodes: number[]): Promise<string> {
    const { port } = spec;
    const advice = 'stop it or give the app another port';
    if (inodes.length === 0) return `port ${port} is still held by the app's previous revision`;
    const holders = await socketHolders(inodes);
    for (const holder of holders) {
      const other = this.live.get(holder.pgid);
      if (!other) continue;
      const { name, project, domain } = other;
      return `port ${port} is held by app ${name} (project ${project}, domain ${domain}); ${advice}`;
    }
    const who = holders.map((holder) => `pid ${holder.pid} ${holder.command}`).join(', ');
    return `port ${port} is held by another program${who ? ` (${who})` : ''}, not by the app; ${advice}`;
  }

  /** Nothing to let go of: the app runtime stops every instance first. */
  async close(): Promise<void> {}
}

/** True when something accepts a TCP connection on 127.0.0.1:`port`. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Signals a process group (the revision leads its own); a group already gone is no error. */
function killGroup(pgid: number, signal: NodeJS.Signals): void {
  if (!pgid) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}
