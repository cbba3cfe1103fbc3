/**
 * The admin server as the CLIs start it: the one entry of `src/server` that `src/cli` may import
 * (`.dependency-cruiser.cjs`). `orch serve` and `orch sandbox start` start a server, `orch serve
 * migrate` migrates its database, and `orch serve init-secrets` writes its auth secrets; everything
 * else in `src/server` is the server's own.
 */
import type { Config } from '../config/load.js';
import type { Logger } from './logger.js';

export { type AdminServer, createServer, type ServerAddresses, type ServerOptions } from './server.js';
export { isFolderPath } from './storage/open.js';

/** What {@link migrateDatabase} did. */
export interface MigrationResult {
  /** The migrations applied now, in order (empty when the database was up to date). */
  applied: string[];
  /** The database migrated: a SQLite file's path, or PostgreSQL's host, port and database. */
  location: string;
}

/**
 * Opens the database the configuration names, applies its pending migrations, and closes it.
 * @param options.attempts connection attempts to PostgreSQL before giving up.
 * @param options.parseSeconds parses the duration flags of the database settings.
 * @throws DatabaseUnavailableError when the database cannot be reached or migrated.
 */
export async function migrateDatabase(
  config: Config,
  options: { attempts: number; logger: Logger; parseSeconds: (text: string) => number },
): Promise<MigrationResult> {
  const { openDatabase } = await import('./db/connect.js');
  const handle = await openDatabase(config, options);
  try {
    return { applied: handle.applied, location: handle.location };
  } finally {
    await handle.close();
  }
}

/**
 * Writes the auth secrets the server lacks (signing key, claim key, sealing key, client secret,
 * cookie keys) as files of mode 0600 into `--secrets.secrets-prefix`; secrets already there (files,
 * or `ORCH_SECRET_<name>` variables in `env`) are kept.
 * @returns the folder and the names of the secrets written (empty when none was missing).
 */
export async function initAuthSecrets(
  config: Config,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ dir: string; written: string[] }> {
  const [{ authSecretNames, generateMissingAuthSecrets }, { LocalSecretSource }] = await Promise.all([
    import('./auth/keys.js'),
    import('./secrets.js'),
  ]);
  const dir = config.secrets['secrets-prefix'];
  const source = new LocalSecretSource({ envPrefix: config.secrets['env-prefix'], filesDir: dir, env });
  return { dir, written: await generateMissingAuthSecrets(source, authSecretNames(config), dir) };
}
