import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import type { Logger } from '../logger.js';
import { type AppInstance, type AppInstanceRuntime, type AppRevisionSpec, AppStartError } from './apps.js';
import { engineMessage, ensureImage, LABELS } from './docker-engine.js';
import { tmpfsOptions } from './docker-tasks.js';

/** What {@link DockerAppRuntime} needs. */
export interface DockerAppRuntimeOptions {
  engine: Docker;
  /** Image of apps whose spec names none (`--runtime.docker.defaultImage`). */
  defaultImage: string;
  /** `uid:gid` the containers run as (`--runtime.docker.user`). */
  user: string;
  /** Seconds between SIGTERM and SIGKILL when a revision is stopped. */
  stopGraceSeconds: number;
  /** Size of each container's in-memory /tmp, bytes. */
  tmpBytes: number;
  logger: Logger;
}

const CODE_DIR = '/orch/code';
const PIDS_LIMIT = 1024;

/**
 * The docker runtime's apps: each revision is a container of the app's image (its image spec's
 * reference), on the engine's default bridge, with the app's port published on an ephemeral port of
 * 127.0.0.1 (so two apps that both listen on 8080 never collide), its limits, env and secrets, a
 * non-root user, a read-only root file system with an in-memory /tmp, no new privileges and no
 * capabilities, and labels naming the app and the revision. Readiness is that container, running,
 * accepting connections on its own address (never the published port, which the engine's proxy
 * accepts even when nothing listens behind it). Revisions do not share ports: a redeploy starts the
 * new one before it stops the old.
 */
export class DockerAppRuntime implements AppInstanceRuntime {
  readonly name = 'docker';
  readonly sharesPorts = false;

  constructor(private readonly options: DockerAppRuntimeOptions) {}

  async start(spec: AppRevisionSpec, onLog: (line: string) => void): Promise<AppInstance> {
    const { engine } = this.options;
    const image = spec.image || this.options.defaultImage;
    const [program = '', ...args] = spec.argv;
    const portKey = `${spec.port}/tcp`;
    let container: Docker.Container | undefined;
    try {
      await ensureImage(engine, image);
      container = await engine.createContainer({
        Image: image,
        Entrypoint: [program],
        Cmd: args,
        Env: Object.entries({ HOME: '/tmp', ...spec.env }).map(([k, v]) => `${k}=${v}`),
        User: this.options.user,
        ...(spec.codeDir ? { WorkingDir: CODE_DIR } : {}),
        ExposedPorts: { [portKey]: {} },
        Labels: {
          [LABELS.kind]: 'app',
          [LABELS.project]: spec.ids.project,
          [LABELS.domain]: spec.ids.domain,
          [LABELS.app]: spec.ids.name,
          [LABELS.revision]: String(spec.ids.revision),
        },
        HostConfig: {
          PortBindings: { [portKey]: [{ HostIp: '127.0.0.1', HostPort: '' }] },
          Binds: spec.codeDir ? [`${spec.codeDir}:${CODE_DIR}:ro`] : [],
          NetworkMode: 'bridge',
          // The host's services (an admin served on every address) by the name Docker Desktop uses.
          ExtraHosts: ['host.docker.internal:host-gateway'],
          ReadonlyRootfs: true,
          Tmpfs: { '/tmp': tmpfsOptions(this.options.user, this.options.tmpBytes) },
          CapDrop: ['ALL'],
          SecurityOpt: ['no-new-privileges'],
          PidsLimit: PIDS_LIMIT,
          ...(spec.limits.memoryBytes
            ? { Memory: spec.limits.memoryBytes, MemorySwap: spec.limits.memoryBytes }
            : {}),
          ...(spec.limits.cpuMillis ? { NanoCpus: spec.limits.cpuMillis * 1_000_000 } : {}),
          Init: true,
        },
      });
      await container.start();
      const info = await container.inspect();
      const hostPort = Number(info.NetworkSettings.Ports?.[portKey]?.[0]?.HostPort);
      const address = info.NetworkSettings.Networks?.bridge?.IPAddress ?? '';
      if (!hostPort || !address)
        throw new Error('the engine gave the container no published port or address');
      return this.instance(container, spec.port, hostPort, address, onLog);
    } catch (error) {
      await container?.remove({ force: true }).catch(() => undefined);
      if (error instanceof AppStartError) throw error;
      throw new AppStartError(`cannot start the app's container (image ${image}): ${engineMessage(error)}`);
    }
  }

  /** Follows a started container: its log lines, its end (then it is removed), readiness and stop. */
  private async instance(
    container: Docker.Container,
    port: number,
    hostPort: number,
    address: string,
    onLog: (line: string) => void,
  ): Promise<AppInstance> {
    const lines = new PassThrough();
    let partial = '';
    lines.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) onLog(line);
    });
    const stopFollowing = new AbortController();
    const logs = (await container.logs({
      follow: true,
      stdout: true,
      stderr: true,
      abortSignal: stopFollowing.signal,
    })) as unknown as NodeJS.ReadableStream;
    logs.on('error', () => undefined);
    this.options.engine.modem.demuxStream(logs, lines, lines);
    let running = true;
    const ended = container
      .wait()
      .then(async () => {
        const info = await container.inspect().catch(() => undefined);
        if (info?.State.OOMKilled) return 'OOMKilled';
        const code = info?.State.ExitCode;
        return code === undefined ? 'gone' : String(code);
      })
      .catch((error: unknown) => `gone (${engineMessage(error)})`)
      .then(async (why) => {
        running = false;
        stopFollowing.abort();
        await container.remove({ force: true }).catch(() => undefined);
        return why;
      });
    return {
      hostPort,
      ended,
      running: () => running,
      answers: async () => running && (await accepts(address, port)),
      stop: async () => {
        if (running) await container.stop({ t: this.options.stopGraceSeconds }).catch(() => undefined);
        await ended;
      },
    };
  }

  async close(): Promise<void> {}
}

/** True when `host:port` accepts a TCP connection within a second. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
