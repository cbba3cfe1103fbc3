import { join } from 'node:path';
import type { Command } from 'commander';
import { addFlagOptions, type CliIO } from '../config/commander.js';
import { ALL_FLAGS, TELEMETRY_FLAGS } from '../config/registry.js';
import { runAdminUntilInterrupted } from './admin-process.js';
import { loadCommandConfig } from './load-config.js';

/**
 * The flags of the admin server's own reporting, which `orch serve` and `orch sandbox start` take:
 * `--logger.*`, `--otel.*`, the metrics and profiler flags and the access log.
 */
export const SERVER_TELEMETRY_FLAGS: readonly string[] = [
  ...TELEMETRY_FLAGS,
  'sharedservice.metrics.scope',
  'sharedservice.metrics.enableGrpcHistograms',
  'server.grpc.enableGrpcLatencyMetrics',
  'sharedservice.profilerPort',
  'sharedservice.profiler.enabled',
  'server.security.auditAccess',
];

/**
 * The admin server's own flags that a sandbox takes, besides its data location: its auth server and
 * token validation (`--auth.*`), the authorizer, the server's listeners and limits (`--server.*`),
 * the shared service (`--sharedservice.*`), its logs, traces and metrics, and the runtime. Database and
 * storage are the sandbox's own (SQLite and local files under ~/.orchctl/sandbox): `orch serve`
 * takes those.
 */
export const SANDBOX_SERVER_FLAGS: readonly string[] = ALL_FLAGS.map((f) => f.name).filter((name) =>
  /^(auth|authorizer|server|sharedservice|logger|otel|runtime)\./.test(name),
);

/** The flags that choose and tune where tasks and apps run (`--runtime.*`). */
export const RUNTIME_FLAGS: readonly string[] = ALL_FLAGS.map((f) => f.name).filter((name) =>
  name.startsWith('runtime.'),
);

/**
 * The banner's console line: where the console is, and how a person gets in, as the server decides
 * it (src/server/auth/authenticate.ts): with `--sharedservice.security.allowLocalhostAccess` (the
 * sandbox's default) a caller on a loopback address without a token is let in as admin, unless the
 * request comes from another site's page or through a foreign host name; `--auth.disableForHttp`
 * lets every HTTP caller in; otherwise a token (or, with user login, a signed-in session) is needed.
 */
export function consoleLine(
  httpEndpoint: string,
  access: { allowLocalhostAccess: boolean; disableForHttp: boolean },
): string {
  const url = `${httpEndpoint}/console`;
  if (access.disableForHttp)
    return `Console: ${url} — open it in a browser; no one needs a token (--auth.disableForHttp is on)`;
  if (access.allowLocalhostAccess)
    return (
      `Console: ${url} — open it in a browser on this machine: it is let in without a token ` +
      '(loopback access, --sharedservice.security.allowLocalhostAccess; pages of other sites are not)'
    );
  return (
    `Console: ${url} — needs a token or a signed-in user: loopback access is off ` +
    '(--sharedservice.security.allowLocalhostAccess=false)'
  );
}

/**
 * `orch sandbox start`: the admin server on the embedded default (SQLite, local storage, local
 * executor) with its data under `~/.orchctl/sandbox`, in the foreground until interrupted.
 * Prints the endpoints first, so scripts can read them (`Admin gRPC endpoint: localhost:<port>`).
 */
export function addSandboxCommands(program: Command, io: CliIO): void {
  const sandbox = program.command('sandbox').description('run a local admin server on the embedded default');
  addFlagOptions(
    sandbox
      .command('start')
      .description('start the admin server in the foreground (Ctrl+C stops it)')
      .addHelpText(
        'after',
        '\nData (database, storage, task working directories) lives in ~/.orchctl/sandbox.\n' +
          'Ports default to 8089 (gRPC) and 8088 (HTTP); 0 picks free ones.\n' +
          'Tasks and apps run as processes of your user (--runtime.type local); --runtime.type docker runs\n' +
          'them in containers of their images through the Docker engine at DOCKER_HOST or /var/run/docker.sock.\n',
      ),
    [
      'config',
      'database.sqlite.file',
      ...new Set([...SANDBOX_SERVER_FLAGS, ...RUNTIME_FLAGS, ...SERVER_TELEMETRY_FLAGS]),
    ],
  ).action(async (_opts: unknown, command: Command) => {
    // The sandbox lets callers on this machine in without a token by default; false from a flag, the
    // environment or a config file requires one. Others always need an API key.
    const config = loadCommandConfig(command, io, {
      'sharedservice.security.allowLocalhostAccess': 'true',
    });
    const dataDir = join(io.home, '.orchctl', 'sandbox');
    await runAdminUntilInterrupted(io, {
      config,
      dataDir,
      banner: (addresses) => [
        `orch sandbox is running (data in ${dataDir})`,
        `Admin gRPC endpoint: ${addresses.grpcEndpoint}`,
        `Admin HTTP endpoint: ${addresses.httpEndpoint}`,
        consoleLine(addresses.httpEndpoint, {
          allowLocalhostAccess: config.sharedservice.security.allowLocalhostAccess,
          disableForHttp: config.auth.disableForHttp,
        }),
        `Database: ${addresses.database}`,
        `Runtime: ${addresses.runtime}`,
        `Metrics: ${addresses.metricsEndpoint}/metrics`,
        '',
        'Use it with:',
        `  orch register <file> --orch.connection.host ${addresses.grpcEndpoint} --orch.connection.insecure`,
        `  orchctl get execution <name> -p default -d development --admin.endpoint ${addresses.grpcEndpoint} --admin.insecure`,
        `  orch create api-key admin --name <name> --orch.connection.host ${addresses.grpcEndpoint} --orch.connection.insecure`,
        '    (prints export ORCH_API_KEY=...: with it, callers need no other flag, from this machine or another)',
        'Press Ctrl+C to stop.',
      ],
      stopping: 'stopping',
      stopped: 'orch sandbox stopped',
    });
  });
}
