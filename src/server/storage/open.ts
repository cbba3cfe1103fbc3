import { join } from 'node:path';
import { parseDuration } from '../../api/duration.js';
import { ConfigError } from '../../config/errors.js';
import type { Config } from '../../config/load.js';
import { type BlobBackend, BlobStore, isContainerName, MIB } from './blob-store.js';
import { LocalBackend } from './local-store.js';
import { MemBackend } from './mem-store.js';
import { S3Backend, type S3Settings } from './s3-store.js';
import { tracedBackend } from './traced.js';

/** The storage section of the configuration (`--storage.*`). */
export type StorageConfig = Config['storage'];

/** The container name of `local` and `mem` stores when `--storage.container` does not give one. */
export const DEFAULT_CONTAINER = 'orch';

/** Everything a blob store is built from, checked and converted from `--storage.*`. */
export type StorageSettings =
  | ({ type: 'local'; dir: string; containersDir: string } & CommonSettings)
  | ({ type: 'mem' } & CommonSettings)
  | ({ type: 's3' | 'minio'; s3: S3Settings } & CommonSettings);

interface CommonSettings {
  container: string;
  multiContainer: boolean;
  /** Bytes (`--storage.limits.maxDownloadMBs` x 1 MiB). */
  maxReadBytes: number;
  /** Bytes (`--storage.cache.max_size_mbs` x 1 MiB); 0 turns the cache off. */
  cacheBytes: number;
}

/** The values of `--storage.type` (the registry's choices). */
const STORAGE_TYPES = ['s3', 'minio', 'local', 'mem', 'stow'] as const;

/** `--storage.type` checked against {@link STORAGE_TYPES}. @throws ConfigError for another value. */
function storageTypeOf(text: string): (typeof STORAGE_TYPES)[number] {
  const type = STORAGE_TYPES.find((known) => known === text);
  if (!type)
    throw new ConfigError(`"${text}" is not a storage type; use s3, minio, local or mem`, '--storage.type');
  return type;
}

/** Whether `--storage.container` holds a folder path (for `local`) rather than a container name. */
export function isFolderPath(container: string): boolean {
  return /[/\\]/.test(container) || container.startsWith('.') || container.startsWith('~');
}

/**
 * Checks `--storage.*` and turns it into {@link StorageSettings}.
 *
 * - `local`: objects of the default container in `<dataDir>/storage`, other containers under
 *   `<dataDir>/containers/<name>`. `--storage.container` names the container when it is a plain name;
 *   a folder path there is where `orch serve` puts its data dir, and the container is then `orch`.
 * - `mem`: in memory; container `--storage.container` or `orch`.
 * - `s3` / `minio`: the bucket `--storage.container` (required), `--storage.connection.*`.
 * - `stow`: not supported.
 * With `embedded` (the sandbox, tests) the registry default `s3` without a bucket or endpoint means
 * the embedded default, `local`.
 * @throws ConfigError naming the flag at fault (never a secret's value).
 */
export function storageSettings(
  storage: StorageConfig,
  options: { dataDir: string; embedded: boolean },
): StorageSettings {
  let type = storageTypeOf(storage.type);
  const container = storage.container ?? '';
  const connection = storage.connection;
  if (options.embedded && type === 's3' && !container && !connection.endpoint) type = 'local';
  const maxDownload = storage.limits.maxDownloadMBs;
  if (maxDownload <= 0) {
    throw new ConfigError('must be a positive number of MB', '--storage.limits.maxDownloadMBs');
  }
  const cacheMbs = storage.cache.max_size_mbs;
  if (cacheMbs < 0)
    throw new ConfigError('must be 0 (off) or a positive number of MB', '--storage.cache.max_size_mbs');
  const common = {
    multiContainer: storage['enable-multicontainer'],
    maxReadBytes: maxDownload * MIB,
    cacheBytes: cacheMbs * MIB,
  };
  const named = (fallback: string) => {
    const name = container || fallback;
    if (!isContainerName(name)) {
      throw new ConfigError(
        `"${name}" is not a container name (lowercase letters, digits, . _ -; at most 63 characters)`,
        '--storage.container',
      );
    }
    return name;
  };
  switch (type) {
    case 'stow':
      throw new ConfigError(
        'storage type stow is not supported; use s3, minio, local or mem',
        '--storage.type',
      );
    case 'local': {
      const name = container && !isFolderPath(container) ? named(DEFAULT_CONTAINER) : DEFAULT_CONTAINER;
      return {
        type,
        ...common,
        container: name,
        dir: join(options.dataDir, 'storage'),
        containersDir: join(options.dataDir, 'containers'),
      };
    }
    case 'mem':
      return { type, ...common, container: named(DEFAULT_CONTAINER) };
    default: {
      if (!container) {
        throw new ConfigError(
          `storage type ${type} needs a bucket (or use --storage.type local with --storage.container <folder>)`,
          '--storage.container',
        );
      }
      const endpoint = connection.endpoint ?? '';
      if (type === 'minio' && !endpoint) {
        throw new ConfigError('storage type minio needs the server address', '--storage.connection.endpoint');
      }
      let credentials: S3Settings['credentials'];
      if (connection['auth-type'] === 'accesskey') {
        const accessKeyId = connection['access-key'] ?? '';
        const secretAccessKey = connection['secret-key'] ?? '';
        if (!accessKeyId)
          throw new ConfigError('needed with auth-type accesskey', '--storage.connection.access-key');
        if (!secretAccessKey)
          throw new ConfigError('needed with auth-type accesskey', '--storage.connection.secret-key');
        credentials = { accessKeyId, secretAccessKey };
      }
      return {
        type,
        ...common,
        container: named(DEFAULT_CONTAINER),
        s3: {
          endpoint,
          region: connection.region || 'us-east-1',
          credentials,
          disableSsl: connection['disable-ssl'],
          forcePathStyle: type === 'minio' || Boolean(endpoint),
          timeoutMs: Math.round(parseDuration(storage.defaultHttpClient.timeout) * 1000),
        },
      };
    }
  }
}

/**
 * Builds the blob store of `settings` and creates its default container when missing. Every call
 * to the backend runs in a span (see `tracedBackend`).
 * @throws StorageError when the store cannot be reached or the bucket cannot be created.
 */
export async function openBlobStore(settings: StorageSettings): Promise<BlobStore> {
  let backend: BlobBackend;
  if (settings.type === 'local') {
    backend = new LocalBackend({
      container: settings.container,
      dir: settings.dir,
      containersDir: settings.containersDir,
    });
  } else if (settings.type === 'mem') {
    backend = new MemBackend();
  } else {
    backend = new S3Backend(settings.s3);
  }
  const store = new BlobStore(tracedBackend(backend), {
    container: settings.container,
    multiContainer: settings.multiContainer,
    maxReadBytes: settings.maxReadBytes,
    cacheBytes: settings.cacheBytes,
  });
  try {
    await store.init();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
