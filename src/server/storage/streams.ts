import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DigestMismatchError, type StreamLimits, UploadTooLargeError } from './blob-store.js';

/** `<scheme>://<container>/<key>`: the native URL of a location, for backends' error messages. */
export function urlOf(scheme: string, location: { container: string; key: string }): string {
  return `${scheme}://${location.container}/${location.key}`;
}

/**
 * Reads a stream into memory, at most `limits.maxBytes` bytes, checking its MD5 when given.
 * Stops reading as soon as the limit is passed (the rest is left to the caller's transport).
 * @throws UploadTooLargeError over the limit; DigestMismatchError when the MD5 differs.
 */
export async function collectLimited(source: Readable, limits: StreamLimits, url: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const md5 = createHash('md5');
  for await (const chunk of source) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limits.maxBytes) throw new UploadTooLargeError(url, limits.maxBytes);
    md5.update(buffer);
    chunks.push(buffer);
  }
  checkDigest(md5.digest(), limits, url);
  return Buffer.concat(chunks, size);
}

/** @throws DigestMismatchError when `limits.md5` is set and differs from `actual`. */
export function checkDigest(actual: Buffer, limits: StreamLimits, url: string): void {
  if (limits.md5 && !actual.equals(Buffer.from(limits.md5))) {
    throw new DigestMismatchError(url, Buffer.from(limits.md5).toString('base64'), actual.toString('base64'));
  }
}
