import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, copyFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Docker from 'dockerode';
import { create as createTar } from 'tar';
import { buildImage } from '../../src/apps/image-build.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { loadConfig } from '../../src/config/load.js';
import { createServer } from '../../src/server/server.js';

// Base images for tests that run on a real Docker engine. No public registry is reachable here, so
// the images are made from this machine's own files: a root filesystem holding the host's `node`
// (and npm, /bin/sh, a few coreutils) with the libraries `ldd` lists, imported with the engine's
// image import API. Users build on public images (node:<lts>-slim); the tests never pull.
//
// ORCH_TEST_DOCKER=required (set by .ci/run) makes a missing engine a failure instead of a skip.

/** Whether tests must fail (not skip) when no engine answers. */
export const dockerRequired = process.env.ORCH_TEST_DOCKER === 'required';

let answered: boolean | undefined;

/** The engine at DOCKER_HOST or the default socket, as dockerode reaches it. */
export function testEngine(): Docker {
  return new Docker();
}

/** True when an engine answers a ping (cached for the test file). */
export async function engineAnswers(): Promise<boolean> {
  if (answered !== undefined) return answered;
  try {
    await testEngine().ping();
    answered = true;
  } catch {
    answered = false;
  }
  return answered;
}

/**
 * Whether a Docker suite runs: true when an engine answers or one is required (the suite then fails
 * on the missing engine), else false with a warning naming the switch. At the top of a test file:
 * `const maybe = (await dockerSuiteRuns('tasks in containers')) ? describe : describe.skip;`.
 */
export async function dockerSuiteRuns(what: string): Promise<boolean> {
  if (dockerRequired || (await engineAnswers())) return true;
  console.warn(
    `${what}: skipped, no Docker engine answers at ${process.env.DOCKER_HOST ?? '/var/run/docker.sock'} ` +
      '(set ORCH_TEST_DOCKER=required to fail instead)',
  );
  return false;
}

/**
 * The Node the test images carry: `ORCH_TEST_IMAGE_NODE` when set (CI's Node 24 pass keeps this
 * machine's Node in the images, whose image builds were proven on it), else the one running the tests.
 */
const IMAGE_NODE = process.env.ORCH_TEST_IMAGE_NODE || process.execPath;

/** Files of the host copied into the node test image, with the libraries each needs. */
const HOST_PROGRAMS = [
  IMAGE_NODE,
  '/bin/sh',
  '/bin/cat',
  '/bin/sleep',
  '/bin/ls',
  '/bin/id',
  '/bin/echo',
  '/usr/bin/env',
];

