import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { status as Status } from '@grpc/grpc-js';
import type { AppKey, AppRepository } from '../db/app-repository.js';
import { ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { TaskSecretSource } from '../secrets.js';
import { spawnTethered, untether } from '../tethered.js';
import { portOwnership, socketHolders } from './port-owner.js';

/** The parts of an AppSpec message the runtime reads. */
export interface AppSpecIn {
  id?: { name?: string; project?: string; domain?: string; org?: string } | null;
  port?: number;
  args?: string[];
  secrets?: { key?: string; env_var?: string }[];
  requires_auth?: boolean;
  code_bundle?: string;
  env?: Record<string, string>;
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

/** What {@link LocalAppRuntime} needs. */
export interface AppRuntimeOptions {
  repo: AppRepository;
  /** Folder of the apps' working directories (`<dataDir>/apps`). */
  dir: string;
  /** Environment every app process starts from (PATH, HOME, LANG, TZ); never the server's whole environment. */
  baseEnv: Record<string, string>;
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
const LOG_LINES = 20;
const PROBE_EVERY_MS = 100;
/** How long a replaced revision's leftover processes may keep the app's port before a deploy gives up. */
const PORT_RELEASE_MS = 5000;

interface Running {
  key: AppKey;
  spec: AppSpecIn;
  revision: number;
  child: ChildProcess | undefined;
  port: number;
  ready: boolean;
  /** A revision that was serving is being replaced by this one. */
  switching: boolean;
  stopped: boolean;
  logs: string[];
  restarts: number;
  restartTimer?: NodeJS.Timeout;
  /** Requests the ingress is forwarding to this revision right now. */
  inFlight: number;
  /** Called when `inFlight` drops to 0 (set while a replacement waits for it). */
  drained?: () => void;
}

/** Thrown (as a Failed status) when a revision cannot start or never becomes healthy. */
class AppFailure extends Error {}

/**
 * Runs apps on the admin's host (DESIGN.md, "Where tasks and apps run"): each revision is a
 * supervised process started from the app's `args` in its code bundle's folder, with `PORT` (the app
 * file's port) and the secrets it names as environment variables, leading its own process group.
 * A revision is ready, and routed by the ingress, once a process of that group listens on the port
 * and a TCP connection to 127.0.0.1:<port> succeeds, while the process runs: another program on the
 * same port never makes an app ready (see port-owner.ts; where the platform cannot tell who listens,
 * as off Linux, the connection alone decides). A port that another program holds fails the
 * deployment at once, naming the port. One app name per organization (it is the host name on the
 * apps sub-domain). A process that exits after it started is restarted with exponential backoff
 * (1 s doubling, at most 30 s), and becomes ready again by the same rule.
 */
export class LocalAppRuntime {
  private readonly apps = new Map<string, Running>();
  private readonly now: () => number;
  private closed = false;

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
    return {
      port: app.port,
      ready: app.ready,
      switching: app.switching,
      requiresAuth: app.spec.requires_auth !== false,
      state: app.ready ? 'Started' : 'Pending',
      enter: () => {
        if (!app.ready || app.stopped || this.apps.get(name) !== app) return undefined;
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
   * (accepted), Pending RevisionMissing (materializing and starting the process), Pending
   * IngressNotConfigured (process up, route not yet registered), Pending Uninitialized (routed,
   * waiting for the app's own process to answer on its port), then Started; or Failed with the reason
   * and the app's last log lines: among them, at once, a port held by another program. A previous
   * revision keeps serving until the new one is materialized, then is stopped (both would listen on
   * the app's port).
   * @throws ServiceError INVALID_ARGUMENT for a bad spec, ALREADY_EXISTS when another project holds the name.
   */
  async deploy(spec: AppSpecIn, emit: (status: AppStatusOut) => void, timeoutMs: number): Promise<void> {
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
    await this.options.repo.put({
      ...key,
      spec: JSON.stringify(spec),
      revision,
      state: 'Pending',
      message: 'App is pending deployment',
      updated_at: this.now(),
    });
    emit({
      state: 'Pending',
      message: 'App is pending deployment',
      endpoint: '',
      revision,
      updated_at_ms: String(this.now()),
    });

    const running: Running = {
      key,
      spec,
      revision,
      child: undefined,
      port,
      ready: false,
      switching: holder?.ready === true,
      stopped: false,
      logs: [],
      restarts: 0,
      inFlight: 0,
    };
    try {
      await say('Pending', 'RevisionMissing: configuration waits for a revision to become ready');
      const { cwd, env } = await this.materialize(running);
      this.apps.set(key.name, running);
      // The new revision listens on the same port: the old one goes first (requests wait meanwhile).
      if (holder) await this.haltAndWait(holder);
      await this.awaitFreePort(running, holder?.child?.pid);
      await this.start(running, cwd, env);
      await say('Pending', 'IngressNotConfigured: ingress not yet reconciled');
      // The route exists from here; the ingress answers 503 until the probe passes.
      await say('Pending', 'Uninitialized: waiting for load balancer to be ready');
      await this.probe(running, timeoutMs);
      running.ready = true;
      running.switching = false;
      this.supervise(running, cwd, env);
      await say('Started', 'Service is ready');
    } catch (error) {
      this.halt(running);
      if (this.apps.get(key.name) === running) this.apps.delete(key.name);
      const reason =
        error instanceof AppFailure ? error.message : `internal error: ${(error as Error).message}`;
      if (!(error instanceof AppFailure))
        this.options.logger.error('app deployment failed', {
          app: key.name,
          error: (error as Error).message,
        });
      const tail = running.logs.length ? `\nlast log lines:\n${running.logs.join('\n')}` : '';
      await say('Failed', `${reason}${tail}`);
    }
  }

  /** The working directory and environment of a revision: code bundle, PORT, env, secrets. */
  private async materialize(running: Running): Promise<{ cwd: string; env: Record<string, string> }> {
    const { key, spec } = running;
    let cwd: string;
    if (spec.code_bundle) {
      if (!this.options.unpack) throw new AppFailure('this server cannot unpack code bundles');
      try {
        cwd = await this.options.unpack(spec.code_bundle);
      } catch (error) {
        throw new AppFailure(`cannot unpack the app's files: ${(error as Error).message}`);
      }
    } else {
      cwd = join(this.options.dir, key.org || '_', key.project, key.domain, key.name);
      await mkdir(cwd, { recursive: true });
    }
    const env: Record<string, string> = {
      ...this.options.baseEnv,
      ...(spec.env ?? {}),
      PORT: String(running.port),
    };
    for (const secret of spec.secrets ?? []) {
      const name = secret.key ?? '';
      const variable = secret.env_var || name;
      // The value goes only into the process's environment: never into a record, a log or a status.
      const value = await this.options.secrets?.get(name, { project: key.project, domain: key.domain });
      if (value === undefined) {
        throw new AppFailure(
          `secret ${name} (for ${variable}) is not set for project ${key.project}, domain ${key.domain} ` +
            `(create it with \`orch create secret --name ${name}\`)`,
        );
      }
      env[variable] = value;
    }
    return { cwd, env };
  }

  /** Spawns the revision's process; resolves once it is running. */
  private start(running: Running, cwd: string, env: Record<string, string>): Promise<void> {
    const [program = '', ...args] = running.spec.args ?? [];
    return new Promise((resolve, reject) => {
      // Tethered: the app's process group dies with this admin, however the admin dies.
      const child = spawnTethered(program, args, { cwd, env });
      child.once('exit', () => untether(child));
      running.child = child;
      const keep = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          running.logs.push(line.slice(0, 500));
          if (running.logs.length > LOG_LINES) running.logs.shift();
        }
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      child.once('spawn', () => resolve());
      child.once('error', (error) =>
        reject(
          new AppFailure(
            `cannot start "${program}": ${(error as NodeJS.ErrnoException).code ?? error.message}`,
          ),
        ),
      );
    });
  }

  /**
   * Resolves once nothing listens on the revision's port (it is about to start), waiting at most
   * {@link PORT_RELEASE_MS} for processes left by the replaced revision whose group leader was
   * `previousGroup`. Off Linux, a port that answers a connection counts as held.
   * @throws AppFailure naming the port and who holds it, when another program (or app) holds it.
   */
  private async awaitFreePort(running: Running, previousGroup: number | undefined): Promise<void> {
    const deadline = this.now() + PORT_RELEASE_MS;
    for (;;) {
      const owner = await portOwnership(running.port, previousGroup);
      if (owner.state === 'free') return;
      if (owner.state === 'unknown') {
        if (!(await portAnswers(running.port))) return;
        if (previousGroup === undefined || this.now() > deadline) {
          throw new AppFailure(
            `port ${running.port} is held by another program (127.0.0.1:${running.port} answers before the app started); ` +
              'stop that program or give the app another port',
          );
        }
      } else if (owner.state === 'other' || this.now() > deadline) {
        throw new AppFailure(await this.heldMessage(running, owner.state === 'other' ? owner.inodes : []));
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  }

  /** The reason a revision cannot have its port: who holds it (processes by pid, apps by name). */
  private async heldMessage(running: Running, inodes: number[]): Promise<string> {
    const port = running.port;
    const advice = 'stop it or give the app another port';
    if (inodes.length === 0) return `port ${port} is still held by the app's previous revision`;
    const holders = await socketHolders(inodes);
    for (const other of this.apps.values()) {
      const pid = other.child?.pid;
      if (other === running || !pid || !holders.some((holder) => holder.pgid === pid)) continue;
      const { name, project, domain } = other.key;
      return `port ${port} is held by app ${name} (project ${project}, domain ${domain}); ${advice}`;
    }
    const who = holders.map((holder) => `pid ${holder.pid} ${holder.command}`).join(', ');
    return `port ${port} is held by another program${who ? ` (${who})` : ''}, not by the app; ${advice}`;
  }

  /**
   * Waits until the revision is ready: a process of its group listens on its port (port-owner.ts),
   * a connection to 127.0.0.1:<port> succeeds, and its process still runs. Where the platform cannot
   * tell who listens (off Linux), the connection alone decides.
   * @throws AppFailure when the process exits, when another program holds the port (at once), or
   * when `timeoutMs` runs out.
   */
  private async probe(running: Running, timeoutMs: number): Promise<void> {
    const deadline = this.now() + timeoutMs;
    const exited = () => {
      const child = running.child;
      return !child?.pid || child.exitCode !== null || child.signalCode !== null;
    };
    for (;;) {
      const child = running.child;
      if (exited()) {
        // Whatever listens now is not the app (unless a process it left behind in its group).
        const owner = await portOwnership(running.port, child?.pid);
        const held = owner.state === 'other' ? `${await this.heldMessage(running, owner.inodes)}; ` : '';
        throw new AppFailure(
          `${held}the app exited (${child?.exitCode ?? child?.signalCode ?? 'not started'}) before it answered on port ${running.port}`,
        );
      }
      const owner = await portOwnership(running.port, child?.pid);
      if (owner.state === 'other') throw new AppFailure(await this.heldMessage(running, owner.inodes));
      const mayAnswer = owner.state === 'own' || owner.state === 'unknown';
      if (mayAnswer && (await portAnswers(running.port)) && !exited()) return;
      if (this.now() > deadline) {
        throw new AppFailure(
          `the app did not answer on port ${running.port} within ${Math.round(timeoutMs / 1000)} s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  }

  /** Restarts a started revision whose process exits, with backoff; records the status. */
  private supervise(running: Running, cwd: string, env: Record<string, string>): void {
    running.child?.once('exit', (code, signal) =>
      this.restartLater(running, cwd, env, `the app exited (${code ?? signal})`),
    );
  }

  /**
   * Starts the revision again after a backoff (1 s doubling, at most 30 s), recording `why` it is
   * down in its status; it is Started again once {@link probe} passes, else this repeats.
   */
  private restartLater(running: Running, cwd: string, env: Record<string, string>, why: string): void {
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
        await this.start(running, cwd, env);
        await this.probe(running, 60_000);
        running.ready = true;
        await this.options.repo.setStatus(running.key, {
          state: 'Started',
          message: 'Service is ready',
          updated_at: this.now(),
        });
        this.supervise(running, cwd, env);
      } catch (error) {
        killGroup(running.child);
        this.restartLater(running, cwd, env, (error as Error).message);
      }
    }, waitMs);
  }

  /**
   * Stops a replaced revision: waits (at most 10 s) for its requests in flight to end, stops its
   * process, and waits (at most 10 s) until it has exited.
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
        new Promise((resolve) => (timer = setTimeout(resolve, 10_000))),
      ]);
      clearTimeout(timer);
    }
    const child = running.child;
    const exited =
      child && child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : Promise.resolve();
    this.halt(running);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
    clearTimeout(timer);
  }

  /** Stops a revision's process (its whole process group) and its restarts. */
  private halt(running: Running): void {
    running.stopped = true;
    running.ready = false;
    if (running.restartTimer) clearTimeout(running.restartTimer);
    killGroup(running.child);
  }

  /**
   * Stops the app at `key`: its process ends and its route goes.
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
      this.halt(running);
      this.apps.delete(key.name);
    }
    await this.options.repo.setStatus(key, { state: 'Stopped', message: 'Stopped', updated_at: this.now() });
  }

  /** Stops every app process (the admin is shutting down); their records keep their state. */
  close(): void {
    this.closed = true;
    for (const running of this.apps.values()) {
      running.stopped = true;
      if (running.restartTimer) clearTimeout(running.restartTimer);
      killGroup(running.child);
    }
    this.apps.clear();
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

/** Ends a process and everything it started (it leads its own process group). */
function killGroup(child: ChildProcess | undefined): void {
  const pid = child?.pid;
  if (!pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}
