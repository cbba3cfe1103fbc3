import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import {
  type BlobBackend,
  type BlobLocation,
  BlobNotFoundError,
  BlobTooLargeError,
  type StreamLimits,
} from './blob-store.js';
import { forEachLimited, readBytes, urlOf } from './streams.js';

/** Native URL scheme of the `local` store: `orch-local://<container>/<key>`. */
export const LOCAL_SCHEME = 'orch-local';

/** Options of {@link LocalBackend}. */
export interface LocalBackendOptions {
  /** Name of the default container. */
  container: string;
  /** Folder holding the default container's objects (`<data dir>/storage`). */
  dir: string;
  /** Folder holding one sub-folder per other container (`--storage.enable-multicontainer`). */
  containersDir: string;
}

/** How many created folders {@link LocalBackend} remembers. */
const FOLDER_CACHE_SIZE = 10_000;

const isMissing = (error: unknown) => {
  // Not `instanceof Error`: Node's own errors come from another realm when seen from a VM context.
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * `--storage.type local`: objects as files on the server's disk. The default container is one folder
 * (`<data dir>/storage`); other containers are folders under `containersDir`. A key is a relative
 * path inside its container's folder. Writes go to a temporary file first and are renamed into place,
 * so readers never see half an object.
 */
export class LocalBackend implements BlobBackend {
  readonly scheme = LOCAL_SCHEME;
  /**
   * Folders already created, so that a write costs one mkdir per folder, not per write; at most
   * {@link FOLDER_CACHE_SIZE}, the least recently used forgotten first (and created again if needed).
   */
  private readonly folders = new LRUCache<string, true>({ max: FOLDER_CACHE_SIZE });

  constructor(private readonly options: LocalBackendOptions) {}

  private dirOf(container: string): string {
    return resolve(
      container === this.options.container ? this.options.dir : join(this.options.containersDir, container),
    );
  }

  private path(location: BlobLocation): string {
    const root = this.dirOf(location.container);
    const path = resolve(join(root, location.key));
    if (!path.startsWith(root + sep)) throw new Error(`storage key escapes its container: ${location.key}`);
    return path;
  }

  private async folderFor(path: string): Promise<void> {
    const folder = dirname(path);
    if (this.folders.has(folder)) return;
    await mkdir(folder, { recursive: true });
    this.folders.set(folder, true);
  }

  private tempOf(path: string): string {
    return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  }

  async ensureContainer(container: string): Promise<void> {
    await mkdir(this.dirOf(container), { recursive: true });
  }

  async write(location: BlobLocation, bytes: Buffer): Promise<void> {
    const path = this.path(location);
    await this.folderFor(path);
    const tmp = this.tempOf(path);
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  async writeStream(location: BlobLocation, source: Readable, limits: StreamLimits): Promise<number> {
    const url = urlOf(this.scheme, location);
    const path = this.path(location);
    await this.folderFor(path);
    const tmp = this.tempOf(path);
    const file = await open(tmp, 'w');
    try {
      const size = await forEachLimited(source, limits, url, (buffer) => file.write(buffer));
      await file.close();
      await rename(tmp, path);
      return size;
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async stat(location: BlobLocation): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.path(location));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(location: BlobLocation, maxBytes: number): Promise<Buffer> {
    const url = urlOf(this.scheme, location);
    const info = await this.stat(location);
    if (!info) throw new BlobNotFoundError(url);
    if (info.size > maxBytes) throw new BlobTooLargeError(url, info.size, maxBytes);
    try {
      return readBytes(url, await readFile(this.path(location)), maxBytes);
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(url);
      throw error;
    }
  }

  async openRead(location: BlobLocation): Promise<{ size: number; stream: Readable }> {
    const info = await this.stat(location);
    if (!info) throw new BlobNotFoundError(urlOf(this.scheme, location));
    return { size: info.size, stream: createReadStream(this.path(location)) };
  }
}
