/**
 * `npm run demo`: the main job on the embedded default, through the built binaries (see main-job.ts).
 * `npm run demo:docker` (`--docker`): the same flow with tasks in containers and the webhook as a
 * container of orch's image, built first when the engine lacks it. For it, these variables choose
 * the images (defaults in brackets):
 *   ORCH_DEMO_IMAGE        orch's image [orch:<version>]
 *   ORCH_DEMO_BASE_IMAGE   BASE_IMAGE when it is built [node:24-slim]
 *   ORCH_DEMO_BUILD_IMAGE  BUILD_IMAGE when it is built [node:24]
 *   ORCH_DEMO_TASK_IMAGE   the add-one task's image [node:20-slim, as in examples/add-one/wf.yaml]
 * Exits 0 when the execution SUCCEEDED with output 3, 1 otherwise.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkEngine, connectEngine, engineAddress } from '../src/engines/docker-engine.js';
import { buildOrchImage } from './build-image.js';
import { type DockerJobOptions, ROOT, runMainJob } from './main-job.js';

/** orch's image and the task's, the former built when the engine lacks it. */
async function dockerImages(): Promise<DockerJobOptions> {
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const orchImage = process.env.ORCH_DEMO_IMAGE || `orch:${version}`;
  const address = engineAddress('', process.env);
  const engine = connectEngine(address);
  await checkEngine(engine, address);
  const found = await engine
    .getImage(orchImage)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (found) console.log(`Image ${orchImage} found. Skip building.`);
  else {
    console.log(`Building ${orchImage} (npm run build:image)...`);
    await buildOrchImage({
      tag: orchImage,
      baseImage: process.env.ORCH_DEMO_BASE_IMAGE || undefined,
      buildImage: process.env.ORCH_DEMO_BUILD_IMAGE || undefined,
      onLine: (line) => {
        if (/^Step \d+\/\d+ : /.test(line)) console.log(`  ${line}`);
      },
    });
  }
  return { orchImage, taskImage: process.env.ORCH_DEMO_TASK_IMAGE || 'node:20-slim' };
}

try {
  const docker = process.argv.includes('--docker') ? await dockerImages() : undefined;
  const result = await runMainJob((line) => console.log(line), { docker });
  console.log('');
  console.log(`Runtime:          ${result.runtime}`);
  console.log(`Computed version: ${result.version}`);
  console.log(`Execution URL:    ${result.url}`);
  console.log(`Phase:            ${result.phase}`);
  console.log(`Output o0:        ${result.outputs.o0}`);
  console.log(`Launched by:      ${result.principal} (the API key the webhook authenticates with)`);
  console.log(
    docker
      ? "The sandbox and the webhook's container are stopped; the temporary home is removed."
      : 'The sandbox, and the webhook app it ran, are stopped; the temporary home is removed.',
  );
  process.exitCode =
    result.phase === 'SUCCEEDED' && result.outputs.o0 === 3 && result.principal === 'ci-key' ? 0 : 1;
} catch (error) {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
