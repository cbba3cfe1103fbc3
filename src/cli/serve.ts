import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { parseDuration } from '../api/duration.js';
import { addFlagOptions, type CliIO } from '../config/commander.js';
import type { Config } from '../config/load.js';
import { runAdminUntilInterrupted } from './admin-process.js';
import { loadCommandConfig } from './load-config.js';

/**
 * Where a served admin keeps its data folder (local blobs under `storage/`, task working directories,
 * unpacked code bundles): with `--storage.type local` and a folder path in `--storage.container`,
 * that folder; otherwise `~/.orchctl/serve`. Other storage types are checked when the server starts
 * (`s3`/`minio` need a bucket in `--storage.container`; `stow` is not supported).
 */
function dataDirOf(config: Config, io: CliIO, isFolderPath: (container: string) => boolean): string {
  const container = config.storage.container ?? '';
  if (config.storage.type === 'local' && container && isFolderPath(container)) return container;
  return join(io.home || homedir(), '.orchctl', 'serve');
}

const load = loadCommandConfig;

/**
 * `orch serve`: the admin server from configuration (the production entry): PostgreSQL from
 * `--database.postgres.*` unless `--database.sqlite.file` is set, TLS with `--server.security.secure`,
 * in the foreground until interrupted. `orch serve migrate` only brings the database schema up to date.
 */
export function addServeCommands(program: Command, io: CliIO): void {
  const serve = addFlagOptions(
    program
      .command('serve')
      .description(
        'run the admin server from configuration (PostgreSQL or SQLite; S3, MinIO, local or in-memory storage)',
      )
      .addHelpText('after', '\nExample:\n  orch serve --config /etc/orch/admin.yaml\n'),
  ).action(async (_opts: unknown, command: Command) => {
    const config = load(command, io);
    const { isFolderPath } = await import('../server/index.js');
    const dataDir = dataDirOf(config, io, isFolderPath);
    await runAdminUntilInterrupted(io, {
      config,
      dataDir,
      server: { embedded: false, localStorageByDefault: false, host: '0.0.0.0' },
      banner: (addresses) => [
        `orch admin server is running (data in ${dataDir})`,
        `Admin gRPC endpoint: ${addresses.grpcEndpoint}`,
        `Admin HTTP endpoint: ${addresses.httpEndpoint}`,
        `Database: ${addresses.database}`,
        `Runtime: ${addresses.runtime}`,
        `Metrics: ${addresses.metricsEndpoint}/metrics`,
      ],
      stopping: 'finishing in-flight calls',
      stopped: 'orch admin server stopped',
    });
  });

  serve
    .command('migrate')
    .description('apply pending database migrations and exit')
    .action(async (_opts: unknown, command: Command) => {
      const config = load(command, io);
      const [{ migrateDatabase }, { createLogger }] = await Promise.all([
        import('../server/index.js'),
        import('../telemetry/log.js'),
      ]);
      const { applied, location } = await migrateDatabase(config, {
        attempts: config.orch.connection.maxRetries + 1,
        logger: createLogger(config.logger, io.stderr, { service: 'orch-admin' }),
        parseSeconds: parseDuration,
      });
      io.stdout.write(
        applied.length ? `Applied ${applied.join(', ')} to ${location}\n` : `${location} is up to date\n`,
      );
    });

  serve
    .command('init-secrets')
    .description(
      'write the auth secrets the server lacks (token signing key, claim key, secrets sealing key, orch-propeller client secret, login cookie hash and block keys) into --secrets.secrets-prefix',
    )
    .addHelpText(
      'after',
      '\nExisting secrets (files there, or ORCH_SECRET_<name> variables) are kept; files are written with mode 0600.\n' +
        'Example:\n  orch serve init-secrets --secrets.secrets-prefix /etc/orch/secrets\n',
    )
    .action(async (_opts: unknown, command: Command) => {
      const config = load(command, io);
      const { initAuthSecrets } = await import('../server/index.js');
      const { dir, written } = await initAuthSecrets(config, io.env);
      io.stdout.write(
        written.length
          ? `Wrote ${written.join(', ')} to ${dir}\n`
          : `${dir} already holds every auth secret; nothing written\n`,
      );
    });
}
