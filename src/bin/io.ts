import { homedir } from 'node:os';
import { createInterface } from 'node:readline/promises';
import type { CliIO } from '../config/commander.js';

/** Reads standard input to its end. */
async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Prompts on stderr and reads one line from the terminal with echo off (raw mode). */
function promptSecret(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** Whether an answer means yes: `y` or `yes`, in any case. */
const isYes = (answer: string) => /^y(es)?$/i.test(answer.trim());

/**
 * Asks `question` on stderr: on a terminal, reads the line typed; otherwise reads the first line of
 * standard input (a pipe or a file), and resolves with undefined when it holds nothing.
 */
async function confirm(question: string): Promise<boolean | undefined> {
  if (process.stdin.isTTY) {
    const terminal = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return isYes(await terminal.question(question));
    } finally {
      terminal.close();
    }
  }
  const text = (await readStdin()).toString('utf8');
  if (!text.trim()) return undefined;
  const answer = text.split('\n')[0] ?? '';
  process.stderr.write(`${question}${answer.trim()}\n`);
  return isYes(answer);
}

/**
 * The process's streams, environment and home, and a promise settled by the first SIGINT or SIGTERM.
 * Only the first is caught: a second signal of either kind takes its default action and ends the
 * process at once, so an operator can cut a graceful stop short (Ctrl+C twice, or a second SIGTERM).
 */
export function processIO(): CliIO {
  let interrupted: Promise<string> | undefined;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    home: homedir(),
    readStdin,
    confirm,
    ...(process.stdin.isTTY ? { promptSecret } : {}),
    // Installed on first use only, so that commands that never wait for it keep Ctrl+C's default.
    get interrupted() {
      interrupted ??= new Promise<string>((resolve) => {
        const caught = (signal: 'SIGINT' | 'SIGTERM') => {
          process.off('SIGINT', caught);
          process.off('SIGTERM', caught);
          resolve(signal);
        };
        process.on('SIGINT', caught);
        process.on('SIGTERM', caught);
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
