import { describe, expect, test } from '@jest/globals';
import { isUniqueViolation } from '../../../src/server/db/connect.js';
import { openSqliteConnection, usesNodeSqlite } from '../../../src/server/db/sqlite-driver.js';

// The SQLite driver of this Node (better-sqlite3, or node:sqlite from Node 24): the suite runs on the
// oldest supported Node and on 24 (.ci/run), so both drivers go through these tests.

describe('the SQLite driver', () => {
  test('is node:sqlite from Node 24 on, better-sqlite3 before', () => {
    expect(usesNodeSqlite('20.19.0')).toBe(false);
    expect(usesNodeSqlite('22.16.0')).toBe(false);
    expect(usesNodeSqlite('24.0.0')).toBe(true);
    expect(usesNodeSqlite('25.1.0')).toBe(true);
    const db = openSqliteConnection(':memory:');
    try {
      expect(db.driver).toBe(usesNodeSqlite() ? 'node:sqlite' : 'better-sqlite3');
    } finally {
      db.close();
    }
  });

  test('runs statements as Kysely calls them: readers, runs, nulls, key violations', () => {
    const db = openSqliteConnection(':memory:');
    try {
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
      let violation: unknown;
      try {
        insert.run(['a', 1, null]);
      } catch (error) {
        violation = error;
      }
      expect(violation).toBeDefined();
      expect(isUniqueViolation(violation)).toBe(true);
      expect(isUniqueViolation(new Error('other'))).toBe(false);
    } finally {
      db.close();
    }
  });
});
