import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadConfig } from '../../src/config/load.js';
import {
  type GrantUser,
  type InteractiveGrantSettings,
  InteractiveGrants,
  type StoredCode,
} from '../../src/server/auth/interactive-grants.js';
import { checkSharedKeys } from '../../src/server/auth/key-check.js';
import {
  type AuthKeys,
  authSecretNames,
  generateMissingAuthSecrets,
  loadAuthKeys,
} from '../../src/server/auth/keys.js';
import { AuthRepository } from '../../src/server/db/auth-repository.js';
import { type DatabaseHandle, openPostgres, openSqlite } from '../../src/server/db/connect.js';
import { GrantRepository } from '../../src/server/db/grant-repository.js';
import { LocalSecretSource } from '../../src/server/secrets.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { TEST_DATABASES } from '../helpers/server.js';

// The interactive grants over a real database, as several admin replicas share it: on PostgreSQL each
// "replica" has its own connection pool to one database; SQLite has one handle (one process).

const SETTINGS: InteractiveGrantSettings = {
  publicClient: { clientId: 'orch-ctl', redirectUri: 'http://localhost:53593/callback' },
  codeSeconds: 300,
};
const ALICE: GrantUser = { sub: 'alice', org: 'acme', role: 'VIEWER' };

async function openAll(database: string, dir: string, count: number): Promise<DatabaseHandle[]> {
  if (database === 'sqlite') return [await openSqlite(join(dir, 'grants.db'))];
  const cluster = testCluster();
  if (!cluster) throw new Error('no PostgreSQL test cluster');
  const dbname = (await createTestDatabase(cluster))['database.postgres.dbname'] as string;
  const handles: DatabaseHandle[] = [];
  for (let i = 0; i < count; i++) {
    handles.push(
      await openPostgres({
        host: cluster.host,
        port: cluster.port,
        dbname,
        username: 'postgres',
        options: 'sslmode=disable',
        debug: false,
        maxOpenConnections: 5,
        maxIdleConnections: 5,
        connMaxLifeTimeSeconds: 0,
        readReplicaHost: '',
      }),
    );
  }
  return handles;
}

function code(text: string, expiresInMs = 60_000): StoredCode {
  return {
    authorizationCode: text,
    expiresAt: new Date(Date.now() + expiresInMs),
    redirectUri: SETTINGS.publicClient.redirectUri,
    scope: ['all', 'offline'],
    client: { id: 'orch-ctl' },
    user: ALICE,
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
  };
}

