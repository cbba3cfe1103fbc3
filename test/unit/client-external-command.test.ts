import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ExternalCommandTokenSource } from '../../src/client/auth/external-command.js';
import { AuthFlowError } from '../../src/client/token-source.js';

const node = (script: string, ...args: string[]) => [process.execPath, '-e', script, ...args];
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as AuthFlowError,
  );

describe('ExternalCommandTokenSource (real subprocesses)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-command-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('the trimmed stdout is the token; kept until refused, then the command runs again', async () => {
    const counter = join(dir, 'runs');
    // Appends a line per run and prints "token-<run number>" surrounded by white space.
    const script =
      "const fs=require('fs');fs.appendFileSync(process.argv[1],'x\\n');" +
      "const n=fs.readFileSync(process.argv[1],'utf8').trim().split('\\n').length;" +
      "process.stdout.write('  token-'+n+'\\n\\n')";
    const source = new ExternalCommandTokenSource(node(script, counter));
    expect(source.mode).toBe('ExternalCommand');
    expect(await source.cached()).toBeUndefined();
    expect(await source.token({ refresh: false })).toBe('token-1');
    expect(await source.cached()).toBe('token-1');
    expect(await source.token({ refresh: false })).toBe('token-1');
    expect(await source.token({ refresh: true })).toBe('token-2');
    expect((await readFile(counter, 'utf8')).trim().split('\n')).toHaveLength(2);
  });

  test('concurrent requests share one run', async () => {
    const counter = join(dir, 'concurrent');
    const script = "require('fs').appendFileSync(process.argv[1],'x');setTimeout(()=>console.log('t'),100)";
    const source = new ExternalCommandTokenSource(node(script, counter));
    const tokens = await Promise.all([1, 2, 3].map(() => source.token({ refresh: false })));
    expect(tokens).toEqual(['t', 't', 't']);
    expect(await readFile(counter, 'utf8')).toBe('x');
  });

  test('a failing command: the error names the program and exit code and its stderr, never its stdout', async () => {
    const script =
      "process.stdout.write('leaked-token-42');console.error('not signed in\\nmore');process.exit(3)";
    const source = new ExternalCommandTokenSource(node(script, 'secret-arg-hidden'), 'ExternalCommand', {
      hint: 'check the command',
    });
    const error = await failure(source.token({ refresh: false }));
    expect(error).toBeInstanceOf(AuthFlowError);
    expect(error.message).toBe(
      `ExternalCommand: the command ${process.execPath.split('/').pop()} exited with code 3: not signed in`,
    );
    expect(error.hint).toBe('check the command');
    expect(error.message).not.toContain('leaked-token-42');
    expect(error.message).not.toContain('secret-arg-hidden');
    expect(JSON.stringify(error)).not.toContain('leaked-token-42');
    expect(String(error.cause ?? '')).not.toContain('leaked-token-42');
  });

  test('a missing program, an empty output and a multi-word output are clear errors', async () => {
    const missing = await failure(
      new ExternalCommandTokenSource(['/no/such/orch-token-tool'], 'ProxyCommand').token({ refresh: false }),
    );
    expect(missing.message).toBe(
      'ProxyCommand: the command orch-token-tool was not found (is it installed and on PATH?)',
    );
    const empty = await failure(new ExternalCommandTokenSource(node('')).token({ refresh: false }));
    expect(empty.message).toMatch(/printed no token$/);
    const words = await failure(
      new ExternalCommandTokenSource(node("console.log('Bearer abc')")).token({ refresh: false }),
    );
    expect(words.message).toMatch(/printed more than one word/);
    expect(words.message).not.toContain('abc');
  });

  test('a command over its time limit is stopped and named', async () => {
    const source = new ExternalCommandTokenSource(node('setTimeout(()=>{},10000)'), 'ExternalCommand', {
      timeoutSeconds: 0.3,
    });
    const started = Date.now();
    const error = await failure(source.token({ refresh: false }));
    expect(error.message).toMatch(/did not finish within 0.3 s$/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
