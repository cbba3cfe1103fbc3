import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';

// The package as a user gets it: `npm pack` of this repository (lib/ as `npm run build` left it), then
// `npm install -g --ignore-scripts` of the tarball into a temporary prefix, the way the README says.
// No dependency's install script runs (ssh2's, under dockerode, would compile an optional addon), so
// none may be needed: the four commands must answer from the prefix's bin folder and the sandbox must
// open its SQLite file (libsql's prebuilt binary on Node 20; better-sqlite3 would have none). The
// dependencies come from the npm cache where it has them (`--prefer-offline`: the install still asks
// the registry for their metadata, which `npm ci` does not cache).

const run = promisify(execFile);
const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };

let dir = '';
let binDir = '';
let installOutput = '';
let packed: string[] = [];

/** The environment of the installed commands: the prefix's bin first, then the Node running the tests. */
const commandEnv = (home: string) => ({
  PATH: [binDir, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter),
  HOME: home,
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orch-pack-install-'));
  const pack = await run('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [entry] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  if (!entry) throw new Error(`npm pack printed no package: ${pack.stdout}`);
  packed = entry.files.map((file) => file.path);
  const prefix = join(dir, 'prefix');
  const install = await run(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--ignore-scripts',
      '--foreground-scripts',
      '--no-audit',
      '--no-fund',
      join(dir, entry.filename),
    ],
    { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
  );
  installOutput = install.stdout + install.stderr;
  binDir = join(prefix, 'bin');
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the packed tarball installed with npm install -g', () => {
  test('holds the built commands, the protos and the schemas, not the sources or the tests', () => {
    for (const file of [
      'package.json',
      'lib/bin/orch.js',
      'lib/bundle/orchctl.cjs',
      'lib/bin/orch-webhook.js',
      'lib/bin/orch-bot.js',
      'proto/orch/service/v1/admin.proto',
      'schema/orchctl-config.schema.json',
    ])
      expect(packed).toContain(file);
    expect(packed.filter((file) => /^(src|test|bench|scripts)\//.test(file))).toEqual([]);
  });

  test('installs without compiling anything', () => {
    expect(installOutput).not.toMatch(/node-gyp|gyp info|prebuild-install/);
  });

  test.each([
    ['orch', ['--version']],
    ['orchctl', ['--version']],
    ['orch-webhook', ['--version']],
    ['orch-bot', ['--version']],
  ])('%s answers from PATH with the package version', async (name, args) => {
    const { stdout } = await run(name, args, { env: commandEnv(dir) });
    expect(stdout.trim()).toBe(version);
  });

  test('orch sandbox start serves, and orchctl get project reads its default project', async () => {
    const home = await mkdtemp(join(dir, 'home-'));
    const sandbox = spawn(
      'orch',
      [
        'sandbox',
        'start',
        '--server.grpc.port',
        '0',
        '--server.httpPort',
        '0',
        '--sharedservice.profilerPort',
        '0',
      ],
      { env: commandEnv(home), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = once(sandbox, 'exit');
    try {
      let out = '';
      const endpoint = await new Promise<string>((resolve, reject) => {
        sandbox.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const match = /Admin gRPC endpoint: (\S+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        sandbox.once('exit', (code) => reject(new Error(`orch sandbox start exited (${code}): ${out}`)));
      });
      const { stdout } = await run(
        'orchctl',
        ['get', 'project', 'default', '--admin.endpoint', endpoint, '--admin.insecure', '-o', 'json'],
        { env: commandEnv(home) },
      );
      expect(JSON.parse(stdout)).toMatchObject({ id: 'default' });
    } finally {
      sandbox.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
