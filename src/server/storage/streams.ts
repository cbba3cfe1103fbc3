import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  DigestMismatchError,
  type StreamLimits,
  UploadTooLargeError,
} from './blob-store.js';

/** `<scheme>://<container>/<key>`: the native URL of a location, for backends' error messages. */
export function urlOf(scheme: string, location: { container: string; key: string }): string {
  return `${scheme}://${location.container}/${location.key}`;
}

/**
 * What a backend's `read` of the object at `url` returns: its `bytes`, once they are known to be
 * there and no more than `maxBytes`.
 * @throws BlobNotFoundError when there are none; BlobTooLargeError over `maxBytes`.
 */
export function readBytes(url: string, bytes: Buffer | undefined, maxBytes: number): Buffer {
  if (!bytes) throw new BlobNotFoundError(url);
  if (bytes.length > maxBytes) throw new BlobTooLargeError(url, bytes.length, maxBytes);
  return bytes;
}

/**
 * A byte stream's chunk as a Buffer: Buffers as they are, other byte views without copying, strings
 * as UTF-8.
 * @throws TypeError for anything else (an object-mode stream is not a byte stream).
 */
export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (ArrayBuffer.isView(chunk)) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError(`a byte stream yielded a ${typeof chunk}, not bytes`);
}

/**
 * Passes each chunk of `source` to `each` as a Buffer, counting bytes and stopping as soon as more than
 * `limits.maxBytes` have come (the rest is left to the caller's transport), then checks the MD5 when
 * `limits.md5` is given. Resolves to the stream's size in bytes.
 * @throws UploadTooLargeError over the limit; DigestMismatchError when the MD5 differs; what `each` throws.
 */
export async function forEachLimited(
  source: Readable,
  limits: StreamLimits,
  url: string,
  each: (chunk: Buffer) => unknown,
): Promise<number> {
  let size = 0;
  const md5 = createHash('md5');
  for await (const chunk of source) {
    const buffer = toBuffer(chunk);
    size += buffer.length;
    if (size > limits.maxBytes) throw new UploadTooLargeError(url, limits.maxBytes);
    md5.update(buffer);
    await each(buffer);
  }
  checkDigest(md5.digest(), limits, url);
  return size;
}

/**
 * Reads a stream into memory, at most `limits.maxBytes` bytes, checking its MD5 when given.
 * @throws UploadTooLargeError over the limit; DigestMismatchError when the MD5 differs.
 */
export async function collectLimited(source: Readable, limits: StreamLimits, url: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const size = await forEachLimited(source, limits, url, (buffer) => chunks.push(buffer));
  return Buffer.concat(chunks, size);
}

/** @throws DigestMismatchError when `limits.md5` is set and differs from `actual`. */
export function checkDigest(actual: Buffer, limits: StreamLimits, url: string): void {
  if (limits.md5 && !actual.equals(Buffer.from(limits.md5))) {
    throw new DigestMismatchError(url, Buffer.from(limits.md5).toString('base64'), actual.toString('base64'));
  }
}
