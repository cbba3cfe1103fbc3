import { createRequire } from 'node:module';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The SQLite drivers the admin runs on: `libsql` (npm, better-sqlite3's API over libSQL, a SQLite
 * fork; its binary comes prebuilt in a per-platform optional package such as `@libsql/linux-x64-gnu`,
 * so installing compiles nothing), and Node's own `node:sqlite`. Both read and write the same files.
 */
export type SqliteDriverName = 'libsql' | 'node:sqlite';

/** The driver names accepted by {@link openSqliteConnection}, for messages and checks. */
export const SQLITE_DRIVERS: readonly SqliteDriverName[] = ['libsql', 'node:sqlite'];

/** An open SQLite file, as the admin uses it: Kysely's `prepare`/`close`, and statements run as they are. */
export interface SqliteConnection extends SqliteDatabase {
  /** Runs SQL that returns nothing (`PRAGMA journal_mode = WAL`). */
  exec(sql: string): void;
  /** Which driver holds the file. */
  readonly driver: SqliteDriverName;
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
 * The first Node major on which `node:sqlite` is the default driver: there it needs no flag and prints
 * no warning, and it measured faster than libsql (docs/performance.md: CreateExecution/s and
 * ListExecutions p50 at 1M rows, both drivers on Node 24). Before it, libsql.
 */
const NODE_SQLITE_FROM_MAJOR = 24;

/** The driver used when none is asked for: `node:sqlite` from Node 24, else `libsql`. */
export function defaultSqliteDriver(version = process.versions.node): SqliteDriverName {
  return Number(version.split('.')[0]) >= NODE_SQLITE_FROM_MAJOR ? 'node:sqlite' : 'libsql';
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

const require = createRequire(import.meta.url);

/** Opens `file` with `node:sqlite`. @throws Error when this Node has no usable `node:sqlite`. */
function openWithNodeSqlite(file: string): SqliteConnection {
  const sqlite: unknown = require('node:sqlite');
  const Database =
    typeof sqlite === 'object' && sqlite !== null ? Reflect.get(sqlite, 'DatabaseSync') : undefined;
  if (typeof Database !== 'function')
    throw new Error(`Node ${process.version} has no node:sqlite DatabaseSync; use the libsql driver`);
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
 * Opens `file` with libsql, loaded on first use (its native binary is loaded with it, and Node 24 does
 * not need it). Its statements take Kysely's parameter array as better-sqlite3's do.
 * @throws Error when libsql's binary for this platform is missing (its optional package was not
 * installed: reinstall without `--omit=optional`) or the file cannot be opened.
 */
function openWithLibsql(file: string): SqliteConnection {
  const Database: typeof import('libsql') = require('libsql');
  const sqlite = new Database(file);
  return {
    driver: 'libsql',
    exec: (sql) => {
      sqlite.exec(sql);
    },
    prepare: (sql) => sqlite.prepare(sql),
    close: () => sqlite.close(),
  };
}

/**
 * Opens (creating) the SQLite database `file` through `driver` (default {@link defaultSqliteDriver}).
 * Both drivers run the same SQL on the same file format.
 * @throws Error from the driver when the file cannot be opened.
 */
export function openSqliteConnection(
  file: string,
  driver: SqliteDriverName = defaultSqliteDriver(),
): SqliteConnection {
  return driver === 'node:sqlite' ? openWithNodeSqlite(file) : openWithLibsql(file);
}
