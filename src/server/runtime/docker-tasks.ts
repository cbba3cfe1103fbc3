import { chmod } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type Docker from 'dockerode';
import { engineMessage, ensureImage, LABELS } from '../../engines/docker-engine.js';
import type { Logger } from '../logger.js';
import { Tail } from './local-tasks.js';
import { openTimedLog, type TimedLog } from './log-times.js';
import {
  type AttemptIds,
  containerEnd,
  type LeftoverAttempt,
  type TaskAttemptEnd,
  type TaskAttemptSpec,
  type TaskRuntime,
} from './tasks.js';

/** What {@link DockerTaskRuntime} needs. */
export interface DockerTaskRuntimeOptions {
  engine: Docker;
  /** Image of tasks that name none (`--runtime.docker.defaultImage`). */
  defaultImage: string;
  /** `uid:gid` the containers run as (`--runtime.docker.user`); never root. */
  user: string;
  /** Seconds between SIGTERM and SIGKILL when an attempt is stopped (`--runtime.docker.stopGracePeriod`). */
  stopGraceSeconds: number;
  /** Limits of tasks that set none: millicores and bytes (`--runtime.docker.taskLimits.*`). */
  defaultLimits: { cpuMillis: number; memoryBytes: number };
  /** Size of each container's in-memory /tmp, bytes (`--runtime.docker.tmpSize`). */
  tmpBytes: number;
  logger: Logger;
}

/** Where the task sees its files inside the container. */
const IO_DIR = '/orch/io';
const CODE_DIR = '/orch/code';
/** Processes one task container may hold (a fork bomb stops there). */
const PIDS_LIMIT = 1024;

/** The labels of one attempt's container (docker) or service and secret (swarm). */
export function attemptLabels(ids: AttemptIds): Record<string, string> {
  return {
    [LABELS.kind]: 'task',
    [LABELS.project]: ids.project,
    [LABELS.domain]: ids.domain,
    [LABELS.execution]: ids.execution,
    [LABELS.node]: ids.node,
    [LABELS.attempt]: String(ids.attempt),
  };
}

/** The label filter (`key=value` terms) that finds one attempt's container or service. */
export function attemptFilter(ids: AttemptIds): string[] {
  return Object.entries(attemptLabels(ids)).map(([k, v]) => `${k}=${v}`);
}

/**
 * The docker runtime's tasks (`--runtime.type docker`): each attempt is a container of the task's
 * `image` through the Docker Engine API (Docker, or Podman's compatible socket), with:
 * - the code bundle mounted read-only at /orch/code (the working directory; /tmp without one) and the
 *   attempt's `io/` folder at /orch/io, so ORCH_INPUTS_FILE and ORCH_OUTPUTS_FILE work as on the host;
 * - the task's env and secrets as variables (nothing of the admin's environment);
 * - a non-root user, a read-only root file system with an in-memory /tmp, no new privileges, every
 *   capability dropped, a process limit, CPU and memory limits (no swap), and no network unless the
 *   task asks for one (`network: true`: the engine's default bridge);
 * - labels naming the project, domain, execution, node and attempt.
 * A timeout or a terminate stops it (SIGTERM, the grace period, SIGKILL). An OOM kill is reported with
 * its limit. Its output is the attempt's logs. A container outlives the admin: after a restart the
 * executor re-attaches to it (or harvests it when it has ended) through {@link holds} and {@link run}.
 * Ended containers are removed once harvested, without holding up the attempt's end ({@link close} waits for them).
 */
export class DockerTaskRuntime implements TaskRuntime {
  readonly name = 'docker';

  /** Removals of harvested containers still under way; {@link close} waits for them. */
  private readonly removals = new Set<Promise<unknown>>();

  constructor(private readonly options: DockerTaskRuntimeOptions) {}

  /** The attempt's container, running or not, when there is one. */
  private async find(ids: AttemptIds): Promise<Docker.Container | undefined> {
    const found = await this.options.engine.listContainers({
      all: true,
      filters: { label: attemptFilter(ids) },
    });
    const first = found[0];
    return first ? this.options.engine.getContainer(first.Id) : undefined;
  }

  async holds(ids: AttemptIds): Promise<boolean> {
    return (await this.find(ids)) !== undefined;
  }

  async release(leftover: LeftoverAttempt, how: 'resume' | 'abort'): Promise<void> {
    if (how === 'resume') return; // run() re-attaches to it.
    const container = await this.find(leftover.ids);
    await container?.remove({ force: true }).catch(() => undefined);
  }

  /** Waits for the removals of harvested containers still under way. */
  async close(): Promise<void> {
    await Promise.all(this.removals);
  }

