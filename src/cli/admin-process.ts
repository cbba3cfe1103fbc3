import type { CliIO } from '../config/commander.js';
import type { Config } from '../config/load.js';
import type { ServerAddresses, ServerOptions } from '../server/index.js';

/** The only variables task processes inherit from the server's environment (never its secrets). */
export function taskEnvOf(io: CliIO): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'TZ']) {
    const value = io.env[name];
    if (value) env[name] = value;
  }
  return env;
}

/** How `orch sandbox start` or `orch serve` runs its admin server: what differs between the two. */
export interface AdminProcess {
  /** The loaded configuration. */
  config: Config;
  /** The server's data folder (database, storage, task folders). */
  dataDir: string;
  /** Server options beyond those both commands share (bind host, embedded defaults). */
  server?: Partial<ServerOptions>;
  /** The banner printed on stdout once the server listens, a line per item. */
  banner: (addresses: ServerAddresses) => string[];
  /** The warning logged when the interrupt comes. */
  stopping: string;
  /** The line printed on stdout once the server is closed. */
  stopped: string;
}

/**
 * Runs the admin server in this process: starts logging and tracing, listens, prints the banner,
 * waits for `io.interrupted` (Ctrl+C, SIGTERM), then closes the server (in-flight calls finish) and
 * tracing, and prints the stopped line. The server is loaded on use: it is most of `orch`'s weight,
 * and `--help` needs none of it.
 * @throws what the server's `listen()` throws (a port in use, a database that cannot be reached).
 */
export async function runAdminUntilInterrupted(io: CliIO, run: AdminProcess): Promise<void> {
  const [{ createServer }, { startObservability }] = await Promise.all([
    import('../server/index.js'),
    import('../telemetry/setup.js'),
  ]);
  const { logger, access, tracing } = startObservability(run.config, io.stderr, 'orch-admin');
  const server = createServer({
    config: run.config,
    dataDir: run.dataDir,
    ...run.server,
    logger,
    accessLogger: access,
    metricsListener: true,
    taskEnv: taskEnvOf(io),
    dockerHost: io.env.DOCKER_HOST,
    secretEnv: io.env,
  });
  const addresses = await server.listen();
  io.stdout.write(`${run.banner(addresses).join('\n')}\n`);
  const signal = await io.interrupted;
  logger.warn(run.stopping, { signal });
  await server.close();
  await tracing.shutdown();
  io.stdout.write(`${run.stopped}\n`);
}
