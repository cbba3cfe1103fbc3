import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import {
  FileTokenStore,
  isReusable,
  renewalTime,
  type StoredToken,
  type TokenCacheKey,
} from '../../src/client/auth/token-cache.js';

const MINUTE = 60_000;
const token = (accessToken: string, lifetimeMs = 30 * MINUTE, issuedAt = 1_000_000): StoredToken => ({
  accessToken,
  issuedAt,
  expiresAt: issuedAt + lifetimeMs,
});
const key: TokenCacheKey = { endpoint: 'localhost:8089', clientId: 'ak-1', flow: 'ApiKey', variant: 'v' };

describe('FileTokenStore', () => {
  let home: string;
  let dir: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'orch-tokens-'));
    dir = join(home, '.orch', 'tokens');
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  test('writes the directory with mode 0700 and the file with mode 0600, and reads the token back', async () => {
    const store = new FileTokenStore(dir);
    await store.write(key, { ...token('t-1'), scope: 'all' });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(home, '.orch'))).mode & 0o777).toBe(0o700);
    const file = store.path(key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(file.startsWith(join(dir, 'ApiKey-'))).toBe(true);
    expect(await store.read(key)).toEqual({ ...token('t-1'), scope: 'all' });
  });

  test('an existing directory open to others is tightened to 0700', async () => {
    await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(dir, 0o755);
    await new FileTokenStore(dir).write(key, token('t'));
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  test('each endpoint, client id, flow and variant has its own file', async () => {
    const store = new FileTokenStore(dir);
    const others: TokenCacheKey[] = [
      { ...key, endpoint: 'other.example.com:443' },
      { ...key, clientId: 'ak-2' },
      { ...key, flow: 'ClientSecret' },
      { ...key, variant: 'another secret' },
    ];
    await store.write(key, token('mine'));
    for (const other of others) {
      expect(store.path(other)).not.toBe(store.path(key));
      expect(await store.read(other)).toBeUndefined();
    }
    await store.write(others[0] as TokenCacheKey, token('theirs'));
    expect((await store.read(key))?.accessToken).toBe('mine');
    expect((await store.read(others[0] as TokenCacheKey))?.accessToken).toBe('theirs');
    expect((await readdir(dir)).sort()).toHaveLength(2);
  });

  test('a write replaces the file by rename (a new inode), leaving no temporary file', async () => {
    const store = new FileTokenStore(dir);
    await store.write(key, token('first'));
    const before = await stat(store.path(key));
    await store.write(key, token('second'));
    const after = await stat(store.path(key));
    expect(after.ino).not.toBe(before.ino);
    expect((await store.read(key))?.accessToken).toBe('second');
    expect(await readdir(dir)).toEqual([store.path(key).slice(dir.length + 1)]);
  });

  test('readers racing many writers always see a whole token', async () => {
    const store = new FileTokenStore(dir);
    const long = (i: number) => `${i}-${'x'.repeat(64 * 1024)}`;
    await store.write(key, token(long(0)));
    const seen: (string | undefined)[] = [];
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => store.write(key, token(long(i + 1)))),
      ...Array.from({ length: 40 }, async () => seen.push((await store.read(key))?.accessToken)),
    ]);
    for (const value of seen) expect(value).toMatch(/^\d+-x{65536}$/);
    expect(await readdir(dir)).toHaveLength(1);
  });

  test('unreadable, damaged or foreign files read as no token; nothing throws', async () => {
    const store = new FileTokenStore(dir);
    expect(await store.read(key)).toBeUndefined();
    await mkdir(dir, { recursive: true });
    await writeFile(store.path(key), '{"version":1,"access_tok');
    expect(await store.read(key)).toBeUndefined();
    // A file whose content names another key (copied, or a digest collision) is not used.
    await store.write({ ...key, clientId: 'ak-9' }, token('foreign'));
    await writeFile(store.path(key), await readFile(store.path({ ...key, clientId: 'ak-9' })));
    expect(await store.read(key)).toBeUndefined();
    await store.remove(key);
    await store.remove(key);
    expect(await store.read(key)).toBeUndefined();
    // A store whose directory cannot exist: reads are empty, writes reject (callers ignore them).
    const broken = new FileTokenStore(join(store.path({ ...key, clientId: 'ak-9' }), 'sub'));
    expect(await broken.read(key)).toBeUndefined();
    await expect(broken.write(key, token('t'))).rejects.toThrow();
  });
});

describe('when a token is renewed', () => {
  test('a zero window renews 10 s before expiry', () => {
    const t = token('t');
    expect(renewalTime(t, 0)).toBe(t.expiresAt - 10_000);
    expect(isReusable(t, t.expiresAt - 10_001, 0)).toBe(true);
    expect(isReusable(t, t.expiresAt - 10_000, 0)).toBe(false);
  });

  test('the refresh window moves renewal earlier', () => {
    const t = token('t');
    expect(renewalTime(t, 5 * 60)).toBe(t.expiresAt - 5 * MINUTE);
    expect(isReusable(t, t.expiresAt - 5 * MINUTE - 1, 5 * 60)).toBe(true);
    expect(isReusable(t, t.expiresAt - 5 * MINUTE + 1, 5 * 60)).toBe(false);
  });

  test('a window longer than the lifetime is capped at half of it (1h window, 30 min token)', () => {
    const t = token('t');
    expect(renewalTime(t, 3600)).toBe(t.issuedAt + 15 * MINUTE);
    expect(isReusable(t, t.issuedAt + 14 * MINUTE, 3600)).toBe(true);
  });

  test('an expired token is never reused', () => {
    const t = token('t', 30 * MINUTE);
    expect(isReusable(t, t.expiresAt + 1, 0)).toBe(false);
  });
});
