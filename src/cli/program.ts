import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import type { LaunchPlanOut } from '../api/types.js';
import { ORCH_VERSION } from '../api/version.js';
import type { AdminClient } from '../client/admin-client.js';
import { describeRuntimeError } from '../client/describe.js';
import { NotFoundError } from '../client/errors.js';

import { addFlagOptions, type CliIO, runProgram } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { parseQuantity } from '../config/quantity.js';
import { ALL_FLAGS, PLATFORM_CLIENT_FLAGS } from '../config/registry.js';
import { DEFAULT_TARGET } from '../registration/defaults.js';
import { addAppCommands } from './apps.js';
import { loadCommandConfig } from './load-config.js';
import { addManageCommands } from './manage.js';
import { addSandboxCommands } from './sandbox.js';
import { addServeCommands } from './serve.js';

/** Flags of commands that talk to the admin service through the platform client (`orch.*`). */
const CLIENT_FLAGS = ['config', 'project', 'domain', ...PLATFORM_CLIENT_FLAGS];

/** The `--files.*` flags of `orch register` (spec, "Registration"). */
const FILES_FLAGS = ALL_FLAGS.map((f) => f.name).filter((name) => name.startsWith('files.'));

/**
 * `--files.archive`: a local .tgz/.tar.gz or an http(s) URL of one, unpacked (entries confined to a
 * temporary directory) so that its workflow files can be registered with their code.
 * @throws Error naming the archive when it cannot be read, fetched or unpacked.
 */
async function openArchive(source: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'orch-archive-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const { extract } = await import('tar');
    // node-tar strips absolute paths and refuses entries that climb out with `..`.
    if (!/^https?:\/\//.test(source)) {
      await extract({ file: source, cwd: dir, strict: true });
      return { dir, remove };
    }
    const response = await fetch(source);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const archive = join(dir, '.archive.tgz');
    await writeFile(archive, Buffer.from(await response.arrayBuffer()));
    await extract({ file: archive, cwd: dir, strict: true });
    await rm(archive);
    return { dir, remove };
  } catch (error) {
    await remove();
    throw new Error(`cannot use the archive ${source}: ${(error as Error).message}`, { cause: error });
  }
}

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

/** Thrown by `orch run --wait` after it printed the outcome, when the execution did not succeed (exit 1). */
class RunFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunFailed';
  }
}

/**
 * The version of launch plan `name` to run: `version` when given, else the active version, else the
 * newest registered one.
 * @throws RunFailed when the launch plan has no version at all; NotFoundError for an unknown `version`.
 */
async function launchPlanToRun(
  client: AdminClient,
  scope: { project: string; domain: string },
  name: string,
  version: string,
): Promise<LaunchPlanOut> {
  const id = { resource_type: 'LAUNCH_PLAN' as const, ...scope, name };
  if (version) return client.getLaunchPlan({ ...id, version });
  try {
    return await client.getActiveLaunchPlan({ ...scope, name });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  const list = await client.listLaunchPlans({
    id: { ...scope, name },
    limit: 1,
    sort_by: { key: 'created_at', direction: 'DESCENDING' },
  });
  const newest = list.launch_plans[0];
  if (!newest) throw new RunFailed(`launch plan ${scope.project}/${scope.domain}/${name} has no version`);
  return newest;
}

/**
 * The execution inputs of `--input name=value` pairs and `--inputs-file`, typed by the launch plan's
 * expected inputs: a string input takes the text as it is, any other type parses it as JSON (so
 * `x=2` is the integer 2, `xs=[1,2]` a list); a value that is not JSON stays text and is checked
 * against the type.
 * @throws ConfigError naming the flag for a malformed pair, an unknown input or a mistyped value.
 */
function parseRunInputs(
  literals: typeof import('../api/literals.js'),
  lp: LaunchPlanOut,
  pairs: readonly string[],
  fromFile: Record<string, unknown>,
) {
  const parameters = lp.closure?.expected_inputs?.parameters ?? {};
  const variables = Object.fromEntries(
    Object.entries(parameters).map(([name, parameter]) => [name, parameter.var]),
  );
  const values: Record<string, unknown> = { ...fromFile };
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new ConfigError(`"${pair}" is not name=value`, '--input');
    const name = pair.slice(0, at);
    const text = pair.slice(at + 1);
    const variable = variables[name];
    if (!variable) {
      const known = Object.keys(variables).join(', ') || 'none';
      throw new ConfigError(`the launch plan has no input "${name}" (inputs: ${known})`, '--input');
    }
    if (variable.type?.simple === 'STRING') values[name] = text;
    else {
      try {
        values[name] = JSON.parse(text);
      } catch {
        values[name] = text;
      }
    }
  }
  for (const name of Object.keys(values)) {
    if (!variables[name]) throw new ConfigError(`the launch plan has no input "${name}"`, '--inputs-file');
  }
  try {
    return literals.literalMapFromJson(values, { variables: variables as never });
  } catch (error) {
    if (error instanceof literals.LiteralValueError) throw new ConfigError(error.message, '--input');
    throw error;
  }
}

