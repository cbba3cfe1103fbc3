/**
 * The runtime interface behind the app runtime (DESIGN.md, "Where tasks and apps run"): the app
 * runtime keeps deployments, statuses, routes and restarts; an {@link AppInstanceRuntime} starts one
 * revision's server somewhere (a process, a container) and says whether it is the one answering.
 */

/** Which app revision an instance is: the labels a container runtime puts on it. */
export interface AppIds {
  org: string;
  project: string;
  domain: string;
  name: string;
  revision: number;
}

/** One app revision to start. */
export interface AppRevisionSpec {
  ids: AppIds;
  /** The command line that starts the server: the program, then its arguments. */
  argv: string[];
  /** The app's `env`, its secrets' values and PORT. Never logged or recorded by a runtime. */
  env: Record<string, string>;
  /** The port the app listens on (its `port`, 8080 by default), inside its container or on the host. */
  port: number;
  /** The app's files (its unpacked code bundle), its working directory; none: the runtime's choice. */
  codeDir?: string;
  /** The image reference of the app's image spec; empty: the runtime's default. Ignored by `local`. */
  image: string;
  /** CPU limit in millicores and memory limit in bytes (the app file's `limits`). */
  limits: { cpuMillis?: number; memoryBytes?: number };
  /**
   * How many instances serve the app (the app file's `replicas`, 1 by default). Only runtimes with a
   * {@link AppInstanceRuntime.maxReplicas} above 1 (`swarm`) run more than one; the app runtime
   * rejects more than a runtime's maximum at deploy.
   */
  replicas?: number;
  /**
   * The names of the `env` entries whose values are the app's secrets. Runtimes that can keep them
   * out of what they record (`swarm`: Swarm secrets) do; the others pass them as `env`.
   */
  secretEnv?: string[];
}

/** One address the ingress may send an app's requests to. */
export interface AppTarget {
  /** An IP address or host name: 127.0.0.1, or the address of the Swarm node that runs the task. */
  host: string;
  port: number;
}

/** A started revision. */
export interface AppInstance {
  /**
   * The loopback port (127.0.0.1) the ingress sends the app's requests to; for an instance with
   * {@link target} (`swarm`), the published port of one answering replica, 0 while none answers.
   */
  readonly hostPort: number;
  /** Resolves once the instance has ended, with why: its exit status (`1`, `137`, `SIGKILL`) or `OOMKilled`. */
  readonly ended: Promise<string>;
  /** Whether it is still running. */
  running(): boolean;
  /**
   * Readiness: true only when this very instance (its process, its container) accepts connections
   * on its port while it runs; never because another program holds the port.
   * @throws Error with a user-facing reason when the port is held by another program (fail fast).
   */
  answers(): Promise<boolean>;
  /** Stops it (SIGTERM, a grace period, SIGKILL) and resolves once it is gone. */
  stop(): Promise<void>;
  /**
   * Where the next request goes, for instances served by several replicas (`swarm`): each call
   * picks an answering replica (at random, so requests spread evenly on average), skipping ones being
   * replaced; undefined while none answers. Without it, requests go to 127.0.0.1:{@link hostPort}.
   */
  target?(): AppTarget | undefined;
  /**
   * Stops following the instance and leaves it running (a shared runtime's admin is shutting down:
   * the other replicas go on routing to it).
   */
  detach?(): void;
}

/** Thrown by {@link AppInstanceRuntime.start} when a revision cannot start; the message is for the user. */
export class AppStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppStartError';
  }
}

/** Starts app revisions: processes on this host, containers, ... */
export interface AppInstanceRuntime {
  /** `local`, `docker`, ... */
  readonly name: string;
  /**
   * Whether revisions of one app listen on the same host port (the local runtime): then a redeploy
   * stops the old revision before it starts the new one. False where each revision has its own
   * (containers): the new one starts, the route switches, then the old one stops.
   */
  readonly sharesPorts: boolean;
  /** The most replicas an app may ask for (`swarm`: 64); none: 1 (`local`, `docker`). */
  readonly maxReplicas?: number;
  /**
   * True when every admin replica reaches the instances (swarm services): they outlive the admin that
   * started them, every replica adopts what the database says is started ({@link adopt}), and the
   * runtime (not the admin) restarts failed replicas.
   */
  readonly shared?: boolean;
  /**
   * A shared runtime's running instance of exactly `spec`'s revision, found without starting or
   * changing anything; undefined when that revision does not run.
   */
  adopt?(spec: AppRevisionSpec, onLog: (line: string) => void): Promise<AppInstance | undefined>;
  /**
   * Starts a revision; resolves once it runs (not yet ready).
   * @param onLog receives each line it prints (for the status of a failed deployment).
   * @throws AppStartError when it cannot start (no such program or image, bad limits).
   */
  start(spec: AppRevisionSpec, onLog: (line: string) => void): Promise<AppInstance>;
  /** Lets go of the runtime's resources; instances are stopped by the app runtime first. */
  close(): Promise<void>;
}
