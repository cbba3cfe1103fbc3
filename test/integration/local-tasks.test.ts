import { randomInt } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { LocalTaskRuntime } from '../../src/server/runtime/local-tasks.js';
import { TaskCgroups } from '../../src/server/runtime/task-cgroup.js';
import type { TaskAttemptSpec } from '../../src/server/runtime/tasks.js';
import { processesWith } from '../helpers/processes.js';
import { pollUntil } from '../helpers/wait.js';

// The local runtime ends everything an attempt started, a process that left the attempt's process
// group with setsid included, through a cgroup per attempt. As root (CI) the host always gives one.

const root = process.getuid?.() === 0;
let work = '';
let cgroups: TaskCgroups | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'orch-local-tasks-'));
  cgroups = await TaskCgroups.open();
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** An attempt spec running `script` with /bin/sh in a folder of its own. */
async function attempt(script: string, signal = new AbortController().signal): Promise<TaskAttemptSpec> {
  const dir = join(work, `a${randomInt(1e9)}`);
  await mkdir(join(dir, 'io'), { recursive: true });
  return {
    ids: { project: 'p', domain: 'd', execution: `e${randomInt(1e9)}`, node: 'n0', attempt: 1 },
    argv: ['/bin/sh', '-c', script],
    env: {},
    dir,
    image: '',
    limits: {},
    network: false,
    timeoutMs: 0,
    signal,
  };
}

const describeRoot = root ? describe : describe.skip;

describeRoot('the local runtime with a cgroup per attempt', () => {
  test('the host gives one to root', () => {
    expect(cgroups?.base).toMatch(/orch-tasks$/);
  });

  test('a process the task started with setsid ends with the attempt', async () => {
    const marker = `${4000 + randomInt(1000)}.${randomInt(1e6)}`;
    const runtime = new LocalTaskRuntime({ PATH: process.env.PATH ?? '/usr/bin:/bin' }, cgroups);
    // The task leaves a sleeper in a session (and so a process group) of its own, then exits.
    const spec = await attempt(`setsid sleep ${marker} </dev/null >/dev/null 2>&1 & sleep 0.2; exit 0`);
    const end = await runtime.run(spec, async () => {});
    expect(end).toMatchObject({ kind: 'exited', code: 0 });
    await pollUntil(
      () => processesWith(marker),
      (pids) => pids.length === 0,
      5000,
    );
    expect(await processesWith(marker)).toEqual([]);
    // Its cgroup is gone with it.
    expect(await readdir(cgroups?.base ?? '')).not.toContain(
      (cgroups?.pathOf(spec.ids) ?? '').split('/').pop(),
    );
  });

  test('a terminate ends the setsid process too, and the attempt reports the kill', async () => {
    const marker = `${5000 + randomInt(1000)}.${randomInt(1e6)}`;
    const runtime = new LocalTaskRuntime({ PATH: process.env.PATH ?? '/usr/bin:/bin' }, cgroups);
    const stop = new AbortController();
    const spec = await attempt(`setsid sleep ${marker} </dev/null >/dev/null 2>&1 & sleep 300`, stop.signal);
    const ended = runtime.run(spec, async () => {});
    await pollUntil(
      () => processesWith(marker),
      (pids) => pids.length === 1,
      5000,
    );
    stop.abort('terminate');
    const end = await ended;
    expect(end).toMatchObject({ kind: 'killed', signal: 'SIGKILL', reason: 'terminate' });
    expect(await processesWith(marker)).toEqual([]);
  });

  test('without cgroups (a host that gives none) the setsid process outlives the attempt, as documented', async () => {
    const marker = `${6000 + randomInt(1000)}.${randomInt(1e6)}`;
    const runtime = new LocalTaskRuntime({ PATH: process.env.PATH ?? '/usr/bin:/bin' });
    const spec = await attempt(`setsid sleep ${marker} </dev/null >/dev/null 2>&1 & sleep 0.2; exit 0`);
    try {
      expect(await runtime.run(spec, async () => {})).toMatchObject({ kind: 'exited', code: 0 });
      expect(await processesWith(marker)).toHaveLength(1);
    } finally {
      for (const pid of await processesWith(marker)) process.kill(pid, 'SIGKILL');
    }
  });
});
