import { type RawBuilder, sql } from 'kysely';

/**
 * The database's clock in milliseconds since the epoch, as SQL (`clock_timestamp()` on PostgreSQL,
 * `julianday('now')` on SQLite). Times that several admin replicas compare (execution leases,
 * replica heartbeats) are written and read on it, never on a replica's own clock, so that replicas
 * whose clocks disagree still agree on when a lease ends or a replica is gone.
 */
export function databaseClockMs(dialect: 'sqlite' | 'postgres'): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}
