import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type Docker from 'dockerode';
import { errorMessage, property } from '../../api/guards.js';
import { engineMessage, ensureImage, LABELS } from '../../engines/docker-engine.js';
import {
  type AppIds,
  type AppInstance,
  type AppInstanceRuntime,
  type AppRevisionSpec,
  AppStartError,
  type AppTarget,
} from './apps.js';
import type { DockerAppRuntimeOptions } from './docker-apps.js';

/** What {@link SwarmAppRuntime} needs. */
export interface SwarmAppRuntimeOptions extends DockerAppRuntimeOptions {
  /** A client of a Swarm manager's engine. */
  engine: Docker;
  /**
   * Swarm healthcheck run inside each task, in Docker's `Test` form (`['CMD', 'node', 'check.js']`,
   * `['CMD-SHELL', 'wget -qO- http://127.0.0.1:$PORT/']`), checked every second. With one, a rolling
   * update stops an old task only once the new task is healthy. None (the default): a new task
   * counts once it runs, and only the admin's own probe (an HTTP answer on the task's published
   * port) decides where requests go.
   */
  healthcheck?: string[];
  /** Share of the limits reserved on the node (`Resources.Reservations`), 0 to 1. @default 0.25 */
  reserveFraction?: number;
  /** Seconds Swarm watches each updated task for failure (`UpdateConfig.Monitor`). @default 5 */
  monitorSeconds?: number;
  /** Milliseconds between looks at a service's tasks. @default 250 */
  pollMs?: number;
}

/** Label keys beyond the docker runtime's {@link LABELS}. */
export const SWARM_LABELS = {
  org: 'org.orch.org',
  /** On a secret: the environment variable it fills (never its value). */
  env: 'org.orch.env',
} as const;

const CODE_DIR = '/orch/code';
const SECRETS_DIR = '/run/secrets';
const PIDS_LIMIT = 1024;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Most replicas one app may ask for. */
export const MAX_REPLICAS = 64;
/** Failed tasks of a revision, with none of its tasks running, after which its instance has ended. */
const FAILURES_TO_END = 3;
const NS_PER_SECOND = 1_000_000_000;

/** One task's published port, where the admin sends requests. */
interface TaskTarget extends AppTarget {
  task: string;
  revision: number;
}

/** The Swarm service name of an app: `orch-<name>-<digest of org/project/domain/name>`, at most 63 characters. */
export function serviceNameOf(ids: Omit<AppIds, 'revision'>): string {
  const digest = createHash('sha256')
    .update(`${ids.org}/${ids.project}/${ids.domain}/${ids.name}`)
    .digest('hex')
    .slice(0, 10);
  return `orch-${ids.name.slice(0, 46)}-${digest}`;
}

/**
 * The swarm runtime's apps (DESIGN.md, "Where tasks and apps run"): each app is one replicated Swarm
 * service (`replicas` tasks), named after the app, and a redeploy is a rolling update of that same
 * service (one task at a time, start-first, rolled back on failure), so the app keeps answering
 * while its tasks are replaced. Each task publishes the app's port in host mode on a port the
 * engine picks (Swarm's routing mesh is not used); the admin's ingress spreads requests (at random)
 * to the tasks that answer, at their node's address (`Status.Addr`; 127.0.0.1 on a one-node swarm).
 *
 * Tasks run as the docker runtime's containers do: a non-root user, a read-only root file system
 * with an in-memory /tmp, no capabilities, CPU, memory and PID limits (a share of the limits
 * reserved), and labels naming the org, project, domain, app and revision. The app's secrets are
 * Swarm secrets (one per variable and revision, mounted under /run/secrets with mode 0400 for the
 * task's user) that a `/bin/sh` wrapper exports before it execs the app, so their values are never
 * in the service spec or its labels; such images need `/bin/sh` and `cat`. A code bundle folder is
 * bind-mounted read-only: on several hosts it must exist at the same path on every node.
 *
 * An instance is one revision of the service. It answers once a task of its revision answers an
 * HTTP request on its published port; it ends when the service is gone, when its update is rolled
 * back, or when its tasks keep failing with none running. Stopping the revision that the service
 * carries removes the service (and its secrets) and waits for its local containers to go; stopping a
 * revision that a newer one replaced only waits for its tasks to go; stopping a revision whose update
 * never answered rolls the service back to the previous spec.
 */
