import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import { engineMessage, ensureImage, LABELS } from '../../engines/docker-engine.js';
import type { Logger } from '../logger.js';
import { type AppInstance, type AppInstanceRuntime, type AppRevisionSpec, AppStartError } from './apps.js';
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
      // Attached before it starts, so that nothing it prints is lost, even if it exits at once.
      const output = await container.attach({ stream: true, stdout: true, stderr: true });
      const lines = new PassThrough();
      let partial = '';
      lines.on('data', (chunk: Buffer) => {
        const parts = (partial + chunk.toString('utf8')).split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts) if (line.trim()) onLog(line);
      });
      output.on('error', () => undefined);
      engine.modem.demuxStream(output, lines, lines);
      await container.start();
      const info = await container.inspect();
      // A container that already ended has no published port or address: it is an instance that
      // never answers, and its end says why.
      const hostPort = Number(info.NetworkSettings.Ports?.[portKey]?.[0]?.HostPort) || 0;
      const address = info.NetworkSettings.Networks?.bridge?.IPAddress ?? '';
      if (info.State.Running && (!hostPort || !address))
        throw new Error('the engine gave the container no published port or address');
      return this.instance(container, spec.port, hostPort, address, () => {
        if ('destroy' in output && typeof output.destroy === 'function') output.destroy();
        if (partial.trim()) onLog(partial);
      });
    } catch (error) {
      await container?.remove({ force: true }).catch(() => undefined);
      if (error instanceof AppStartError) throw error;
      throw new AppStartError(`cannot start the app's container (image ${image}): ${engineMessage(error)}`);
    }
  }

  /** Follows a started container: its end (then it is removed, and `onEnd` called), readiness and stop. */
  private instance(
    container: Docker.Container,
    port: number,
    hostPort: number,
    address: string,
    onEnd: () => void,
  ): AppInstance {
    let running = true;
    const ended = endOf(container).then(async (why) => {
      running = false;
      onEnd();
      await container.remove({ force: true }).catch(() => undefined);
      return why;
    });
    return {
      hostPort,
      ended,
      running: () => running,
      answers: async () => running && address !== '' && (await accepts(address, port)),
      stop: async () => {
        if (running) await container.stop({ t: this.options.stopGraceSeconds }).catch(() => undefined);
        await ended;
      },
    };
  }

  async close(): Promise<void> {}
}

/**
 * Resolves once `container` has stopped running, with why: `OOMKilled`, its exit code, or `gone`. A
 * wait that returns or fails while the container still runs (a dropped connection to the engine) is
 * waited again, so a living app is never taken for an ended one.
 */
async function endOf(container: Docker.Container): Promise<string> {
  for (;;) {
    await container.wait().catch(() => undefined);
    const info = await container.inspect().catch(() => undefined);
    if (!info) return 'gone';
    if (!info.State.Running) return info.State.OOMKilled ? 'OOMKilled' : String(info.State.ExitCode);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
