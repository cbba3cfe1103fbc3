import { Command } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import { AdminClient } from '../client/admin-client.js';
import { describeRuntimeError } from '../client/describe.js';
import { addFlagOptions, type CliIO, flagValues, runProgram } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { type Config, loadConfig } from '../config/load.js';
import {
  compileWorkflowFile,
  loadWorkflowFile,
  RegistrationError,
  registerEntities,
  versionOf,
  WorkflowFileError,
} from '../registration/index.js';
import { addSandboxCommands } from './sandbox.js';
import { addServeCommands } from './serve.js';

/** Flags of commands that talk to the admin service through the platform client (`orch.*`). */
const CLIENT_FLAGS = [
  'config',
  'project',
  'domain',
  'org',
  'console.endpoint',
  'orch.connection.host',
  'orch.connection.insecure',
];

/** The project and domain `orch register` uses when none is given. */
export const DEFAULT_TARGET = Object.freeze({ project: 'default', domain: 'development' });

/**
 * An AdminClient for `orch`'s commands, from `--orch.connection.host` / `--orch.connection.insecure`.
 * @throws ConfigError when no host is configured.
 */
export function platformClient(config: Config): AdminClient {
  const host = config.orch.connection.host;
  if (!host) {
    throw new ConfigError(
      'no admin service configured; pass --orch.connection.host <host:port> (with --orch.connection.insecure ' +
        'for a local sandbox) or set orch.connection.host in the config file',
      '--orch.connection.host',
    );
  }
  return new AdminClient({
    endpoint: host,
    insecure: config.orch.connection.insecure,
    consoleEndpoint: config.console.endpoint,
    clientName: `orch/${ORCH_VERSION}`,
  });
}

function describeOrchError(error: unknown) {
  if (error instanceof WorkflowFileError) return { message: error.message, exitCode: 1 };
  if (error instanceof RegistrationError) {
    const inner = describeRuntimeError(error.cause);
    return { message: error.message, hint: inner.hint, exitCode: 1 };
  }
  return describeRuntimeError(error);
}

/**
 * The `orch` command tree: `register <file>`, `sandbox start`. Output lines of `register` follow the
 * spec exactly: `Computed version is <v>`, one `[✔] <Kind>: <name>` per entity, and
 * `Successfully registered <n> entities`.
 */
export function createOrchProgram(io: CliIO): Command {
  const program = new Command('orch')
    .description('Platform CLI of orch: register workflows, run a local sandbox or serve the admin server')
    .version(ORCH_VERSION, '--version', 'print the version');

  addFlagOptions(
    program
      .command('register')
      .argument('<workflow_file>', 'workflow file (YAML or JSON) to register')
      .description('register the tasks, workflows and launch plans of a workflow file')
      .addHelpText(
        'after',
        '\nEntity names are <file stem>.<name>; the version is a digest of the file and the compiled specs,\n' +
          'so registering the same file again is a no-op that succeeds. Project and domain default to\n' +
          `${DEFAULT_TARGET.project} and ${DEFAULT_TARGET.domain}.\n\n` +
          'Example:\n  orch register examples/add-one/wf.yaml --orch.connection.host localhost:8089 --orch.connection.insecure\n',
      ),
    CLIENT_FLAGS,
  ).action(async (file: string, _opts: unknown, command: Command) => {
    const config = loadConfig({ flags: flagValues(command), env: io.env, home: io.home });
    const target = {
      project: config.project || DEFAULT_TARGET.project,
      domain: config.domain || DEFAULT_TARGET.domain,
      org: config.org,
    };
    const loaded = await loadWorkflowFile(file);
    const version = versionOf(loaded);
    const entities = compileWorkflowFile(loaded, target, version);
    const client = platformClient(config);
    try {
      io.stdout.write(`Computed version is ${version}\n`);
      const registered = await registerEntities(client, entities, (entity) => {
        io.stdout.write(`[✔] ${entity.kind}: ${entity.name}\n`);
      });
      io.stdout.write(`Successfully registered ${registered.length} entities\n`);
    } finally {
      client.close();
    }
  });

  addSandboxCommands(program, io);
  addServeCommands(program, io);
  return program;
}

/** Runs `orch` with `argv` (without node and script); resolves to the exit code. */
export function runOrch(argv: readonly string[], io: CliIO): Promise<number> {
  return runProgram(createOrchProgram(io), argv, io, describeOrchError);
}
