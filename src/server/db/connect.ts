import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  Kysely,
  type LogEvent,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pRetry from 'p-retry';
import pg from 'pg';
import { errorCode, errorMessage, property } from '../../api/guards.js';
import type { Config } from '../../config/load.js';
import type { Logger } from '../logger.js';
import { ensurePrivateFile } from '../private-files.js';
import { ensureForeignKeys, migrateToLatest, NODE_EXECUTION_FK } from './migrations.js';
import type { Database } from './schema.js';
import { openSqliteConnection, type SqliteConnection, type SqliteDriverName } from './sqlite-driver.js';
import { tracedDialect } from './traced.js';

/** The databases the admin server runs on. */
export type DialectName = 'sqlite' | 'postgres';

/** An open, migrated database. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where it is, for logs and messages: a file path or `postgres://user@host:port/dbname` (never a password). */
  location: string;
  /** The migrations this open applied (empty when the schema was up to date). */
  applied: string[];
  /**
   * Where list queries go: a pool on `--database.postgres.readReplicaHost` when one is set, else `db`.
   * Lists tolerate a replica's lag; gets and writes always use the primary (read-your-writes).
   */
  reads: Kysely<Database>;
  /** Closes every pool. */
  close(): Promise<void>;
}

/** The configuration sections the database reads. */
export type DatabaseConfig = Pick<Config, 'database' | 'db'>;

/** Settings of a PostgreSQL connection, from `--database.postgres.*` or the alternative `--db.*` section. */
export interface PostgresSettings {
  host: string;
  port: number;
  dbname: string;
  username: string;
  password?: string;
  /** Extra options as `key=value` pairs separated by spaces or `&` (`sslmode=disable`). */
  options: string;
  debug: boolean;
  maxOpenConnections: number;
  maxIdleConnections: number;
  /** Seconds a connection may be reused; 0 means no limit. */
  connMaxLifeTimeSeconds: number;
  /** Host of a read replica for list queries ('' for none); same port, database and user. */
  readReplicaHost: string;
}

/** Thrown when the database cannot be reached or migrated; the message never holds a password. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

function readPassword(password: string | undefined, path: string | undefined): string | undefined {
  if (path) {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch (error) {
      throw new DatabaseUnavailableError(
        `cannot read the database password file ${path}: ${errorMessage(error)}`,
      );
    }
  }
  return password || undefined;
}

/**
 * The PostgreSQL settings in effect: the `--db.*` section when any of its connection flags differs from
 * its default, else `--database.postgres.*` (spec, "Database"), with the pool from `--database.*`.
 * @param parseSeconds converts a Go duration (`1h0m0s`) to seconds.
 */
export function postgresSettings(
  config: DatabaseConfig,
  parseSeconds: (text: string) => number,
): PostgresSettings {
  const { db, database } = config;
  const dbSectionUsed =
    db.host !== 'postgres' ||
    db.port !== 5432 ||
    db.dbname !== 'postgres' ||
    db.username !== 'postgres' ||
    Boolean(db.password) ||
    Boolean(db.passwordPath);
  if (dbSectionUsed) {
    return {
      host: db.host,
      port: db.port,
      dbname: db.dbname,
      username: db.username,
      password: readPassword(db.password, db.passwordPath),
      options: db.options,
      debug: db.debug,
      maxOpenConnections: db.connectionPool.maxOpenConnections ?? database.maxOpenConnections,
      maxIdleConnections: db.connectionPool.maxIdleConnections ?? database.maxIdleConnections,
      connMaxLifeTimeSeconds: parseSeconds(db.connectionPool.maxConnectionLifetime),
      readReplicaHost: database.postgres.readReplicaHost,
    };
  }
  const postgres = database.postgres;
  return {
    host: postgres.host,
    port: postgres.port,
    dbname: postgres.dbname,
    username: postgres.username,
    password: readPassword(postgres.password, postgres.passwordPath),
    options: postgres.options,
    debug: postgres.debug,
    maxOpenConnections: database.maxOpenConnections,
    maxIdleConnections: database.maxIdleConnections,
    connMaxLifeTimeSeconds: parseSeconds(database.connMaxLifeTime),
    readReplicaHost: postgres.readReplicaHost,
  };
}