describe.each(TEST_DATABASES)('interactive grants in the database on %s', (database) => {
  let dir: string;
  let handles: DatabaseHandle[];
  /** One InteractiveGrants per "replica" (per handle), and the first one. */
  let replicas: InteractiveGrants[];
  let grants: InteractiveGrants;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-grants-'));
    handles = await openAll(database, dir, 3);
    replicas = handles.map((h) => new InteractiveGrants(SETTINGS, new GrantRepository(h.db)));
    grants = replicas[0] as InteractiveGrants;
  });
  afterAll(async () => {
    for (const handle of handles ?? []) await handle.close();
    await rm(dir, { recursive: true, force: true });
  });
  const at = (i: number) => replicas[i % replicas.length] as InteractiveGrants;

  test('a code is stored by digest and read back whole by any replica', async () => {
    const saved = await grants.saveCode(code('code-read-back'));
    const found = await at(2).getCode('code-read-back');
    expect(found).toEqual(saved);
    expect(await grants.getCode('code-never-issued')).toBeUndefined();
    // The code itself is never stored, only its digest.
    const rows = await handles[0]?.db.selectFrom('oauth_authorization_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('code-read-back');
  });

  test('10 concurrent redemptions of one code across replicas: exactly one wins', async () => {
    await grants.saveCode(code('code-raced'));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => at(i).revokeCode('code-raced')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await grants.getCode('code-raced')).toBeUndefined();
    expect(await at(1).revokeCode('code-raced')).toBe(false);
  });

  test('an expired code is not found, and is swept by a later save', async () => {
    await grants.saveCode(code('code-expired', -1000));
    expect(await at(1).getCode('code-expired')).toBeUndefined();
    await grants.saveCode(code('code-after'));
    const left = await handles[0]?.db
      .selectFrom('oauth_authorization_codes')
      .select('digest')
      .where('expires_at', '<=', Date.now())
      .execute();
    expect(left).toEqual([]);
  });

  test('a device flow: pending, slow_down, approved on another replica, tokens once', async () => {
    const started = await grants.startDevice('orch-ctl', ['all']);
    expect(started.userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.interval).toBe(5);
    expect(await at(1).pollDevice(started.deviceCode, 'orch-ctl')).toMatchObject({
      error: 'authorization_pending',
    });
    // Polled again at once (on another replica): too early, the interval grows by 5 s.
    expect(await at(2).pollDevice(started.deviceCode, 'orch-ctl')).toEqual({
      error: 'slow_down',
      description: 'poll at most every 10 seconds',
    });
    // Another client may not poll it.
    expect(await grants.pollDevice(started.deviceCode, 'someone-else')).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await grants.pollDevice('unknown-device-code', 'orch-ctl')).toMatchObject({
      error: 'invalid_grant',
    });
    // Approved (typed in lower case, without the dash) on replica 1; a second decision fails.
    const typed = started.userCode.replace('-', '').toLowerCase();
    expect(await at(1).decideDevice(typed, ALICE, true)).toBe(true);
    expect(await at(2).decideDevice(started.userCode, ALICE, false)).toBe(false);
    // 10 concurrent polls: exactly one gets the grant.
    const polls = await Promise.all(
      Array.from({ length: 10 }, (_, i) => at(i).pollDevice(started.deviceCode, 'orch-ctl')),
    );
    const won = polls.filter((p) => 'user' in p);
    expect(won).toEqual([{ user: ALICE, scope: ['all'] }]);
    expect(polls.filter((p) => 'error' in p && p.error === 'invalid_grant')).toHaveLength(9);
    expect(await grants.decideDevice(started.userCode, ALICE, true)).toBe(false);
  });

  test('a denied device code answers access_denied once', async () => {
    const started = await at(1).startDevice('orch-ctl', ['all', 'offline']);
    expect(await at(2).decideDevice(started.userCode, ALICE, false)).toBe(true);
    expect(await grants.pollDevice(started.deviceCode, 'orch-ctl')).toMatchObject({ error: 'access_denied' });
    expect(await grants.pollDevice(started.deviceCode, 'orch-ctl')).toMatchObject({ error: 'invalid_grant' });
  });

  test('an expired device code cannot be approved and answers expired_token', async () => {
    const shortLived = new InteractiveGrants(
      { ...SETTINGS, deviceCodeSeconds: 0 },
      new GrantRepository((handles[0] as DatabaseHandle).db),
    );
    const started = await shortLived.startDevice('orch-ctl', ['all']);
    expect(await grants.decideDevice(started.userCode, ALICE, true)).toBe(false);
    expect(await at(1).pollDevice(started.deviceCode, 'orch-ctl')).toMatchObject({ error: 'expired_token' });
    expect(await at(1).pollDevice(started.deviceCode, 'orch-ctl')).toMatchObject({ error: 'invalid_grant' });
    expect(await grants.decideDevice('BCDF-GHJK', ALICE, true)).toBe(false);
  });

  test('the pending bound counts unexpired device authorizations of every replica', async () => {
    const repo = new GrantRepository((handles[0] as DatabaseHandle).db);
    const before = await repo.countDevices(Date.now());
    await at(1).startDevice('orch-ctl', ['all']);
    await at(2).startDevice('orch-ctl', ['all']);
    expect(await repo.countDevices(Date.now())).toBe(before + 2);
    expect(await grants.isFull()).toBe(false);
    // A device grant whose user code is taken is not stored (the caller draws another).
    const row = await (handles[0] as DatabaseHandle).db
      .selectFrom('oauth_device_grants')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(await repo.insertDevice({ ...row, digest: 'another-digest' })).toBe(false);
  });

  test('key fingerprints: the same keys or a signing key rotation pass; other keys are named', async () => {
    const repo = new AuthRepository((handles[0] as DatabaseHandle).db);
    const names = authSecretNames(loadConfig({ flags: {}, env: {}, home: dir }));
    const keysIn = async (folder: string): Promise<AuthKeys> => {
      const source = new LocalSecretSource({ envPrefix: 'NONE_', filesDir: folder, env: {} });
      await generateMissingAuthSecrets(source, names, folder);
      return loadAuthKeys(source, names);
    };
    const first = join(dir, `keys-${database}-1`);
    const original = await keysIn(first);
    expect(await checkSharedKeys(repo, original)).toEqual([]);
    expect(await checkSharedKeys(repo, original)).toEqual([]);
    // A rotation: a new signing key, the previous one kept as the old key; the rest the same.
    const rotated = join(dir, `keys-${database}-2`);
    await mkdir(rotated, { recursive: true, mode: 0o700 });
    for (const name of [names.claimKey, names.cookieHashKey, names.cookieBlockKey]) {
      await copyFile(join(first, name), join(rotated, name));
    }
    await copyFile(join(first, names.signingKey), join(rotated, names.oldSigningKey));
    expect(await checkSharedKeys(repo, await keysIn(rotated))).toEqual([]);
    // Keys of their own: every one differs (and the original signing key is no longer the last one).
    const other = await keysIn(join(dir, `keys-${database}-3`));
    expect(await checkSharedKeys(repo, other)).toEqual(['token signing key', 'claim key', 'cookie keys']);
    expect(await checkSharedKeys(repo, original)).toEqual(['token signing key', 'claim key', 'cookie keys']);
  });
});
