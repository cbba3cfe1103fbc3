import type Docker from 'dockerode';
import { parseDuration } from '../../api/duration.js';
import type { Config } from '../../config/load.js';
import { cpuMillis, parseQuantity } from '../../config/quantity.js';
import { checkEngine, connectEngine, engineAddress } from '../../engines/docker-engine.js';
import { checkSwarmManager, ensureIsolatedNetwork, parseConstraints } from '../../engines/swarm-engine.js';
import type { Logger } from '../logger.js';
import type { AppInstanceRuntime } from './apps.js';
import { DockerAppRuntime } from './docker-apps.js';
import { DockerTaskRuntime } from './docker-tasks.js';
import { LocalTaskRuntime } from './local-tasks.js';
import { SwarmAppRuntime } from './swarm-apps.js';
import { SwarmTaskRuntime } from './swarm-tasks.js';
import { TaskCgroups } from './task-cgroup.js';
import type { TaskRuntime } from './tasks.js';

/** The runtime chosen by `--runtime.*`, ready to use. */
export interface OpenedRuntime {
  /** `local`, `docker` or `swarm`. */
  name: string;
  tasks: TaskRuntime;
  /** The docker or swarm runtime's apps; undefined for `local`, whose apps the server starts itself (they need its shims). */
  apps?: AppInstanceRuntime;
  /** The engine of the docker or swarm runtime (shared with the apps); undefined for `local`. */
  engine?: Docker;
  /** Where the engine was reached (`unix:///var/run/docker.sock`), for messages. */
  address?: string;
  /** How `local` contains a task's processes (`cgroup per task`, `process group per task`), for messages. */
  note?: string;
}

/** What {@link openRuntime} needs besides the configuration. */
export interface OpenRuntimeOptions {
  /** Environment task processes of the local runtime inherit (PATH, HOME); never the server's whole one. */
  baseEnv: Record<string, string>;
  /** DOCKER_HOST of the server's environment (read at the edge); `--runtime.docker.host` wins. */
  dockerHost?: string;
  logger: Logger;
}

/**
 * Opens the runtime `--runtime.type` names (DESIGN.md, "Where tasks and apps run"): `local` at once
 * (with a cgroup per task where the host gives it a writable cgroup v2 hierarchy);
 * `docker` after a ping of its engine, so a server never starts on an engine that does not answer;
 * `swarm` (the `--runtime.docker.*` settings, plus `--runtime.swarm.*`) after a ping and a check that
 * the engine is a swarm manager, making the swarm network of tasks without one if needed.
 * @throws EngineUnavailableError when the engine does not answer, naming the address and what to do;
 *   SwarmUnavailableError when `swarm`'s engine is not a swarm manager (naming `docker swarm init`);
 *   Error for an unreadable `--runtime.docker.*` or `--runtime.swarm.*` value or an unknown runtime.
 */
export async function openRuntime(
  config: Pick<Config['runtime'], 'type' | 'docker' | 'swarm'>,
  options: OpenRuntimeOptions,
): Promise<OpenedRuntime> {
  if (config.type === 'local') {
    const cgroups = await TaskCgroups.open();
    const tasks = new LocalTaskRuntime(options.baseEnv, cgroups);
    const note = cgroups
      ? `each task in a cgroup under ${cgroups.base}`
      : 'each task in a process group; no writable cgroup v2 hierarchy, so a task that calls setsid outlives it';
    options.logger.info(`local runtime: ${note}`, { runtime: 'local', cgroups: cgroups?.base ?? null });
    return { name: 'local', tasks, note: cgroups ? 'cgroup per task' : 'process group per task' };
  }
  if (config.type !== 'docker' && config.type !== 'swarm') {
    throw new Error(`--runtime.type "${config.type}" is not a runtime: use local, docker or swarm`);
  }
  const docker = config.docker;
  const cpu = cpuMillis(docker.taskLimits.cpu);
  if (!cpu) {
    throw new Error(
      `--runtime.docker.taskLimits.cpu "${docker.taskLimits.cpu}" is not a CPU quantity such as 1 or 500m`,
    );
  }
  if (/^(0|root)(:|$)/.test(docker.user) || !/^\d+(:\d+)?$/.test(docker.user)) {
    throw new Error(
      `--runtime.docker.user "${docker.user}" must be a numeric uid:gid other than root (such as 65534:65534)`,
    );
  }
  const address = engineAddress(docker.host, { DOCKER_HOST: options.dockerHost });
  const engine = connectEngine(address);
  await checkEngine(engine, address);
  const common = {
    engine,
    defaultImage: docker.defaultImage,
    user: docker.user,
    stopGraceSeconds: Math.max(0, Math.round(parseDuration(docker.stopGracePeriod))),
    tmpBytes: parseQuantity(docker.tmpSize),
    logger: options.logger,
  };
  const defaultLimits = { cpuMillis: cpu, memoryBytes: parseQuantity(docker.taskLimits.mem) };
  if (config.type === 'swarm') {
    const constraints = parseConstraints(config.swarm.constraints, '--runtime.swarm.constraints');
    await checkSwarmManager(engine, address);
    const isolatedNetwork = await ensureIsolatedNetwork(engine);
    const tasks = new SwarmTaskRuntime({ ...common, defaultLimits, constraints, isolatedNetwork });
    return { name: 'swarm', tasks, apps: new SwarmAppRuntime(common), engine, address };
  }
  const tasks = new DockerTaskRuntime({ ...common, defaultLimits });
  return { name: 'docker', tasks, apps: new DockerAppRuntime(common), engine, address };
}
