import { createHash } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type Docker from 'dockerode';
import { errorMessage } from '../../api/guards.js';
import { engineMessage, ensureImage } from '../../engines/docker-engine.js';
import {
  explainTaskError,
  overlappingNetworkOf,
  parseConstraints,
  removeLabelledSecrets,
  removeLabelledVolumes,
  removeServiceContainers,
  renewIsolatedNetwork,
  serviceLogs,
  staleNetworkOf,
} from '../../engines/swarm-engine.js';
import type { Logger } from '../logger.js';
import { attemptFilter, attemptLabels, type DockerTaskRuntimeOptions, timedSink } from './docker-tasks.js';
import { Tail } from './local-tasks.js';
import { openTimedLog } from './log-times.js';
import {
  type AttemptIds,
  containerEnd,
  type LeftoverAttempt,
  type TaskAttemptEnd,
  type TaskAttemptSpec,
  type TaskRuntime,
} from './tasks.js';

/** What {@link SwarmTaskRuntime} needs. */
export interface SwarmTaskRuntimeOptions extends DockerTaskRuntimeOptions {
  /** A swarm manager's engine. */
  engine: Docker;
  /** Placement constraints of every job (`--runtime.swarm.constraints`), already checked. */
  constraints: readonly string[];
  /** Id of the network of tasks that asked for none (`ensureIsolatedNetwork` of swarm-engine.ts). */
  isolatedNetwork: string;
  /**
   * Milliseconds between two looks at a job's task: `[first, later]`, the first for the first five
   * seconds of following it (short jobs end soon after), the later after; default `[100, 1000]`.
   */
  pollMs?: readonly [number, number];
  logger: Logger;
}

/**
 * The env variable of a task naming its own placement constraints, comma-separated
 * (`node.labels.zone==a,node.role!=manager`): a task definition carries no free-form configuration
 * map, its `env` is the one it has. Added to `--runtime.swarm.constraints`; the task sees it too.
 */
export const CONSTRAINTS_ENV = 'ORCH_SWARM_CONSTRAINTS';

/**
 * Share of a task's limits that its job reserves on a node (the scheduler places a job only where
 * that much CPU and memory is unreserved): a quarter, so that a node runs four tasks at their limit
 * before the scheduler holds more back.
 */
export const RESERVED_SHARE = 0.25;

/** Where the task sees its files inside the container (as in the docker runtime). */
const IO_DIR = '/orch/io';
const CODE_DIR = '/orch/code';
/** Where the secret file of an attempt's secret variables is mounted, and its name there. */
const SECRET_FILE = 'orch-env';
/** Processes one task container may hold (a fork bomb stops there). */
const PIDS_LIMIT = 1024;
/** Swarm task states after which a job's task never runs again (RestartPolicy none). */
const ENDED = new Set(['complete', 'failed', 'rejected', 'shutdown', 'orphaned', 'remove']);
/** Swarm task states on the way to running: a container may be about to appear. */
const STARTING = new Set(['new', 'pending', 'assigned', 'accepted', 'preparing', 'ready', 'starting']);
/** A variable name the shell can export. */
const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What the swarm API says of a job's task (`GET /tasks`), as far as it is read here. */
interface SwarmTask {
  CreatedAt?: string;
  /** `running`, `complete`, ...; `remove` once its service is removed. */
  DesiredState?: string;
  Status?: {
    State?: string;
    Err?: string;
    Message?: string;
    ContainerStatus?: { ContainerID?: string; ExitCode?: number };
  };
}

/** A service as `GET /services` lists it, as far as it is read here. */
interface ListedService {
  ID: string;
  CreatedAt?: string;
}

/**
 * The name of an attempt's service: `orch-task-` and 24 hex digits of a digest of its ids, the same
 * for the same attempt (so two admins creating it at once get one service and a conflict).
 */
export function serviceName(ids: AttemptIds): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([ids.project, ids.domain, ids.execution, ids.node, ids.attempt]))
    .digest('hex');
  return `orch-task-${digest.slice(0, 24)}`;
}

