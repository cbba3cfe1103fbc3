/**
 * Reading the files of an attempt's folder, which the task can reach: a container task writes in the
 * `io/` folder mounted into it (its ORCH_OUTPUTS_FILE), and may put there anything its file system
 * allows instead of a file: a symbolic link to any path of the admin's host (read by the admin with
 * its own rights), a FIFO (whose open never returns, holding a thread of libuv's pool for good), a
 * link to /dev/zero (endless), a directory, or a file of many gigabytes.
 *
 * So a file of an attempt's folder is read only when it is a regular file, opened:
 * - without following a symbolic link, neither as the file (O_NOFOLLOW) nor as the folder it is in
 *   (the folder is opened first with O_NOFOLLOW, and on Linux the file is opened through that open
 *   folder, `/proc/self/fd/<fd>/<name>`, so a folder swapped for a link in between is not followed);
 * - without blocking (O_NONBLOCK: a FIFO opens at once, and is then refused);
 * - and checked on the opened handle (fstat, not a separate lstat that a swap could outrun): a
 *   regular file, at most a given size (also while reading, for a file that grows).
 */
import { constants, existsSync } from 'node:fs';
import { type FileHandle, lstat, open } from 'node:fs/promises';
import { join } from 'node:path';

const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0, O_DIRECTORY = 0 } = constants;

/** What was wrong with a file of an attempt's folder. */
export type AttemptFileProblem = 'link' | 'not-regular' | 'too-large' | 'unreadable';

/**
 * Thrown by {@link readAttemptFile} and {@link readAttemptTail} when a file of an attempt's folder (or
 * the folder) is not a regular file to read: a symbolic link, a FIFO, a directory, a device, a socket;
 * a file over the size limit; or one the admin may not open. The message names the file by its
 * label, says what it is, and what is expected instead.
 */
export class AttemptFileError extends Error {
  constructor(
    readonly problem: AttemptFileProblem,
    message: string,
  ) {
    super(message);
    this.name = 'AttemptFileError';
  }
}

/** How a file of an attempt's folder is named in messages, and what is expected of it. */
export interface AttemptFileLabel {
  /** The file as the task knows it (`ORCH_OUTPUTS_FILE`, `stdout.log`). */
  label: string;
  /** What it must be, ending a refusal (`outputs must be a regular file written by the task`). */
  expected: string;
}

/** Options of {@link readAttemptFile}. */
export interface AttemptFileRead extends AttemptFileLabel {
  /** The largest file read, in bytes; a larger one is refused. */
  maxBytes: number;
  /** Where the limit is set, for the refusal (`--runtime.outputs.maxSize`). */
  limitFlag: string;
}

/**
 * The bytes of the regular file `name` in the folder `dir` (see the module's comment for how it is
 * opened), or undefined when there is no such file (or no such folder).
 * @param name one path component (`outputs.json`).
 * @throws AttemptFileError when `name` or `dir` is a symbolic link, `name` is not a regular file, is
 *   larger than `maxBytes` bytes, or cannot be opened (its errno code).
 */
