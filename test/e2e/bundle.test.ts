import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// orchctl ships bundled (package.json `bin`: lib/bundle/orchctl.js, built by scripts/bundle-bins.mjs):
// it must answer exactly as the module build it is made from.

const shipped: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin;
/** Runs a bin to its end (asynchronously: the admin answering it runs in this process). */
const run = (entry: string, args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [entry, ...args],
      { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: ROOT }, timeout: 30_000 },
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
  afterAll(() => server.stop());

  test('is what package.json ships, and starts with a shebang', () => {
    expect(shipped.orchctl).toBe('lib/bundle/orchctl.js');
    expect(readFileSync(bundled, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  test.each([[['--help']], [['get', '--help']], [['--version']], [['get', 'nothing']]])(
    'answers %j exactly as the module build',
    async (args) => {
      expect(await run(bundled, args)).toEqual(await run(modules, args));
    },
  );

  test('reads from a real admin exactly as the module build', async () => {
    const args = [
      'get',
      'project',
      'default',
      '-o',
      'json',
      '--admin.endpoint',
      server.addresses.grpcEndpoint,
      '--admin.insecure',
    ];
    const answer = await run(bundled, args);
    expect(answer.code).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({ id: 'default' });
    expect(answer).toEqual(await run(modules, args));
  });
});
