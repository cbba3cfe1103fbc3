import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runBinary } from '../../scripts/main-job.js';
import { imageExists } from '../../src/apps/image.js';
import { viaIngress } from '../helpers/apps.js';
import { dockerSuiteRuns, nodeTestImage, removeLabelled, testEngine } from '../helpers/docker.js';
import {
  type NpmRegistry,
  type RunningRegistry,
  startImageRegistry,
  startNpmRegistry,
} from '../helpers/registries.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// `orch deploy apps` builds an image spec's image when its registry lacks it: the real `orch`
// binary, a real engine, Debian's docker-registry as the image registry, verdaccio as the npm
// registry the packages come from, and an admin with the docker runtime that pulls and runs it.

const maybe = (await dockerSuiteRuns('image builds of deploy apps')) ? describe : describe.skip;
const engine = testEngine();

/** The files of npm package `orch-test-greeter@<version>`: a command serving `greeter <version>` on $PORT. */
async function greeterPackage(root: string, version: string): Promise<string> {
  const dir = join(root, `greeter-${version}`);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'orch-test-greeter', version, bin: { 'orch-test-greeter': 'server.js' } }),
  );
  await writeFile(
    join(dir, 'server.js'),
    `#!/usr/bin/env node\nrequire('http').createServer((q, r) => r.end('greeter ${version}')).listen(Number(process.env.PORT));\n`,
  );
  await chmod(join(dir, 'server.js'), 0o755);
  return dir;
}

maybe('orch deploy apps builds, pushes and finds image spec images', () => {
  let images: RunningRegistry;
  let npm: NpmRegistry;
  let server: TestServer;
  let home: string;
  let baseImage: string;
  let env: NodeJS.ProcessEnv;

  const appFile = async (pkg: string) => {
    const file = join(home, `app-${pkg.replace(/\W/g, '-')}.yaml`);
    await writeFile(
      file,
      [
        'apps:',
        '  greeter:',
        `    container_image: { name: greeter, packages: ["${pkg}"], registry: "\${IMAGE_SPEC_REGISTRY}", base_image: "${baseImage}" }`,
        '    limits: { cpu: "500m", mem: 256Mi }',
        '    port: 8080',
        '    args: orch-test-greeter',
        '    requires_auth: false',
        '',
      ].join('\n'),
    );
    return file;
  };
  const deploy = async (file: string) =>
    runBinary(
      'orch',
      [
        'deploy',
        'apps',
        file,
        'greeter',
        '--timeout',
        '60s',
        '--images.npmRegistry',
        npm.address,
        '--orch.connection.host',
        server.addresses.grpcEndpoint,
        '--orch.connection.insecure',
      ],
      env,
    );

  beforeAll(async () => {
    baseImage = await nodeTestImage(engine);
    images = await startImageRegistry();
    npm = await startNpmRegistry();
    home = await mkdtemp(join(tmpdir(), 'orch-image-build-'));
    await npm.publish(await greeterPackage(home, '1.0.0'));
    await npm.publish(await greeterPackage(home, '1.0.1'));
    server = await startTestServer('sqlite', {
      flags: { 'runtime.type': 'docker', 'runtime.docker.defaultImage': baseImage },
    });
    env = {
      PATH: process.env.PATH,
      HOME: home,
      IMAGE_SPEC_REGISTRY: `${images.address}/team`,
      DOCKER_CONFIG: join(home, 'docker'),
    };
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await removeLabelled('org.orch.kind=app', engine);
    await images?.stop();
    await npm?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  test('a missing image is built from the spec with its npm package, pushed, and run by the docker runtime; found on the next deploy; rebuilt when a package changes', async () => {
    const first = await deploy(await appFile('orch-test-greeter==1.0.0'));
    expect([first.code, first.stderr]).toEqual([0, '']);
    const lines = first.stdout.split('\n');
    const ref = /^Image (\S+) not found\. Building it\.$/.exec(lines[0] ?? '')?.[1] ?? '';
    expect(ref).toMatch(new RegExp(`^${images.address}/team/greeter:[A-Za-z0-9_-]{22}$`));
    expect(lines).toContain(`Step 1/4 : FROM ${baseImage}`);
    expect(lines).toContain(
      "Step 3/4 : RUN npm install --global --omit=dev --no-audit --no-fund --no-update-notifier 'orch-test-greeter@1.0.0'  && npm cache clean --force",
    );
    expect(lines).toContain(`Image ${ref} built and pushed.`);
    expect(lines.at(-3)).toBe('[Status] Started: Service is ready');
    expect(await imageExists(ref)).toBe(true);
    expect((await viaIngress(server.addresses.httpEndpoint, 'greeter', '/')).body).toBe('greeter 1.0.0');

    // The registry now has it: no build. The engine's copy is removed first, so the docker runtime
    // pulls it from the registry to run it.
    await server.client.stopApp({
      id: { name: 'greeter', project: 'default', domain: 'development', org: '' },
    });
    await engine.getImage(ref).remove({ force: true });
    const second = await deploy(await appFile('orch-test-greeter==1.0.0'));
    expect(second.code).toBe(0);
    expect(second.stdout.split('\n')[0]).toBe(`Image ${ref} found. Skip building.`);
    expect(second.stdout).not.toContain('Step 1/4');
    expect((await viaIngress(server.addresses.httpEndpoint, 'greeter', '/')).body).toBe('greeter 1.0.0');

    // Another package version is another tag: built again, and the redeploy serves it.
    const third = await deploy(await appFile('orch-test-greeter>=1.0.1'));
    expect(third.code).toBe(0);
    const newRef = /^Image (\S+) not found\. Building it\.$/.exec(third.stdout.split('\n')[0] ?? '')?.[1];
    expect(newRef).toBeDefined();
    expect(newRef).not.toBe(ref);
    expect(third.stdout).toContain("'orch-test-greeter@>=1.0.1'");
    expect((await viaIngress(server.addresses.httpEndpoint, 'greeter', '/')).body).toBe('greeter 1.0.1');
  }, 300_000);

  test('a failed build prints the failing step and its log, and exits 1 without deploying', async () => {
    const failed = await deploy(await appFile('orch-test-absent==9.9.9'));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/Step 3\/4 : RUN npm install .*'orch-test-absent@9\.9\.9'.* failed: /);
    expect(failed.stderr).toMatch(/E404|404 Not Found/);
    expect(failed.stdout).not.toContain('[Status]');
  }, 120_000);
});
