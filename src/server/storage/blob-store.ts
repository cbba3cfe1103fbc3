import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { errorMessage } from '../../api/guards.js';

/**
 * The admin server's blob store (`--storage.*`): execution inputs and outputs, node data and uploaded
 * files (code bundles), over one of the backends of `--storage.type` (`local`, `mem`, `s3`, `minio`).
 *
 * Every object has a native URL `<scheme>://<container>/<key>`:
 * - `s3://<bucket>/<key>` for `s3` and `minio`;
 * - `orch-local://<container>/<key>` for `local` (a folder on the server's disk, see `local-store.ts`);
 * - `orch-mem://<container>/<key>` for `mem` (in the server's memory, gone at restart).
 * The `orch-*` schemes name the server's own stores on purpose rather than `file://` paths: a URL
 * recorded in a task stays valid when the data folder moves, and never leaks a host path.
 */

/** Where one object lives: a container (bucket) and a `/`-separated key inside it. */
export interface BlobLocation {
  readonly container: string;
  readonly key: string;
}

/** Thrown when an object does not exist. `code` is `ENOENT`, as file-system callers expect. */
export class BlobNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly url: string) {
    super(`${url} does not exist`);
    this.name = 'BlobNotFoundError';
  }
}

/**
 * Thrown by reads into memory when an object is larger than `--storage.limits.maxDownloadMBs`
 * (2 MB, 1 MB = 1,048,576 bytes, by default).
 */
export class BlobTooLargeError extends Error {
  constructor(
    readonly url: string,
    /** The object's size in bytes. */
    readonly size: number,
    /** The limit in bytes. */
    readonly limit: number,
  ) {
    super(
      `${url} is ${size} bytes, over the read limit of ${limit} bytes ` +
        `(${limit / MIB} MB, --storage.limits.maxDownloadMBs)`,
    );
    this.name = 'BlobTooLargeError';
  }
}

/** Thrown by {@link BlobStore.writeStream} when the bytes exceed the allowed size; nothing is stored. */
export class UploadTooLargeError extends Error {
  constructor(
    readonly url: string,
    /** The limit in bytes. */
    readonly limit: number,
  ) {
    super(`upload to ${url} is over the limit of ${limit} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

/** Thrown by {@link BlobStore.writeStream} when the bytes' MD5 differs from the expected one; nothing is stored. */
export class DigestMismatchError extends Error {
  constructor(
    readonly url: string,
    /** Base64 MD5 that was expected. */
    readonly expected: string,
    /** Base64 MD5 of the bytes received. */
    readonly actual: string,
  ) {
    super(`the MD5 of the bytes sent to ${url} is ${actual}, not the signed ${expected}`);
    this.name = 'DigestMismatchError';
  }
}

/** Thrown when a native URL is malformed or names a store or container this server does not use. */
export class NativeUrlError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`${JSON.stringify(url)} is not a native URL of this server's storage: ${reason}`);
    this.name = 'NativeUrlError';
  }
}

/** Thrown when a storage backend fails (network, permissions); the message names the URL, never credentials. */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** One mebibyte: the unit of `--storage.limits.maxDownloadMBs` and `--storage.cache.max_size_mbs`. */
export const MIB = 1024 * 1024;

/** Limits of a streamed write. */
export interface StreamLimits {
  /** Largest accepted size in bytes; more throws {@link UploadTooLargeError}. */
  maxBytes: number;
  /** The 16-byte MD5 the bytes must have; otherwise {@link DigestMismatchError}. */
  md5?: Uint8Array;
}

/** A signed-URL request for a backend that can presign (S3). */
export interface PresignRequest {
  method: 'PUT' | 'GET';
  /** Lifetime in whole seconds. */
  expiresInSeconds: number;
  /** For PUT: the MD5 the upload must carry as Content-MD5 (part of the signature). */
  contentMd5?: Uint8Array;
}

/**
 * What a storage backend provides. Backends take locations already checked by {@link BlobStore}
 * (a valid container, a key without `..`); they do not enforce limits or caching.
 */
export interface BlobBackend {
  /** The native URL scheme, e.g. `s3` or `orch-local`. */
  readonly scheme: string;
  /** Creates the container when it does not exist. */
  ensureContainer(container: string): Promise<void>;
  /** Stores `bytes`, replacing an earlier object atomically. */
  write(location: BlobLocation, bytes: Buffer): Promise<void>;
  /**
   * Stores a stream without buffering more than `limits.maxBytes`; nothing is stored when it fails.
   * @returns the number of bytes stored.
   * @throws UploadTooLargeError, DigestMismatchError.
   */
  writeStream(location: BlobLocation, source: Readable, limits: StreamLimits): Promise<number>;
  /** Size in bytes, or undefined when the object does not exist. */
  stat(location: BlobLocation): Promise<{ size: number } | undefined>;
  /** Reads an object whole. @throws BlobNotFoundError; BlobTooLargeError over `maxBytes`. */
  read(location: BlobLocation, maxBytes: number): Promise<Buffer>;
  /** Opens an object for streaming. @throws BlobNotFoundError. */
  openRead(location: BlobLocation): Promise<{ size: number; stream: Readable }>;
  /** A signed URL served by the backend itself (S3); absent when the admin serves its own. */
  presign?(location: BlobLocation, request: PresignRequest): Promise<string>;
  /** Releases connections. */
  close?(): void;
}

/** Options of {@link BlobStore}. */
export interface BlobStoreOptions {
  /** The container plain keys live in (`--storage.container`). */
  container: string;
  /** Whether native URLs may name other containers (`--storage.enable-multicontainer`). */
  multiContainer: boolean;
  /** Largest object read into memory, in bytes (`--storage.limits.maxDownloadMBs` x 1 MiB). */
  maxReadBytes: number;
  /** Bytes kept by the in-memory read cache; 0 turns it off (`--storage.cache.max_size_mbs` x 1 MiB). */
  cacheBytes: number;
}

const CONTAINER = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/** Checks a container (bucket) name: lowercase letters, digits, `.`, `_`, `-`; at most 63 characters. */
export function isContainerName(name: string): boolean {
  return CONTAINER.test(name) && !name.includes('..');
}

/** Why a key is unusable, or undefined when it is fine: empty, `.`/`..`/empty segments, backslashes, NUL. */
export function keyProblem(key: string): string | undefined {
  if (!key) return 'the key is empty';
  if (key.includes('\0') || key.includes('\\')) return 'the key holds a NUL or a backslash';
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..')
      return `the key has an empty, "." or ".." segment`;
  }
  return undefined;
}

