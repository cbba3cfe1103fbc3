import { createHash } from 'node:crypto';
import type { AuthRepository } from '../db/auth-repository.js';
import type { AuthKeys } from './keys.js';

/** Labelled SHA-256 of a 32-byte random key, base64url: tells keys apart, cannot be turned back. */
function fingerprint(label: string, ...keys: Uint8Array[]): string {
  const hash = createHash('sha256').update(`orch auth key fingerprint: ${label}\0`);
  for (const key of keys) hash.update(key);
  return hash.digest('base64url');
}

/** The fingerprints of `keys`, as {@link checkSharedKeys} stores and compares them. */
export function keyFingerprints(keys: AuthKeys) {
  const cookies = keys.cookieKeys;
  return {
    signing_kid: keys.signing.kid,
    claim_key: fingerprint('claim key', keys.claimKey),
    cookie_keys: cookies ? fingerprint('cookie keys', cookies.hashKey, cookies.blockKey) : '',
  };
}

/**
 * Compares this admin's auth keys with those the admin that last started on the same database used
 * (admin replicas on one PostgreSQL must share them: a replica with its own keys would refuse the
 * others' access tokens, refresh tokens and session cookies), then records its own. Compared by
 * fingerprint only: the signing key's JWK thumbprint and labelled SHA-256 digests of the symmetric keys.
 * A signing key rotation (the last admin's signing key is this one's old key) is no difference.
 * @returns the names of the keys that differ (`token signing key`, `claim key`, `cookie keys`); empty
 *   when they match or no admin started here before.
 */
export async function checkSharedKeys(
  repo: AuthRepository,
  keys: AuthKeys,
  now = Date.now(),
): Promise<string[]> {
  const mine = keyFingerprints(keys);
  const last = await repo.getKeyFingerprint();
  const differ: string[] = [];
  if (last) {
    if (!keys.verification.some((key) => key.kid === last.signing_kid)) differ.push('token signing key');
    if (last.claim_key !== mine.claim_key) differ.push('claim key');
    if (last.cookie_keys !== mine.cookie_keys) differ.push('cookie keys');
  }
  await repo.putKeyFingerprint({ ...mine, updated_at: now });
  return differ;
}