/**
 * The `orch` command tree: `register <file>`, `sandbox start`. Output lines of `register` follow the
 * spec exactly: `Computed version is <v>`, one `[✔] <Kind>: <name>` per entity, and
 * `Successfully registered <n> entities`.
 */
export function createOrchProgram(io: CliIO): Command {
  const program = new Command('orch')
    .description('Platform CLI of orch: register workflows, run a local sandbox or serve the admin server')
    .version(ORCH_VERSION, '--version', 'print the version')
    // `orch run <lp> --version v` names a launch plan version: options after a command are its own.
    .enablePositionalOptions();

  addFlagOptions(
    program
      .command('register')
      .argument(
        '<workflow_files...>',
        'workflow files (YAML or JSON) or globs such as "flows/**/*.yaml"; with --files.archive, .tgz archives (paths or http(s) URLs) whose top-level workflow files are registered',
      )
      .description('register the tasks, workflows and launch plans of workflow files')
      .addHelpText(
        'after',
        "\nEntity names are <file stem>.<name>. Each file's directory (minus .orchignore) is packed into a\n" +
          'code bundle and uploaded; the version is a digest of the bundles, the compiled specs and this\n' +
          'tool, so registering the same tree again is a no-op that succeeds. Project and domain default\n' +
          `to ${DEFAULT_TARGET.project} and ${DEFAULT_TARGET.domain}.\n\n` +
          'Examples:\n' +
          '  orch register examples/add-one/wf.yaml --orch.connection.host localhost:8089 --orch.connection.insecure\n' +
          '  orch register "flows/*.yaml" --files.dryRun\n' +
          '  orch register flows/etl.yaml --files.version v42 -o json\n',
      ),
    [...CLIENT_FLAGS, 'output', ...FILES_FLAGS, 'server.dataProxy.upload.maxSize'],
  ).action(async (patterns: string[], _opts: unknown, command: Command) => {
    const config = loadCommandConfig(command, io);
    const output = config.output.toLowerCase();
    if (output !== 'table' && output !== 'json' && output !== 'yaml') {
      throw new ConfigError(
        `"${config.output}" is not an output of register; use TABLE, JSON or YAML`,
        '-o, --output',
      );
    }
    const files = config.files;
    for (const [flag, set] of [
      ['--files.k8ServiceAccount', files.k8ServiceAccount],
      ['--files.sourceUploadPath', files.sourceUploadPath],
    ] as const) {
      if (set) io.stderr.write(`warning: ${flag} is deprecated and ignored\n`);
    }
    const target = {
      project: config.project || DEFAULT_TARGET.project,
      domain: config.domain || DEFAULT_TARGET.domain,
      org: config.org,
    };
    // Built first: without an endpoint the command fails at once, before any work. A dry run only
    // compiles and validates, so it needs no admin.
    const client = files.dryRun ? undefined : await platformClient(config, io);
    const archives: { dir: string; remove: () => Promise<void> }[] = [];
    try {
      const { expandWorkflowPaths } = await import('../registration/paths.js');
      let paths: string[];
      if (files.archive) {
        // Each argument is an archive; its top-level workflow files are registered with its code.
        paths = [];
        for (const source of patterns) {
          const archive = await openArchive(source);
          archives.push(archive);
          const found = (await expandWorkflowPaths(['*.{yaml,yml,json}'], archive.dir)).paths;
          if (!found.length)
            throw new ConfigError(
              `the archive ${source} holds no workflow file at its top level`,
              '--files.archive',
            );
          paths.push(...found);
        }
      } else {
        const expanded = await expandWorkflowPaths(patterns);
        const [unmatched] = expanded.unmatched;
        if (unmatched !== undefined) {
          throw new ConfigError(`no file matches ${JSON.stringify(unmatched)}`, '<workflow_files>');
        }
        paths = expanded.paths;
      }
      const progress = (io.stderr as { isTTY?: boolean }).isTTY === true && output === 'table';
      // Loaded on use: registration (zod, tar, the bundle packer) is not needed by other commands.
      const { registerFiles } = await import('../registration/register-files.js');
      const { notRegisteredCount, RegistrationFailed, reportJson, reportLines } = await import(
        '../registration/report.js'
      );
      const report = await registerFiles(client, paths, {
        target,
        version: files.version || undefined,
        force: files.force,
        dryRun: files.dryRun,
        continueOnError: files.continueOnError,
        enableSchedule: files.enableSchedule,
        maxBundleBytes: parseQuantity(config.server.dataProxy.upload.maxSize),
        compile: {
          destinationDirectory: files.destinationDirectory || undefined,
          authRole: {
            assumable_iam_role: files.assumableIamRole || undefined,
            kubernetes_service_account: files.k8sServiceAccount || undefined,
          },
          outputLocationPrefix: files.outputLocationPrefix || undefined,
        },
        onProgress: progress
          ? (done, total) =>
              io.stderr.write(`\rRegistering ${done}/${total} entities${done === total ? '\n' : ''}`)
          : undefined,
      });
      io.stdout.write(
        output === 'json'
          ? `${JSON.stringify(reportJson(report), null, 2)}\n`
          : output === 'yaml'
            ? (await import('yaml')).stringify(reportJson(report))
            : reportLines(report, files.dryRun),
      );
      const notRegistered = notRegisteredCount(report);
      if (notRegistered) throw new RegistrationFailed(notRegistered);
    } finally {
      client?.close();
      for (const archive of archives) await archive.remove();
    }
  });

  addFlagOptions(
    program
      .command('run')
      .argument('<launch_plan>', 'name of the launch plan to run (e.g. wf.add_one_wf)')
      .option('--version <version>', 'launch plan version (default: the active version, else the newest)')
      .option(
        '--input <name=value>',
        'an input value (repeatable); JSON for non-string types',
        (value: string, previous: string[]) => [...previous, value],
        [] as string[],
      )
      .option('--inputs-file <file>', 'a JSON object of input values')
      .option('--name <name>', 'execution name (default: generated)')
      .option('--wait', 'follow the execution until it ends; exit 0 only when it SUCCEEDED')
      .description('launch an execution of a launch plan and print its console URL')
      .addHelpText(
        'after',
        '\nExamples:\n' +
          '  orch run wf.add_one_wf --input x=2 --wait\n' +
          '  orch run wf.add_one_wf --version v42 --inputs-file inputs.json -p default -d development\n',
      ),
    CLIENT_FLAGS,
  ).action(async (lpName: string, opts: Record<string, unknown>, command: Command) => {
    const config = loadCommandConfig(command, io);
    const scope = {
      project: config.project || DEFAULT_TARGET.project,
      domain: config.domain || DEFAULT_TARGET.domain,
    };
    let fromFile: Record<string, unknown> = {};
    if (typeof opts.inputsFile === 'string') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(opts.inputsFile, 'utf8'));
      } catch (error) {
        throw new ConfigError(`${opts.inputsFile}: ${(error as Error).message}`, '--inputs-file');
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new ConfigError(`${opts.inputsFile} must hold a JSON object`, '--inputs-file');
      fromFile = parsed as Record<string, unknown>;
    }
    const client = await platformClient(config, io);
    try {
      const lp = await launchPlanToRun(
        client,
        scope,
        lpName,
        typeof opts.version === 'string' ? opts.version : '',
      );
      const literals = await import('../api/literals.js');
      const inputs = parseRunInputs(literals, lp, (opts.input as string[]) ?? [], fromFile);
      const id = await client.createExecution({
        ...scope,
        name: typeof opts.name === 'string' ? opts.name : '',
        spec: { launch_plan: lp.id ?? undefined },
        inputs,
      });
      io.stdout.write(`${await client.consoleUrl(id)}\n`);
      if (!opts.wait) return;
      let shown = '';
      const last = await client.watchExecution(id, (event) => {
        const line = event.node_id
          ? `[${event.node_phase}] node ${event.node_id}`
          : `[${event.phase}] execution ${id.name}`;
        if (line !== shown) io.stdout.write(`${line}\n`);
        shown = line;
      });
      if (last.phase === 'SUCCEEDED') {
        for (const [name, literal] of Object.entries(last.outputs?.literals ?? {}))
          io.stdout.write(`${name}=${JSON.stringify(literals.literalToJson(literal))}\n`);
        return;
      }
      const error = last.error;
      throw new RunFailed(
        `execution ${id.name} ended ${last.phase}${error ? `: ${error.kind} ${error.code}: ${error.message}` : ''}`,
      );
    } finally {
      client.close();
    }
  });

  addManageCommands(program, io, platformClient);
  addAppCommands(program, io, platformClient);
  addSandboxCommands(program, io);
  addServeCommands(program, io);
  // Only the top level is positional: deeper commands keep taking their parents' options anywhere.
  const unposition = (command: Command) => {
    for (const sub of command.commands) {
      sub.enablePositionalOptions(false);
      unposition(sub);
    }
  };
  unposition(program);
  return program;
}

/** Runs `orch` with `argv` (without node and script); resolves to the exit code. */
export function runOrch(argv: readonly string[], io: CliIO): Promise<number> {
  return runProgram(createOrchProgram(io), argv, io, describeRuntimeError);
}
