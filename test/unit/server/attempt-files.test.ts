import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  AttemptFileError,
  readAttemptFile,
  readAttemptTail,
  sizeText,
} from '../../../src/server/executor/attempt-files.js';

// The reader of the files a task can reach in its attempt's folder, on this machine's file system:
// only regular files are read, never through a link, without blocking, up to a size.

const OUTPUTS = {
  label: 'ORCH_OUTPUTS_FILE',
  expected: 'outputs must be a regular file written by the task',
  maxBytes: 1024,
  limitFlag: '--runtime.outputs.maxSize',
};

/** `promise`, or a rejection once `ms` milliseconds pass first (a read that hangs fails the test). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still reading after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('reading the files of an attempt folder', () => {
  let root: string;
  let io: string;
  let secretFile: string;
  const secret = JSON.stringify({ o0: 'ghp_attempt_files_unit_secret_0123456789' });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'orch-attempt-files-'));
    secretFile = join(root, 'config.json');
    await writeFile(secretFile, secret, { mode: 0o600 });
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** A fresh io folder for one case. */
  async function folder(name: string): Promise<string> {
    io = join(root, name, 'io');
    await mkdir(io, { recursive: true });
    return io;
  }

  const refusal = async (dir: string) => {
    const error = await within(readAttemptFile(dir, 'outputs.json', OUTPUTS), 5000).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AttemptFileError);
    return error as AttemptFileError;
  };

  test('a regular file is read whole; a missing file or folder is undefined', async () => {
    const dir = await folder('ok');
    await writeFile(join(dir, 'outputs.json'), '{"o0":"fine"}');
    expect((await readAttemptFile(dir, 'outputs.json', OUTPUTS))?.toString()).toBe('{"o0":"fine"}');
    expect(await readAttemptFile(dir, 'absent.json', OUTPUTS)).toBeUndefined();
    expect(await readAttemptFile(join(root, 'nowhere'), 'outputs.json', OUTPUTS)).toBeUndefined();
    // Exactly at the limit is still read.
    await writeFile(join(dir, 'outputs.json'), 'x'.repeat(1024));
    expect((await readAttemptFile(dir, 'outputs.json', OUTPUTS))?.length).toBe(1024);
  });

  test('a symbolic link to a file of the host is refused, and its content never read', async () => {
    const dir = await folder('link');
    await symlink(secretFile, join(dir, 'outputs.json'));
    const error = await refusal(dir);
    expect([error.problem, error.message]).toEqual([
      'link',
      'ORCH_OUTPUTS_FILE is a symbolic link: outputs must be a regular file written by the task',
    ]);
    expect(error.message).not.toContain('ghp_');
  });

  test('a FIFO is refused at once, without waiting for a writer', async () => {
    const dir = await folder('fifo');
    execFileSync('mkfifo', [join(dir, 'outputs.json')]);
    const error = await refusal(dir);
    expect([error.problem, error.message]).toEqual([
      'not-regular',
      'ORCH_OUTPUTS_FILE is a FIFO: outputs must be a regular file written by the task',
    ]);
  });

  test('a link to /dev/zero is refused as a link; a directory as a directory', async () => {
    const zero = await folder('zero');
    await symlink('/dev/zero', join(zero, 'outputs.json'));
    expect((await refusal(zero)).message).toBe(
      'ORCH_OUTPUTS_FILE is a symbolic link: outputs must be a regular file written by the task',
    );
    const directory = await folder('directory');
    await mkdir(join(directory, 'outputs.json'));
    expect((await refusal(directory)).message).toBe(
      'ORCH_OUTPUTS_FILE is a directory: outputs must be a regular file written by the task',
    );
  });

  test('a file over the limit is refused, naming its size, the limit and the flag', async () => {
    const dir = await folder('large');
    await writeFile(join(dir, 'outputs.json'), 'x'.repeat(12 * 1024));
    expect((await refusal(dir)).message).toBe(
      'ORCH_OUTPUTS_FILE is 12.0Ki, over the limit of 1Ki (--runtime.outputs.maxSize)',
    );
    // One byte over: given in bytes, so that it does not read as the limit itself.
    await writeFile(join(dir, 'outputs.json'), 'x'.repeat(1025));
    expect((await refusal(dir)).message).toBe(
      'ORCH_OUTPUTS_FILE is 1025 bytes, over the limit of 1Ki (--runtime.outputs.maxSize)',
    );
  });

  test('an io folder that is itself a symbolic link is refused', async () => {
    const elsewhere = await folder('elsewhere');
    await writeFile(join(elsewhere, 'outputs.json'), secret);
    const linked = join(root, 'linked');
    await mkdir(linked);
    await symlink(elsewhere, join(linked, 'io'));
    const error = await refusal(join(linked, 'io'));
    expect([error.problem, error.message]).toEqual([
      'link',
      'the folder of ORCH_OUTPUTS_FILE is a symbolic link: outputs must be a regular file written by the task',
    ]);
  });

  test('the tail of a log: its last bytes and whole size; a FIFO log is refused at once', async () => {
    const dir = await folder('logs');
    await writeFile(join(dir, 'stdout.log'), 'abcdefghij');
    const label = (name: string) => ({ label: name, expected: 'logs must be regular files' });
    const tail = await readAttemptTail(dir, 'stdout.log', 4, label('stdout.log'));
    expect([tail?.bytes.toString(), tail?.size]).toEqual(['ghij', 10]);
    expect(await readAttemptTail(dir, 'stderr.log', 4, label('stderr.log'))).toBeUndefined();
    execFileSync('mkfifo', [join(dir, 'stderr.log')]);
    await expect(within(readAttemptTail(dir, 'stderr.log', 4, label('stderr.log')), 5000)).rejects.toThrow(
      'stderr.log is a FIFO: logs must be regular files',
    );
  });

  test('sizes read as written', () => {
    expect([sizeText(12 * 2 ** 20), sizeText(1536), sizeText(100), sizeText(3 * 2 ** 30)]).toEqual([
      '12.0Mi',
      '1.5Ki',
      '100 bytes',
      '3.0Gi',
    ]);
  });
});
