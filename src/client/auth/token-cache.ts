import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fieldOf } from '../errors.js';

/** An access token with absolute times, as kept in memory and in the cache. */
export interface StoredToken {
  /** The bearer token (RFC 6749 §5.1 `access_token`). */
  accessToken: string;
  /** Milliseconds since the epoch when the client received it. */
  issuedAt: number;
  /** Milliseconds since the epoch when it expires (`issuedAt + expires_in`). */
  expiresAt: number;
  /** The granted scope, when the server said. */
  scope?: string;
  /** A refresh token (RFC 6749 §6), kept by the interactive flows so the user need not log in again. */
  refreshToken?: string;
}

/**
 * What a cached token belongs to. Tokens are never shared between endpoints, clients or flows;
 * `variant` separates anything else that changes the token one gets (scopes, audience, a digest of
 * the secret, so that a wrong secret never rides on a token another secret obtained).
 */
export interface TokenCacheKey {
  /** The admin endpoint as configured. */
  endpoint: string;
  clientId: string;
  /** The flow, e.g. `ApiKey`. */
  flow: string;
  /** An opaque digest of the other inputs of the token request. */
  variant?: string;
}

/** Persistent storage of tokens. */
export interface TokenStore {
  /** The token stored under `key`, or undefined (nothing stored, or unreadable). Never throws. */
  read(key: TokenCacheKey): Promise<StoredToken | undefined>;
  /** Stores `token` under `key`, replacing any previous one. @throws on I/O failure. */
  write(key: TokenCacheKey, token: StoredToken): Promise<void>;
  /** Forgets the token under `key`. Never throws. */
  remove(key: TokenCacheKey): Promise<void>;
}

/**
 * The least time before expiry, in seconds, at which a token is still used: below it a call could
 * reach the server with a token that expires on the way (the reference client checks `exp` > 10 s).
 */
export const MIN_REFRESH_MARGIN_SECONDS = 10;

/**
 * When a token is due for renewal, in milliseconds since the epoch: `tokenRefreshWindow` before it
 * expires, but the window is capped at half the token's lifetime (so a window longer than the
 * lifetime, such as `--orch.auth.tokenRefreshWindow`'s default 1h0m0s against 30-minute tokens, does
 * not make every token stale at birth) and is never under {@link MIN_REFRESH_MARGIN_SECONDS}.
 */
export function renewalTime(token: StoredToken, refreshWindowSeconds: number): number {
  const lifetime = token.expiresAt - token.issuedAt;
  const window = Math.min(Math.max(0, refreshWindowSeconds) * 1000, lifetime / 2);
  return token.expiresAt - Math.max(window, MIN_REFRESH_MARGIN_SECONDS * 1000);
}

/** True while `token` may still be sent at `now` (ms since the epoch); see {@link renewalTime}. */
export function isReusable(token: StoredToken, now: number, refreshWindowSeconds: number): boolean {
  return now < renewalTime(token, refreshWindowSeconds);
}

/** The cache file's content. */
interface CacheFile {
  version: 1;
  endpoint: string;
  client_id: string;
  flow: string;
  variant: string;
  access_token: string;
  issued_at: number;
  expires_at: number;
  scope?: string;
  refresh_token?: string;
}

/**
 * Tokens in files, one JSON file per {@link TokenCacheKey} in one directory (the edge passes
 * `~/.orch/tokens`): the directory is made with mode 0700, each file is written with mode 0600 to a
 * temporary name and renamed over the old one, so readers see the old file or the new one, never a
 * part. Files that cannot be read or do not match their key are ignored.
 */
export class FileTokenStore implements TokenStore {
  constructor(
    /** The directory holding the token files. */
    readonly dir: string,
  ) {}

  /** The file holding the token of `key`: `<flow>-<32 hex digits of a SHA-256 of the key>.json`. */
  path(key: TokenCacheKey): string {
    const digest = createHash('sha256')
      .update(JSON.stringify([key.endpoint, key.clientId, key.flow, key.variant ?? '']))
      .digest('hex')
      .slice(0, 32);
    return join(this.dir, `${key.flow.replace(/[^A-Za-z0-9]/g, '') || 'token'}-${digest}.json`);
  }

  async read(key: TokenCacheKey): Promise<StoredToken | undefined> {
    try {
      // Parsed JSON: each field is checked before use.
      const file: unknown = JSON.parse(await readFile(this.path(key), 'utf8'));
      const field = (name: keyof CacheFile) => fieldOf(file, name);
      const accessToken = field('access_token');
      const issuedAt = field('issued_at');
      const expiresAt = field('expires_at');
      const scope = field('scope');
      const refreshToken = field('refresh_token');
      if (
        field('version') !== 1 ||
        field('endpoint') !== key.endpoint ||
        field('client_id') !== key.clientId ||
        field('flow') !== key.flow ||
        field('variant') !== (key.variant ?? '') ||
        typeof accessToken !== 'string' ||
        !accessToken ||
        typeof issuedAt !== 'number' ||
        typeof expiresAt !== 'number'
      ) {
        return undefined;
      }
      return {
        accessToken,
        issuedAt,
        expiresAt,
        ...(typeof scope === 'string' ? { scope } : {}),
        ...(typeof refreshToken === 'string' && refreshToken ? { refreshToken } : {}),
      };
    } catch {
      return undefined;
    }
  }

  async write(key: TokenCacheKey, token: StoredToken): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // An existing directory keeps its mode through mkdir: tighten it (ours, under the home).
    await chmod(this.dir, 0o700);
    const file: CacheFile = {
      version: 1,
      endpoint: key.endpoint,
      client_id: key.clientId,
      flow: key.flow,
      variant: key.variant ?? '',
      access_token: token.accessToken,
      issued_at: token.issuedAt,
      expires_at: token.expiresAt,
      ...(token.scope === undefined ? {} : { scope: token.scope }),
      ...(token.refreshToken ? { refresh_token: token.refreshToken } : {}),
    };
    const target = this.path(key);
    const temporary = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(file)}\n`, { mode: 0o600, flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  async remove(key: TokenCacheKey): Promise<void> {
    await unlink(this.path(key)).catch(() => undefined);
  }
}
