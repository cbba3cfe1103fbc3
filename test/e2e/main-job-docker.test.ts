import { describe, expect, test } from '@jest/globals';
import { buildOrchImage } from '../../scripts/build-image.js';
import { runMainJob } from '../../scripts/main-job.js';
import { dockerSuiteRuns, nodeBuilderTestImage, nodeTestImage, testEngine } from '../helpers/docker.js';

// `npm run demo:docker` on a real engine: orch's own image built from the repository's Dockerfile
// (on Node images made from this host's files, as no public registry is reachable here), the
// webhook run from it as a container, the add-one task in a container of the docker runtime.

const maybe = (await dockerSuiteRuns("orch's image and the docker demo")) ? describe : describe.skip;
const engine = testEngine();

maybe("orch's own image and the main job on the docker runtime", () => {
  test('the image runs as non-root with orch, orchctl and orch-webhook on PATH; its webhook container launches add-one, which runs in a container', async () => {
    const orchImage = 'orch-test/orch:e2e';
    const lines: string[] = [];
    const id = await buildOrchImage({
      tag: orchImage,
      baseImage: await nodeTestImage(engine),
      buildImage: await nodeBuilderTestImage(engine),
      onLine: (line) => lines.push(line),
    });
    expect(id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(lines.some((line) => /^Step \d+\/\d+ : RUN npm ci --omit=dev/.test(line))).toBe(true);

    const info = await engine.getImage(orchImage).inspect();
    expect(info.Config.User).toBe('65534:65534');
    // The commands answer from PATH, and the runtime image holds no development dependency.
    const run = async (cmd: string[]) => {
      const container = await engine.createContainer({
        Image: orchImage,
        Cmd: cmd,
        HostConfig: { AutoRemove: false },
      });
      await container.start();
      await container.wait();
      const out = (await container.logs({ stdout: true, stderr: true })).toString('utf8');
      await container.remove({ force: true });
      return out;
    };
    for (const command of ['orch', 'orchctl', 'orch-webhook']) {
      expect(await run([command, '--help'])).toMatch(/Usage: /);
    }
    expect(
      await run(['sh', '-c', 'ls /opt/orch/node_modules/jest /opt/orch/node_modules/typescript 2>&1; id -u']),
    ).toMatch(/No such file[\s\S]*No such file[\s\S]*65534/);

    const result = await runMainJob(() => {}, {
      docker: { orchImage, taskImage: await nodeTestImage(engine) },
    });
    expect(result.runtime).toMatch(/^docker \(/);
    expect(result.phase).toBe('SUCCEEDED');
    expect(result.outputs).toEqual({ o0: 3 });
    expect(result.principal).toBe('ci-key');
    expect(result.wrongKeyStatus).toBe(401);
    expect(result.executionsAfterWrongKey).toBe(result.executionsBeforeWrongKey);
    // The webhook's container is gone, and so is every task container.
    const left = await engine.listContainers({
      all: true,
      filters: { name: [result.webhookContainer ?? '-'] },
    });
    expect(left).toEqual([]);
    const tasks = await engine.listContainers({
      all: true,
      filters: { label: [`org.orch.execution=${result.executionName}`] },
    });
    expect(tasks).toEqual([]);
  }, 600_000);
});
