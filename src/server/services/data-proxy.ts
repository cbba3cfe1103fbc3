import { randomInt } from 'node:crypto';
import { parseDuration } from '../../api/duration.js';
import type { DataProxyServiceHandlers } from '../../api/generated/orch/service/v1/DataProxyService.js';
import { ConfigError } from '../../config/errors.js';
import type { Config } from '../../config/load.js';
import { parseQuantity } from '../../config/quantity.js';
import { invalidArgument, notFound } from '../errors.js';
import { type BlobLocation, type BlobStore, keyProblem, NativeUrlError } from '../storage/blob-store.js';
import type { UnaryHandlers } from './handler.js';

/** The DataProxyService settings, from `--server.dataProxy.*`. */
export interface DataProxySettings {
  upload: {
    /** Longest signed upload URL lifetime in seconds (`upload.maxExpiresIn`, 1h0m0s). */
    maxExpiresInSeconds: number;
    /** Length of generated file names (`upload.defaultFileNameLength`, 20). */
    defaultFileNameLength: number;
    /** Key prefix of every upload (`upload.storagePrefix`, empty by default). */
    storagePrefix: string;
    /** Largest upload in bytes (`upload.maxSize`, 6Mi); enforced where the admin serves the PUT. */
    maxSizeBytes: number;
  };
  download: {
    /** Longest signed download URL lifetime in seconds (`download.maxExpiresIn`, 1h0m0s). */
    maxExpiresInSeconds: number;
  };
}

/**
 * Reads `--server.dataProxy.*` into {@link DataProxySettings}.
 * @throws ConfigError naming the flag of a value out of range.
 */
export function dataProxySettings(dataProxy: Config['server']['dataProxy']): DataProxySettings {
  const positive = (seconds: number, flag: string) => {
    if (!(seconds > 0)) throw new ConfigError('must be a positive duration', flag);
    return seconds;
  };
  const length = dataProxy.upload.defaultFileNameLength;
  if (length < 1 || length > 255) {
    throw new ConfigError('must be between 1 and 255', '--server.dataProxy.upload.defaultFileNameLength');
  }
  const prefix = (dataProxy.upload.storagePrefix ?? '').replace(/^\/+|\/+$/g, '');
  const problem = prefix ? keyProblem(prefix) : undefined;
  if (problem) throw new ConfigError(problem, '--server.dataProxy.upload.storagePrefix');
  return {
    upload: {
      maxExpiresInSeconds: positive(
        parseDuration(dataProxy.upload.maxExpiresIn),
        '--server.dataProxy.upload.maxExpiresIn',
      ),
      defaultFileNameLength: length,
      storagePrefix: prefix,
      maxSizeBytes: parseQuantity(dataProxy.upload.maxSize),
    },
    download: {
      maxExpiresInSeconds: positive(
        parseDuration(dataProxy.download.maxExpiresIn),
        '--server.dataProxy.download.maxExpiresIn',
      ),
    },
  };
}

/** A URL to sign: method, lifetime, and for PUT the MD5 the bytes must have. */
export interface SignRequest {
  method: 'PUT' | 'GET';
  /** Lifetime in whole seconds. */
  expiresInSeconds: number;
  /** The same expiry as Unix time in seconds (what the answer's `expires_at` says). */
  expiresAt: number;
  contentMd5?: Buffer;
}

