import { Command, Help, Option } from 'commander';
import { ORCH_VERSION } from '../api/version.js';
import { describeRuntimeError } from '../client/describe.js';
import { addFlagOptions, type CliIO, flagValues, runProgram } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { type Config, loadConfigReport } from '../config/load.js';
import { addConfigCommands, ValidationFailed } from './config-commands.js';
import { ResourceNotFoundError } from './errors.js';
import { addGetOptions } from './get-options.js';

const GET_EXAMPLES = `
Examples:
  orchctl get project                                          # every project
  orchctl get task -p default -d development                   # task versions, newest first
  orchctl get workflow wf.add_one_wf -p default -d development --latest -o dot
  orchctl get launchplan wf.add_one_wf --version <v> -p default -d development -o yaml
  orchctl get execution -p default -d development --filter.fieldSelector "phase in (FAILED;TIMED_OUT)"
  orchctl get execution <name> -p default -d development -o json

Output (-o): TABLE (default), JSON (an object for one item, an array for a list), YAML, and for
workflows DOT (one digraph per version) or DOTURL (a Graphviz viewer URL per version, printed only).
Lists: --filter.limit items per page (default 100), --filter.page N (default 1) or --all; sorted by
--filter.sortBy (default created_at), newest first unless --filter.asc.
Field selector: comma-joined k=v, k!=v, k>v, k>=v, k<v, k<=v, "k contains v", "k in (a;b)";
escape , = and \\ inside values with \\ (e.g. name=a\\,b).
`;

/** The resources of `orchctl get`: name, plural alias, argument help, description, example. */
const RESOURCES = [
  {
    kind: 'project',
    alias: 'projects',
    argument: 'project id; lists every project when omitted',
    description: 'show a project or list projects (ID, NAME, DOMAINS, DESCRIPTION, STATE)',
    example: 'orchctl get project default -o yaml',
  },
  {
    kind: 'task',
    alias: 'tasks',
    argument: 'task name; lists the versions of every task when omitted',
    description:
      'list the versions of a task (all tasks without a name), or get one with --version / --latest ' +
      '(VERSION, NAME, TYPE, INPUTS, OUTPUTS, CREATED AT)',
    example: 'orchctl get task wf.add_one -p default -d development --latest',
  },
  {
    kind: 'workflow',
    alias: 'workflows',
    argument: 'workflow name; lists the versions of every workflow when omitted',
    description:
      'list the versions of a workflow (all workflows without a name), or get one with --version / --latest; ' +
      '-o DOT / DOTURL draw its compiled graph',
    example: 'orchctl get workflow wf.add_one_wf -p default -d development --latest -o doturl',
  },
  {
    kind: 'launchplan',
    alias: 'launchplans',
    argument: 'launch plan name; lists the versions of every launch plan when omitted',
    description:
      'list the versions of a launch plan (all launch plans without a name), or get one with --version / ' +
      '--latest (VERSION, NAME, STATE, SCHEDULE, INPUTS, OUTPUTS, CREATED AT)',
    example:
      'orchctl get launchplan wf.add_one_wf -p default -d development --filter.fieldSelector state=ACTIVE',
  },
  {
    kind: 'execution',
    alias: 'executions',
    argument: 'execution name; lists the newest executions when omitted',
    description:
      'show an execution (phase, duration, outputs or error) or list executions of a project and domain, newest first',
    example: 'orchctl get execution -p default -d development --filter.fieldSelector phase=FAILED --all',
  },
] as const;

/**
 * The `orchctl` command tree: `get project|task|workflow|launchplan|execution`, `version`, and
 * `config init|validate|discover|docs`. `get`, `version` and `config` take every registry flag,
 * inherited by their subcommands (spec, "Control CLI commands"); configuration comes from flags,
 * `ORCHCTL_*` variables and the config file (DESIGN.md, "Configuration"). The command modules load on
 * use: `--help` imports neither gRPC nor protobuf.
 */
