import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { sql } from 'kysely';
import { isUniqueViolation, openSqlite } from '../../../src/server/db/connect.js';
import {
  defaultSqliteDriver,
  openSqliteConnection,
  SQLITE_DRIVERS,
  type SqliteDriverName,
} from '../../../src/server/db/sqlite-driver.js';

// The SQLite drivers: libsql everywhere, node:sqlite where this Node has it (24 and later by default;
// .ci/run runs the suite on the oldest supported Node and on 24, so both drivers go through these tests).

/** Whether this Node has `node:sqlite` without a flag. */
const hasNodeSqlite = await import('node:sqlite' as string).then(
  () => true,
  () => false,
);
const drivers = SQLITE_DRIVERS.filter((driver) => driver === 'libsql' || hasNodeSqlite);
const bothDrivers = hasNodeSqlite ? describe : describe.skip;

describe('the SQLite driver', () => {
  test('is node:sqlite from Node 24 on, libsql before', () => {
    expect(defaultSqliteDriver('20.19.0')).toBe('libsql');
    expect(defaultSqliteDriver('22.16.0')).toBe('libsql');
    expect(defaultSqliteDriver('24.0.0')).toBe('node:sqlite');
    expect(defaultSqliteDriver('25.1.0')).toBe('node:sqlite');
    const db = openSqliteConnection(':memory:');
    try {
      expect(db.driver).toBe(defaultSqliteDriver());
    } finally {
      db.close();
    }
  });

  test.each(drivers)(
    '%s runs statements as Kysely calls them: readers, runs, nulls, key violations',
    (driver) => {
      const db = openSqliteConnection(':memory:', driver);
      try {
        expect(db.driver).toBe(driver);
        db.exec('PRAGMA case_sensitive_like = ON');
        db.exec('create table t (id integer primary key, name text unique, flag integer, note text)');
        const insert = db.prepare('insert into t (name, flag, note) values (?, ?, ?)');
        expect(insert.reader).toBe(false);
        expect(insert.run(['a', 1, null])).toMatchObject({ changes: 1, lastInsertRowid: 1 });
        expect(insert.run(['b', 0, 'x'])).toMatchObject({ changes: 1, lastInsertRowid: 2 });
        const select = db.prepare('select name, flag, note from t where name like ? order by id');
        expect(select.reader).toBe(true);
        expect(select.all(['%']).map((row) => ({ ...(row as object) }))).toEqual([
          { name: 'a', flag: 1, note: null },
          { name: 'b', flag: 0, note: 'x' },
        ]);
        expect([...select.iterate(['b'])].length).toBe(1);
        expect(select.all(['A%'])).toEqual([]);
        for (const row of [
          ['a', 1, null],
          [1, 'c', 1, null],
        ]) {
          let violation: unknown;
          try {
            if (row.length === 3) insert.run(row);
            else db.prepare('insert into t (id, name, flag, note) values (?, ?, ?, ?)').run(row);
          } catch (error) {
            violation = error;
          }
          expect(violation).toBeDefined();
          expect(isUniqueViolation(violation)).toBe(true);
        }
        expect(isUniqueViolation(new Error('other'))).toBe(false);
      } finally {
        db.close();
      }
    },
  );
});

bothDrivers('a SQLite file of the admin', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-sqlite-drivers-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Writes a project with `writer`, then opens the file with `reader` and reads every project back. */
  async function roundTrip(writer: SqliteDriverName, reader: SqliteDriverName): Promise<string[]> {
    const file = join(dir, `${writer}-then-${reader}.db`.replace(':', '-'));
    const written = await openSqlite(file, { driver: writer });
    await written.db
      .insertInto('projects')
      .values({
        id: `by-${writer}`,
        name: `by ${writer}`,
        description: '',
        labels: '{}',
        state: 0,
        created_at: 1,
      })
      .execute();
    await written.close();
    const read = await openSqlite(file, { driver: reader });
    try {
      expect(read.applied).toEqual([]);
      const { rows } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(read.db);
      expect(rows[0]?.journal_mode).toBe('wal');
      const projects = await read.db.selectFrom('projects').select('id').orderBy('id').execute();
      return projects.map((project) => project.id);
    } finally {
      await read.close();
    }
  }

  test('written through libsql opens through node:sqlite, migrated and whole', async () => {
    expect(await roundTrip('libsql', 'node:sqlite')).toEqual(['by-libsql']);
  });

  test('written through node:sqlite opens through libsql, migrated and whole', async () => {
    expect(await roundTrip('node:sqlite', 'libsql')).toEqual(['by-node:sqlite']);
  });
});