export class SwarmAppRuntime implements AppInstanceRuntime {
  readonly name = 'swarm';
  readonly sharesPorts = false;
  readonly maxReplicas = MAX_REPLICAS;
  readonly shared = true;

  constructor(private readonly options: SwarmAppRuntimeOptions) {}

  async adopt(spec: AppRevisionSpec, onLog: (line: string) => void): Promise<AppInstance | undefined> {
    const { engine } = this.options;
    const serviceName = serviceNameOf(spec.ids);
    const existing = await inspectService(engine, serviceName);
    if (!existing?.ID || revisionOf(existing.Spec?.Labels) !== spec.ids.revision) return undefined;
    const startedAt = Date.now();
    const logs = await followLogs(engine, existing.ID, spec.ids.revision, startedAt, onLog);
    return new SwarmAppInstance(this.options, {
      id: existing.ID,
      name: serviceName,
      ids: spec.ids,
      revision: spec.ids.revision,
      port: spec.port,
      replicas: spec.replicas ?? 1,
      updatedFrom: undefined,
      startedAt,
      logs,
    });
  }

  async start(spec: AppRevisionSpec, onLog: (line: string) => void): Promise<AppInstance> {
    const { engine } = this.options;
    const image = spec.image || this.options.defaultImage;
    const replicas = spec.replicas ?? 1;
    if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) {
      throw new AppStartError(`replicas ${replicas} is not a whole number from 1 to ${MAX_REPLICAS}`);
    }
    const serviceName = serviceNameOf(spec.ids);
    const created: string[] = [];
    try {
      await ensureImage(engine, image);
      const existing = await inspectService(engine, serviceName);
      const previous = existing ? revisionOf(existing.Spec?.Labels) : undefined;
      const startedAt = Date.now();
      let id = existing?.ID ?? '';
      if (existing && previous === spec.ids.revision) {
        // This revision runs already (a restart of the admin, or of a revision): it is adopted as is.
      } else {
        const secrets = await this.createSecrets(spec, serviceName, created);
        const body = this.serviceSpec(spec, serviceName, image, replicas, secrets);
        if (existing) {
          await engine.getService(existing.ID).update({
            _query: { version: existing.Version?.Index ?? 0 },
            _body: body,
          });
        } else {
          const service = await engine.createService(body as Docker.ServiceSpec);
          id = service.id;
        }
      }
      const logs = await followLogs(engine, id, spec.ids.revision, startedAt, onLog);
      return new SwarmAppInstance(this.options, {
        id,
        name: serviceName,
        ids: spec.ids,
        revision: spec.ids.revision,
        port: spec.port,
        replicas,
        updatedFrom: existing && previous !== spec.ids.revision ? previous : undefined,
        startedAt,
        logs,
      });
    } catch (error) {
      for (const secret of created)
        await engine
          .getSecret(secret)
          .remove()
          .catch(() => undefined);
      if (error instanceof AppStartError) throw error;
      throw new AppStartError(`cannot start the app's service (image ${image}): ${engineMessage(error)}`);
    }
  }

  /**
   * Creates one Swarm secret per secret variable of `spec` (labelled with the app, the revision and
   * the variable's name, never its value), pushing each id onto `created`.
   * @throws AppStartError when a secret variable's name is not a shell variable name.
   */
  private async createSecrets(
    spec: AppRevisionSpec,
    serviceName: string,
    created: string[],
  ): Promise<{ variable: string; id: string; name: string }[]> {
    const out: { variable: string; id: string; name: string }[] = [];
    for (const variable of spec.secretEnv ?? []) {
      const value = spec.env[variable];
      if (value === undefined) continue;
      if (!ENV_NAME.test(variable)) {
        throw new AppStartError(`secret variable "${variable.slice(0, 64)}" is not a shell variable name`);
      }
      const name = `${serviceName.slice(0, 40)}-r${spec.ids.revision}-${randomBytes(4).toString('hex')}`;
      const secret = await this.options.engine.createSecret({
        Name: name,
        Labels: { ...labelsOf(spec.ids), [SWARM_LABELS.env]: variable },
        Data: Buffer.from(value, 'utf8').toString('base64'),
      });
      const id = String(property(secret, 'id') ?? property(secret, 'ID'));
      created.push(id);
      out.push({ variable, id, name });
    }
    return out;
  }

  /** The service spec of a revision: its task template, replicas, rolling update and host-mode port. */
  private serviceSpec(
    spec: AppRevisionSpec,
    serviceName: string,
    image: string,
    replicas: number,
    secrets: { variable: string; id: string; name: string }[],
  ): ServiceBody {
    const { user, tmpBytes, stopGraceSeconds, healthcheck } = this.options;
    const [uid = '65534', gid = uid] = user.split(':');
    const secretVariables = new Set(secrets.map((s) => s.variable));
    const env = Object.entries({ HOME: '/tmp', ...spec.env })
      .filter(([key]) => !secretVariables.has(key))
      .map(([key, value]) => `${key}=${value}`);
    const [program = '', ...args] = spec.argv;
    // Secrets are files; a shell exports each as its variable, then becomes the app.
    const exports = secrets.map(
      (s) => `${s.variable}="$(cat ${SECRETS_DIR}/${s.name})"; export ${s.variable}; `,
    );
    const command = secrets.length
      ? ['/bin/sh', '-c', `${exports.join('')}exec "$0" "$@"`, program]
      : [program];
    const labels = labelsOf(spec.ids);
    const monitor = (this.options.monitorSeconds ?? 5) * NS_PER_SECOND;
    const update: Docker.UpdateConfig = {
      Parallelism: 1,
      Delay: 0,
      FailureAction: 'rollback',
      Monitor: monitor,
      MaxFailureRatio: 0,
      Order: 'start-first',
    };
    return {
      Name: serviceName,
      Labels: labels,
      TaskTemplate: {
        ContainerSpec: {
          Image: image,
          Labels: labels,
          Command: command,
          Args: args,
          Env: env,
          User: user,
          ...(spec.codeDir ? { Dir: CODE_DIR } : {}),
          // The node's own services by the name Docker Desktop uses (as the docker runtime's apps).
          Hosts: ['host-gateway host.docker.internal'],
          Init: true,
          ReadOnly: true,
          CapabilityDrop: ['ALL'],
          StopGracePeriod: stopGraceSeconds * NS_PER_SECOND,
          Mounts: [
            { Type: 'tmpfs', Target: '/tmp', TmpfsOptions: { SizeBytes: tmpBytes, Mode: 0o1777 } },
            ...(spec.codeDir
              ? [{ Type: 'bind', Source: spec.codeDir, Target: CODE_DIR, ReadOnly: true }]
              : []),
          ],
          Secrets: secrets.map((s) => ({
            SecretID: s.id,
            SecretName: s.name,
            File: { Name: s.name, UID: uid, GID: gid, Mode: 0o400 },
          })),
          ...(healthcheck?.length
            ? {
                HealthCheck: {
                  Test: healthcheck,
                  Interval: NS_PER_SECOND,
                  Timeout: 2 * NS_PER_SECOND,
                  Retries: 3,
                  StartPeriod: 0,
                },
              }
            : {}),
        },
        Resources: this.resources(spec.limits),
        RestartPolicy: { Condition: 'any', Delay: NS_PER_SECOND, MaxAttempts: 0 },
      },
      Mode: { Replicated: { Replicas: replicas } },
      UpdateConfig: update,
      RollbackConfig: { ...update, FailureAction: 'pause' },
      EndpointSpec: {
        Mode: 'vip',
        Ports: [{ Protocol: 'tcp', TargetPort: spec.port, PublishedPort: 0, PublishMode: 'host' }],
      },
    };
  }

  /** Limits and reservations (a share of the limits) of a revision, in nanocpus and bytes. */
  private resources(limits: AppRevisionSpec['limits']): ServiceBody['TaskTemplate']['Resources'] {
    const share = Math.min(1, Math.max(0, this.options.reserveFraction ?? 0.25));
    const nanoCpus = limits.cpuMillis ? limits.cpuMillis * 1_000_000 : undefined;
    const memory = limits.memoryBytes;
    return {
      Limits: {
        Pids: PIDS_LIMIT,
        ...(nanoCpus ? { NanoCPUs: nanoCpus } : {}),
        ...(memory ? { MemoryBytes: memory } : {}),
      },
      Reservations: {
        ...(nanoCpus ? { NanoCPUs: Math.floor(nanoCpus * share) } : {}),
        ...(memory ? { MemoryBytes: Math.floor(memory * share) } : {}),
      },
    };
  }

  async close(): Promise<void> {}
}