export async function readAttemptFile(
  dir: string,
  name: string,
  options: AttemptFileRead,
): Promise<Buffer | undefined> {
  const opened = await openRegular(dir, name, options);
  if (!opened) return undefined;
  const { handle, size } = opened;
  try {
    if (size > options.maxBytes) throw tooLarge(options, size);
    // Read to the end, not to `size`: the file may have grown since (a process of the local runtime).
    let buffer = Buffer.alloc(size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > options.maxBytes) throw tooLarge(options);
        const grown = Buffer.alloc(Math.min(length * 2, options.maxBytes + 1));
        buffer.copy(grown);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/**
 * The last `maxBytes` bytes of the regular file `name` in the folder `dir` (opened as
 * {@link readAttemptFile} opens it) and its whole size in bytes; undefined when there is no such file.
 * @throws AttemptFileError when `name` or `dir` is a symbolic link, `name` is not a regular file, or
 *   it cannot be opened.
 */
export async function readAttemptTail(
  dir: string,
  name: string,
  maxBytes: number,
  label: AttemptFileLabel,
): Promise<{ bytes: Buffer; size: number } | undefined> {
  const opened = await openRegular(dir, name, label);
  if (!opened) return undefined;
  const { handle, size } = opened;
  try {
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, size - length);
    return { bytes: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}

/** Bytes as a size of one decimal and a power-of-two unit (`12.0Mi`, `1.5Ki`), or `<n> bytes`. */
export function sizeText(bytes: number, decimals = 1): string {
  for (const [unit, size] of [
    ['Gi', 2 ** 30],
    ['Mi', 2 ** 20],
    ['Ki', 2 ** 10],
  ] as const) {
    if (bytes >= size) return `${(bytes / size).toFixed(decimals)}${unit}`;
  }
  return `${bytes} bytes`;
}

/** A limit as it is written (`10Mi`, `1.5Ki`): no trailing zeros. */
function limitText(bytes: number): string {
  return sizeText(bytes, 2).replace(/\.?0+(?=[KMG]i$)/, '');
}

/** The refusal of a file over the limit (of `size` bytes, when known). */
function tooLarge(options: AttemptFileRead, size?: number): AttemptFileError {
  let what = 'is over';
  if (size !== undefined) {
    // A size that rounds to the limit is given in bytes, so that it reads as over it.
    const text = sizeText(size) === sizeText(options.maxBytes) ? `${size} bytes` : sizeText(size);
    what = `is ${text}, over`;
  }
  return new AttemptFileError(
    'too-large',
    `${options.label} ${what} the limit of ${limitText(options.maxBytes)} (${options.limitFlag})`,
  );
}

/** Whether files can be opened through an open folder (`/proc/self/fd/<fd>/<name>`, Linux). */
let procFd: boolean | undefined;

/** The errno code of a failed call, if any. */
function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** The refusal of what a failed open says (undefined: there is nothing there). */
function refusalOf(error: unknown, what: string, label: AttemptFileLabel): AttemptFileError | undefined {
  const code = codeOf(error);
  if (code === 'ENOENT') return undefined;
  if (code === 'ELOOP' || code === 'EMLINK') {
    return new AttemptFileError('link', `${what} is a symbolic link: ${label.expected}`);
  }
  if (code === 'ENOTDIR')
    return new AttemptFileError('not-regular', `${what} is not a folder: ${label.expected}`);
  // open(2) of a socket (or of a device without a driver) fails so.
  if (code === 'ENXIO') return new AttemptFileError('not-regular', `${what} is a socket: ${label.expected}`);
  return new AttemptFileError(
    'unreadable',
    `${what} cannot be read (${code ?? String(error)}): ${label.expected}`,
  );
}

/** What a file that is not a regular one is, by its stat. */
function kindOf(stat: Awaited<ReturnType<FileHandle['stat']>>): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Opens `name` in `dir` as the module's comment says, with its size in bytes when opened; undefined
 * when it does not exist.
 * @throws AttemptFileError as {@link readAttemptFile}.
 */
async function openRegular(
  dir: string,
  name: string,
  label: AttemptFileLabel,
): Promise<{ handle: FileHandle; size: number } | undefined> {
  let folder: FileHandle;
  try {
    folder = await open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    const what = `the folder of ${label.label}`;
    // Linux answers ENOTDIR for a link to a folder (O_DIRECTORY is checked before O_NOFOLLOW): the
    // link is told from a file by lstat, for the message only (nothing is opened through it).
    if (codeOf(error) === 'ENOTDIR' && (await lstat(dir).catch(() => undefined))?.isSymbolicLink()) {
      throw new AttemptFileError('link', `${what} is a symbolic link: ${label.expected}`);
    }
    const refusal = refusalOf(error, what, label);
    if (refusal) throw refusal;
    return undefined;
  }
  let handle: FileHandle;
  try {
    procFd ??= existsSync('/proc/self/fd');
    const path = procFd ? `/proc/self/fd/${folder.fd}/${name}` : join(dir, name);
    handle = await open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    const refusal = refusalOf(error, label.label, label);
    if (refusal) throw refusal;
    return undefined;
  } finally {
    await folder.close();
  }
  const stat = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!stat.isFile()) {
    await handle.close();
    throw new AttemptFileError('not-regular', `${label.label} is ${kindOf(stat)}: ${label.expected}`);
  }
  return { handle, size: stat.size };
}
