import Docker from 'dockerode';
import { errorMessage } from '../api/guards.js';

/** Label keys orch puts on every container it starts (DESIGN.md: "Every attempt and app revision carries labels"). */
export const LABELS = {
  /** `task` or `app`. */
  kind: 'org.orch.kind',
  project: 'org.orch.project',
  domain: 'org.orch.domain',
  execution: 'org.orch.execution',
  node: 'org.orch.node',
  attempt: 'org.orch.attempt',
  app: 'org.orch.app',
  revision: 'org.orch.revision',
} as const;

/** Thrown when no engine answers at the configured address. */
export class EngineUnavailableError extends Error {
  constructor(
    readonly address: string,
    cause: unknown,
  ) {
    super(
      `no Docker engine answers at ${address} (${errorMessage(cause)}); ` +
        'start dockerd (or `podman system service`), point --runtime.docker.host or DOCKER_HOST at it, ' +
        'or run with --runtime.type local',
    );
    this.name = 'EngineUnavailableError';
  }
}

/** Where an engine is reached: `--runtime.docker.host`, else DOCKER_HOST, else the default socket. */
export function engineAddress(
  host: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return host || env.DOCKER_HOST || 'unix:///var/run/docker.sock';
}

/**
 * A dockerode client for `address`: `unix:///path/to.sock` (Docker, or Podman's Docker-compatible
 * socket), or `tcp://host:port` / `http://host:port` (plain HTTP; put TLS engines behind DOCKER_HOST
 * with docker-modem's DOCKER_CERT_PATH conventions).
 * @throws Error naming the address when it is neither.
 */
export function connectEngine(address: string): Docker {
  if (address.startsWith('unix://')) return new Docker({ socketPath: address.slice('unix://'.length) });
  if (address.startsWith('/')) return new Docker({ socketPath: address });
  const match = /^(?:tcp|http):\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(address);
  if (match?.[1] && match[2]) return new Docker({ protocol: 'http', host: match[1], port: Number(match[2]) });
  throw new Error(
    `Docker engine address "${address}" is not unix:///path/to.sock or tcp://host:port (--runtime.docker.host, DOCKER_HOST)`,
  );
}

/**
 * Checks that the engine answers a ping.
 * @throws EngineUnavailableError naming the address and what to do.
 */
export async function checkEngine(engine: Docker, address: string): Promise<void> {
  try {
    await engine.ping();
  } catch (error) {
    throw new EngineUnavailableError(address, error);
  }
}

/**
 * Makes sure `image` is in the engine: found locally, or pulled (anonymously). Resolves once it is there.
 * @throws Error naming the image and the engine's reason when it is neither there nor pullable.
 */
export async function ensureImage(engine: Docker, image: string): Promise<void> {
  try {
    await engine.getImage(image).inspect();
    return;
  } catch {
    // Not here: pulled below.
  }
  try {
    const stream = await engine.pull(image);
    await new Promise<void>((resolve, reject) =>
      engine.modem.followProgress(stream, (error: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    throw new Error(`image ${image} is not in the engine and cannot be pulled: ${errorMessage(error)}`);
  }
}

/** The engine's message of a failed call, without dockerode's `(HTTP code 404) no such container -` prefix. */
export function engineMessage(error: unknown): string {
  const text = errorMessage(error);
  return text.replace(/^\(HTTP code \d+\)\s*[^-]*-\s*/, '').trim();
}
