/**
 * `npm run build:image`: builds orch's own image from the repository's Dockerfile through the
 * engine's build API (the engine at DOCKER_HOST, or the default socket), printing the build's log.
 *
 *   npm run build:image -- [--tag orch:<version>] [--base-image node:22-slim] [--build-image node:22]
 *
 * The context is only what the Dockerfile copies (the sources, the lock file, proto/, schema/,
 * docker/). Exits 1 with the failing step and its log when the build fails.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildImage } from '../src/apps/image-build.js';
import { checkEngine, connectEngine, engineAddress } from '../src/engines/docker-engine.js';

/** The repository root (this file lives in `scripts/`). */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The files and folders of the repository that orch's image is built from. */
export const IMAGE_CONTEXT = [
  'Dockerfile',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/bundle-bins.mjs',
  'src',
  'proto',
  'schema',
  'docker',
];

/**
 * Builds orch's image tagged `tag`, with the Dockerfile's `BASE_IMAGE` and `BUILD_IMAGE` when given.
 * @returns the image's ID.
 * @throws ImageBuildError for a failed step; EngineUnavailableError when no engine answers.
 */
export async function buildOrchImage(options: {
  tag: string;
  baseImage?: string;
  buildImage?: string;
  onLine?: (line: string) => void;
}): Promise<string> {
  const address = engineAddress('', process.env);
  const engine = connectEngine(address);
  await checkEngine(engine, address);
  const buildArgs: Record<string, string> = {};
  if (options.baseImage) buildArgs.BASE_IMAGE = options.baseImage;
  if (options.buildImage) buildArgs.BUILD_IMAGE = options.buildImage;
  return buildImage(engine, {
    context: ROOT,
    files: IMAGE_CONTEXT,
    tag: options.tag,
    buildArgs,
    onLine: options.onLine,
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      tag: { type: 'string' },
      'base-image': { type: 'string' },
      'build-image': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(
      'Usage: npm run build:image -- [--tag orch:<version>] [--base-image IMAGE] [--build-image IMAGE]\n\n' +
        "Builds orch's image from the Dockerfile on the engine at DOCKER_HOST (or the default socket).\n" +
        '  --tag          the reference to tag it with (default orch:<package version>)\n' +
        '  --base-image   the image it runs on (default node:22-slim)\n' +
        '  --build-image  the image it is built on; needs npm, and python3, make and g++ (default node:22)\n',
    );
    return 0;
  }
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const tag = values.tag ?? `orch:${version}`;
  try {
    const id = await buildOrchImage({
      tag,
      baseImage: values['base-image'],
      buildImage: values['build-image'],
      onLine: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(`Built ${tag} (${id})\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
