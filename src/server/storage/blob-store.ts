import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where the admin keeps execution inputs and outputs (`--storage.type`; `local` for now). */
export interface BlobStore {
  /** Writes `bytes` under `key` (a `/`-separated relative path), replacing any earlier value. */
  put(key: string, bytes: Uint8Array | string): Promise<void>;
  /** Reads the value under `key`. @throws Error with code ENOENT when absent. */
  get(key: string): Promise<Buffer>;
}

/** A blob store on the local file system, rooted at one folder. Writes are atomic (rename). */
export class LocalBlobStore implements BlobStore {
  private readonly root: string;
  /** Folders already created, so that a write costs one mkdir per folder, not per write. */
  private readonly folders = new Set<string>();
  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key escapes the store: ${key}`);
    return path;
  }

  async put(key: string, bytes: Uint8Array | string): Promise<void> {
    const path = this.path(key);
    const folder = dirname(path);
    if (!this.folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      if (this.folders.size > 10_000) this.folders.clear();
      this.folders.add(folder);
    }
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }
}
