import { ORCH_VERSION } from '../api/version.js';
import type { AdminClient } from '../client/admin-client.js';
import type { CliIO } from '../config/commander.js';
import type { Config } from '../config/load.js';
import { PLATFORM_CLIENT_FLAGS } from '../config/registry.js';

/** Flags of commands that talk to the admin service through the platform client (`orch.*`). */
export const CLIENT_FLAGS = ['config', 'project', 'domain', ...PLATFORM_CLIENT_FLAGS];

/**
 * An AdminClient for `orch`'s commands, from the `--orch.*` flags and `ORCH_API_KEY` (see
 * `createAdminClient`); warnings go to stderr.
 * @throws ConfigError when no host is configured or a connection flag is malformed.
 */
export async function platformClient(
  config: Config,
  io: Pick<CliIO, 'stderr' | 'env' | 'home'>,
): Promise<AdminClient> {
  // Loaded on use: gRPC and protobuf are the heaviest imports, and `orch --help` needs none of them.
  const { createAdminClient } = await import('../client/from-config.js');
  return createAdminClient(config, 'orch', {
    clientName: `orch/${ORCH_VERSION}`,
    warn: (message) => io.stderr.write(`warning: ${message}\n`),
    notify: (message) => io.stderr.write(`${message}\n`),
    env: io.env,
    home: io.home,
  });
}
