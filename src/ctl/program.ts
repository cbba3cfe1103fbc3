import { Command } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import { describeRuntimeError } from '../client/describe.js';
import { addFlagOptions, type CliIO, flagValues, runProgram } from '../config/commander.js';
import { loadConfigReport } from '../config/load.js';
import { addConfigCommands, ValidationFailed } from './config-commands.js';

/**
 * The `orchctl` command tree: `get execution|project` and `config init|validate|discover|docs`. `get` and
 * `config` take every registry flag, inherited by their subcommands (spec, "Control CLI commands");
 * configuration comes from flags, `ORCHCTL_*` variables and the config file (DESIGN.md, "Configuration").
 */
export function createOrchctlProgram(io: CliIO): Command {
  const program = new Command('orchctl')
    .description('Control CLI of the orch admin service: read projects and executions, manage configuration')
    .version(ORCH_VERSION, '--version', 'print the version')
    .configureHelp({ showGlobalOptions: true });
  const get = addFlagOptions(
    program
      .command('get')
      .description('fetch resources from the admin service')
      .addHelpText(
        'after',
        '\nSubcommands inherit every flag above, e.g. orchctl get execution <name> -p <p> -d <d>.\n',
      ),
  );

  const load = (command: Command) => {
    const report = loadConfigReport({ flags: flagValues(command), env: io.env, home: io.home });
    for (const warning of report.warnings)
      io.stderr.write(`warning: ${warning.source}: ${warning.message}\n`);
    return report.config;
  };

  get
    .command('execution')
    .alias('executions')
    .argument('[name]', 'execution name; lists the newest executions when omitted')
    .description('show an execution (phase, outputs) or list executions of a project and domain')
    .addHelpText('after', '\nExample:\n  orchctl get execution f8a3... -p default -d development -o json\n')
    .action(async (name: string | undefined, _opts: unknown, command: Command) => {
      const config = load(command);
      // Loaded on use: the admin client (gRPC, protobuf) is the heaviest import; --help needs none of it.
      const { getExecutions } = await import('./get-actions.js');
      await getExecutions(name, config, io);
    });

  get
    .command('project')
    .alias('projects')
    .argument('[name]', 'project id; lists every project when omitted')
    .description('show a project or list projects')
    .action(async (name: string | undefined, _opts: unknown, command: Command) => {
      const config = load(command);
      const { getProjects } = await import('./get-actions.js');
      await getProjects(name, config, io);
    });

  addConfigCommands(program, io);
  return program;
}

/** Runs `orchctl` with `argv` (without node and script); resolves to the exit code. */
export function runOrchctl(argv: readonly string[], io: CliIO): Promise<number> {
  return runProgram(createOrchctlProgram(io), argv, io, (error) =>
    error instanceof ValidationFailed ? { message: error.message, exitCode: 1 } : describeRuntimeError(error),
  );
}
