import type Docker from 'dockerode';
import { errorMessage } from '../../api/guards.js';
import { engineMessage, LABELS } from './docker-engine.js';

/**
 * Helpers of the swarm runtime (`--runtime.type swarm`, DESIGN.md "Where tasks and apps run"): the
 * engine is a Swarm manager's Docker Engine API, reached as the docker runtime reaches its engine
 * (`connectEngine` of docker-engine.ts). Shared by the swarm task and app runtimes; kept small.
 */

/** Thrown when the engine answers but is not a manager of an active swarm. */
export class SwarmUnavailableError extends Error {
  constructor(
    readonly address: string,
    detail: string,
  ) {
    super(
      `the Docker engine at ${address} is not a swarm manager (${detail}); ` +
        'make it one with `docker swarm init` (on one host: `docker swarm init --advertise-addr 127.0.0.1`), ' +
        'point --runtime.docker.host at a manager, or run with --runtime.type docker',
    );
    this.name = 'SwarmUnavailableError';
  }
}

/**
 * Checks that the engine is a manager of an active swarm (`GET /info`: `Swarm.ControlAvailable`).
 * @throws SwarmUnavailableError naming the address, the node's swarm state and `docker swarm init`.
 */
export async function checkSwarmManager(engine: Docker, address: string): Promise<void> {
  let info: { Swarm?: { LocalNodeState?: string; ControlAvailable?: boolean } };
  try {
    info = await engine.info();
  } catch (error) {
    throw new SwarmUnavailableError(address, `GET /info failed: ${errorMessage(error)}`);
  }
  if (info.Swarm?.ControlAvailable === true) return;
  const state = info.Swarm?.LocalNodeState || 'inactive';
  throw new SwarmUnavailableError(
    address,
    state === 'active' ? 'it is a worker of its swarm' : `its swarm state is ${state}`,
  );
}

/**
 * Name of the swarm-scoped network of tasks that asked for none: an `internal` bridge (no route out
 * of the host, no published ports) on which containers cannot reach each other (`enable_icc` off).
 * A Swarm service always gets a network interface (the predefined `none` network cannot be attached
 * to a service), so this is the closest to the docker runtime's `NetworkMode: none`.
 */
export const ISOLATED_NETWORK = 'orch-isolated';

/**
 * The id of {@link ISOLATED_NETWORK}, created (swarm scope, bridge driver, internal, no inter-container
 * traffic, labelled `org.orch.kind=network`) when the swarm has none.
 * @throws Error with the engine's reason when it can be neither found nor created.
 */
export async function ensureIsolatedNetwork(engine: Docker): Promise<string> {
  const find = async () => {
    const found = await engine.listNetworks({ filters: { name: [ISOLATED_NETWORK] } });
    return found.find((n) => n.Name === ISOLATED_NETWORK)?.Id;
  };
  const existing = await find();
  if (existing) return existing;
  try {
    const created = await engine.createNetwork({
      Name: ISOLATED_NETWORK,
      Driver: 'bridge',
      Scope: 'swarm',
      Internal: true,
      CheckDuplicate: true,
      Options: { 'com.docker.network.bridge.enable_icc': 'false' },
      Labels: { [LABELS.kind]: 'network' },
    });
    return created.id;
  } catch (error) {
    // Another admin made it meanwhile.
    const raced = await find();
    if (raced) return raced;
    throw new Error(`cannot create the swarm network ${ISOLATED_NETWORK}: ${errorMessage(error)}`);
  }
}

/** `node.labels.zone==a`: what a Swarm placement constraint looks like (docs: `docker service create --constraint`). */
const CONSTRAINT =
  /^(node\.(id|hostname|role|platform\.os|platform\.arch|labels\.[A-Za-z0-9][A-Za-z0-9._-]*)|engine\.labels\.[A-Za-z0-9][A-Za-z0-9._-]*)\s*(==|!=)\s*[A-Za-z0-9][A-Za-z0-9._:/-]*$/;

/** Thrown for a placement constraint that is not `<attribute>==<value>` or `<attribute>!=<value>`. */
export class ConstraintSyntaxError extends Error {
  constructor(source: string, constraint: string) {
    super(
      `${source}: "${constraint}" is not a swarm placement constraint such as node.labels.zone==a ` +
        '(node.id, node.hostname, node.role, node.platform.os, node.platform.arch, node.labels.<key>, ' +
        'engine.labels.<key>; == or !=)',
    );
    this.name = 'ConstraintSyntaxError';
  }
}