/** The body of a service create or update, as the Engine API takes it (API 1.41). */
interface ServiceBody {
  Name: string;
  Labels: Record<string, string>;
  TaskTemplate: {
    ContainerSpec: Record<string, unknown>;
    Resources: { Limits: Record<string, number>; Reservations: Record<string, number> };
    RestartPolicy: { Condition: string; Delay: number; MaxAttempts: number };
  };
  Mode: { Replicated: { Replicas: number } };
  UpdateConfig: Docker.UpdateConfig;
  RollbackConfig: Docker.UpdateConfig;
  EndpointSpec: { Mode: string; Ports: Record<string, unknown>[] };
}

/** What a {@link SwarmAppInstance} follows. */
interface Followed {
  id: string;
  name: string;
  /** The app and the revision this instance is. */
  ids: AppIds;
  revision: number;
  /** The app's port inside its tasks. */
  port: number;
  replicas: number;
  /** The revision the service carried before this one updated it; undefined: this one created it or adopted it. */
  updatedFrom: number | undefined;
  /** When it started, ms since the epoch: failures before it are not its own. */
  startedAt: number;
  logs: Readable | undefined;
}

/** One revision of an app's service: its answering tasks, its end, and its stop. */
class SwarmAppInstance implements AppInstance {
  readonly ended: Promise<string>;
  private end!: (why: string) => void;
  private live = true;
  private stopping = false;
  private answered = false;
  private targets: TaskTarget[] = [];
  private verified = new Set<string>();
  private refreshing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly nodes = new Map<string, string>();

