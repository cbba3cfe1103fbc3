import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore from 'ignore';
import { create as createTar } from 'tar';
import { glob } from 'tinyglobby';
import { errorCode } from '../api/guards.js';

/** A packed code bundle: the tar.gz bytes and their digests. */
export interface CodeBundle {
  /** The directory that was packed (absolute). */
  dir: string;
  /** The tar.gz, byte for byte the same for the same tree. */
  bytes: Buffer;
  /** SHA-256 of `bytes`, hex: what versions are computed over. */
  sha256: string;
  /** MD5 of `bytes` (16 bytes): what the upload carries as Content-MD5. */
  md5: Buffer;
  /** The packed paths, relative to `dir`, `/`-separated, sorted. */
  files: string[];
}

/** Thrown when a bundle is over the upload limit; names the size, the limit and the flag. */
export class BundleTooLargeError extends Error {
  constructor(
    readonly dir: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `the code bundle of ${dir} is ${formatBytes(size)}, over the upload limit of ${formatBytes(limit)} ` +
        '(--server.dataProxy.upload.maxSize); list large files in .orchignore',
    );
    this.name = 'BundleTooLargeError';
  }
}

/** Always left out of bundles, whatever `.orchignore` says. */
const ALWAYS_IGNORED = ['.git/', 'node_modules/', '.DS_Store'];

/** Every entry's modification time: fixed, so the bytes do not depend on when files were checked out. */
const FIXED_MTIME = new Date('2000-01-01T00:00:00Z');

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * The files a bundle of `dir` holds: every regular file under it except those `.orchignore` (gitignore
 * syntax, at the top of `dir`) excludes and {@link ALWAYS_IGNORED}; relative, `/`-separated, sorted.
 */
export async function bundleFiles(dir: string): Promise<string[]> {
  const rules = ignore().add(ALWAYS_IGNORED);
  try {
    rules.add(await readFile(join(dir, '.orchignore'), 'utf8'));
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  const found = await glob('**/*', { cwd: dir, dot: true, onlyFiles: true, followSymbolicLinks: false });
  return rules.filter(found).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Packs `dir` into a deterministic tar.gz (DESIGN.md, "Workflow files"): entries sorted by path,
 * one fixed mtime, no owners, modes reduced to 0644 / 0755 (the owner's execute bit kept), gzip
 * without a timestamp. The same tree gives the same bytes on every checkout, whatever its path,
 * mtimes, owner or umask.
 * @param options.maxBytes the upload limit in bytes; a larger bundle throws before anything is sent.
 * @param options.files only these files (relative to `dir`), instead of everything `.orchignore` keeps.
 * @throws BundleTooLargeError over `maxBytes`; Error when `dir` cannot be read.
 */
export async function packBundle(
  dir: string,
  options: { maxBytes?: number; files?: readonly string[] } = {},
): Promise<CodeBundle> {
  const files = options.files
    ? [...new Set(options.files)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    : await bundleFiles(dir);
  const chunks: Buffer[] = [];
  const stream = createTar(
    {
      cwd: dir,
      gzip: true,
      portable: true,
      mtime: FIXED_MTIME,
      noDirRecurse: true,
      onWriteEntry(entry) {
        if (entry.stat) entry.stat.mode = entry.stat.mode & 0o100 ? 0o100755 : 0o100644;
      },
    },
    files,
  );
  for await (const chunk of stream) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) {
    throw new BundleTooLargeError(dir, bytes.length, options.maxBytes);
  }
  return {
    dir,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    md5: createHash('md5').update(bytes).digest(),
    files,
  };
}
