import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Command, InvalidArgumentError as CommanderArgumentError } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import { describeRuntimeError } from '../client/describe.js';
import { createAdminClient, PLATFORM_CLIENT_FLAGS } from '../client/from-config.js';
import { addFlagOptions, type CliIO, flagValues, runProgram } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { loadConfig } from '../config/load.js';
import { createApp } from './app.js';

/** Port the webhook listens on when neither `--port` nor `$PORT` is given (spec: app port 8080). */
export const DEFAULT_PORT = 8080;

function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new CommanderArgumentError(`"${value}" is not a port number (0-65535)`);
  }
  return Number(value);
}

/**
 * `orch-webhook [--port N]`: serves {@link createApp} until interrupted. Reads `WEBHOOK_API_KEY`
 * (required: it refuses to start without it) and the platform client flags `--orch.connection.host`,
 * `--orch.connection.insecure`, `--console.endpoint`. Resolves to the exit code.
 */
export function runWebhook(argv: readonly string[], io: CliIO): Promise<number> {
  const program = addFlagOptions(
    new Command('orch-webhook')
      .description(
        'HTTP webhook that launches a registered launch plan: POST /run-workflow/{project}/{domain}/{workflow_name}/{version}',
      )
      .version(ORCH_VERSION, '--version', 'print the version')
      .option(
        '--port <port>',
        `port to listen on (default $PORT or ${DEFAULT_PORT}; 0 picks a free one)`,
        parsePort,
      )
      .addHelpText(
        'after',
        '\nEnvironment:\n  WEBHOOK_API_KEY  the key callers must send as "Authorization: Bearer <key>" (required)\n',
      ),
    ['config', ...PLATFORM_CLIENT_FLAGS],
  ).action(async (opts: { port?: number }, command: Command) => {
    const apiKey = io.env.WEBHOOK_API_KEY ?? '';
    if (!apiKey.trim()) {
      throw new ConfigError(
        'WEBHOOK_API_KEY is not set; the webhook refuses to start without a key',
        'WEBHOOK_API_KEY',
      );
    }
    const config = loadConfig({ flags: flagValues(command), env: io.env, home: io.home });
    const port = opts.port ?? (io.env.PORT ? parsePort(io.env.PORT) : DEFAULT_PORT);
    const client = createAdminClient(config, 'orch', {
      clientName: `orch-webhook/${ORCH_VERSION}`,
      warn: (message) => io.stderr.write(`warning: ${message}\n`),
    });
    const app = createApp({
      client,
      apiKey,
      log: (message, fields) => io.stderr.write(`warn ${message} ${JSON.stringify(fields)}\n`),
    });
    const server = app.listen(port);
    await once(server, 'listening');
    io.stdout.write(`orch-webhook listening on http://localhost:${(server.address() as AddressInfo).port}\n`);
    await io.interrupted;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    client.close();
  });
  return runProgram(program, argv, io, describeRuntimeError);
}