  constructor(
    private readonly options: SwarmAppRuntimeOptions,
    private readonly service: Followed,
  ) {
    this.ended = new Promise((resolve) => {
      this.end = resolve;
    });
    void this.ended.then(() => {
      this.live = false;
      clearTimeout(this.timer);
      service.logs?.destroy();
    });
    this.schedule();
  }

  /** The published port of the first answering task; 0 while none answers. */
  get hostPort(): number {
    return this.targets[0]?.port ?? 0;
  }

  running(): boolean {
    return this.live;
  }

  async answers(): Promise<boolean> {
    if (!this.live) return false;
    await this.refresh();
    const own = this.targets.some((t) => t.revision === this.service.revision);
    if (own) this.answered = true;
    return this.live && own;
  }

  /**
   * An answering task of this revision, else of any revision of the service, picked at random (the
   * ingress asks for a route more than once per request, so a rotation would skip replicas).
   */
  target(): AppTarget | undefined {
    const own = this.targets.filter((t) => t.revision === this.service.revision);
    const pool = own.length ? own : this.targets;
    const chosen = pool[Math.floor(Math.random() * pool.length)];
    return chosen ? { host: chosen.host, port: chosen.port } : undefined;
  }

  async stop(): Promise<void> {
    if (this.stopping) return this.waitEnded();
    this.stopping = true;
    clearTimeout(this.timer);
    const { engine } = this.options;
    const { id, revision } = this.service;
    const current = await inspectService(engine, id).catch(() => undefined);
    const carried = current ? revisionOf(current.Spec?.Labels) : undefined;
    let removed = false;
    try {
      if (!current) {
        // Gone already.
      } else if (carried !== revision) {
        // A newer revision replaced it (or its update was rolled back): its tasks go by themselves.
        await this.waitTasksGone();
      } else if (this.service.updatedFrom !== undefined && !this.answered) {
        // Its update never answered: the service goes back to the revision that was serving.
        await engine.getService(id).update({
          _query: { version: current.Version?.Index ?? 0, rollback: 'previous' },
          _body: current.Spec,
        });
        await this.waitTasksGone();
      } else {
        await engine.getService(id).remove();
        removed = true;
        await waitContainersGone(engine, id, (this.options.stopGraceSeconds + 10) * 1000);
      }
    } catch (error) {
      this.options.logger.warn('cannot stop an app service', {
        service: this.service.name,
        error: engineMessage(error),
      });
    }
    await removeSecrets(engine, this.service.ids, removed ? undefined : revision);
    this.end(carried === revision || !current ? 'stopped' : `replaced by revision ${carried ?? '?'}`);
  }

  detach(): void {
    this.stopping = true;
    clearTimeout(this.timer);
    this.service.logs?.destroy();
  }

  private async waitEnded(): Promise<void> {
    await this.ended;
  }

