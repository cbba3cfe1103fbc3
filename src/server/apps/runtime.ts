import { status as Status } from '@grpc/grpc-js';
import { errorMessage } from '../../api/guards.js';
import { cpuMillis, parseQuantity } from '../../config/quantity.js';
import type { AppKey, AppRepository } from '../db/app-repository.js';
import { ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { AppInstance, AppInstanceRuntime, AppRevisionSpec } from '../runtime/apps.js';
import { AppStartError } from '../runtime/apps.js';
import type { TaskSecretSource } from '../secrets.js';

/** The parts of an AppSpec message the runtime reads. */
export interface AppSpecIn {
  id?: { name?: string; project?: string; domain?: string; org?: string } | null;
  /** The image spec; its reference is `<registry>/<name>:<tag>` (none without a registry). */
  image?: { name?: string; registry?: string; tag?: string } | null;
  /** Quantities as in the app file: `cpu` (`1`, `500m`) and `mem` (`1Gi`); empty: none. */
  limits?: { cpu?: string; mem?: string } | null;
  port?: number;
  args?: string[];
  secrets?: { key?: string; env_var?: string }[];
  requires_auth?: boolean;
  code_bundle?: string;
  env?: Record<string, string>;
  /** How many instances serve the app (the app file's `replicas`); 0 or none: 1. */
  replicas?: number;
}

/** One status of a deployment (an AppStatus message). */
export interface AppStatusOut {
  state: 'Pending' | 'Started' | 'Failed' | 'Stopped';
  message: string;
  endpoint: string;
  revision: number;
  updated_at_ms: string;
}

/** Where the ingress sends a request for an app. */
export interface AppRoute {
  /** The address of the replica this request goes to: 127.0.0.1, or a Swarm node's address. */
  host: string;
  /** The port of the revision (the replica) that serves, on `host`. */
  port: number;
  /** False until the probe passed, and while a new revision replaces the old one. */
  ready: boolean;
  /** True while a new revision replaces one that was serving: requests wait for it instead of failing. */
  switching: boolean;
  requiresAuth: boolean;
  state: string;
  /**
   * Counts one request in flight to this revision: resolves to the function that ends it, or
   * undefined when the revision no longer takes requests (not ready, or being replaced). A revision
   * being replaced is stopped only once its requests in flight have ended.
   */
  enter(): (() => void) | undefined;
}

/** What {@link AppRuntime} needs. */
export interface AppRuntimeOptions {
  repo: AppRepository;
  /** Starts revisions: processes on this host (`local`) or containers (`docker`). */
  instances: AppInstanceRuntime;
  /** The platform secrets an app asks for, by its project and domain. */
  secrets?: TaskSecretSource;
  /** Unpacks a code bundle (native URL) and resolves with its folder. */
  unpack?: (url: string) => Promise<string>;
  /** The apps sub-domain with the HTTP port, e.g. `apps.localhost:8088`: an app is `http://<name>.<it>`. */
  appsHost: () => string;
  logger: Logger;
  now?: () => number;
}

const NAME = /^[a-z][a-z0-9-]{0,62}$/;
/** The lines kept of each app's latest instance(s), each cut at {@link LOG_LINE_CHARS}. */
export const LOG_LINES = 500;
/** The longest line kept, in characters (UTF-16 code units). */
const LOG_LINE_CHARS = 500;
/** The last lines a Failed status quotes. */
const FAILED_TAIL_LINES = 20;
/** The most started apps {@link AppRuntime.sync} adopts in one pass. */
const SYNC_LIMIT = 10_000;
const PROBE_EVERY_MS = 100;
/** Longest wait for a replaced revision's requests in flight, and then for it to stop, in milliseconds. */
const DRAIN_MS = 10_000;

interface Running {
  key: AppKey;
  spec: AppSpecIn;
  revision: number;
  /** What each start of this revision runs. */
  start: AppRevisionSpec;
  instance: AppInstance | undefined;
  ready: boolean;
  /** A revision that was serving is being replaced by this one. */
  switching: boolean;
  stopped: boolean;
  /** The last {@link LOG_LINES} lines its instance(s) printed, oldest first. */
  logs: AppLogLine[];
  restarts: number;
  restartTimer?: NodeJS.Timeout;
  /** Requests the ingress is forwarding to this revision right now. */
  inFlight: number;
  /** Called when `inFlight` drops to 0 (set while a replacement waits for it). */
  drained?: () => void;
}

/** A line an app's instance printed, and when this server received it (epoch milliseconds). */
export interface AppLogLine {
  at: number;
  line: string;
}

/** Thrown (as a Failed status) when a revision cannot start or never becomes healthy. */
class AppFailure extends Error {}

/**
 * Runs apps (DESIGN.md, "Where tasks and apps run"): keeps their deployments, statuses, routes and
 * restarts, and has an {@link AppInstanceRuntime} start each revision (a process of this host, or a
 * container), with `PORT` (the app file's port), its `env` and the secrets it names as environment
 * variables. A revision is ready, and routed by the ingress, once that very instance answers on its
 * port while it runs (never another program holding the port: see the instance runtimes). One app
 * name per organization (it is the host name on the apps sub-domain).
 *
 * A redeploy where revisions share the host port (local) stops the old revision, once its requests
 * in flight have ended, before the new one starts; requests meanwhile wait for the new one. Where
 * each revision has its own port (containers), the new one starts and becomes ready while the old
 * one serves, the route switches, then the old one drains and stops: no request fails. An instance
 * that ends after it was ready is restarted with exponential backoff (1 s doubling, at most 30 s),
 * and becomes ready again by the same rule.
 */
export class AppRuntime {
  private readonly apps = new Map<string, Running>();
  /** The latest revision started (or adopted) of each app name, serving or not: its lines. */
  private readonly lastRuns = new Map<string, Running>();
  private readonly now: () => number;
  private closed = false;
  private syncTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: AppRuntimeOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The endpoint of app `name`: `http://<name>.<apps host>`. */
  endpointOf(name: string): string {
    return `http://${name}.${this.options.appsHost()}`;
  }

  /** The route of the app named `name`, for the ingress; undefined when no such app runs. */
  route(name: string): AppRoute | undefined {
    const app = this.apps.get(name);
    if (!app || app.stopped) return undefined;
    // Replicated instances (swarm) name an answering replica; none answering for a moment
    // (its tasks being replaced) is waited out like a revision switch.
    const target = app.instance?.target ? app.instance.target() : undefined;
    const noTarget = app.instance?.target !== undefined && target === undefined;
    return {
      host: target?.host ?? '127.0.0.1',
      port: target?.port ?? app.instance?.hostPort ?? 0,
      ready: app.ready && !noTarget,
      switching: app.switching || (app.ready && noTarget),
      requiresAuth: app.spec.requires_auth !== false,
      state: app.ready ? 'Started' : 'Pending',
      enter: () => {
        if (!app.ready || noTarget || app.stopped || this.apps.get(name) !== app) return undefined;
        app.inFlight += 1;
        let ended = false;
        return () => {
          if (ended) return;
          ended = true;
          app.inFlight -= 1;
          if (app.inFlight === 0) app.drained?.();
        };
      },
    };
  }

  /**
   * Deploys `spec` as a new revision, calling `emit` with each status in the spec's order: Pending
   * (accepted), Pending RevisionMissing (materializing and starting the instance), Pending
   * IngressNotConfigured (instance up, route not yet registered), Pending Uninitialized (waiting for
   * the instance itself to answer on its port), then Started; or Failed with the reason and the
   * app's last log lines (among them, at once, a port held by another program).
   * `by` is who deploys (the authenticated subject; '' when not known), kept with the revision.
   * @throws ServiceError INVALID_ARGUMENT for a bad spec, ALREADY_EXISTS when another project holds the name.
   */
  async deploy(
    spec: AppSpecIn,
    emit: (status: AppStatusOut) => void,
    timeoutMs: number,
    by = '',
  ): Promise<void> {
    const key = keyOf(spec);
    const port = spec.port ?? 0;
    if (!NAME.test(key.name)) {
      throw new ServiceError(
        Status.INVALID_ARGUMENT,
        `app name "${key.name}" must be a DNS label: ^[a-z][a-z0-9-]{0,62}$`,
      );
    }
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new ServiceError(
        Status.INVALID_ARGUMENT,
        `app ${key.name}: port ${port} is not between 1 and 65535`,
      );
    }
    if (!spec.args?.length || !spec.args[0]) {
      throw new ServiceError(
        Status.INVALID_ARGUMENT,
        `app ${key.name}: args is empty; it is the command that starts the server`,
      );
    }
    // Checked here, before anything is recorded (throws INVALID_ARGUMENT naming the quantity).
    limitsOf(key.name, spec.limits);
    const replicas = spec.replicas || 1;
    const maxReplicas = this.options.instances.maxReplicas ?? 1;
    if (!Number.isInteger(replicas) || replicas < 1 || replicas > maxReplicas) {
      throw new ServiceError(
        Status.INVALID_ARGUMENT,
        `app ${key.name}: replicas ${replicas} is not a whole number from 1 to ${maxReplicas}` +
          (maxReplicas === 1
            ? ` (the ${this.options.instances.name} runtime runs one instance per app; --runtime.type swarm runs several)`
            : ''),
      );
    }
    const holder = this.apps.get(key.name);
    if (
      holder &&
      !holder.stopped &&
      (holder.key.project !== key.project || holder.key.domain !== key.domain)
    ) {
      throw new ServiceError(
        Status.ALREADY_EXISTS,
        `app name ${key.name} is taken by project ${holder.key.project}, domain ${holder.key.domain}`,
      );
    }
    const previous = await this.options.repo.get(key);
    const revision = (previous?.revision ?? 0) + 1;
    const endpoint = this.endpointOf(key.name);
    const say = async (state: AppStatusOut['state'], message: string) => {
      await this.options.repo.setStatus(key, { state, message, updated_at: this.now() });
      emit({
        state,
        message,
        endpoint: state === 'Started' ? endpoint : '',
        revision,
        updated_at_ms: String(this.now()),
      });
    };
    await this.options.repo.put(
      {
        ...key,
        spec: JSON.stringify(spec),
        revision,
        state: 'Pending',
        message: 'App is pending deployment',
        updated_at: this.now(),
      },
      by,
    );
    emit({
      state: 'Pending',
      message: 'App is pending deployment',
      endpoint: '',
      revision,
      updated_at_ms: String(this.now()),
    });

    const sharesPorts = this.options.instances.sharesPorts;
    const running = this.runningOf(key, spec, revision);
    running.switching = sharesPorts && holder?.ready === true;
    try {
      await say('Pending', 'RevisionMissing: configuration waits for a revision to become ready');
      await this.materialize(running);
      if (sharesPorts) {
        // The new revision listens on the same port: the old one goes first (requests wait meanwhile).
        this.apps.set(key.name, running);
        if (holder) await this.replace(holder, running);
      }
      await this.launch(running);
      await say('Pending', 'IngressNotConfigured: ingress not yet reconciled');
      // The route exists from here; the ingress answers 503 until the probe passes.
      await say('Pending', 'Uninitialized: waiting for load balancer to be ready');
      await this.probe(running, timeoutMs);
      running.ready = true;
      running.switching = false;
      if (!sharesPorts) {
        // Its own port: the route switches to it now, and the old revision drains and stops.
        this.apps.set(key.name, running);
        if (holder) await this.replace(holder, running);
      }
      this.supervise(running);
      await say('Started', 'Service is ready');
    } catch (error) {
      await this.halt(running);
      if (this.apps.get(key.name) === running) this.apps.delete(key.name);
      const reason = error instanceof AppFailure ? error.message : `internal error: ${errorMessage(error)}`;
      if (!(error instanceof AppFailure))
        this.options.logger.error('app deployment failed', { app: key.name, error: errorMessage(error) });
      const serving =
        holder && this.apps.get(key.name) === holder && !holder.stopped
          ? `\nrevision ${holder.revision} keeps serving`
          : '';
      const last = running.logs.slice(-FAILED_TAIL_LINES).map((l) => l.line);
      const tail = last.length ? `\nlast log lines:\n${last.join('\n')}` : '';
      await say('Failed', `${reason}${serving}${tail}`);
    }
  }

  /** The not yet started revision `revision` of `spec` (checked by deploy). */
  private runningOf(key: AppKey, spec: AppSpecIn, revision: number): Running {
    return {
      key,
      spec,
      revision,
      start: {
        ids: { ...key, revision },
        argv: [...(spec.args ?? [])],
        env: {},
        port: spec.port ?? 0,
        image: imageOf(spec),
        limits: limitsOf(key.name, spec.limits),
        replicas: spec.replicas || 1,
      },
      instance: undefined,
      ready: false,
      switching: false,
      stopped: false,
      logs: [],
      restarts: 0,
      inFlight: 0,
    };
  }

  /** Fills in a revision's files, PORT, env and secrets. */
  private async materialize(running: Running): Promise<void> {
    const { key, spec } = running;
    if (spec.code_bundle) {
      if (!this.options.unpack) throw new AppFailure('this server cannot unpack code bundles');
      try {
        running.start.codeDir = await this.options.unpack(spec.code_bundle);
      } catch (error) {
        throw new AppFailure(`cannot unpack the app's files: ${errorMessage(error)}`);
      }
    }
    const env: Record<string, string> = { ...(spec.env ?? {}), PORT: String(running.start.port) };
    const secretEnv: string[] = [];
    for (const secret of spec.secrets ?? []) {
      const name = secret.key ?? '';
      const variable = secret.env_var || name;
      // The value goes only into the instance's environment: never into a record, a log or a status.
      const value = await this.options.secrets?.get(name, { project: key.project, domain: key.domain });
      if (value === undefined) {
        throw new AppFailure(
          `secret ${name} (for ${variable}) is not set for project ${key.project}, domain ${key.domain} ` +
            `(create it with \`orch create secret --name ${name}\`)`,
        );
      }
      env[variable] = value;
      secretEnv.push(variable);
    }
    running.start.env = env;
    running.start.secretEnv = secretEnv;
  }

  /** Stops `old`, the revision `next` replaces, and records how it ended. */
  private async replace(old: Running, next: Running): Promise<void> {
    await this.haltAndWait(old);
    if (old.key.project !== next.key.project || old.key.domain !== next.key.domain) return;
    await this.options.repo.endRevision(old.key, old.revision, {
      state: 'Stopped',
      message: `Replaced by revision ${next.revision}`,
      updated_at: this.now(),
    });
  }

  /**
   * Where an instance of `running` sends its lines, started or adopted alike: each kept with the
   * time it arrived (epoch milliseconds), cut at {@link LOG_LINE_CHARS}, the last {@link LOG_LINES}.
   */
  private keeper(running: Running): (line: string) => void {
    return (line) => {
      running.logs.push({ at: this.now(), line: line.slice(0, LOG_LINE_CHARS) });
      if (running.logs.length > LOG_LINES) running.logs.shift();
    };
  }

  /**
   * The last lines (at most `limit`, oldest first) of the latest instance(s) this server started or
   * adopted of the app at `key`, and that revision's number; revision 0 and no lines when it has none.
   */
  logsOf(key: AppKey, limit: number): { revision: number; lines: AppLogLine[] } {
    const run = this.lastRuns.get(key.name);
    if (!run || run.key.project !== key.project || run.key.domain !== key.domain || run.key.org !== key.org)
      return { revision: 0, lines: [] };
    return { revision: run.revision, lines: limit > 0 ? run.logs.slice(-limit) : [] };
  }

  /** Starts an instance of the revision; resolves once it runs. @throws AppFailure when it cannot. */
  private async launch(running: Running): Promise<void> {
    this.lastRuns.set(running.key.name, running);
    try {
      running.instance = await this.options.instances.start(running.start, this.keeper(running));
    } catch (error) {
      if (error instanceof AppStartError) throw new AppFailure(error.message);
      throw error;
    }
    // Stopped while it was starting: it goes at once.
    if (running.stopped) await running.instance.stop();
  }

  /**
   * Waits until the revision's instance answers on its port while it runs.
   * @throws AppFailure when the instance ends, when another program holds the port (at once), or
   * when `timeoutMs` runs out.
   */
  private async probe(running: Running, timeoutMs: number): Promise<void> {
    const deadline = this.now() + timeoutMs;
    const port = running.start.port;
    for (;;) {
      const instance = running.instance;
      if (!instance || running.stopped) throw new AppFailure('the app was stopped before it answered');
      try {
        if (await instance.answers()) return;
      } catch (error) {
        throw new AppFailure(errorMessage(error));
      }
      if (!instance.running()) {
        throw new AppFailure(`the app exited (${await instance.ended}) before it answered on port ${port}`);
      }
      if (this.now() > deadline) {
        throw new AppFailure(
          `the app did not answer on port ${port} within ${Math.round(timeoutMs / 1000)} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  }

  /** Restarts a started revision whose instance ends, with backoff; records the status. */
  private supervise(running: Running): void {
    const instance = running.instance;
    void instance?.ended.then((why) => {
      if (running.instance !== instance) return;
      if (this.options.instances.shared) {
        // The runtime restarts failed replicas itself; an instance that ended is gone (stopped
        // through another replica, or rolled back): its route goes, and sync() adopts what runs.
        if (this.apps.get(running.key.name) === running) this.apps.delete(running.key.name);
        running.stopped = true;
        this.options.logger.info('app instance ended', { app: running.key.name, why });
        return;
      }
      this.restartLater(running, `the app exited (${why})`);
    });
  }

  /**
   * Starts the revision again after a backoff (1 s doubling, at most 30 s), recording `why` it is
   * down in its status; it is Started again once {@link probe} passes, else this repeats.
   */
  private restartLater(running: Running, why: string): void {
    if (running.stopped || this.closed) return;
    running.ready = false;
    const waitMs = Math.min(30_000, 1000 * 2 ** running.restarts);
    running.restarts += 1;
    const message = `RevisionMissing: ${why}; restarting in ${waitMs / 1000} s`;
    void this.options.repo.setStatus(running.key, { state: 'Pending', message, updated_at: this.now() });
    this.options.logger.warn('app is down; restarting', { app: running.key.name, why, waitMs });
    running.restartTimer = setTimeout(async () => {
      if (running.stopped || this.closed) return;
      try {
        await this.launch(running);
        await this.probe(running, 60_000);
        running.ready = true;
        await this.options.repo.setStatus(running.key, {
          state: 'Started',
          message: 'Service is ready',
          updated_at: this.now(),
        });
        this.supervise(running);
      } catch (error) {
        const instance = running.instance;
        running.instance = undefined;
        await instance?.stop().catch(() => undefined);
        this.restartLater(running, errorMessage(error));
      }
    }, waitMs);
  }

  /**
   * Stops a replaced revision: waits (at most 10 s) for its requests in flight to end, then stops its
   * instance and waits (at most 10 s more) until it is gone.
   */
  private async haltAndWait(running: Running): Promise<void> {
    // No new request reaches it (it is out of the routes); the ones in flight finish first.
    running.ready = false;
    if (running.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          running.drained = resolve;
        }),
        new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS))),
      ]);
      clearTimeout(timer);
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.halt(running),
      new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS))),
    ]);
    clearTimeout(timer);
  }

  /** Stops a revision's instance and its restarts; resolves once the instance is gone. */
  private async halt(running: Running): Promise<void> {
    running.stopped = true;
    running.ready = false;
    if (running.restartTimer) clearTimeout(running.restartTimer);
    await running.instance?.stop().catch(() => undefined);
  }

  /**
   * Stops the app at `key`: its instance ends and its route goes.
   * @throws ServiceError NOT_FOUND when no such app is deployed.
   */
  async stop(key: AppKey): Promise<void> {
    const row = await this.options.repo.get(key);
    if (!row)
      throw new ServiceError(
        Status.NOT_FOUND,
        `no app named ${key.name} in project ${key.project}, domain ${key.domain}`,
      );
    const running = this.apps.get(key.name);
    if (running && running.key.project === key.project && running.key.domain === key.domain) {
      this.apps.delete(key.name);
      await this.halt(running);
    } else if (this.options.instances.adopt) {
      // Deployed through another replica of a shared runtime: its service is stopped from here.
      const spec = JSON.parse(row.spec) as AppSpecIn;
      const start = this.runningOf(key, spec, Number(row.revision)).start;
      const instance = await this.options.instances.adopt(start, () => undefined).catch(() => undefined);
      await instance?.stop();
    }
    await this.options.repo.setStatus(key, { state: 'Stopped', message: 'Stopped', updated_at: this.now() });
  }

  /**
   * Adopts, on a shared runtime ({@link AppInstanceRuntime.shared}), the apps the database says are
   * started at a revision newer than the one this replica routes to (deployed through another
   * replica, or before this admin started), and marks adopted ones ready once they answer. Nothing is
   * started or changed: a revision that does not run is left alone. No-op on other runtimes.
   */
  async sync(): Promise<void> {
    const { instances, repo } = this.options;
    if (!instances.shared || !instances.adopt || this.closed) return;
    for (const row of await repo.listInState('Started', SYNC_LIMIT)) {
      const held = this.apps.get(row.name);
      if (held && !held.stopped && held.revision >= row.revision) {
        if (!held.ready && (await held.instance?.answers().catch(() => false))) held.ready = true;
        continue;
      }
      const spec = JSON.parse(row.spec) as AppSpecIn;
      const key = { org: row.org, project: row.project, domain: row.domain, name: row.name };
      const running = this.runningOf(key, spec, Number(row.revision));
      running.instance = await instances.adopt(running.start, this.keeper(running)).catch(() => undefined);
      if (!running.instance || this.closed) {
        running.instance?.detach?.();
        continue;
      }
      running.ready = await running.instance.answers().catch(() => false);
      // Deployed meanwhile through this replica: that one is newer or the same.
      const now = this.apps.get(row.name);
      if (now !== held && now && !now.stopped) {
        running.instance.detach?.();
        continue;
      }
      this.apps.set(row.name, running);
      this.lastRuns.set(row.name, running);
      if (held) {
        // The service moved on to the new revision: the old instance is only forgotten here.
        held.stopped = true;
        held.instance?.detach?.();
      }
      this.supervise(running);
      this.options.logger.info('app adopted', { app: row.name, revision: running.revision });
    }
  }

  /**
   * Calls {@link sync} now and every `intervalMs` (milliseconds) until {@link close}, on a shared
   * runtime; a failed sync is logged and tried again at the next interval.
   */
  syncEvery(intervalMs: number): void {
    if (!this.options.instances.shared) return;
    const tick = () => {
      this.syncTimer = setTimeout(async () => {
        await this.sync().catch((error: unknown) =>
          this.options.logger.warn('app sync failed', { error: errorMessage(error) }),
        );
        if (!this.closed) tick();
      }, intervalMs);
      this.syncTimer.unref();
    };
    void this.sync()
      .catch((error: unknown) => this.options.logger.warn('app sync failed', { error: errorMessage(error) }))
      .finally(() => {
        if (!this.closed) tick();
      });
  }

  /**
   * Stops every app instance (the admin is shutting down); their records keep their state. On a
   * shared runtime the instances keep running for the other replicas: they are only let go.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.syncTimer);
    const all = [...this.apps.values()];
    this.apps.clear();
    this.lastRuns.clear();
    if (this.options.instances.shared) {
      for (const running of all) {
        running.stopped = true;
        if (running.restartTimer) clearTimeout(running.restartTimer);
        running.instance?.detach?.();
      }
    } else {
      await Promise.all(all.map((running) => this.halt(running)));
    }
    await this.options.instances.close();
  }
}

/** The key of an app spec's identifier. */
export function keyOf(spec: AppSpecIn): AppKey {
  return {
    org: spec.id?.org ?? '',
    project: spec.id?.project || 'default',
    domain: spec.id?.domain || 'development',
    name: spec.id?.name ?? '',
  };
}

/** The image reference of a spec: `<registry>/<name>:<tag>`, or empty without a registry, name or tag. */
function imageOf(spec: AppSpecIn): string {
  const image = spec.image;
  if (!image?.registry || !image.name || !image.tag) return '';
  return `${image.registry}/${image.name}:${image.tag}`;
}

/**
 * The limits of a spec in millicores and bytes (empty quantities: none).
 * @throws ServiceError INVALID_ARGUMENT naming the quantity that is not one.
 */
function limitsOf(name: string, limits: AppSpecIn['limits']): AppRevisionSpec['limits'] {
  const out: AppRevisionSpec['limits'] = {};
  const cpu = limits?.cpu?.trim();
  if (cpu) {
    const millis = cpuMillis(cpu);
    if (!millis) {
      throw new ServiceError(
        Status.INVALID_ARGUMENT,
        `app ${name}: limits.cpu "${cpu.slice(0, 40)}" is not a CPU quantity such as 1 or 500m`,
      );
    }
    out.cpuMillis = millis;
  }
  const mem = limits?.mem?.trim();
  if (mem) {
    let bytes = 0;
    try {
      bytes = parseQuantity(mem);
    } catch {
      // Reported below.
    }
    if (!bytes || bytes < 4 * 1024 * 1024) {
      throw new ServiceError(
        Status.INVALID_ARGUMENT,
        `app ${name}: limits.mem "${mem.slice(0, 40)}" is not a memory size of at least 4Mi such as 512Mi or 1Gi`,
      );
    }
    out.memoryBytes = bytes;
  }
  return out;
}
