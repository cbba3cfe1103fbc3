import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { x as extract, list, type ReadEntry } from 'tar';
import { errorMessage } from '../../api/guards.js';
import { BlobNotFoundError, type BlobStore, NativeUrlError } from '../storage/blob-store.js';

/** Thrown when a code bundle cannot be used; the message names its native URL. */
export class BundleError extends Error {
  constructor(
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BundleError';
  }
}

/** Options of {@link BundleCache}. */
export interface BundleCacheOptions {
  store: BlobStore;
  /** Folder holding one unpacked folder per bundle digest (`<data dir>/bundles`). */
  dir: string;
  /** Largest bundle accepted, in bytes (`--server.dataProxy.upload.maxSize`, 6Mi by default). */
  maxBytes: number;
}

const DEVICE_TYPES = new Set(['CharacterDevice', 'BlockDevice', 'FIFO']);

/**
 * Why a tar entry may not be unpacked, or undefined when it is safe: absolute paths, `..` segments,
 * devices, and links pointing outside the bundle's folder are refused.
 */
export function entryProblem(entry: { path: string; type: string; linkpath?: string }): string | undefined {
  const path = entry.path.replace(/\\/g, '/');
  if (posix.isAbsolute(path) || /^[A-Za-z]:/.test(path)) return `entry "${entry.path}" has an absolute path`;
  if (path.split('/').includes('..')) return `entry "${entry.path}" leaves the bundle's folder`;
  if (DEVICE_TYPES.has(entry.type)) return `entry "${entry.path}" is a ${entry.type}`;
  if (entry.type === 'SymbolicLink' || entry.type === 'Link') {
    const target = (entry.linkpath ?? '').replace(/\\/g, '/');
    if (!target || posix.isAbsolute(target) || /^[A-Za-z]:/.test(target)) {
      return `link "${entry.path}" points to an absolute path`;
    }
    // Symbolic links resolve from the link's folder, hard links from the bundle's root.
    const base = entry.type === 'SymbolicLink' ? posix.dirname(path) : '.';
    const resolved = posix.normalize(posix.join(base, target));
    if (resolved === '..' || resolved.startsWith('../')) {
      return `link "${entry.path}" points outside the bundle's folder`;
    }
  }
  return undefined;
}

/** Whether `error` (a Node error, from any realm) says a file does not exist. */
const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

/**
 * Code bundles (tar.gz files named by a task's `container.code_bundle`), fetched from the blob store
 * and unpacked once per content: the folder is `<dir>/<sha256 of the bytes>`, reused by every
 * execution of any task with the same bundle. A bundle is unpacked into a temporary folder and
 * renamed into place, so concurrent executions never see half of one; entries that would escape
 * the folder refuse the whole bundle.
 */
export class BundleCache {
  /** How many bundles this process has unpacked (reuses do not count). */
  unpacked = 0;
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(private readonly options: BundleCacheOptions) {}

  /**
   * Returns the folder holding the unpacked bundle at `url`, fetching and unpacking it when needed.
   * @throws BundleError naming the URL when the bundle is missing, too large, not a tar.gz, or holds
   * an unsafe entry.
   */
  prepare(url: string): Promise<string> {
    // Nodes running at once with the same bundle share one download and one unpack.
    let preparing = this.preparing.get(url);
    if (!preparing) {
      preparing = this.fetchAndUnpack(url).finally(() => this.preparing.delete(url));
      this.preparing.set(url, preparing);
    }
    return preparing;
  }

  private readonly preparing = new Map<string, Promise<string>>();

  private async fetchAndUnpack(url: string): Promise<string> {
    const { file, digest } = await this.fetch(url);
    try {
      const target = join(this.options.dir, digest);
      if (await exists(target)) return target;
      let pending = this.inflight.get(digest);
      if (!pending) {
        pending = this.unpack(url, file, target).finally(() => this.inflight.delete(digest));
        this.inflight.set(digest, pending);
      }
      return await pending;
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Streams the bundle into a temporary file, hashing it; at most `maxBytes`. */
  private async fetch(url: string): Promise<{ file: string; digest: string }> {
    const { store, maxBytes } = this.options;
    let location: ReturnType<BlobStore['locate']>;
    try {
      location = store.locate(url);
    } catch (error) {
      if (error instanceof NativeUrlError) throw new BundleError(url, `code bundle ${error.message}`);
      throw error;
    }
    let opened: Awaited<ReturnType<BlobStore['openRead']>>;
    try {
      opened = await store.openRead(location);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw new BundleError(url, `code bundle ${url} does not exist`);
      throw new BundleError(url, `cannot fetch code bundle ${url}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    const tmpDir = join(this.options.dir, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const file = join(tmpDir, `${randomBytes(8).toString('hex')}.tar.gz`);
    const handle = await open(file, 'w');
    const sha = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of opened.stream) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        size += buffer.length;
        if (size > maxBytes) {
          throw new BundleError(url, `code bundle ${url} is over the limit of ${maxBytes} bytes`);
        }
        sha.update(buffer);
        await handle.write(buffer);
      }
      await handle.close();
    } catch (error) {
      opened.stream.destroy();
      await handle.close().catch(() => undefined);
      await rm(file, { force: true });
      if (error instanceof BundleError) throw error;
      throw new BundleError(url, `cannot fetch code bundle ${url}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    return { file, digest: sha.digest('hex') };
  }

  /** Checks every entry, unpacks into a temporary folder, then renames it to `target`. */
  private async unpack(url: string, file: string, target: string): Promise<string> {
    const problems: string[] = [];
    try {
      await list({
        file,
        strict: true,
        onReadEntry: (entry: ReadEntry) => {
          const problem = entryProblem({ path: entry.path, type: entry.type, linkpath: entry.linkpath });
          if (problem) problems.push(problem);
        },
      });
    } catch (error) {
      throw new BundleError(url, `code bundle ${url} is not a valid tar.gz: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    if (problems.length) {
      throw new BundleError(url, `code bundle ${url} is refused: ${problems.slice(0, 5).join('; ')}`);
    }
    const staging = await mkdtemp(join(this.options.dir, '.tmp', 'unpack-'));
    try {
      await extract({ file, cwd: staging, strict: true, preserveOwner: false });
      // mkdtemp makes it 0700: a container's user (not the admin's) must be able to read the code.
      // Other users of the host still cannot reach it: the data folder above is the admin's only.
      await chmod(staging, 0o755);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw new BundleError(url, `cannot unpack code bundle ${url}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    try {
      await rename(staging, target);
      this.unpacked += 1;
    } catch (error) {
      // Another server process unpacked the same bundle first: use its folder.
      await rm(staging, { recursive: true, force: true });
      if (!(await exists(target))) throw error;
    }
    return target;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
