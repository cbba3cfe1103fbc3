import { homedir } from 'node:os';
import type { CliIO } from '../config/commander.js';

/** The process's streams, environment and home, and a promise settled by the first SIGINT or SIGTERM. */
export function processIO(): CliIO {
  let interrupted: Promise<string> | undefined;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    home: homedir(),
    // Installed on first use only, so that commands that never wait for it keep Ctrl+C's default.
    get interrupted() {
      interrupted ??= new Promise<string>((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
      });
      return interrupted;
    },
  };
}

/** Exits once stdout and stderr are flushed (a pipe may still hold output when `process.exit` runs). */
export function exitWith(code: number): void {
  let pending = 2;
  const done = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