  /** Waits (at most the grace period and 10 s) until no task of this revision runs. */
  private async waitTasksGone(): Promise<void> {
    const deadline = Date.now() + (this.options.stopGraceSeconds + 10) * 1000;
    while (Date.now() < deadline) {
      const tasks = await this.tasks().catch(() => []);
      const mine = tasks.filter((t) => taskRevision(t) === this.service.revision && isUp(t));
      if (!mine.length) return;
      await sleep(this.options.pollMs ?? 250);
    }
  }

  private schedule(): void {
    if (!this.live || this.stopping) return;
    this.timer = setTimeout(() => {
      void this.refresh().finally(() => this.schedule());
    }, this.options.pollMs ?? 250);
  }

  /** Looks at the service once (one look at a time): its answering tasks, and whether it ended. */
  private refresh(): Promise<void> {
    this.refreshing ??= this.look()
      .catch((error: unknown) => {
        this.options.logger.warn('cannot look at an app service', {
          service: this.service.name,
          error: errorMessage(error),
        });
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private async look(): Promise<void> {
    if (!this.live) return;
    const service = await inspectService(this.options.engine, this.service.id);
    if (!service) {
      this.targets = [];
      this.end('gone: the service was removed');
      return;
    }
    const carried = revisionOf(service.Spec?.Labels);
    const tasks = await this.tasks();
    this.targets = await this.answering(tasks);
    if (this.stopping) return;
    if (carried !== undefined && carried < this.service.revision) {
      const why = service.UpdateStatus?.Message ?? 'the update failed';
      this.end(`the update to revision ${this.service.revision} was rolled back: ${why}`);
      return;
    }
    if (carried !== this.service.revision) return;
    const mine = tasks.filter((t) => taskRevision(t) === this.service.revision);
    const failed = mine.filter(
      (t) =>
        ['failed', 'rejected'].includes(String(t.Status?.State)) &&
        Date.parse(String(t.CreatedAt)) >= this.service.startedAt - 1000,
    );
    if (!mine.some((t) => t.Status?.State === 'running') && failed.length >= FAILURES_TO_END) {
      const last = failed.sort((a, b) => String(b.UpdatedAt).localeCompare(String(a.UpdatedAt)))[0];
      this.end(
        `its tasks keep failing (${failed.length} failed; last: ${last?.Status?.Err ?? 'no reason given'})`,
      );
    }
  }

  private async tasks(): Promise<SwarmTask[]> {
    const tasks: SwarmTask[] = await this.options.engine.listTasks({
      filters: { service: [this.service.id] },
    });
    return tasks;
  }

  /** The running tasks (desired running) whose published port answers HTTP, each checked until it does. */
  private async answering(tasks: SwarmTask[]): Promise<TaskTarget[]> {
    const up = tasks.filter((t) => isUp(t) && t.DesiredState === 'running');
    const out = await Promise.all(
      up.map(async (task): Promise<TaskTarget | undefined> => {
        const port = task.Status?.PortStatus?.Ports?.find(
          (p) => p.TargetPort === this.service.port && p.PublishedPort,
        )?.PublishedPort;
        if (!port || !task.ID) return undefined;
        const host = await this.nodeAddress(String(task.NodeID));
        const target = { task: task.ID, revision: taskRevision(task) ?? 0, host, port };
        if (this.verified.has(task.ID)) return target;
        if (!(await answersHttp(host, port))) return undefined;
        this.verified.add(task.ID);
        return target;
      }),
    );
    const current = new Set(up.map((t) => t.ID));
    for (const task of this.verified) if (!current.has(task)) this.verified.delete(task);
    return out.filter((t): t is TaskTarget => t !== undefined);
  }

  /** A node's address (`Status.Addr`); 127.0.0.1 when it has none or it is 0.0.0.0. */
  private async nodeAddress(node: string): Promise<string> {
    let address = this.nodes.get(node);
    if (address === undefined) {
      const info: unknown = await this.options.engine
        .getNode(node)
        .inspect()
        .catch(() => undefined);
      const found = String(property(property(info, 'Status'), 'Addr') ?? '');
      address = !found || found === '0.0.0.0' ? '127.0.0.1' : found;
      this.nodes.set(node, address);
    }
    return address;
  }
}

/** The parts of a Swarm task this runtime reads. */
interface SwarmTask {
  ID?: string;
  NodeID?: string;
  CreatedAt?: string;
  UpdatedAt?: string;
  DesiredState?: string;
  Spec?: { ContainerSpec?: { Labels?: Record<string, string> } };
  Status?: {
    State?: string;
    Err?: string;
    PortStatus?: { Ports?: { TargetPort?: number; PublishedPort?: number }[] };
  };
}

/** The labels of an app revision (its service, its tasks and its secrets). */
function labelsOf(ids: AppIds): Record<string, string> {
  return {
    [LABELS.kind]: 'app',
    [SWARM_LABELS.org]: ids.org,
    [LABELS.project]: ids.project,
    [LABELS.domain]: ids.domain,
    [LABELS.app]: ids.name,
    [LABELS.revision]: String(ids.revision),
  };
}

function revisionOf(labels: Record<string, string> | undefined): number | undefined {
  const value = Number(labels?.[LABELS.revision]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function taskRevision(task: SwarmTask): number | undefined {
  return revisionOf(task.Spec?.ContainerSpec?.Labels);
}

/** Whether a task's container runs (or is about to). */
function isUp(task: SwarmTask): boolean {
  return ['running', 'starting', 'preparing', 'ready', 'assigned', 'accepted', 'pending', 'new'].includes(
    String(task.Status?.State),
  );
}

/** The parts of a service this runtime reads. */
interface ServiceInfo {
  ID: string;
  Version?: { Index?: number };
  Spec?: { Labels?: Record<string, string> };
  UpdateStatus?: { State?: string; Message?: string };
}

/** A service by id or name; undefined when there is none. */
async function inspectService(engine: Docker, idOrName: string): Promise<ServiceInfo | undefined> {
  try {
    const info: ServiceInfo = await engine.getService(idOrName).inspect();
    return info;
  } catch (error) {
    if (property(error, 'statusCode') === 404) return undefined;
    throw error;
  }
}

/**
 * Follows the log lines of the service's tasks of `revision` from `since` (ms since the epoch) on,
 * passing each to `onLog` in order (lines of other revisions' tasks are left out); undefined when the
 * engine gives no logs (a log driver that cannot be read).
 */
async function followLogs(
  engine: Docker,
  id: string,
  revision: number,
  since: number,
  onLog: (line: string) => void,
): Promise<Readable | undefined> {
  let stream: Readable;
  try {
    // With details, each line starts with its attributes: `com.docker.swarm.node.id=…,…task.id=… <line>`.
    stream = (await engine.getService(id).logs({
      follow: true,
      stdout: true,
      stderr: true,
      details: true,
      since: Math.floor(since / 1000),
    })) as unknown as Readable;
  } catch {
    return undefined;
  }
  const mine = new Map<string, Promise<boolean>>();
  let queue = Promise.resolve();
  const pass = (raw: string) => {
    const match = /^(\S*com\.docker\.swarm\.task\.id=([a-z0-9]+)\S*) (.*)$/s.exec(raw);
    const task = match?.[2] ?? '';
    const line = match ? (match[3] ?? '') : raw;
    if (!line.trim()) return;
    let check = mine.get(task);
    if (!check) {
      check = engine
        .getTask(task)
        .inspect()
        .then((info: SwarmTask) => taskRevision(info) === revision)
        .catch(() => false);
      mine.set(task, check);
    }
    const known = check;
    queue = queue.then(async () => {
      if (await known) onLog(line);
    });
  };
  const lines = new PassThrough();
  let partial = '';
  lines.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) pass(line);
  });
  stream.on('error', () => undefined);
  stream.on('close', () => {
    if (partial.trim()) pass(partial);
  });
  engine.modem.demuxStream(stream, lines, lines);
  return stream;
}

/** True when `host:port` answers an HTTP request (any status) within two seconds. */
function answersHttp(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest({ host, port, method: 'GET', path: '/', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Waits (at most `ms`) until this engine runs no container of service `id`. */
async function waitContainersGone(engine: Docker, id: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const left = await engine
      .listContainers({ all: true, filters: { label: [`com.docker.swarm.service.id=${id}`] } })
      .catch(() => []);
    if (!left.length) return;
    await sleep(200);
  }
}

/** Removes the app's secrets (of one revision, or all); ones still in use stay. */
async function removeSecrets(engine: Docker, ids: AppIds, revision: number | undefined): Promise<void> {
  const labels = Object.entries(labelsOf(ids))
    .filter(([key]) => revision !== undefined || key !== LABELS.revision)
    .map(([key, value]) => `${key}=${value}`);
  const secrets = await engine.listSecrets({ filters: { label: labels } }).catch(() => []);
  for (const secret of secrets)
    await engine
      .getSecret(secret.ID)
      .remove()
      .catch(() => undefined);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