/** The shared libraries `ldd` lists for `program` (absolute paths). */
function librariesOf(program: string): string[] {
  let out = '';
  try {
    out = execFileSync('ldd', [program], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const paths = new Set<string>();
  for (const line of out.split('\n')) {
    const match = /(\/\S+)\s+\(0x/.exec(line);
    if (match?.[1]) paths.add(match[1]);
  }
  return [...paths];
}

/** Copies a host file to the same path under `root`, following links (the image has no link targets). */
async function copyInto(root: string, path: string): Promise<void> {
  const target = join(root, path);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(path, target);
}

/**
 * The name of a Node image made from this host's files (`orch-test/node:<node version>`): node at
 * /usr/local/bin/node and /usr/bin/node, npm at /usr/local/bin/npm, /bin/sh and a few coreutils,
 * /etc/passwd with `root`, `node` (1000) and `nobody` (65534), a 1777 /tmp, and the authorities of
 * NODE_EXTRA_CA_CERTS when the host sets it. Imported once per engine; later calls
 * find it. About 120 MB, a few seconds.
 */
export async function nodeTestImage(engine: Docker = testEngine()): Promise<string> {
  const name = `orch-test/node:${process.version.slice(1)}`;
  try {
    await engine.getImage(name).inspect();
    return name;
  } catch {
    // Not there yet: made below.
  }
  const root = await mkdtemp(join(tmpdir(), 'orch-node-image-'));
  try {
    const files = new Set<string>();
    for (const program of HOST_PROGRAMS) {
      files.add(program);
      for (const library of librariesOf(program)) files.add(library);
    }
    for (const file of files) await copyInto(root, file);
    await mkdir(join(root, 'usr/local/bin'), { recursive: true });
    await copyFile(IMAGE_NODE, join(root, 'usr/local/bin/node'));
    await copyFile(IMAGE_NODE, join(root, 'usr/bin/node'));
    const npmRoot = '/usr/lib/node_modules/npm';
    try {
      await cp(npmRoot, join(root, 'usr/local/lib/node_modules/npm'), { recursive: true });
      await writeFile(
        join(root, 'usr/local/bin/npm'),
        '#!/bin/sh\nexec node /usr/local/lib/node_modules/npm/bin/npm-cli.js "$@"\n',
      );
      await chmod(join(root, 'usr/local/bin/npm'), 0o755);
    } catch {
      // No npm on this host: the image runs node only.
    }
    await mkdir(join(root, 'etc'), { recursive: true });
    await writeFile(
      join(root, 'etc/passwd'),
      'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000:node:/home/node:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/sh\n',
    );
    await writeFile(join(root, 'etc/group'), 'root:x:0:\nnode:x:1000:\nnogroup:x:65534:\n');
    for (const dir of ['tmp', 'root', 'home/node', 'proc', 'sys', 'dev', 'app']) {
      await mkdir(join(root, dir), { recursive: true });
    }
    await chmod(join(root, 'tmp'), 0o1777);
    // This machine reaches the npm registry through a TLS proxy whose authority the host trusts
    // through NODE_EXTRA_CA_CERTS: the image trusts it the same way, so npm works inside builds.
    const changes: string[] = [];
    const extraCa = process.env.NODE_EXTRA_CA_CERTS;
    if (extraCa) {
      await copyInto(root, extraCa);
      changes.push(`ENV NODE_EXTRA_CA_CERTS=${extraCa}`);
    }
    const archive = createTar({ cwd: root, portable: true, gzip: false }, ['.']);
    const [repo, tag] = name.split(':') as [string, string];
    const stream = await engine.importImage(archive as unknown as NodeJS.ReadableStream, {
      repo,
      tag,
      changes,
    });
    await new Promise<void>((resolve, reject) =>
      engine.modem.followProgress(stream, (error: Error | null) => (error ? reject(error) : resolve())),
    );
    return name;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * The name of {@link nodeTestImage} plus the host's `programs` (absolute paths, with the libraries
 * `ldd` lists), for tasks that need a tool the base lacks (`/usr/bin/mkfifo`):
 * `orch-test/node-tools:<node version>-<digest of the list>`. Built once per engine; later calls find it.
 */
export async function nodeToolsTestImage(programs: string[], engine: Docker = testEngine()): Promise<string> {
  const digest = createHash('sha256').update(programs.join('\n')).digest('hex').slice(0, 12);
  const name = `orch-test/node-tools:${process.version.slice(1)}-${digest}`;
  try {
    await engine.getImage(name).inspect();
    return name;
  } catch {
    // Not there yet: made below.
  }
  const base = await nodeTestImage(engine);
  const root = await mkdtemp(join(tmpdir(), 'orch-tools-image-'));
  try {
    const files = new Set<string>();
    for (const program of programs) {
      files.add(program);
      for (const library of librariesOf(program)) files.add(library);
    }
    for (const file of files) await copyInto(join(root, 'files'), file);
    await writeFile(join(root, 'Dockerfile'), `FROM ${base}\nCOPY files/ /\n`);
    await buildImage(engine, { context: root, files: ['Dockerfile', 'files'], tag: name });
    return name;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Removes every container carrying `label` (key=value), running or not; quiet when there are none. */
export async function removeLabelled(label: string, engine: Docker = testEngine()): Promise<void> {
  const found = await engine.listContainers({ all: true, filters: { label: [label] } });
  await Promise.all(
    found.map((c) =>
      engine
        .getContainer(c.Id)
        .remove({ force: true })
        .catch(() => undefined),
    ),
  );
}

/**
 * An admin in-process over `dataDir` (SQLite, free ports, loopback callers let in) with the docker
 * runtime and a 2 s stop grace period, `flags` over those; `host` is where it listens (`0.0.0.0` for
 * containers to reach it). Start it again on the same folder to restart it.
 */
export async function startDockerAdmin(
  dataDir: string,
  flags: Record<string, string> = {},
  options: { host?: string } = {},
) {
  const server = createServer({
    config: loadConfig({
      flags: {
        'server.httpPort': '0',
        'server.grpc.port': '0',
        'sharedservice.security.allowLocalhostAccess': 'true',
        'orch.connection.maxRetries': '0',
        'runtime.type': 'docker',
        'runtime.docker.stopGracePeriod': '2s',
        ...flags,
      },
      env: {},
      home: dataDir,
    }),
    dataDir,
    ...(options.host ? { host: options.host } : {}),
    generatedSecretsDir: join(dataDir, 'secrets'),
    taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dataDir },
  });
  const addresses = await server.listen();
  const client = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true, deadlineSeconds: 30 });
  return {
    addresses,
    client,
    dataDir,
    async stop() {
      client.close();
      await server.close();
    },
  };
}