/**
 * A least-recently-used cache of object bytes by native URL, bounded by their total size in bytes
 * (an empty object counts as one byte); an object larger than the whole cache is not kept.
 */
function byteCache(capacity: number): LRUCache<string, Buffer> {
  return new LRUCache<string, Buffer>({
    maxSize: Math.max(1, Math.floor(capacity)),
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
  });
}

/**
 * The server's blob store: a backend plus what every backend shares — native URLs, the container
 * rule of `--storage.enable-multicontainer`, the read limit of `--storage.limits.maxDownloadMBs` and
 * the LRU read cache of `--storage.cache.max_size_mbs`. Plain keys (`put`/`get`) live in the
 * default container.
 */
export class BlobStore {
  private readonly cache: LRUCache<string, Buffer> | undefined;

  constructor(
    private readonly backend: BlobBackend,
    readonly options: BlobStoreOptions,
  ) {
    this.cache = options.cacheBytes > 0 ? byteCache(options.cacheBytes) : undefined;
  }

  /** The native URL scheme of this store (`s3`, `orch-local`, `orch-mem`). */
  get scheme(): string {
    return this.backend.scheme;
  }

  /** Whether the backend signs its own URLs (S3); otherwise the admin's HTTP side serves them. */
  get presigns(): boolean {
    return this.backend.presign !== undefined;
  }

  /** Creates the default container when missing (`--storage.container`: "created if missing"). */
  init(): Promise<void> {
    return this.backend.ensureContainer(this.options.container);
  }

  /** The location of a plain key in the default container. @throws NativeUrlError for a bad key. */
  at(key: string): BlobLocation {
    const problem = keyProblem(key);
    if (problem) throw new NativeUrlError(key, problem);
    return { container: this.options.container, key };
  }

  /** The native URL of a location, e.g. `s3://bucket/uploads/p/d/x/bundle.tar.gz`. */
  urlOf(location: BlobLocation): string {
    return `${this.backend.scheme}://${location.container}/${location.key}`;
  }