  /**
   * Removes a harvested container without holding up the attempt's end (the engine takes 20–70 ms
   * for it); a failure is logged, the container stays for `docker rm`.
   */
  private removeLater(container: Docker.Container): void {
    const removal = container
      .remove({ force: true })
      .catch((error: unknown) =>
        this.options.logger.warn('could not remove a task container', {
          container: container.id,
          error: engineMessage(error),
        }),
      )
      .finally(() => this.removals.delete(removal));
    this.removals.add(removal);
  }

  async run(spec: TaskAttemptSpec, onStart: (pid: number | null) => Promise<void>): Promise<TaskAttemptEnd> {
    const { engine } = this.options;
    let container = spec.held === false ? undefined : await this.find(spec.ids);
    const memoryBytes = spec.limits.memoryBytes ?? this.options.defaultLimits.memoryBytes;
    let startedAt: number | undefined;
    if (container) {
      this.options.logger.info('re-attaching to a task container', {
        execution: spec.ids.execution,
        node: spec.ids.node,
        attempt: spec.ids.attempt,
      });
    } else {
      if (spec.signal.aborted)
        return { kind: 'killed', signal: 'SIGKILL', reason: 'terminate', stderrTail: '' };
      const image = spec.image || this.options.defaultImage;
      try {
        // Created first, pulled only when the engine lacks the image: one call fewer per attempt.
        container = await this.create(spec, image, memoryBytes).catch(async (error: unknown) => {
          if (!isMissingImage(error)) throw error;
          await ensureImage(engine, image);
          return this.create(spec, image, memoryBytes);
        });
        startedAt = Date.now();
        await container.start();
      } catch (error) {
        await container?.remove({ force: true }).catch(() => undefined);
        return { kind: 'notStarted', error: engineMessage(error) };
      }
    }
    await onStart(null);
    return this.follow(container, spec, memoryBytes, startedAt);
  }

  /** Creates the attempt's container (not started). */
  private async create(spec: TaskAttemptSpec, image: string, memoryBytes: number): Promise<Docker.Container> {
    const ioDir = join(spec.dir, 'io');
    // The task's user is not the admin's: it reads the inputs and writes its outputs in io/ (the
    // admin's folders above stay private to the admin).
    await chmod(ioDir, 0o777);
    await chmod(join(ioDir, 'inputs.json'), 0o644);
    const [program = '', ...args] = spec.argv;
    const cpuMillis = spec.limits.cpuMillis ?? this.options.defaultLimits.cpuMillis;
    const env = {
      HOME: '/tmp',
      ...spec.env,
      ORCH_INPUTS_FILE: `${IO_DIR}/inputs.json`,
      ORCH_OUTPUTS_FILE: `${IO_DIR}/outputs.json`,
    };
    return this.options.engine.createContainer({
      Image: image,
      // The task's command is the whole command line, as Kubernetes' `command`: it replaces the
      // image's entrypoint.
      Entrypoint: [program],
      Cmd: args,
      Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
      User: this.options.user,
      WorkingDir: spec.codeDir ? CODE_DIR : '/tmp',
      Labels: attemptLabels(spec.ids),
      NetworkDisabled: !spec.network,
      // A task is a batch job: an image's HEALTHCHECK (orch's own image has one, for its servers)
      // means nothing for it.
      Healthcheck: { Test: ['NONE'] },
      HostConfig: {
        Binds: [`${ioDir}:${IO_DIR}:rw`, ...(spec.codeDir ? [`${spec.codeDir}:${CODE_DIR}:ro`] : [])],
        NetworkMode: spec.network ? 'bridge' : 'none',
        ...(spec.network ? { ExtraHosts: ['host.docker.internal:host-gateway'] } : {}),
        ReadonlyRootfs: true,
        Tmpfs: { '/tmp': tmpfsOptions(this.options.user, this.options.tmpBytes) },
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        PidsLimit: PIDS_LIMIT,
        Memory: memoryBytes,
        MemorySwap: memoryBytes,
        NanoCpus: cpuMillis * 1_000_000,
        Init: true,
      },
    });
  }

