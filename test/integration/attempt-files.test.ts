import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import type { TaskSpec } from '../../src/api/types.js';
import {
  dockerSuiteRuns,
  nodeToolsTestImage,
  removeLabelled,
  startDockerAdmin,
  testEngine,
} from '../helpers/docker.js';
import { startTestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, oneNodeWorkflow } from '../helpers/specs.js';
import { removeLabelledServices, swarmSuiteRuns } from '../helpers/swarm.js';

// What a container task puts at its ORCH_OUTPUTS_FILE in place of a file (a link to a file of the
// admin's host outside every mount, a FIFO, a link to /dev/zero, a directory, a file over
// --runtime.outputs.maxSize), on the real docker and swarm runtimes (and the local one, whose tasks
// are processes of the admin's host) through an in-process admin: each attempt ends FAILED saying
// why, the host file is never read into the outputs, and the admin goes on registering and running
// tasks while such tasks run.

const runtimes = [
  ['local', true],
  ['docker', await dockerSuiteRuns('outputs files of docker tasks')],
  ['swarm', await swarmSuiteRuns('outputs files of swarm tasks')],
] as const;
const engine = testEngine();
const scope = { project: 'default', domain: 'development' };
const X = { variables: { x: { type: parseType('integer') } } };
const STRING_OUT = { variables: { o0: { type: parseType('string'), description: '' } } };
/** The limit the admins here run with (`--runtime.outputs.maxSize`). */
const MAX_SIZE = '4Ki';
/** How long an execution may take here: a read that hangs fails the test instead of the suite. */
const BOUND_MS = { local: 30_000, docker: 60_000, swarm: 90_000 };
/** A value that looks like a registry credential: it must never come back from the admin. */
const SECRET = 'ghp_attemptFilesHostSecret0123456789abcdef';

