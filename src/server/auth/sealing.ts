import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Thrown when a sealed value cannot be opened (wrong key, damaged value, or another row's value). */
export class SealError extends Error {
  override name = 'SealError';
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals `plain` with AES-256-GCM under `key` (32 bytes), binding it to `context` (additional
 * authenticated data: the secret's scope and name), so a sealed value copied to another row does not
 * open. Returns base64url of nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes).
 */
export function seal(key: Uint8Array, plain: Uint8Array, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/**
 * Opens a value made by {@link seal} with the same key and context.
 * @throws SealError when the key, the context or the value does not match.
 */
export function open(key: Uint8Array, sealed: string, context: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealError('sealed value is too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new SealError('sealed value does not open with this key');
  }
}
