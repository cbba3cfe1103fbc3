import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import type { DatabaseHandle } from '../../src/server/db/connect.js';
import { AdminReplicas } from '../../src/server/replicas.js';
import { openTestDatabase, testCluster } from '../helpers/postgres.js';

// The replicas of one PostgreSQL database judge each other's heartbeats on the database's clock: a
// replica whose own clock is an hour off (a host without NTP) still sees the live ones as live, and
// is not taken for gone by them.

const required = process.env.ORCH_TEST_POSTGRES === 'required';
const maybe = testCluster() || required ? describe : describe.skip;
const HOUR_MS = 3_600_000;
const shared = { storage: 's3://orch-data', shared: true };

maybe('admin replicas on a skewed clock', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openTestDatabase('postgres');
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await handle.close();
  });
  const replica = (holder: string, pid: number) =>
    new AdminReplicas({
      db: handle.db,
      holder,
      storage: shared,
      liveMs: 30_000,
      host: 'h',
      pid,
      alive: () => true,
    });

  test.each([
    ['ahead', HOUR_MS],
    ['behind', -HOUR_MS],
  ])('a replica whose clock is an hour %s sees the others live, and they see it', async (_how, skewMs) => {
    const first = replica('first', 1);
    await first.join();
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skewMs);
    const skewed = replica('skewed', 2);
    await skewed.join();
    expect((await skewed.live()).map((r) => r.holder)).toEqual(['first', 'skewed']);
    expect((await first.live()).map((r) => r.holder)).toEqual(['first', 'skewed']);
    // The recorded times are the database's, whatever the skewed replica's clock says.
    const [row] = await handle.db
      .selectFrom('admin_replicas')
      .select('heartbeat_at')
      .where('holder', '=', 'skewed')
      .execute();
    expect(Math.abs(Number(row?.heartbeat_at) - realNow())).toBeLessThan(60_000);
    await skewed.leave();
    await first.leave();
  });
});