  /**
   * Streams a started container's output into the attempt's logs, enforces the timeout (counted from
   * the container's start, so a re-attached attempt keeps its deadline) and the stop signal, and
   * harvests it once it has ended: exit status, OOM kill, removal.
   */
  private async follow(
    container: Docker.Container,
    spec: TaskAttemptSpec,
    memoryBytes: number,
    startedAt?: number,
  ): Promise<TaskAttemptEnd> {
    const detach = new AbortController();
    // Each line keeps the engine's own timestamp (log-times.ts), right after a re-attach too.
    const stdoutLog = openTimedLog(spec.dir, 'stdout', true);
    const stderrLog = openTimedLog(spec.dir, 'stderr', true);
    const tail = new Tail();
    const logs = await container.logs({
      follow: true,
      stdout: true,
      stderr: true,
      timestamps: true,
      abortSignal: detach.signal,
    });
    // The container's stderr: into the log file, and its last lines kept for the attempt's end.
    this.options.engine.modem.demuxStream(logs, timedSink(stdoutLog.log), timedSink(stderrLog.log, tail));
    const logsDone = finished(logs).catch(() => undefined);

    let stoppedFor: 'timeout' | 'terminate' | undefined;
    let stopping: Promise<unknown> | undefined;
    const stop = (why: 'timeout' | 'terminate') => {
      stoppedFor ??= why;
      stopping ??= container.stop({ t: this.options.stopGraceSeconds }).catch(() => undefined);
    };
    let detached = false;
    const onAbort = () => {
      if (spec.signal.reason === 'shutdown') {
        detached = true;
        detach.abort();
      } else stop('terminate');
    };
    spec.signal.addEventListener('abort', onAbort, { once: true });
    if (spec.signal.aborted) onAbort();
    let timer: NodeJS.Timeout | undefined;
    if (spec.timeoutMs > 0) {
      // A re-attached container's deadline counts from its start, as the engine recorded it.
      const from =
        startedAt ??
        (Date.parse((await container.inspect().catch(() => undefined))?.State.StartedAt ?? '') || Date.now());
      timer = setTimeout(() => stop('timeout'), Math.max(0, from + spec.timeoutMs - Date.now()));
    }
    let ended: Docker.ContainerInspectInfo | undefined;
    try {
      // A wait that returns or fails while the container still runs (a dropped connection to the
      // engine) is waited again: only the container's end, or a detach, ends the attempt here.
      for (;;) {
        const waited = await container.wait({ abortSignal: detach.signal }).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (detached) break;
        const info = await container.inspect().catch(() => undefined);
        if (!info) throw waited ?? new Error('the container is gone');
        if (!info.State.Running) {
          ended = info;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      if (timer) clearTimeout(timer);
      spec.signal.removeEventListener('abort', onAbort);
    }
    if (detached) {
      logs.unpipe?.();
      void stdoutLog.end();
      void stderrLog.end();
      return { kind: 'detached' };
    }
    await stopping;
    await logsDone;
    await Promise.all([stdoutLog.end(), stderrLog.end()]);
    // The state the loop saw once the container had ended (it cannot change after that).
    const info = ended ?? (await container.inspect());
    const outputsDir = mountedOutputsDir(info, spec.dir);
    this.removeLater(container);
    return containerEnd({
      code: info.State.ExitCode,
      oomKilled: info.State.OOMKilled,
      memoryBytes,
      stderrTail: tail.text(),
      ...(stoppedFor ? { stoppedFor } : {}),
      ...(outputsDir ? { outputsDir } : {}),
    });
  }
}

/** Whether an engine call failed because the image is not in the engine (HTTP 404 naming the image). */
function isMissingImage(error: unknown): boolean {
  const found =
    typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 404;
  return found && /no such image/i.test(engineMessage(error));
}

/**
 * Mount options of a container's in-memory /tmp: owned by the container's user (the engine does not
 * always honour `mode`, so ownership is what makes it writable), never executable setuid or devices.
 */
export function tmpfsOptions(user: string, bytes: number): string {
  const [uid = '65534', gid = uid] = user.split(':');
  return `rw,nosuid,nodev,size=${bytes},uid=${uid},gid=${gid},mode=1777`;
}

/**
 * The io folder a re-attached container was given when another admin replica started it (on this
 * host, over another data folder): that replica's folder, where the task wrote its outputs (read
 * there by the executor, with the checks of any outputs). Undefined for a container this admin's own
 * `dir`/io is mounted into.
 */
function mountedOutputsDir(info: Docker.ContainerInspectInfo, dir: string): string | undefined {
  const source = info.Mounts.find((mount) => mount.Destination === IO_DIR)?.Source;
  if (!source || resolve(source) === resolve(join(dir, 'io'))) return undefined;
  return source;
}

/** A demuxed stream's sink: each engine message into `log`, and the stripped bytes into `tail`. */
export function timedSink(log: TimedLog, tail?: Tail): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const bytes = log.write(chunk);
      tail?.push(bytes);
      done();
    },
  });
}
