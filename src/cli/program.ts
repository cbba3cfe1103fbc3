import { Command } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import type { AdminClient } from '../client/admin-client.js';
import { describeRuntimeError } from '../client/describe.js';
import { createAdminClient, PLATFORM_CLIENT_FLAGS } from '../client/from-config.js';
import { addFlagOptions, type CliIO, flagValues, runProgram } from '../config/commander.js';
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
const CLIENT_FLAGS = ['config', 'project', 'domain', ...PLATFORM_CLIENT_FLAGS];

/** The project and domain `orch register` uses when none is given. */
export const DEFAULT_TARGET = Object.freeze({ project: 'default', domain: 'development' });

/**
 * An AdminClient for `orch`'s commands, from the `--orch.connection.*` flags (see `createAdminClient`).
 * @throws ConfigError when no host is configured or a connection flag is malformed.
 */
export function platformClient(config: Config, warn?: (message: string) => void): AdminClient {
  return createAdminClient(config, 'orch', { clientName: `orch/${ORCH_VERSION}`, warn });
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
    // Built first: without an endpoint the command fails at once, before any work.
    const client = platformClient(config, (message) => io.stderr.write(`warning: ${message}\n`));
    try {
      const loaded = await loadWorkflowFile(file);
      const version = versionOf(loaded);
      const entities = compileWorkflowFile(loaded, target, version);
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