for (const [runtime, runs] of runtimes) {
  (runs ? describe : describe.skip)(`outputs files a ${runtime} task cannot abuse`, () => {
    let image: string;
    let dataDir: string;
    /** A folder of the host outside every mount, holding a 0600 `config.json`. */
    let hostDir: string;
    let hostFile: string;
    let admin: Pick<Awaited<ReturnType<typeof startDockerAdmin>>, 'client' | 'addresses' | 'stop'>;
    const launched: string[] = [];
    let count = 0;

    beforeAll(async () => {
      // The image of container tasks (the local runtime runs the host's node and mkfifo).
      image = runtime === 'local' ? '' : await nodeToolsTestImage(['/usr/bin/mkfifo'], engine);
      dataDir = await mkdtemp(join(tmpdir(), `orch-outputs-${runtime}-`));
      hostDir = await mkdtemp(join(tmpdir(), 'orch-host-secret-'));
      hostFile = join(hostDir, 'config.json');
      // Shaped as the task's outputs, so that an admin reading it would record it as such.
      await writeFile(hostFile, JSON.stringify({ o0: SECRET }), { mode: 0o600 });
      await chmod(hostFile, 0o600);
      admin =
        runtime === 'local'
          ? await startTestServer('sqlite', { flags: { 'runtime.outputs.maxSize': MAX_SIZE } })
          : await startDockerAdmin(dataDir, { 'runtime.type': runtime, 'runtime.outputs.maxSize': MAX_SIZE });
    }, 180_000);

    afterAll(async () => {
      await admin?.stop();
      for (const name of launched) {
        if (runtime === 'swarm') await removeLabelledServices(`org.orch.execution=${name}`, engine);
        if (runtime === 'docker') await removeLabelled(`org.orch.execution=${name}`, engine);
      }
      await rm(dataDir, { recursive: true, force: true });
      await rm(hostDir, { recursive: true, force: true });
    }, 60_000);

    /** Registers a one-node workflow of a task running `node -e script`; resolves to its launch plan. */
    async function register(script: string) {
      count += 1;
      const name = `${runtime}_files_${count}`;
      const spec: TaskSpec = {
        template: {
          id: idOf('TASK', name, 'v1'),
          type: 'container',
          interface: {
            inputs: { variables: { x: { type: parseType('integer'), description: '' } } },
            outputs: STRING_OUT,
          },
          metadata: { retries: { retries: 0 }, timeout: { seconds: 60, nanos: 0 } },
          container: { image, command: ['node', '-e', script] },
        },
      };
      await admin.client.createTask(idOf('TASK', name, 'v1'), spec);
      const wf = idOf('WORKFLOW', `${name}_wf`, 'v1');
      const workflow = oneNodeWorkflow(`${name}_wf`, 'v1', idOf('TASK', name, 'v1'));
      if (workflow.template) workflow.template.interface = { inputs: X, outputs: STRING_OUT };
      await admin.client.createWorkflow(wf, workflow);
      const plan = idOf('LAUNCH_PLAN', `${name}_wf`, 'v1');
      await admin.client.createLaunchPlan(plan, launchPlanOf(wf));
      return plan;
    }

    async function launch(plan: ReturnType<typeof idOf>) {
      const id = await admin.client.createExecution({
        ...scope,
        spec: { launch_plan: plan },
        inputs: literalMapFromJson({ x: 1 }, X),
      });
      launched.push(id.name);
      return id;
    }

    /** Runs a task of `script` to its end (within the bound); resolves to its phase and error. */
    async function run(script: string) {
      const id = await launch(await register(script));
      const done = await waitForExecution(admin.client, id, BOUND_MS[runtime]);
      return { id, done, phase: done.closure?.phase, error: done.closure?.error };
    }

    /** Everything the admin answers about an execution, as one text. */
    async function everything(id: Awaited<ReturnType<typeof launch>>) {
      return JSON.stringify([
        await admin.client.getExecution(id),
        await admin.client.getExecutionData(id),
        await admin.client.getNodeExecutionData(id, 'n0'),
        await admin.client.listNodeExecutions(id),
        await (
          await fetch(
            `${admin.addresses.httpEndpoint}/console/projects/${scope.project}/domains/${scope.domain}/executions/${id.name}/nodes/n0/log`,
          )
        ).text(),
      ]);
    }

    const set = (expression: string) =>
      `const fs=require('fs');fs.rmSync(process.env.ORCH_OUTPUTS_FILE,{force:true});${expression}`;

    test('an outputs file linked to a host file outside every mount fails the attempt; the file is never read', async () => {
      const { id, phase, error } = await run(
        set(`fs.symlinkSync(${JSON.stringify(hostFile)},process.env.ORCH_OUTPUTS_FILE)`),
      );
      expect([phase, error?.code, error?.message]).toEqual([
        'FAILED',
        'BadOutputs',
        'node n0: ORCH_OUTPUTS_FILE is a symbolic link: outputs must be a regular file written by the task',
      ]);
      expect(await everything(id)).not.toContain(SECRET);
    }, 120_000);

    test('a FIFO at ORCH_OUTPUTS_FILE fails the attempt at once', async () => {
      const { phase, error } = await run(
        set("require('child_process').execFileSync('mkfifo',[process.env.ORCH_OUTPUTS_FILE])"),
      );
      expect([phase, error?.code, error?.message]).toEqual([
        'FAILED',
        'BadOutputs',
        'node n0: ORCH_OUTPUTS_FILE is a FIFO: outputs must be a regular file written by the task',
      ]);
    }, 120_000);

    test('a link to /dev/zero fails the attempt as a link, without reading', async () => {
      const { phase, error } = await run(set("fs.symlinkSync('/dev/zero',process.env.ORCH_OUTPUTS_FILE)"));
      expect([phase, error?.code, error?.message]).toEqual([
        'FAILED',
        'BadOutputs',
        'node n0: ORCH_OUTPUTS_FILE is a symbolic link: outputs must be a regular file written by the task',
      ]);
    }, 120_000);

    test('a directory at ORCH_OUTPUTS_FILE fails the attempt', async () => {
      const { phase, error } = await run(set('fs.mkdirSync(process.env.ORCH_OUTPUTS_FILE)'));
      expect([phase, error?.code, error?.message]).toEqual([
        'FAILED',
        'BadOutputs',
        'node n0: ORCH_OUTPUTS_FILE is a directory: outputs must be a regular file written by the task',
      ]);
    }, 120_000);

    test('outputs over --runtime.outputs.maxSize fail the attempt, naming the size and the limit', async () => {
      // 12 KiB of valid outputs: `{"o0":"` and `"}` are 9 bytes.
      const { phase, error } = await run(
        set("fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:'x'.repeat(12*1024-9)}))"),
      );
      expect([phase, error?.code, error?.message]).toEqual([
        'FAILED',
        'BadOutputs',
        'node n0: ORCH_OUTPUTS_FILE is 12.0Ki, over the limit of 4Ki (--runtime.outputs.maxSize)',
      ]);
    }, 120_000);

    test('with four FIFO tasks at once, the admin keeps registering and launching, and a normal task succeeds', async () => {
      const fifo = await register(
        set("require('child_process').execFileSync('mkfifo',[process.env.ORCH_OUTPUTS_FILE])"),
      );
      const fifos = await Promise.all([1, 2, 3, 4].map(() => launch(fifo)));
      // Registered and launched while the four run (or have ended).
      const normal = await launch(
        await register(
          "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:'ok'}))",
        ),
      );
      const done = await waitForExecution(admin.client, normal, BOUND_MS[runtime]);
      expect([done.closure?.phase, literalMapToJson(done.closure?.outputs)]).toEqual([
        'SUCCEEDED',
        { o0: 'ok' },
      ]);
      const ends = await Promise.all(
        fifos.map((id) => waitForExecution(admin.client, id, BOUND_MS[runtime])),
      );
      expect(ends.map((end) => [end.closure?.phase, end.closure?.error?.message])).toEqual(
        fifos.map(() => [
          'FAILED',
          'node n0: ORCH_OUTPUTS_FILE is a FIFO: outputs must be a regular file written by the task',
        ]),
      );
    }, 240_000);
  });
}
