import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** An open SQLite file, as the admin uses it: Kysely's `prepare`/`close`, and statements run as they are. */
export interface SqliteConnection extends SqliteDatabase {
  /** Runs SQL that returns nothing (`PRAGMA journal_mode = WAL`). */
  exec(sql: string): void;
  /** Which driver holds the file: `better-sqlite3`, or Node's own `node:sqlite`. */
  readonly driver: 'better-sqlite3' | 'node:sqlite';
}

/** The part of `node:sqlite`'s StatementSync used here (Node 22.16 and later; no types in @types/node 20). */
interface NodeStatement {
  columns(): unknown[];
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}

/** The part of `node:sqlite`'s DatabaseSync used here. */
interface NodeDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeStatement;
  close(): void;
}

/**
 * The first Node major whose own SQLite is used instead of better-sqlite3: better-sqlite3 12 aborts
 * the process on Node 24.19 and later (a removed environment cleanup hook, nodejs/node#65446), and 13
 * does not run on Node 20. Node 24's `node:sqlite` needs no native build and no flag.
 */
const NODE_SQLITE_FROM_MAJOR = 24;

/** Whether this Node runs SQLite through `node:sqlite` (see {@link NODE_SQLITE_FROM_MAJOR}). */
export function usesNodeSqlite(version = process.versions.node): boolean {
  return Number(version.split('.')[0]) >= NODE_SQLITE_FROM_MAJOR;
}

/**
 * A `node:sqlite` statement with the interface Kysely's SQLite dialect expects of better-sqlite3's
 * (parameters as an array; both bind numbers, strings, bigints, buffers and null, nothing else).
 */
function kyselyStatement(statement: NodeStatement): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...parameters),
    run: (parameters) => statement.run(...parameters),
    iterate: (parameters) => statement.iterate(...parameters),
  };
}

/** Whether `value` has the methods of a DatabaseSync. */
function isNodeDatabase(value: unknown): value is NodeDatabase {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['exec', 'prepare', 'close'].every((name) => typeof Reflect.get(value, name) === 'function')
  );
}

/** Opens `file` with `node:sqlite`. @throws Error when this Node has no usable `node:sqlite`. */
function openWithNodeSqlite(file: string): SqliteConnection {
  const sqlite: unknown = createRequire(import.meta.url)('node:sqlite');
  const Database =
    typeof sqlite === 'object' && sqlite !== null ? Reflect.get(sqlite, 'DatabaseSync') : undefined;
  if (typeof Database !== 'function')
    throw new Error(`Node ${process.version} has no node:sqlite DatabaseSync`);
  const database: unknown = Reflect.construct(Database, [file]);
  if (!isNodeDatabase(database)) throw new Error('node:sqlite DatabaseSync is not as expected');
  return {
    driver: 'node:sqlite',
    exec: (sql) => database.exec(sql),
    prepare: (sql) => kyselyStatement(database.prepare(sql)),
    close: () => database.close(),
  };
}

/**
 * Opens (creating) the SQLite database `file`: through better-sqlite3, or on Node 24 and later through
 * Node's own `node:sqlite` ({@link usesNodeSqlite}). Both run the same SQL on the same file format.
 * @throws Error from the driver when the file cannot be opened.
 */
export function openSqliteConnection(file: string): SqliteConnection {
  if (usesNodeSqlite()) return openWithNodeSqlite(file);
  const sqlite = new SQLite(file);
  return {
    driver: 'better-sqlite3',
    exec: (sql) => {
      sqlite.exec(sql);
    },
    prepare: (sql) => sqlite.prepare(sql),
    close: () => sqlite.close(),
  };
}
