import { execFile } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// orchctl ships bundled (package.json `bin`: lib/bundle/orchctl.cjs, a launcher that loads the bundled
// program lib/bundle/orchctl-program.cjs through V8's code cache; built by scripts/bundle-bins.mjs): it
// must answer exactly as the module build it is made from, with and without a cache, and never run
// compiled code it did not write itself.

/** The code cache's base folder of the runs here (`$XDG_CACHE_HOME`). */
const cacheHome = mkdtempSync(join(tmpdir(), 'orch-code-cache-'));
const cacheDir = join(cacheHome, 'orch', 'code-cache');
afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

const shipped: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin;
/** Runs a bin to its end (asynchronously: the admin answering it runs in this process). */
const run = (entry: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [entry, ...args],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: ROOT, XDG_CACHE_HOME: cacheHome, ...env },
        timeout: 30_000,
      },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });

describe('the bundled orchctl', () => {
  let server: TestServer;
  const bundled = join(ROOT, shipped.orchctl ?? '');
  const modules = join(ROOT, 'lib', 'bin', 'orchctl.js');
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  /** `get project default -o json` against the test admin. */
  const getProject = () => [
    ...['get', 'project', 'default', '-o', 'json'],
    ...['--admin.endpoint', server.addresses.grpcEndpoint, '--admin.insecure'],
  ];
  afterAll(() => server.stop());

  test('is what package.json ships, and starts with a shebang', () => {
    expect(shipped.orchctl).toBe('lib/bundle/orchctl.cjs');
    expect(readFileSync(bundled, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  test.each([[['--help']], [['get', '--help']], [['--version']], [['get', 'nothing']]])(
    'answers %j exactly as the module build',
    async (args) => {
      expect(await run(bundled, args)).toEqual(await run(modules, args));
    },
  );

  test('reads from a real admin exactly as the module build', async () => {
    const args = getProject();
    const answer = await run(bundled, args);
    expect(answer.code).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({ id: 'default' });
    expect(answer).toEqual(await run(modules, args));
  });

  test('keeps one code cache per command in a folder of its own (0700), and answers the same from it', async () => {
    const args = getProject();
    rmSync(cacheDir, { recursive: true, force: true });
    const first = await run(bundled, args);
    expect(first.code).toBe(0);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(cacheDir);
    expect(files).toEqual([expect.stringMatching(/^orchctl-program\.cjs-[0-9a-f]{20}-get-project\.v8$/)]);
    expect(statSync(join(cacheDir, files[0] ?? '')).mode & 0o777).toBe(0o600);
    // The second run reads it (and leaves it as it is), and prints the same.
    const written = statSync(join(cacheDir, files[0] ?? '')).mtimeMs;
    expect(await run(bundled, args)).toEqual(first);
    expect(statSync(join(cacheDir, files[0] ?? '')).mtimeMs).toBe(written);
    // Help has a cache of its own; NODE_DISABLE_COMPILE_CACHE=1 writes none.
    await run(bundled, ['--help']);
    expect(readdirSync(cacheDir).some((name) => name.endsWith('-other.v8'))).toBe(true);
    rmSync(cacheDir, { recursive: true, force: true });
    expect(await run(bundled, args, { NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(first);
    expect(() => readdirSync(cacheDir)).toThrow();
  });

  test('a damaged cache file is replaced, and the command answers as without it', async () => {
    const args = getProject();
    const clean = await run(bundled, args);
    const [file = ''] = readdirSync(cacheDir).filter((name) => name.endsWith('-get-project.v8'));
    writeFileSync(join(cacheDir, file), 'not V8 code');
    expect(await run(bundled, args)).toEqual(clean);
    expect(readFileSync(join(cacheDir, file)).length).toBeGreaterThan(1000);
  });
});

describe('the code cache (lib/bin/code-cache.js) in a process of its own', () => {
  // Two sources of the same length: V8 accepts the code cache of one for the other (it checks only
  // the length), so a cache file someone else could write would run their code.
  const work = mkdtempSync(join(tmpdir(), 'orch-code-cache-poison-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const mine = "module.exports = { who: 'mine' };";
  const theirs = "module.exports = { who: 'THEM' };";
  const load = (dir: string) =>
    new Promise<string>((resolve, reject) => {
      const script =
        `import(${JSON.stringify(join(ROOT, 'lib', 'bin', 'code-cache.js'))}).then((m) => ` +
        `console.log(m.requireWithCodeCache(${JSON.stringify(join(work, 'program.cjs'))}, ` +
        `{ dir: ${JSON.stringify(dir)}, variant: 'x' }).who))`;
      execFile(process.execPath, ['-e', script], { encoding: 'utf8' }, (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim()),
      );
    });

  test('runs only code it compiled itself: a cache in a folder others may write is neither read nor written', async () => {
    expect(mine.length).toBe(theirs.length);
    // Their code, compiled under my file's name, as a cache file in my file's cache name.
    writeFileSync(join(work, 'program.cjs'), theirs);
    const open = join(work, 'open');
    await load(open);
    const [name = ''] = readdirSync(open);
    const poisoned = readFileSync(join(open, name));
    writeFileSync(join(work, 'program.cjs'), mine);
    const shared = join(work, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    // The cache name holds a digest of the source: their cache goes under my source's name by hand.
    await load(join(work, 'probe'));
    const [myName = ''] = readdirSync(join(work, 'probe'));
    writeFileSync(join(shared, myName), poisoned);
    expect(await load(shared)).toBe('mine');
    // Nothing is written into a folder others may write either.
    expect(readdirSync(shared)).toEqual([myName]);
    // The same file in a private folder is trusted (it is this user's own): which shows the
    // folder's check is what kept their code out above.
    const own = join(work, 'own');
    mkdirSync(own, { mode: 0o700 });
    writeFileSync(join(own, myName), poisoned, { mode: 0o600 });
    expect(await load(own)).toBe('THEM');
  });
});