function parseOptions(options: string): Record<string, string> {
  return Object.fromEntries(
    options
      .split(/[\s&]+/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
}

const INT8_OID = 20;

/** pg's result parsers, but 64-bit integers (`int8`, as text) read as numbers. */
const PG_TYPES = new pg.TypeOverrides();
PG_TYPES.setTypeParser(INT8_OID, 'text', (value) => Number(value));

/** How many compiled statements {@link withStatementCache} keeps per database. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` as Kysely's dialect uses it (`prepare` and `close`), with `prepare` reusing compiled
 * statements by SQL text (at most {@link STATEMENT_CACHE_SIZE}, the least recently used dropped
 * first). Kysely prepares every query it runs; the same few statements serve every call, and
 * compiling them each time was a seventh of a CreateExecution's server time. Safe because statements
 * run to completion synchronously.
 */
function withStatementCache(sqlite: SqliteConnection): SqliteDatabase {
  const cache = new LRUCache<string, SqliteStatement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => sqlite.close(),
    prepare(source) {
      let statement = cache.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        cache.set(source, statement);
      }
      return statement;
    },
  };
}

/**
 * Opens (creating if needed) a SQLite database file, in WAL mode, and migrates it. The file is
 * created with mode 0600 (its `-wal` and `-shm` files take the same), a missing folder with 0700,
 * and an existing database, `-wal` or `-shm` file open to the group or others is tightened to 0600.
 * @param file path of the database file (`--database.sqlite.file`); reused when it exists.
 * @param options.driver the SQLite driver (default: the one of this Node, see sqlite-driver.ts).
 * @throws DatabaseUnavailableError when the file cannot be opened or a migration fails.
 */
