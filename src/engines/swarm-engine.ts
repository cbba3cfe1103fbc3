import type Docker from 'dockerode';
import pRetry from 'p-retry';
import { errorMessage } from '../api/guards.js';
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
 * of the host, no published ports) that takes its options from {@link ISOLATED_CONFIG}. A Swarm
 * service always gets a network interface (Docker 20.10 refuses `none` for a service: "could not find
 * the corresponding predefined swarm network"), so this is the closest to the docker runtime's
 * `NetworkMode: none`: the task has an interface, but nothing of the node answers on it.
 */
export const ISOLATED_NETWORK = 'orch-isolated';

/**
 * Name of the node-local, config-only network whose options every isolated network takes
 * (`ConfigFrom`): {@link ISOLATED_OPTIONS}. Each node needs its own copy: the admin makes it on the
 * node of its engine; a node without it rejects an isolated job (`configuration network
 * "orch-isolated-config" does not exist`) instead of running it unisolated.
 */
export const ISOLATED_CONFIG = 'orch-isolated-config';

/**
 * Bridge driver options of {@link ISOLATED_CONFIG}: no traffic between containers (`enable_icc`),
 * and no IPv4 address on the node's bridge (`inhibit_ipv4`): the tasks' gateway is then no address
 * of the node, so neither it nor any other address of the node (docker0, docker_gwbridge, eth0)
 * can be reached from the network. An internal bridge that holds the gateway address lets its
 * containers reach every address of the host through it (Docker 20.10's rules filter only
 * forwarded traffic), and a swarm-scoped bridge ignores driver options given to it directly.
 */
export const ISOLATED_OPTIONS: Readonly<Record<string, string>> = {
  'com.docker.network.bridge.enable_icc': 'false',
  'com.docker.network.bridge.inhibit_ipv4': 'true',
};

/** What `GET /networks` says of a network, as far as it is read here. */
interface ListedNetwork {
  Id: string;
  Name: string;
  Created?: string;
  Scope?: string;
  ConfigFrom?: { Network?: string };
  Labels?: Record<string, string> | null;
}

/**
 * The isolated networks of the swarm (named {@link ISOLATED_NETWORK} or `orch-isolated-<suffix>`,
 * swarm scope), newest first: `configured` those that take their options from
 * {@link ISOLATED_CONFIG}, `unconfigured` those that an earlier version made without it (labelled
 * `org.orch.kind=network`; their bridge holds an address of the host, so they are never joined).
 * Docker refuses labels on a network that takes its configuration from another.
 */
async function isolatedNetworks(
  engine: Docker,
): Promise<{ configured: ListedNetwork[]; unconfigured: ListedNetwork[] }> {
  // Unfiltered: Docker 20.10's name filter leaves out swarm networks that no task of this node has joined.
  const listed: ListedNetwork[] = await engine.listNetworks();
  const ours = listed
    .filter(
      (n) =>
        n.Scope === 'swarm' && (n.Name === ISOLATED_NETWORK || n.Name.startsWith(`${ISOLATED_NETWORK}-`)),
    )
    .sort((a, b) => Date.parse(b.Created ?? '') - Date.parse(a.Created ?? ''));
  const configured = (n: ListedNetwork) => n.ConfigFrom?.Network === ISOLATED_CONFIG;
  return {
    configured: ours.filter(configured),
    unconfigured: ours.filter((n) => !configured(n) && n.Labels?.[LABELS.kind] === 'network'),
  };
}

/**
 * Makes {@link ISOLATED_CONFIG} on the engine's node when it has none, and checks that the one it
 * has carries {@link ISOLATED_OPTIONS}.
 * @throws Error with the engine's reason when it cannot be made; Error naming the network and the
 *   commands that remake it when the node's copy lacks an option.
 */
export async function ensureIsolatedConfig(engine: Docker): Promise<void> {
  const inspect = () =>
    engine
      .getNetwork(ISOLATED_CONFIG)
      .inspect()
      .then(
        (n: { ConfigOnly?: boolean; Options?: Record<string, string> | null }) => n,
        () => undefined,
      );
  let found = await inspect();
  if (!found) {
    try {
      await engine.createNetwork({
        Name: ISOLATED_CONFIG,
        ConfigOnly: true,
        CheckDuplicate: true,
        Options: { ...ISOLATED_OPTIONS },
        Labels: { [LABELS.kind]: 'network' },
      });
    } catch (error) {
      // Another admin made it meanwhile, or the engine refuses: told below.
      if (!(await inspect())) {
        throw new Error(`cannot create the network ${ISOLATED_CONFIG}: ${errorMessage(error)}`);
      }
    }
    found = await inspect();
  }
  const missing = Object.entries(ISOLATED_OPTIONS).filter(([k, v]) => found?.Options?.[k] !== v);
  if (found?.ConfigOnly !== true || missing.length > 0) {
    throw new Error(
      `the network ${ISOLATED_CONFIG} of this node is not a config-only network with ` +
        `${Object.entries(ISOLATED_OPTIONS)
          .map(([k, v]) => `${k}=${v}`)
          .join(' and ')}, so tasks without network: true would reach the host: remove it ` +
        `(\`docker network rm\` it and the ${ISOLATED_NETWORK} networks that use it) and start again, ` +
        `or make it so: \`${isolatedConfigCommand()}\``,
    );
  }
}

/** The command that makes {@link ISOLATED_CONFIG} on a node (docs/containers.md, "Tasks on Docker Swarm"). */
export function isolatedConfigCommand(): string {
  const options = Object.entries(ISOLATED_OPTIONS).map(([k, v]) => `-o ${k}=${v}`);
  return `docker network create --config-only ${options.join(' ')} ${ISOLATED_CONFIG}`;
}

/**
 * A job's start error, with what to do when its node lacks {@link ISOLATED_CONFIG} (the node
 * rejects the job: `configuration network "orch-isolated-config" does not exist`); else unchanged.
 */
export function explainTaskError(error: string): string {
  if (!error.includes(`configuration network "${ISOLATED_CONFIG}"`)) return error;
  return `${error}: the node that took the job lacks the network that isolates tasks; make it there with \`${isolatedConfigCommand()}\``;
}

/** Creates an isolated network named `name`, configured from {@link ISOLATED_CONFIG}; resolves to its id. */
async function createIsolatedNetwork(engine: Docker, name: string): Promise<string> {
  const created = await engine.createNetwork({
    Name: name,
    Driver: 'bridge',
    Scope: 'swarm',
    Internal: true,
    CheckDuplicate: true,
    ConfigFrom: { Network: ISOLATED_CONFIG },
  });
  return created.id;
}

/** Removes the networks of `networks` (quietly: one still in use stays). */
async function removeNetworks(engine: Docker, networks: ListedNetwork[]): Promise<void> {
  for (const network of networks) {
    await engine
      .getNetwork(network.Id)
      .remove()
      .catch(() => undefined);
  }
}

/** A name for a new isolated network: `orch-isolated-<base36 time>`. */
function renewedName(): string {
  return `${ISOLATED_NETWORK}-${Date.now().toString(36)}`;
}

/**
 * The id of the newest isolated network ({@link ISOLATED_NETWORK}, or the one that replaced it: see
 * {@link renewIsolatedNetwork}), created (swarm scope, bridge driver, internal, options of
 * {@link ISOLATED_CONFIG}) when the swarm has none. Makes
 * {@link ISOLATED_CONFIG} on the engine's node first. Isolated networks made without it by an
 * earlier version are never joined, and removed when nothing uses them.
 * @throws Error with the engine's reason when it can be neither found nor created, or the reason of
 *   {@link ensureIsolatedConfig}.
 */
export async function ensureIsolatedNetwork(engine: Docker): Promise<string> {
  await ensureIsolatedConfig(engine);
  const { configured, unconfigured } = await isolatedNetworks(engine);
  await removeNetworks(engine, unconfigured);
  const existing = configured[0];
  if (existing) return existing.Id;
  let refused = '';
  // The second name when an unconfigured network in use still holds the first.
  for (const name of [ISOLATED_NETWORK, renewedName()]) {
    try {
      return await createIsolatedNetwork(engine, name);
    } catch (error) {
      // Another admin made it meanwhile.
      const raced = (await isolatedNetworks(engine)).configured[0];
      if (raced) return raced.Id;
      refused = `cannot create the swarm network ${name}: ${errorMessage(error)}`;
    }
  }
  throw new Error(refused);
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
 * The id of the network that a node's left-over copy of an earlier isolated network holds, from the
 * node's error when it cannot make its copy of the current one: `cannot create network <new> (br-…):
 * conflicts with network <old> (br-…): networks have overlapping IPv4`. Docker 20.10 can keep such a
 * copy after the swarm network is gone (a restart of the daemon, a removal while a task was still
 * leaving it); the node gives each new copy the next free subnet, so trying the job again on the same
 * network gets past it.
 */
export function overlappingNetworkOf(taskError: string): string | undefined {
  return /\bconflicts with network ([0-9a-z]{12,})\b[^:]*: networks have overlapping IPv4/.exec(
    taskError,
  )?.[1];
}

/**
 * Replaces an isolated network that a node refuses (see {@link staleNetworkOf}) by a new one,
 * `orch-isolated-<base36 time>`, and resolves to the id that new tasks should join: a network newer
 * than `staleId` when there is one already (another attempt or admin renewed it first), else the new
 * one (configured from {@link ISOLATED_CONFIG}, which is made on the engine's node if missing). The
 * isolated networks that no service uses any more, the stale one among them, are removed (quietly:
 * one still in use stays until a later renewal).
 * @throws Error with the engine's reason when no network could be created, or the reason of
 *   {@link ensureIsolatedConfig}.
 */
export async function renewIsolatedNetwork(engine: Docker, staleId: string): Promise<string> {
  await ensureIsolatedConfig(engine);
  const { configured, unconfigured } = await isolatedNetworks(engine);
  const newest = configured[0];
  let current: string;
  if (newest && !newest.Id.startsWith(staleId) && !staleId.startsWith(newest.Id)) current = newest.Id;
  else {
    const name = renewedName();
    try {
      current = await createIsolatedNetwork(engine, name);
    } catch (error) {
      throw new Error(`cannot create the swarm network ${name}: ${errorMessage(error)}`);
    }
  }
  await removeNetworks(
    engine,
    [...configured, ...unconfigured].filter((n) => n.Id !== current),
  );
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
 * stream: all of them so far, and with `follow` what comes after until `signal` aborts. Each message
 * starts with the engine's RFC 3339 timestamp and a space (`timestamps=true`).
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
        options: { stdout: true, stderr: true, follow, timestamps: true },
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