export function createOrchctlProgram(io: CliIO): Command {
  const program = new Command('orchctl')
    .description(
      'Control CLI of the orch admin service: read projects, tasks, workflows, launch plans and executions; manage configuration',
    )
    .version(ORCH_VERSION, '--version', 'print the version')
    .configureHelp({
      showGlobalOptions: true,
      // The root's --version goes before any subcommand; below it, --version is an entity version.
      visibleGlobalOptions(this: Help, cmd: Command) {
        return Help.prototype.visibleGlobalOptions.call(this, cmd).filter((o) => o.long !== '--version');
      },
    });
  const get = addFlagOptions(
    program
      .command('get')
      .description('fetch resources from the admin service: project, task, workflow, launchplan, execution')
      .addHelpText(
        'after',
        '\nSubcommands inherit every flag above. Tasks, workflows, launch plans and executions are read in\n' +
          'the project and domain of -p and -d, else of ORCHCTL_PROJECT and ORCHCTL_DOMAIN, else of the\n' +
          "config file's project: and domain:, else default and development (where orch run launches).\n" +
          GET_EXAMPLES,
      ),
  );

  const load = (command: Command) => {
    const report = loadConfigReport({ flags: flagValues(command), env: io.env, home: io.home });
    for (const warning of report.warnings)
      io.stderr.write(`warning: ${warning.source}: ${warning.message}\n`);
    return report.config;
  };

  for (const resource of RESOURCES) {
    const sub = get
      .command(resource.kind)
      .alias(resource.alias)
      .argument('[name]', resource.argument)
      .description(resource.description)
      .addHelpText('after', `\nExample:\n  ${resource.example}\n`);
    addGetOptions(sub, resource.kind !== 'project' && resource.kind !== 'execution');
    if (resource.kind === 'execution') {
      sub.addOption(
        new Option(
          '--details',
          "print the execution's node tree: phases, durations, errors, attempts",
        ).helpGroup('Get options:'),
      );
      sub.addOption(
        new Option('--logs <node>', "print a node's log (stdout and stderr of every attempt)").helpGroup(
          'Get options:',
        ),
      );
    }
    sub.action(async (name: string | undefined, options: Record<string, unknown>, command: Command) => {
      const config = load(command);
      // Loaded on use: the admin client (gRPC, protobuf) is the heaviest import; --help needs none of it.
      const { runGet } = await import('./get-actions.js');
      await traced(config, io, () => runGet({ kind: resource.kind, name, options }, config, io));
    });
  }

  addFlagOptions(
    program
      .command('version')
      .description("print orchctl's version and, when the admin service answers, the server's")
      .addHelpText(
        'after',
        '\nExample:\n  orchctl version --admin.endpoint localhost:8089 --admin.insecure -o json\n',
      ),
  ).action(async (_options: unknown, command: Command) => {
    const config = load(command);
    const { runVersion } = await import('./version-action.js');
    await traced(config, io, () => runVersion(config, io));
  });

  addConfigCommands(program, io);
  // The root's own options (--version, -h) come before a subcommand, so `get task --version <v>` is the
  // get option. Set last: subcommands copy this setting when created, and theirs must stay off.
  program.enablePositionalOptions();
  return program;
}

/**
 * Runs a command with the tracing of `--otel.*` (service `orchctl`), as the admin's: for any type but
 * `noop` (the default, which never loads the OpenTelemetry SDK) the admin client's call spans are
 * recorded and exported (`file`: appended to `--otel.file.filename`) before the command returns.
 * @throws ConfigError naming the `--otel.*` flag whose value cannot be used.
 */
async function traced(config: Config, io: CliIO, run: () => Promise<void>): Promise<void> {
  if (config.otel.type === 'noop') return run();
  const { startTracing, TraceSettingsError } = await import('../telemetry/start-tracing.js');
  const warn = (message: string, fields?: Record<string, unknown>) =>
    io.stderr.write(`warning: ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
  let tracing: Awaited<ReturnType<typeof startTracing>>;
  try {
    tracing = startTracing(config.otel, 'orchctl', { debug() {}, info() {}, warn, error: warn });
  } catch (error) {
    if (error instanceof TraceSettingsError) throw new ConfigError(error.message, 'otel');
    throw error;
  }
  try {
    await run();
  } finally {
    await tracing.shutdown();
  }
}

/** Runs `orchctl` with `argv` (without node and script); resolves to the exit code. */
export function runOrchctl(argv: readonly string[], io: CliIO): Promise<number> {
  return runProgram(createOrchctlProgram(io), argv, io, (error) => {
    if (error instanceof ValidationFailed) return { message: error.message, exitCode: 1 };
    if (error instanceof ResourceNotFoundError)
      return { message: error.message, hint: error.hint, exitCode: 1 };
    return describeRuntimeError(error);
  });
}