export async function openSqlite(
  file: string,
  options: { foreignKeys?: boolean; driver?: SqliteDriverName } = {},
): Promise<DatabaseHandle> {
  let sqlite: SqliteConnection;
  try {
    if (file !== ':memory:') {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      ensurePrivateFile(file);
      for (const companion of [`${file}-wal`, `${file}-shm`]) {
        if (existsSync(companion)) ensurePrivateFile(companion);
      }
    }
    sqlite = openSqliteConnection(file, options.driver);
    sqlite.exec('PRAGMA journal_mode = WAL');
    sqlite.exec('PRAGMA synchronous = NORMAL');
    sqlite.exec('PRAGMA busy_timeout = 5000');
    sqlite.exec('PRAGMA case_sensitive_like = ON');
    if (options.foreignKeys) sqlite.exec('PRAGMA foreign_keys = ON');
  } catch (error) {
    throw new DatabaseUnavailableError(`cannot open the SQLite database ${file}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  const db = new Kysely<Database>({
    dialect: tracedDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), 'sqlite'),
  });
  const applied = await migrate(db, 'sqlite', options.foreignKeys);
  return { db, reads: db, dialect: 'sqlite', location: file, applied, close: () => db.destroy() };
}

/** A pool on `host` with the settings' database, user, TLS mode and limits. */
function postgresPool(settings: PostgresSettings, host: string, applicationName: string): pg.Pool {
  const extra = parseOptions(settings.options);
  const sslmode = extra.sslmode ?? 'disable';
  return new pg.Pool({
    host,
    port: settings.port,
    database: settings.dbname,
    user: settings.username,
    password: settings.password,
    ssl:
      sslmode === 'disable'
        ? false
        : { rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca' },
    application_name: extra.application_name ?? applicationName,
    max: Math.max(1, settings.maxOpenConnections),
    maxLifetimeSeconds: settings.connMaxLifeTimeSeconds || undefined,
    connectionTimeoutMillis: 10_000,
    // 64-bit integers (times in milliseconds, ids) as numbers; they stay below 2^53.
    types: PG_TYPES,
  });
}

/**
 * Waits until `pool` hands out a connection, trying `attempts` times (1 s, 2 s, 4 s... between them).
 * @throws DatabaseUnavailableError naming `location` (never the password); the pool is closed then.
 */
async function awaitConnection(
  pool: pg.Pool,
  location: string,
  attempts: number,
  logger: Logger | undefined,
): Promise<void> {
  try {
    await pRetry(
      async () => {
        const client = await pool.connect();
        client.release();
      },
      {
        retries: Math.max(0, attempts - 1),
        factor: 2,
        minTimeout: 1000,
        maxTimeout: 8000,
        randomize: false,
        onFailedAttempt: ({ attemptNumber, retriesLeft }) => {
          if (retriesLeft > 0)
            logger?.warn('database not reachable yet, retrying', { location, attempt: attemptNumber });
        },
      },
    );
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(
      `cannot reach PostgreSQL at ${location} after ${attempts} attempts: ${errorMessage(error)}`,
      { cause: error },
    );
  }
}

/**
 * Connects to PostgreSQL (and its read replica, when `readReplicaHost` is set), retrying a bounded
 * number of times, and migrates it.
 * @param attempts connection attempts before giving up (1 s, 2 s, 4 s... between them).
 * @throws DatabaseUnavailableError naming host, port, database and user (never the password).
 */
export async function openPostgres(
  settings: PostgresSettings,
  options: { attempts?: number; logger?: Logger; foreignKeys?: boolean } = {},
): Promise<DatabaseHandle> {
  const where = (host: string) =>
    `postgres://${settings.username}@${host}:${settings.port}/${settings.dbname}`;
  const location = where(settings.host);
  const attempts = Math.max(1, options.attempts ?? 5);
  const pool = postgresPool(settings, settings.host, 'orch-admin');
  pool.on('error', (error) =>
    options.logger?.warn('idle database connection failed', { error: error.message }),
  );
  await awaitConnection(pool, location, attempts, options.logger);
  const log = settings.debug
    ? (event: LogEvent) =>
        options.logger?.info('sql', { sql: event.query.sql, ms: event.queryDurationMillis })
    : undefined;
  const db = new Kysely<Database>({
    dialect: tracedDialect(new PostgresDialect({ pool }), 'postgresql'),
    log,
  });
  let reads = db;
  try {
    if (settings.readReplicaHost) {
      const replica = postgresPool(settings, settings.readReplicaHost, 'orch-admin-replica');
      replica.on('error', (error) =>
        options.logger?.warn('idle replica connection failed', { error: error.message }),
      );
      await awaitConnection(
        replica,
        `${where(settings.readReplicaHost)} (read replica)`,
        attempts,
        options.logger,
      );
      reads = new Kysely<Database>({
        dialect: tracedDialect(new PostgresDialect({ pool: replica }), 'postgresql'),
        log,
      });
    }
    const applied = await migrate(db, 'postgres', options.foreignKeys);
    const close = async () => {
      if (reads !== db) await reads.destroy();
      await db.destroy();
    };
    return { db, reads, dialect: 'postgres', location, applied, close };
  } catch (error) {
    if (reads !== db) await reads.destroy();
    await db.destroy();
    throw error;
  }
}

/** The versioned migrations, then the foreign keys when asked for; resolves to what was applied. */
async function migrate<DB>(db: Kysely<DB>, dialect: DialectName, foreignKeys = false): Promise<string[]> {
  const applied = await migrateToLatest(db, dialect);
  if (foreignKeys && (await ensureForeignKeys(db, dialect))) applied.push(`foreign key ${NODE_EXECUTION_FK}`);
  return applied;
}

/** SQLite's extended result codes of a primary-key and a unique violation, as `node:sqlite` gives them. */
const SQLITE_KEY_VIOLATIONS = new Set([1555, 2067]);

/** True when `error` is a unique or primary-key violation (libsql, `node:sqlite` or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505')
    return true;
  const errcode = property(error, 'errcode');
  return typeof errcode === 'number' && SQLITE_KEY_VIOLATIONS.has(errcode);
}

/**
 * Opens the database the configuration names: SQLite when `--database.sqlite.file` is set (or, for the
 * embedded default, `defaultSqliteFile`), else PostgreSQL from `--database.postgres.*` / `--db.*`.
 * @throws DatabaseUnavailableError when it cannot be reached or migrated.
 */
export async function openDatabase(
  config: DatabaseConfig,
  options: {
    defaultSqliteFile?: string;
    attempts?: number;
    logger?: Logger;
    parseSeconds: (text: string) => number;
    /** The SQLite driver; default: the one of this Node (sqlite-driver.ts). */
    sqliteDriver?: SqliteDriverName;
  },
): Promise<DatabaseHandle> {
  const foreignKeys = config.database.enableForeignKeyConstraintWhenMigrating;
  const file = config.database.sqlite.file || options.defaultSqliteFile;
  if (file) return openSqlite(file, { foreignKeys, driver: options.sqliteDriver });
  return openPostgres(postgresSettings(config, options.parseSeconds), {
    attempts: options.attempts,
    logger: options.logger,
    foreignKeys,
  });
}