  /**
   * Parses a native URL of this store.
   * @throws NativeUrlError when the scheme is another store's, the container is not this server's
   * (without `--storage.enable-multicontainer`), or the key is malformed.
   */
  locate(url: string): BlobLocation {
    const match = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)\/(.*)$/s.exec(url);
    if (!match) throw new NativeUrlError(url, `expected ${this.backend.scheme}://<container>/<key>`);
    const [, scheme = '', container = '', key = ''] = match;
    if (scheme !== this.backend.scheme) {
      throw new NativeUrlError(
        url,
        `this server stores objects under ${this.backend.scheme}://, not ${scheme}://`,
      );
    }
    if (!isContainerName(container)) throw new NativeUrlError(url, `"${container}" is not a container name`);
    if (container !== this.options.container && !this.options.multiContainer) {
      throw new NativeUrlError(
        url,
        `container "${container}" is not this server's container "${this.options.container}" ` +
          '(--storage.enable-multicontainer allows others)',
      );
    }
    const problem = keyProblem(key);
    if (problem) throw new NativeUrlError(url, problem);
    return { container, key };
  }

  /** Writes `bytes` under a plain key of the default container, replacing an earlier value. */
  put(key: string, bytes: Uint8Array | string): Promise<void> {
    return this.write(this.at(key), bytes);
  }

  /**
   * Reads a plain key of the default container.
   * @throws BlobNotFoundError (code ENOENT) when absent; BlobTooLargeError over the read limit.
   */
  get(key: string): Promise<Buffer> {
    return this.read(this.at(key));
  }

  /** Writes an object, replacing an earlier one. */
  async write(location: BlobLocation, bytes: Uint8Array | string): Promise<void> {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
    this.cache?.delete(this.urlOf(location));
    await this.wrap(location, () => this.backend.write(location, buffer));
    this.cache?.delete(this.urlOf(location));
  }

  /**
   * Streams an object in without holding more than `limits.maxBytes` in memory; nothing is stored
   * when the stream is too large or its MD5 differs.
   * @returns the number of bytes stored.
   * @throws UploadTooLargeError, DigestMismatchError.
   */
  async writeStream(location: BlobLocation, source: Readable, limits: StreamLimits): Promise<number> {
    this.cache?.delete(this.urlOf(location));
    const size = await this.wrap(location, () => this.backend.writeStream(location, source, limits));
    this.cache?.delete(this.urlOf(location));
    return size;
  }

  /**
   * Reads an object whole into memory, through the read cache when enabled.
   * @throws BlobNotFoundError; BlobTooLargeError when larger than `--storage.limits.maxDownloadMBs`.
   */
  async read(location: BlobLocation): Promise<Buffer> {
    const url = this.urlOf(location);
    const cached = this.cache?.get(url);
    if (cached) return cached;
    const bytes = await this.wrap(location, () => this.backend.read(location, this.options.maxReadBytes));
    this.cache?.set(url, bytes);
    return bytes;
  }

  /** Size in bytes of an object, or undefined when it does not exist. */
  stat(location: BlobLocation): Promise<{ size: number } | undefined> {
    return this.wrap(location, () => this.backend.stat(location));
  }

  /**
   * Opens an object for streaming (no read limit: nothing is held in memory).
   * @throws BlobNotFoundError.
   */
  openRead(location: BlobLocation): Promise<{ size: number; stream: Readable }> {
    return this.wrap(location, () => this.backend.openRead(location));
  }

  /**
   * A URL the backend signs itself (S3 presigning).
   * @throws Error when the backend cannot presign (callers check {@link presigns}).
   */
  presign(location: BlobLocation, request: PresignRequest): Promise<string> {
    const presign = this.backend.presign?.bind(this.backend);
    if (!presign) throw new Error(`${this.backend.scheme} storage does not presign URLs`);
    return this.wrap(location, () => presign(location, request));
  }

  /** Releases the backend's connections. */
  close(): void {
    this.backend.close?.();
  }

  /** Runs a backend call; failures other than the store's own errors become StorageError naming the URL. */
  private async wrap<T>(location: BlobLocation, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (
        error instanceof BlobNotFoundError ||
        error instanceof BlobTooLargeError ||
        error instanceof UploadTooLargeError ||
        error instanceof DigestMismatchError ||
        error instanceof NativeUrlError ||
        error instanceof StorageError
      ) {
        throw error;
      }
      const reason = errorMessage(error);
      throw new StorageError(`storage failed on ${this.urlOf(location)}: ${reason}`, { cause: error });
    }
  }
}
