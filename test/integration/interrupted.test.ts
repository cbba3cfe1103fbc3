import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, test } from '@jest/globals';

// The long-running commands (the admin, the webhook, the bot) stop gracefully on the first SIGINT or
// SIGTERM; a second signal of either kind ends the process at once, whatever the first was.

const FIXTURE = join(process.cwd(), 'test', 'fixtures', 'bin', 'interrupted.ts');

describe('a second signal cuts a graceful stop short', () => {
  test.each([
    ['SIGTERM', 'SIGTERM'],
    ['SIGTERM', 'SIGINT'],
    ['SIGINT', 'SIGTERM'],
    ['SIGINT', 'SIGINT'],
  ] as const)(
    '%s, then %s',
    async (first, second) => {
      const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = once(child, 'exit');
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
      expect((await lines.next()).value).toBe('waiting');
      child.kill(first);
      expect((await lines.next()).value).toBe(`caught ${first}`);
      // Still stopping gracefully: the first signal did not end it.
      expect(child.exitCode).toBeNull();
      child.kill(second);
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: null, signal: second });
    },
    15_000,
  );
});
