import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

/**
 * Opens (creating if needed) the SQLite database at `file`, in WAL mode, and migrates it.
 * @param file path of the database file (`--database.sqlite.file`); reused when it exists.
 * @throws Error when the file cannot be opened or a migration fails.
 */
export async function openSqlite(file: string): Promise<Kysely<Database>> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db as Kysely<unknown>);
  return db;
}

/** True when `error` is a unique or primary-key violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
