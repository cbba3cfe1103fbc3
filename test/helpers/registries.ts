import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server.js';

// Real registries for tests, each a subprocess on a free loopback port with its storage in a
// temporary folder: Debian's docker-registry (the CNCF distribution server) for images, and
// verdaccio (from npm) for npm packages, standing in for the public ones no test can reach.

/** Debian's distribution server. */
export const DOCKER_REGISTRY = '/usr/bin/docker-registry';
/** Whether tests must fail (not skip) when the image registry is not installed. */
export const registryRequired = process.env.ORCH_TEST_REGISTRY === 'required';

/** A registry subprocess. */
export interface RunningRegistry {
  /** `127.0.0.1:<port>` (images) or `http://127.0.0.1:<port>/` (npm). */
  address: string;
  /** Everything it printed. */
  output(): string;
  stop(): Promise<void>;
}

/** Spawns `program args`, waits until `ready()` is true (polled every 100 ms, 20 s at most). */
async function startProcess(
  what: string,
  program: string,
  args: string[],
  home: string,
  address: string,
  ready: () => Promise<boolean>,
): Promise<RunningRegistry> {
  const child: ChildProcess = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: home });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(home, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${what} exited (${child.exitCode}):\n${output}`);
    }
    if (await ready().catch(() => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${what} did not answer within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { address, output: () => output, stop };
}

/**
 * Starts docker-registry on a free port of 127.0.0.1, anonymous; its address is `127.0.0.1:<port>`,
 * which the Docker engine pushes to over plain HTTP (loopback registries are insecure by default).
 * @throws Error when it is not installed or does not answer `GET /v2/`.
 */
export async function startImageRegistry(): Promise<RunningRegistry> {
  if (!existsSync(DOCKER_REGISTRY))
    throw new Error(`${DOCKER_REGISTRY} is not installed (apt-get install docker-registry)`);
  const home = await mkdtemp(join(tmpdir(), 'orch-registry-'));
  const host = `127.0.0.1:${await freePort()}`;
  const config = join(home, 'config.yml');
  await writeFile(
    config,
    [
      'version: 0.1',
      'log:',
      '  level: warn',
      '  accesslog:',
      '    disabled: true',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${join(home, 'data')}`,
      'http:',
      `  addr: ${host}`,
      '',
    ].join('\n'),
  );
  return startProcess('docker-registry', DOCKER_REGISTRY, ['serve', config], home, host, async () => {
    const res = await fetch(`http://${host}/v2/`);
    return res.status === 200;
  });
}

/** A running verdaccio, with a user who may publish. */
export interface NpmRegistry extends RunningRegistry {
  /**
   * Publishes the package in folder `dir` (a package.json and its files) with the host's npm.
   * @throws Error with npm's output when it fails.
   */
  publish(dir: string): Promise<void>;
}

/**
 * Starts verdaccio (the npm registry from npm's own registry, this repository's dev dependency) on a
 * free port of 127.0.0.1, with no uplink (it serves only what is published to it) and one user.
 */
export async function startNpmRegistry(): Promise<NpmRegistry> {
  const home = await mkdtemp(join(tmpdir(), 'orch-npm-registry-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(home, 'config.yaml');
  await writeFile(
    config,
    [
      `storage: ${join(home, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(home, 'htpasswd')}`,
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const bin = join(process.cwd(), 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const running = await startProcess(
    'verdaccio',
    process.execPath,
    [bin, '--config', config, '--listen', `127.0.0.1:${port}`],
    home,
    url,
    async () => (await fetch(`${url}-/ping`)).status === 200,
  );
  // A user, and its token for npm publish.
  const signup = await fetch(`${url}-/user/org.couchdb.user:orch-test`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'orch-test', password: 'orch-test-password-1' }),
  });
  const { token } = (await signup.json()) as { token?: string };
  if (!token) {
    await running.stop();
    throw new Error(`verdaccio refused the test user (${signup.status})`);
  }
  const npmrc = join(home, 'npmrc');
  await writeFile(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
  return {
    ...running,
    async publish(dir: string) {
      try {
        await promisify(execFile)('npm', ['publish', '--userconfig', npmrc, '--registry', url], {
          cwd: dir,
          env: { ...process.env, npm_config_userconfig: npmrc },
        });
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string; message: string };
        throw new Error(`npm publish of ${dir} failed: ${failed.stderr || failed.stdout || failed.message}`);
      }
    },
  };
}
