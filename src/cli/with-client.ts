import type { Command } from 'commander';
import type { AdminClient } from '../client/admin-client.js';
import type { CliIO } from '../config/commander.js';
import type { Config } from '../config/load.js';
import { loadCommandConfig } from './load-config.js';

/** Builds the platform client of `orch`'s commands (passed in by the program, which owns it). */
export type ClientFactory = (
  config: Config,
  io: Pick<CliIO, 'stderr' | 'env' | 'home'>,
) => Promise<AdminClient>;

/** Runs `work` with a platform client configured from a command's flags; see {@link clientRunner}. */
export type WithClient = <T>(
  command: Command,
  work: (client: AdminClient, config: Config) => Promise<T>,
) => Promise<T>;

/**
 * Runs `work` with a platform client configured from a command's flags (and the environment and
 * config file), closing the client after, whatever happens.
 */
export function clientRunner(io: CliIO, platformClient: ClientFactory): WithClient {
  return async <T>(
    command: Command,
    work: (client: AdminClient, config: Config) => Promise<T>,
  ): Promise<T> => {
    const config = loadCommandConfig(command, io);
    const client = await platformClient(config, io);
    try {
      return await work(client, config);
    } finally {
      client.close();
    }
  };
}