/** The shell file setting `env`'s variables: `KEY='value'` lines, quotes escaped. */
function shellAssignments(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([k, v]) => `${k}='${v.replaceAll("'", `'\\''`)}'\n`)
    .join('');
}

/**
 * How many times a job runs again after a node could not make its copy of the isolated network
 * (a start error, nothing ran): each try of the node takes the next free subnet, so this bounds the
 * left-over copies one attempt gets past.
 */
const OVERLAP_RETRIES = 32;

/**
 * The swarm runtime's tasks (`--runtime.type swarm`): each attempt is a Docker Swarm `replicated-job`
 * service (one completion, restart policy none) of the task's `image`, created through a manager's
 * Engine API, with:
 * - CPU and memory limits (`limits`, else `--runtime.docker.taskLimits.*`), {@link RESERVED_SHARE} of
 *   them reserved, a process limit, and the placement constraints of `--runtime.swarm.constraints`
 *   plus the task's own ({@link CONSTRAINTS_ENV}); a job that no node satisfies stays pending until
 *   its timeout;
 * - the attempt's `io/` folder bound at /orch/io and the code bundle read-only at /orch/code, as in
 *   the docker runtime: these are paths of the admin's host, so on more than one node they must be on
 *   storage mounted at the same path on every node (on a one-node swarm the node is this host);
 * - a non-root user, a read-only root file system with an in-memory /tmp (a tmpfs volume owned by
 *   that user: Swarm's own tmpfs mounts cannot be given an owner before API 1.46), every capability
 *   dropped, an init process; no-new-privileges cannot be set on a service before API 1.46;
 * - no network unless the task asks for one: the swarm network `orch-isolated` (internal, no
 *   inter-container traffic, no address of the node on its bridge: see ISOLATED_OPTIONS), since a
 *   service cannot join `none`; `network: true` gets the default bridge. A node without the
 *   network's configuration (ISOLATED_CONFIG) rejects the job, and the start error says how to make it.
 *   A job that a node rejects with `network <id> exists` (Docker 20.10 after a restart of the daemon:
 *   see staleNetworkOf) ran nothing, and runs once more on a new isolated network; one that a node
 *   rejects because a left-over copy of an earlier network holds the subnet it chose (see
 *   overlappingNetworkOf) runs again on the same network, up to OVERLAP_RETRIES times;
 * - the task's variables in its environment, except its secrets: those go into a Swarm secret of the
 *   attempt (labelled, removed with it) mounted at /run/secrets/orch-env, which `/bin/sh` reads before
 *   running the command (so a task with secrets needs /bin/sh in its image); they never appear in the
 *   service's spec or labels;
 * - labels naming the project, domain, execution, node and attempt.
 * Its output comes from the service's logs. A timeout or a terminate removes the service (SIGTERM,
 * the grace period, SIGKILL). An OOM kill is the container's `OOMKilled` when this node holds it,
 * else an exit status of 137 that this runtime did not cause. A job outlives the admin: after a
 * restart the executor re-attaches to it (or harvests it) through {@link holds} and {@link run}.
 */
export class SwarmTaskRuntime implements TaskRuntime {
  readonly name = 'swarm';
  /** The id of the isolated network that new jobs join (renewed when a node refuses it). */
  private network: string;
  private renewing: Promise<boolean> | undefined;

  constructor(private readonly options: SwarmTaskRuntimeOptions) {
    this.network = options.isolatedNetwork;
  }

  /** The id of the isolated network that the next job without `network: true` joins. */
  get isolatedNetwork(): string {
    return this.network;
  }

  /** The attempt's service, when there is one. */
  private async find(ids: AttemptIds): Promise<ListedService | undefined> {
    const found: ListedService[] = await this.options.engine.listServices({
      filters: { label: attemptFilter(ids) },
    });
    return found[0];
  }

  async holds(ids: AttemptIds): Promise<boolean> {
    return (await this.find(ids)) !== undefined;
  }

  async release(leftover: LeftoverAttempt, how: 'resume' | 'abort'): Promise<void> {
    if (how === 'resume') return; // run() re-attaches to it.
    const service = await this.find(leftover.ids);
    if (service) await this.remove(leftover.ids, service.ID, 0);
    await this.removeSecret(leftover.ids);
  }

  async close(): Promise<void> {}

  async run(spec: TaskAttemptSpec, onStart: (pid: number | null) => Promise<void>): Promise<TaskAttemptEnd> {
    const memoryBytes = spec.limits.memoryBytes ?? this.options.defaultLimits.memoryBytes;
    let service = spec.held === false ? undefined : await this.find(spec.ids);
    if (service) {
      this.options.logger.info('re-attaching to a task job', {
        execution: spec.ids.execution,
        node: spec.ids.node,
        attempt: spec.ids.attempt,
      });
    } else {
      const started = await this.start(spec, memoryBytes);
      if ('end' in started) return started.end;
      service = started.service;
    }
    await onStart(null);
    let end = await this.follow(service, spec, memoryBytes);
    // A node that refused the isolated network ran nothing: once more on a new network when its copy
    // is stale (staleNetworkOf), again on the same one while left-over copies hold the subnets it
    // tries (overlappingNetworkOf).
    for (let tries = 1; tries <= OVERLAP_RETRIES && !spec.network && end.kind === 'notStarted'; tries++) {
      if (spec.signal.aborted) break;
      const stale = staleNetworkOf(end.error);
      const overlapping = stale ? undefined : overlappingNetworkOf(end.error);
      if (stale ? tries > 1 || !(await this.renewNetwork(stale)) : !overlapping) break;
      this.options.logger.warn('a node refused the isolated network of tasks; the job runs again', {
        execution: spec.ids.execution,
        node: spec.ids.node,
        attempt: spec.ids.attempt,
        reason: end.error,
      });
      const again = await this.start(spec, memoryBytes);
      if ('end' in again) return again.end;
      end = await this.follow(again.service, spec, memoryBytes);
    }
    return end;
  }

  /**
   * Creates the attempt's service, or says why it could not (what was made of it is removed). When
   * the isolated network is gone (another admin renewed it, or someone removed it), the newest one, or
   * a new one, is taken once.
   */
  private async start(
    spec: TaskAttemptSpec,
    memoryBytes: number,
  ): Promise<{ service: ListedService } | { end: TaskAttemptEnd }> {
    for (let tries = 1; ; tries++) {
      if (spec.signal.aborted) {
        return { end: { kind: 'killed', signal: 'SIGKILL', reason: 'terminate', stderrTail: '' } };
      }
      try {
        return { service: await this.create(spec, memoryBytes) };
      } catch (error) {
        const existing = await this.find(spec.ids).catch(() => undefined);
        if (existing) await this.remove(spec.ids, existing.ID, 0);
        await this.removeSecret(spec.ids);
        const message = engineMessage(error);
        if (tries === 1 && !spec.network && /network \S+ not found/i.test(message)) {
          if (await this.renewNetwork(this.network)) continue;
        }
        return { end: { kind: 'notStarted', error: message } };
      }
    }
  }

  /**
   * Moves this runtime's tasks to a new isolated network when `staleId` is the one they join (one
   * renewal at a time; an attempt that saw an older network just uses the current one). Resolves to
   * false when no new network could be had (logged).
   */
  private async renewNetwork(staleId: string): Promise<boolean> {
    if (this.network !== staleId) return true;
    this.renewing ??= renewIsolatedNetwork(this.options.engine, staleId)
      .then((id) => {
        this.options.logger.warn(
          'the isolated network of tasks was refused by a node or is gone; tasks join another',
          {
            stale: staleId,
            network: id,
          },
        );
        this.network = id;
        return true;
      })
      .catch((error: unknown) => {
        this.options.logger.error('cannot renew the isolated network of tasks', {
          error: errorMessage(error),
        });
        return false;
      })
      .finally(() => {
        this.renewing = undefined;
      });
    return this.renewing;
  }

  /**
   * Creates the attempt's service (and its secret).
   * @throws Error for a bad constraint or secret name, a missing image, or the engine's refusal.
   */
  private async create(spec: TaskAttemptSpec, memoryBytes: number): Promise<ListedService> {
    const { engine } = this.options;
    const constraints = [
      ...this.options.constraints,
      ...parseConstraints([spec.env[CONSTRAINTS_ENV] ?? ''], `the task's ${CONSTRAINTS_ENV}`),
    ];
    const image = spec.image || this.options.defaultImage;
    await ensureImage(engine, image);
    const ioDir = join(spec.dir, 'io');
    // The task's user is not the admin's: it reads the inputs and writes its outputs in io/.
    await chmod(ioDir, 0o777);
    await chmod(join(ioDir, 'inputs.json'), 0o644);
    const cpuMillis = spec.limits.cpuMillis ?? this.options.defaultLimits.cpuMillis;
    const secretKeys = new Set((spec.secretEnv ?? []).filter((k) => k in spec.env));
    const plain: Record<string, string> = { HOME: '/tmp' };
    const secret: Record<string, string> = {};
    for (const [k, v] of Object.entries(spec.env)) (secretKeys.has(k) ? secret : plain)[k] = v;
    plain.ORCH_INPUTS_FILE = `${IO_DIR}/inputs.json`;
    plain.ORCH_OUTPUTS_FILE = `${IO_DIR}/outputs.json`;
    const [uid = '65534', gid = uid] = this.options.user.split(':');
    let command = spec.argv;
    const secrets: Docker.SecretReference[] = [];
    if (secretKeys.size > 0) {
      const bad = [...secretKeys].find((k) => !SHELL_NAME.test(k));
      if (bad)
        throw new Error(`secret variable "${bad}" is not a shell variable name ([A-Za-z_][A-Za-z0-9_]*)`);
      const created = await engine.createSecret({
        Name: `${serviceName(spec.ids)}-env`,
        Labels: attemptLabels(spec.ids),
        Data: Buffer.from(shellAssignments(secret)).toString('base64'),
      });
      secrets.push({
        SecretID: String(created.id),
        SecretName: `${serviceName(spec.ids)}-env`,
        File: { Name: SECRET_FILE, UID: uid, GID: gid, Mode: 0o400 },
      });
      command = [
        '/bin/sh',
        '-c',
        `set -a; . /run/secrets/${SECRET_FILE}; set +a; exec "$@"`,
        'orch-task',
        ...spec.argv,
      ];
    }
    const reserve = (n: number) => Math.max(1, Math.floor(n * RESERVED_SHARE));
    const created = await engine.createService({
      Name: serviceName(spec.ids),
      Labels: attemptLabels(spec.ids),
      Mode: { ReplicatedJob: { MaxConcurrent: 1, TotalCompletions: 1 } },
      TaskTemplate: {
        ContainerSpec: {
          Image: image,
          // The task's command is the whole command line: it replaces the image's entrypoint.
          Command: command,
          Env: Object.entries(plain).map(([k, v]) => `${k}=${v}`),
          User: this.options.user,
          Dir: spec.codeDir ? CODE_DIR : '/tmp',
          Labels: attemptLabels(spec.ids),
          ReadOnly: true,
          Init: true,
          // A task is a batch job: an image's HEALTHCHECK (orch's own image has one, for its
          // servers) must not make the swarm kill it as unhealthy.
          HealthCheck: { Test: ['NONE'] },
          CapabilityDrop: ['ALL'],
          StopGracePeriod: this.options.stopGraceSeconds * 1e9,
          Secrets: secrets,
          Mounts: [
            { Type: 'bind', Source: ioDir, Target: IO_DIR, ReadOnly: false },
            ...(spec.codeDir
              ? [{ Type: 'bind' as const, Source: spec.codeDir, Target: CODE_DIR, ReadOnly: true }]
              : []),
            {
              Type: 'volume',
              // No source: a volume of its own, removed with the container (see `remove`).
              Source: '',
              Target: '/tmp',
              VolumeOptions: {
                NoCopy: true,
                Labels: attemptLabels(spec.ids),
                DriverConfig: {
                  Name: 'local',
                  Options: {
                    type: 'tmpfs',
                    device: 'tmpfs',
                    o: `size=${this.options.tmpBytes},uid=${uid},gid=${gid},mode=1777,nosuid,nodev`,
                  },
                },
              },
            },
          ],
          ...(spec.network ? { Hosts: ['host-gateway host.docker.internal'] } : {}),
        },
        Resources: {
          Limits: { NanoCPUs: cpuMillis * 1_000_000, MemoryBytes: memoryBytes, Pids: PIDS_LIMIT },
          Reservations: { NanoCPUs: reserve(cpuMillis) * 1_000_000, MemoryBytes: reserve(memoryBytes) },
        },
        RestartPolicy: { Condition: 'none' },
        Placement: { Constraints: constraints },
        Networks: spec.network ? [] : [{ Target: this.network }],
      },
    });
    const listed: ListedService = await created.inspect();
    return listed;
  }

  /** The job's task (one: one completion, no restart), undefined before the scheduler made it. */
  private async task(serviceId: string): Promise<SwarmTask | undefined> {
    const tasks: SwarmTask[] = await this.options.engine.listTasks({ filters: { service: [serviceId] } });
    return tasks[0];
  }

  /**
   * Streams a job's output into the attempt's logs while it runs, enforces the timeout (counted from
   * the service's creation, so a pending or re-attached attempt keeps its deadline) and the stop
   * signal, and harvests it once its task has ended: exit status, OOM kill, logs, removal.
   */
  private async follow(
    service: ListedService,
    spec: TaskAttemptSpec,
    memoryBytes: number,
  ): Promise<TaskAttemptEnd> {
    const { engine } = this.options;
    const live = new AbortController();
    // Each line keeps the engine's own timestamp (log-times.ts).
    const stdoutLog = openTimedLog(spec.dir, 'stdout', true);
    const stderrLog = openTimedLog(spec.dir, 'stderr', true);
    const liveTail = new Tail();
    const logs = await serviceLogs(engine, service.ID, true, live.signal).catch(() => undefined);
    if (logs) {
      engine.modem.demuxStream(logs, timedSink(stdoutLog.log), timedSink(stderrLog.log, liveTail));
      logs.on('error', () => undefined);
    }

    let stopped: 'terminate' | 'timeout' | undefined;
    let detached = false;
    const onAbort = () => {
      if (spec.signal.reason === 'shutdown') detached = true;
      else stopped ??= 'terminate';
    };
    spec.signal.addEventListener('abort', onAbort, { once: true });
    if (spec.signal.aborted) onAbort();
    const deadline =
      spec.timeoutMs > 0 ? (Date.parse(service.CreatedAt ?? '') || Date.now()) + spec.timeoutMs : 0;
    let last: SwarmTask | undefined;
    let gone = false;
    const following = Date.now();
    try {
      while (!detached && !stopped) {
        let missing = false;
        const current = await this.task(service.ID).catch((error: unknown) => {
          missing = /not found|no such service/i.test(engineMessage(error));
          return last;
        });
        if (missing || current?.DesiredState === 'remove') {
          // Someone removed the service (the engine then answers "service ... not found").
          gone = await engine
            .getService(service.ID)
            .inspect()
            .then(
              () => false,
              (error: unknown) => /not found|no such service/i.test(engineMessage(error)),
            );
          if (gone) break;
        }
        last = current ?? last;
        if (last?.Status?.State && ENDED.has(last.Status.State)) break;
        if (deadline && Date.now() >= deadline) stopped = 'timeout';
        else {
          const [first, later] = this.options.pollMs ?? [100, 1000];
          const wait = Date.now() - following < 5000 ? first : later;
          await new Promise((resolve) =>
            setTimeout(resolve, deadline ? Math.min(wait, deadline - Date.now()) : wait),
          );
        }
      }
    } finally {
      spec.signal.removeEventListener('abort', onAbort);
    }
    const closeLive = async () => {
      live.abort();
      await Promise.all([stdoutLog.end(), stderrLog.end()]);
    };
    if (detached) {
      await closeLive();
      return { kind: 'detached' };
    }
    if (gone) {
      await this.remove(spec.ids, service.ID, 0, last);
      await this.removeSecret(spec.ids);
      await closeLive();
      return { kind: 'lost', what: "the job's service was removed", stderrTail: liveTail.text() };
    }
    if (stopped) {
      await this.remove(spec.ids, service.ID, this.options.stopGraceSeconds, last);
      await this.removeSecret(spec.ids);
      await closeLive();
      // A job that never ran (no node satisfies its constraints) says why.
      const pending =
        last?.Status?.State !== 'running' && last?.Status?.Err ? `not started: ${last.Status.Err}` : '';
      return { kind: 'killed', signal: 'SIGTERM', reason: stopped, stderrTail: liveTail.text() || pending };
    }
    await closeLive();
    return this.harvest(service.ID, spec, memoryBytes, last);
  }

  /** Reads an ended job's whole logs, exit status and OOM kill, then removes it. */
  private async harvest(
    serviceId: string,
    spec: TaskAttemptSpec,
    memoryBytes: number,
    task: SwarmTask | undefined,
  ): Promise<TaskAttemptEnd> {
    const { engine } = this.options;
    const status = task?.Status;
    // The whole logs once more, now complete (the followed stream may lag behind the task's end).
    const tail = await this.writeLogs(serviceId, spec.dir);
    const containerId = status?.ContainerStatus?.ContainerID;
    const container = containerId
      ? await engine
          .getContainer(containerId)
          .inspect()
          .catch(() => undefined)
      : undefined;
    await this.remove(spec.ids, serviceId, 0, task);
    await this.removeSecret(spec.ids);
    const code = container?.State.ExitCode ?? status?.ContainerStatus?.ExitCode ?? null;
    if (status?.State === 'rejected' || code === null) {
      return {
        kind: 'notStarted',
        error: explainTaskError(status?.Err || status?.Message || 'the job did not run'),
      };
    }
    // Where the container is on another node, an exit status of 137 (SIGKILL) that this runtime did
    // not send is taken for the OOM killer at the memory limit.
    const oomKilled = container ? container.State.OOMKilled : code === 137;
    return containerEnd({ code, oomKilled, memoryBytes, stderrTail: tail.text() });
  }

  /**
   * Writes a job's whole logs to `stdout.log` and `stderr.log` in `dir` (replacing what was followed);
   * resolves to the tail of its standard error.
   */
  private async writeLogs(serviceId: string, dir: string): Promise<Tail> {
    const tail = new Tail();
    const logs = await serviceLogs(this.options.engine, serviceId, false).catch(() => undefined);
    if (!logs) return tail;
    const stdoutLog = openTimedLog(dir, 'stdout', true);
    const stderrLog = openTimedLog(dir, 'stderr', true);
    this.options.engine.modem.demuxStream(logs, timedSink(stdoutLog.log), timedSink(stderrLog.log, tail));
    await finished(logs).catch(() => undefined);
    await Promise.all([stdoutLog.end(), stderrLog.end()]);
    return tail;
  }

  /**
   * Stops a job's container when this node holds it (SIGTERM, `graceSeconds`, SIGKILL; elsewhere the
   * service's removal stops it with the same grace period), removes the service, then this node's
   * containers of it with their volumes.
   */
  private async remove(
    ids: AttemptIds,
    serviceId: string,
    graceSeconds: number,
    task?: SwarmTask,
  ): Promise<void> {
    const { engine } = this.options;
    const containerId = task?.Status?.ContainerStatus?.ContainerID;
    if (containerId && graceSeconds > 0) {
      await engine
        .getContainer(containerId)
        .stop({ t: graceSeconds })
        .catch(() => undefined);
    }
    await engine
      .getService(serviceId)
      .remove()
      .catch(() => undefined);
    await removeServiceContainers(engine, serviceId);
    // Docker 20.10 neither stops nor removes the container of a removed job's task: one that was
    // being started when the service went appears a moment later, and is removed then.
    const state = task?.Status?.State;
    if (!state || STARTING.has(state)) {
      for (let i = 0; i < 12; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        await removeServiceContainers(engine, serviceId);
      }
    }
    await removeLabelledVolumes(engine, attemptFilter(ids));
  }

  /** Removes the attempt's Swarm secret, if it has one (quiet otherwise). */
  private async removeSecret(ids: AttemptIds): Promise<void> {
    await removeLabelledSecrets(this.options.engine, attemptFilter(ids));
  }
}
