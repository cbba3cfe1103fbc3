import type Docker from 'dockerode';
import pRetry from 'p-retry';
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

/** What `GET /networks` says of a network, as far as it is read here. */
interface ListedNetwork {
  Id: string;
  Name: string;
  Created?: string;
}

/**
 * The isolated networks of the swarm (named {@link ISOLATED_NETWORK} or `orch-isolated-<suffix>`,
 * labelled `org.orch.kind=network`, swarm scope), newest first.
 */
async function isolatedNetworks(engine: Docker): Promise<ListedNetwork[]> {
  const listed: (ListedNetwork & { Scope?: string })[] = await engine.listNetworks({
    filters: { label: [`${LABELS.kind}=network`] },
  });
  return listed
    .filter(
      (n) =>
        n.Scope === 'swarm' && (n.Name === ISOLATED_NETWORK || n.Name.startsWith(`${ISOLATED_NETWORK}-`)),
    )
    .sort((a, b) => Date.parse(b.Created ?? '') - Date.parse(a.Created ?? ''));
}

/** Creates an isolated network named `name`; resolves to its id. */
async function createIsolatedNetwork(engine: Docker, name: string): Promise<string> {
  const created = await engine.createNetwork({
    Name: name,
    Driver: 'bridge',
    Scope: 'swarm',
    Internal: true,
    CheckDuplicate: true,
    Options: { 'com.docker.network.bridge.enable_icc': 'false' },
    Labels: { [LABELS.kind]: 'network' },
  });
  return created.id;
}

/**
 * The id of the newest isolated network ({@link ISOLATED_NETWORK}, or the one that replaced it: see
 * {@link renewIsolatedNetwork}), created (swarm scope, bridge driver, internal, no inter-container
 * traffic, labelled `org.orch.kind=network`) when the swarm has none.
 * @throws Error with the engine's reason when it can be neither found nor created.
 */
export async function ensureIsolatedNetwork(engine: Docker): Promise<string> {
  const existing = (await isolatedNetworks(engine))[0];
  if (existing) return existing.Id;
  try {
    return await createIsolatedNetwork(engine, ISOLATED_NETWORK);
  } catch (error) {
    // Another admin made it meanwhile.
    const raced = (await isolatedNetworks(engine))[0];
    if (raced) return raced.Id;
    throw new Error(`cannot create the swarm network ${ISOLATED_NETWORK}: ${errorMessage(error)}`);
  }
}

/**
 * The id of the node's error that rejects a task because the node already holds a copy of the
 * swarm network it joins: `network <id> exists`. Docker 20.10 keeps a swarm-scoped bridge network's
 * node copy across a restart of the daemon, and then refuses every new task on that network.
 */
export function staleNetworkOf(taskError: string): string | undefined {
  return /\bnetwork ([0-9a-z]{12,}) exists\b/.exec(taskError)?.[1];
}

/**
 * Replaces an isolated network that a node refuses (see {@link staleNetworkOf}) by a new one,
 * `orch-isolated-<base36 time>`, and resolves to the id that new tasks should join: a network newer
 * than `staleId` when there is one already (another attempt or admin renewed it first), else the new
 * one. The isolated networks that no service uses any more, the stale one among them, are removed
 * (quietly: one still in use stays until a later renewal).
 * @throws Error with the engine's reason when no network could be created.
 */
export async function renewIsolatedNetwork(engine: Docker, staleId: string): Promise<string> {
  const networks = await isolatedNetworks(engine);
  const newest = networks[0];
  let current: string;
  if (newest && !newest.Id.startsWith(staleId) && !staleId.startsWith(newest.Id)) current = newest.Id;
  else {
    const name = `${ISOLATED_NETWORK}-${Date.now().toString(36)}`;
    try {
      current = await createIsolatedNetwork(engine, name);
    } catch (error) {
      throw new Error(`cannot create the swarm network ${name}: ${errorMessage(error)}`);
    }
  }
  for (const network of networks) {
    if (network.Id === current) continue;
    await engine
      .getNetwork(network.Id)
      .remove()
      .catch(() => undefined);
  }
  return current;
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
    await removeRetrying(
      () => engine.getVolume(volume.Name).remove(),
      (message) => message.includes('no such volume'),
      10,
      200,
    );
  }
}

/**
 * Runs `remove` until it succeeds or fails with an error for which `gone` holds (the thing is
 * already gone), at most `tries` times, `everyMs` milliseconds apart; then gives up quietly.
 */
async function removeRetrying(
  remove: () => Promise<unknown>,
  gone: (message: string) => boolean,
  tries: number,
  everyMs: number,
): Promise<void> {
  await pRetry(
    () =>
      remove().catch((error: unknown) => {
        if (!gone(engineMessage(error))) throw error;
      }),
    { retries: tries - 1, minTimeout: everyMs, maxTimeout: everyMs, factor: 1, randomize: false },
  ).catch(() => undefined);
}

/**
 * Removes the Swarm secrets that carry every label of `labels` (key=value). A secret is in use until
 * the tasks that mount it are gone: each is tried again every 250 ms for 5 s, then left.
 */
export async function removeLabelledSecrets(engine: Docker, labels: string[]): Promise<void> {
  const found = await engine.listSecrets({ filters: { label: labels } }).catch(() => []);
  for (const secret of found) {
    await removeRetrying(
      () => engine.getSecret(secret.ID).remove(),
      () => false,
      20,
      250,
    );
  }
}
