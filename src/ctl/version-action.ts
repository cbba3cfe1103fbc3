import { ORCH_VERSION } from '../api/version.js';
import { describeRuntimeError } from '../client/describe.js';
import { InvalidEndpointError } from '../client/endpoint.js';
import { clientEndpoint } from '../client/from-config.js';
import type { CliIO } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { orchctlClient } from './get-actions.js';
import { formatDocument, parseOutputFormat } from './printers.js';

/** How long `orchctl version` waits for the admin's answer, in milliseconds. */
export const VERSION_TIMEOUT_MS = 5000;

/** What `orchctl version` reports; printed as text, or as this object in JSON and YAML. */
export interface VersionReport {
  client: { name: 'orchctl'; version: string };
  server:
    | { reachable: true; endpoint: string; version: string; build: string; build_time: string }
    | { reachable: false; endpoint: string; error: string };
}

/**
 * Asks the admin for its version. Never throws: an unconfigured endpoint, an unreachable admin, an
 * error answer or no answer within {@link VERSION_TIMEOUT_MS} give `reachable: false` with the reason.
 */
export async function versionReport(config: Config, io: CliIO): Promise<VersionReport> {
  const client = { name: 'orchctl' as const, version: ORCH_VERSION };
  let endpoint = '';
  try {
    // The configured endpoint, else the one ORCH_API_KEY names (as every other orchctl command does).
    endpoint = clientEndpoint(config, 'admin', io.env);
  } catch (error) {
    const reason =
      error instanceof ConfigError
        ? error.source === 'ORCH_API_KEY' || error.cause instanceof InvalidEndpointError
          ? error.message
          : 'no admin endpoint is configured (--admin.endpoint, or ORCH_API_KEY)'
        : String(error);
    return { client, server: { reachable: false, endpoint, error: reason } };
  }
  let admin: ReturnType<typeof orchctlClient> | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    admin = orchctlClient(config, io);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${VERSION_TIMEOUT_MS / 1000}s`)),
        VERSION_TIMEOUT_MS,
      );
    });
    const answer = await Promise.race([admin.getVersion(), timeout]);
    const v = answer.control_plane_version;
    return {
      client,
      server: {
        reachable: true,
        endpoint,
        version: v?.version ?? '',
        build: v?.build ?? '',
        build_time: v?.build_time ?? '',
      },
    };
  } catch (error) {
    return { client, server: { reachable: false, endpoint, error: describeRuntimeError(error).message } };
  } finally {
    clearTimeout(timer);
    admin?.close();
  }
}

/**
 * `orchctl version`: the client's version and, when the admin answers, the server's; exit 0 either way.
 * Text by default (`Client: orchctl 0.1.0` / `Server: 0.1.0 (localhost:8089)` or
 * `Server: not reachable (<reason, naming the endpoint>)`); `-o json|yaml` prints {@link VersionReport}.
 * @throws ConfigError for `-o DOT|DOTURL` or an unknown format (exit 2).
 */
export async function runVersion(config: Config, io: CliIO): Promise<void> {
  const format = parseOutputFormat(config.output, 'versions');
  const report = await versionReport(config, io);
  if (format === 'json' || format === 'yaml') {
    io.stdout.write(formatDocument(report, format));
    return;
  }
  const server = report.server;
  const serverLine = server.reachable
    ? `${server.version || 'unknown'}${server.build ? ` (build ${server.build})` : ''} at ${server.endpoint}`
    : `not reachable (${server.error})`;
  io.stdout.write(`Client: orchctl ${report.client.version}\nServer: ${serverLine}\n`);
}
