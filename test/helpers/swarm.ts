import type Docker from 'dockerode';
import {
  removeLabelledSecrets,
  removeLabelledVolumes,
  removeServiceContainers,
} from '../../src/engines/swarm-engine.js';
import { silentLogger } from '../../src/server/logger.js';
import { openRuntime } from '../../src/server/runtime/open.js';
import { SwarmTaskRuntime } from '../../src/server/runtime/swarm-tasks.js';
import { dockerRequired, engineAnswers, testEngine } from './docker.js';

// Helpers of the tests of the swarm runtime (--runtime.type swarm): the engine of test/helpers/docker.ts,
// a manager of a one-node swarm (.ci/run runs `docker swarm init --advertise-addr 127.0.0.1`).
// ORCH_TEST_DOCKER=required makes a missing engine or swarm a failure instead of a skip.

/** Whether the test engine answers and is a swarm manager. */
export async function engineIsSwarmManager(engine: Docker = testEngine()): Promise<boolean> {
  if (!(await engineAnswers())) return false;
  try {
    const info: { Swarm?: { ControlAvailable?: boolean } } = await engine.info();
    return info.Swarm?.ControlAvailable === true;
  } catch {
    return false;
  }
}

/**
 * Whether a swarm suite runs: true when the engine is a swarm manager or Docker is required (the
 * suite then fails on what is missing), else false with a warning naming the switch. At the top of a
 * test file: `const maybe = (await swarmSuiteRuns('swarm tasks')) ? describe : describe.skip;`.
 */
export async function swarmSuiteRuns(what: string): Promise<boolean> {
  if (dockerRequired || (await engineIsSwarmManager())) return true;
  console.warn(
    `${what}: skipped, no Docker engine that is a swarm manager answers at ` +
      `${process.env.DOCKER_HOST ?? '/var/run/docker.sock'} (run \`docker swarm init\`, or set ` +
      'ORCH_TEST_DOCKER=required to fail instead)',
  );
  return false;
}

/**
 * Removes every service carrying `label` (key=value), the containers this engine holds of them (with
 * their volumes), and every volume and secret carrying `label`; quiet when there are none.
 */
export async function removeLabelledServices(label: string, engine: Docker = testEngine()): Promise<void> {
  const services: Array<{ ID: string }> = await engine.listServices({ filters: { label: [label] } });
  await Promise.all(
    services.map((s) =>
      engine
        .getService(s.ID)
        .remove()
        .catch(() => undefined),
    ),
  );
  for (const s of services) await removeServiceContainers(engine, s.ID);
  const labelled = await engine.listContainers({ all: true, filters: { label: [label] } });
  await Promise.all(
    labelled.map((c) =>
      engine
        .getContainer(c.Id)
        .remove({ force: true, v: true })
        .catch(() => undefined),
    ),
  );
  await removeLabelledVolumes(engine, [label]);
  await removeLabelledSecrets(engine, [label]);
}

/** The services carrying `label` (key=value). */
export async function servicesLabelled(
  label: string,
  engine: Docker = testEngine(),
): Promise<Array<{ ID: string; Spec?: unknown }>> {
  return engine.listServices({ filters: { label: [label] } });
}

/**
 * Opens the swarm task runtime as the admin does (`--runtime.type swarm` on the test engine, a
 * 2 s stop grace period and 64Mi of `/tmp`), with `constraints` as `--runtime.swarm.constraints`.
 * @throws what openRuntime throws (a malformed constraint, an engine that is not a manager).
 */
export async function openSwarmTasks(constraints: string[] = []): Promise<SwarmTaskRuntime> {
  const opened = await openRuntime(
    {
      type: 'swarm',
      docker: {
        host: undefined,
        defaultImage: 'node:24-slim',
        user: '65534:65534',
        stopGracePeriod: '2s',
        taskLimits: { cpu: '1', mem: '1Gi' },
        tmpSize: '64Mi',
      },
      swarm: { constraints },
    },
    { baseEnv: {}, logger: silentLogger },
  );
  if (!(opened.tasks instanceof SwarmTaskRuntime)) throw new Error(`opened ${opened.name}, not swarm`);
  return opened.tasks;
}
