import { createHash } from 'node:crypto';
import { stringifyExactJson } from './exact-json.js';
import { isRecord } from './guards.js';

/**
 * Canonical JSON: object keys sorted at every depth, no whitespace, `undefined` members dropped.
 * Equal values always give equal text, so digests of it identify content. A `bigint` is written as
 * its digits, as the number it stands for.
 */
export function canonicalJson(value: unknown): string {
  return stringifyExactJson(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => value[k] !== undefined)
        .map((k) => [k, sortKeys(value[k])]),
    );
  }
  return value;
}

/** SHA-256 (hex) of the canonical JSON of `value`. */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** Length of a {@link shortDigest}, in characters: 16 bytes of URL-safe base64 without padding. */
export const SHORT_DIGEST_LENGTH = 22;

/**
 * A short content digest of `value`: the first 16 bytes of the SHA-256 of its canonical JSON, as
 * URL-safe base64 without padding, so always {@link SHORT_DIGEST_LENGTH} characters of
 * `[A-Za-z0-9_-]`. Equal values give equal digests whatever the order of their object keys.
 * Registration versions and image tags are made of it.
 */
export function shortDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest().subarray(0, 16).toString('base64url');
}