/** What the DataProxyService needs; built by `createServer`. */
export interface DataProxyDeps {
  store: BlobStore;
  /** Signs a URL for a location: presigned by S3, or by the admin's own HMAC signer for local and mem. */
  sign(location: BlobLocation, request: SignRequest): Promise<string>;
  settings: DataProxySettings;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

const SEGMENT = /^[A-Za-z0-9_.:@-]+$/;
const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32 in lowercase without padding: URL- and file-name-safe, and case-insensitive-disk safe. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A random file name of `length` lowercase letters and digits. */
export function randomFileName(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += NAME_CHARS[randomInt(NAME_CHARS.length)];
  return out;
}

function requireSegment(value: unknown, field: string): string {
  const text = typeof value === 'string' ? value : '';
  if (!text) throw invalidArgument(`${field} is required`);
  if (!SEGMENT.test(text) || text === '.' || text === '..') {
    throw invalidArgument(`${field} "${text}" may hold only letters, digits and _ . : @ -`);
  }
  return text;
}

/** Requested lifetime in seconds: absent or zero means the maximum; more is capped; negative is refused. */
function lifetime(
  duration: { seconds?: string | number; nanos?: number } | null | undefined,
  maxSeconds: number,
): number {
  if (!duration) return maxSeconds;
  const seconds = Number(duration.seconds ?? 0) + (duration.nanos ?? 0) / 1e9;
  if (seconds < 0) throw invalidArgument('expires_in must not be negative');
  if (seconds === 0) return maxSeconds;
  return Math.min(maxSeconds, Math.max(1, Math.ceil(seconds)));
}

/**
 * The handlers of `orch.service.v1.DataProxyService`.
 *
 * CreateUploadLocation: `project` and `domain` are required (InvalidArgument naming the field), and
 * `content_md5` must be 16 bytes. The object goes to
 * `<upload.storagePrefix>/<project>/<domain>/<base32 of content_md5, or filename_root>/<filename>`
 * (`filename` defaults to `upload.defaultFileNameLength` random characters). `expires_in` is capped
 * by `upload.maxExpiresIn`. The answer holds the signed PUT URL, the native URL, the expiry and the
 * headers the PUT must carry (`Content-MD5`, base64).
 *
 * CreateDownloadLink: a signed GET URL for a native URL of this store (InvalidArgument for another
 * store's, NotFound when the object does not exist); `expires_in` capped by `download.maxExpiresIn`.
 */
export function createDataProxyHandlers(deps: DataProxyDeps): UnaryHandlers<DataProxyServiceHandlers> {
  const { store, settings } = deps;
  const now = deps.now ?? Date.now;
  const expiry = (seconds: number) => {
    const expires = Math.floor(now() / 1000) + seconds;
    return { expires, expires_at: { seconds: String(expires), nanos: 0 } };
  };

  return {
    async CreateUploadLocation(request) {
      const project = requireSegment(request.project, 'project');
      const domain = requireSegment(request.domain, 'domain');
      const md5: Uint8Array | null | undefined = request.content_md5;
      if (!md5 || md5.length === 0) throw invalidArgument('content_md5 is required (the MD5 of the upload)');
      if (md5.length !== 16) throw invalidArgument(`content_md5 must be 16 bytes, got ${md5.length}`);
      const contentMd5 = Buffer.from(md5);
      const root =
        typeof request.filename_root === 'string' && request.filename_root
          ? requireSegment(request.filename_root, 'filename_root')
          : base32(contentMd5);
      let filename = typeof request.filename === 'string' ? request.filename : '';
      if (filename) {
        const problem = keyProblem(filename);
        if (problem) throw invalidArgument(`filename "${filename}": ${problem.replace('the key', 'it')}`);
      } else {
        filename = randomFileName(settings.upload.defaultFileNameLength);
      }
      const key = [settings.upload.storagePrefix, project, domain, root, filename].filter(Boolean).join('/');
      const location = store.at(key);
      const seconds = lifetime(request.expires_in, settings.upload.maxExpiresInSeconds);
      const { expires, expires_at } = expiry(seconds);
      const signed_url = await deps.sign(location, {
        method: 'PUT',
        expiresInSeconds: seconds,
        expiresAt: expires,
        contentMd5,
      });
      return {
        signed_url,
        native_url: store.urlOf(location),
        expires_at,
        headers: { 'Content-MD5': contentMd5.toString('base64') },
      };
    },

    async CreateDownloadLink(request) {
      const nativeUrl = typeof request.native_url === 'string' ? request.native_url : '';
      if (!nativeUrl) throw invalidArgument('native_url is required');
      let location: BlobLocation;
      try {
        location = store.locate(nativeUrl);
      } catch (error) {
        if (error instanceof NativeUrlError) throw invalidArgument(error.message);
        throw error;
      }
      if (!(await store.stat(location))) throw notFound(`${nativeUrl} does not exist`);
      const seconds = lifetime(request.expires_in, settings.download.maxExpiresInSeconds);
      const { expires, expires_at } = expiry(seconds);
      const url = await deps.sign(location, { method: 'GET', expiresInSeconds: seconds, expiresAt: expires });
      return { signed_url: [url], expires_at };
    },
  };
}