/**
 * The placement constraints of a comma-separated list (`node.labels.zone==a, node.role!=manager`),
 * trimmed, empty items dropped.
 * @param source where the text comes from, for the error (`--runtime.swarm.constraints`).
 * @throws ConstraintSyntaxError naming the source and the first item that is not a constraint.
 */
export function parseConstraints(items: readonly string[], source: string): string[] {
  const constraints: string[] = [];
  for (const item of items.flatMap((text) => text.split(','))) {
    const constraint = item.trim();
    if (!constraint) continue;
    if (!CONSTRAINT.test(constraint)) throw new ConstraintSyntaxError(source, constraint);
    constraints.push(constraint);
  }
  return constraints;
}

/**
 * A service's logs, stdout and stderr multiplexed (split them with `engine.modem.demuxStream`), as a
 * stream: all of them so far, and with `follow` what comes after until `signal` aborts.
 * @throws Error with the engine's reason (no such service, not a swarm manager).
 */
export function serviceLogs(
  engine: Docker,
  serviceId: string,
  follow: boolean,
  signal?: AbortSignal,
): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    engine.modem.dial(
      {
        path: `/services/${encodeURIComponent(serviceId)}/logs?`,
        method: 'GET',
        isStream: true,
        abortSignal: signal,
        statusCodes: {
          200: true,
          404: 'no such service',
          500: 'server error',
          503: 'node is not part of a swarm',
        },
        options: { stdout: true, stderr: true, follow },
      },
      (error, result) =>
        error || !isReadable(result)
          ? reject(error ?? new Error('the engine sent no log stream'))
          : resolve(result),
    );
  });
}

/** Whether a value is a readable stream (what the engine's connection gives for a streamed answer). */
function isReadable(value: unknown): value is NodeJS.ReadableStream {
  return (
    typeof value === 'object' &&
    value !== null &&
    'pipe' in value &&
    typeof value.pipe === 'function' &&
    'on' in value &&
    typeof value.on === 'function'
  );
}

/**
 * Removes the containers this node's engine holds of a Swarm service (label
 * `com.docker.swarm.service.id`), with their anonymous volumes. Docker 20.10 leaves the exited
 * containers of a removed job's tasks behind; containers on other nodes are their engines' to remove.
 */
export async function removeServiceContainers(engine: Docker, serviceId: string): Promise<void> {
  const found = await engine
    .listContainers({ all: true, filters: { label: [`com.docker.swarm.service.id=${serviceId}`] } })
    .catch(() => []);
  await Promise.all(
    found.map((c) =>
      engine
        .getContainer(c.Id)
        .remove({ force: true, v: true })
        .catch(() => undefined),
    ),
  );
}

/**
 * Removes the volumes this node's engine holds that carry every label of `labels` (key=value): the
 * in-memory /tmp of a task's container, which the engine does not always remove with its container.
 * A volume still in use is tried again for a few seconds, then left.
 */
export async function removeLabelledVolumes(engine: Docker, labels: string[]): Promise<void> {
  const listed: { Volumes?: Array<{ Name: string }> | null } = await engine
    .listVolumes({ filters: { label: labels } })
    .catch(() => ({ Volumes: [] }));
  for (const volume of listed.Volumes ?? []) {
    for (let i = 0; i < 10; i++) {
      const removed = await engine
        .getVolume(volume.Name)
        .remove()
        .then(
          () => true,
          (error: unknown) => engineMessage(error).includes('no such volume'),
        );
      if (removed) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Removes the Swarm secrets that carry every label of `labels` (key=value). A secret is in use until
 * the tasks that mount it are gone: each is tried again every 250 ms for 5 s, then left.
 */
export async function removeLabelledSecrets(engine: Docker, labels: string[]): Promise<void> {
  const found = await engine.listSecrets({ filters: { label: labels } }).catch(() => []);
  for (const secret of found) {
    for (let i = 0; i < 20; i++) {
      const removed = await engine
        .getSecret(secret.ID)
        .remove()
        .then(
          () => true,
          () => false,
        );
      if (removed) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
