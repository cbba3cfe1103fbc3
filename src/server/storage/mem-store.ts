import { Readable } from 'node:stream';
import { type BlobBackend, type BlobLocation, BlobNotFoundError, type StreamLimits } from './blob-store.js';
import { collectLimited, readBytes, urlOf } from './streams.js';

/** Native URL scheme of the `mem` store: `orch-mem://<container>/<key>`. */
export const MEM_SCHEME = 'orch-mem';

/**
 * `--storage.type mem`: objects in the server process's memory, lost when it stops. For tests and
 * throw-away sandboxes; every container is a map from key to bytes.
 */
export class MemBackend implements BlobBackend {
  readonly scheme = MEM_SCHEME;
  private readonly containers = new Map<string, Map<string, Buffer>>();

  private objects(container: string): Map<string, Buffer> {
    let objects = this.containers.get(container);
    if (!objects) {
      objects = new Map();
      this.containers.set(container, objects);
    }
    return objects;
  }

  async ensureContainer(container: string): Promise<void> {
    this.objects(container);
  }

  async write(location: BlobLocation, bytes: Buffer): Promise<void> {
    this.objects(location.container).set(location.key, Buffer.from(bytes));
  }

  async writeStream(location: BlobLocation, source: Readable, limits: StreamLimits): Promise<number> {
    const bytes = await collectLimited(source, limits, urlOf(this.scheme, location));
    this.objects(location.container).set(location.key, bytes);
    return bytes.length;
  }

  async stat(location: BlobLocation): Promise<{ size: number } | undefined> {
    const bytes = this.containers.get(location.container)?.get(location.key);
    return bytes ? { size: bytes.length } : undefined;
  }

  async read(location: BlobLocation, maxBytes: number): Promise<Buffer> {
    const bytes = this.containers.get(location.container)?.get(location.key);
    return readBytes(urlOf(this.scheme, location), bytes, maxBytes);
  }

  async openRead(location: BlobLocation): Promise<{ size: number; stream: Readable }> {
    const bytes = this.containers.get(location.container)?.get(location.key);
    if (!bytes) throw new BlobNotFoundError(urlOf(this.scheme, location));
    return { size: bytes.length, stream: Readable.from([bytes]) };
  }
}
