import type { Command } from 'commander';
import { toMappedJson } from '../api/json.js';
import type { ProjectOut } from '../api/types.js';
import type { AdminClient } from '../client/admin-client.js';
import { AlreadyExistsError, NotFoundError } from '../client/errors.js';
import { addFlagOptions, type CliIO, flagValues } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { outputOf } from './output.js';
import { CLIENT_FLAGS } from './platform-client.js';
import type { WithClient } from './with-client.js';

/**
 * `orch create project` and `orch update project` (after flytectl's commands of the same names: `--id`,
 * `--name`, `--description`, `--labels key=value`; `--archive` / `--activate`), through the admin's
 * RegisterProject, GetProject and UpdateProject.
 */

/** A repeatable option's values (commander collects each `--labels` into the list). */
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/**
 * Labels from `--labels` values, each `key=value` or several comma-joined (`a=1,b=2`), split on the
 * first `=` of each pair (flytectl's `stringToString` form).
 * @throws ConfigError naming `--labels` for a pair without `=`, an empty key, or a key given twice.
 */
export function parseLabels(values: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of values.flatMap((value) => value.split(','))) {
    const at = pair.indexOf('=');
    if (at < 0) throw new ConfigError(`"${pair}" is not key=value (e.g. --labels team=data)`, '--labels');
    const key = pair.slice(0, at).trim();
    if (!key) throw new ConfigError(`"${pair}" has an empty key; write key=value`, '--labels');
    if (Object.hasOwn(labels, key)) throw new ConfigError(`label "${key}" is given twice`, '--labels');
    labels[key] = pair.slice(at + 1).trim();
  }
  return labels;
}

/**
 * The project id: `--id`, or (for `update project`, as flytectl) `-p/--project` given on the command
 * line; never the config file's default project, which would act on a project nobody named.
 * @throws ConfigError when neither or two different ids are given.
 */
function projectId(opts: Record<string, unknown>, command: Command, verb: 'create' | 'update'): string {
  const id = typeof opts.id === 'string' ? opts.id.trim() : '';
  const flag = verb === 'update' ? flagValues(command).project : undefined;
  const project = typeof flag === 'string' ? flag.trim() : '';
  if (id && project && id !== project) {
    throw new ConfigError(`--id ${id} and -p ${project} name different projects; give one`, '--id');
  }
  const chosen = id || project;
  if (!chosen) {
    throw new ConfigError(
      `the project id is required: \`orch ${verb} project --id <id>\` (lowercase letters, digits and dashes)`,
      '--id',
    );
  }
  return chosen;
}

/** Prints a project as JSON (`-o json`) or the `line` saying what was done. */
function report(io: CliIO, output: 'table' | 'json', project: ProjectOut, line: string): void {
  if (output === 'json')
    io.stdout.write(`${JSON.stringify(toMappedJson('orch.admin.v1.Project', project), null, 2)}\n`);
  else io.stdout.write(`${line}\n`);
}

/** The project `id`; a NotFoundError becomes one that says how to create it. */
async function existingProject(client: AdminClient, id: string): Promise<ProjectOut> {
  try {
    return await client.getProject(id);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new NotFoundError(`project ${id} does not exist`, error.code, error.rpc, {
      cause: error,
      hint: `Create it with: orch create project --id ${id}`,
    });
  }
}

/** `orch create project --id <id> [--name] [--description] [--labels k=v]...`. */
function addCreateProjectCommand(create: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    create
      .command('project')
      .option(
        '--id <id>',
        'project id (required): lowercase letters, digits and dashes, starting with a letter',
      )
      .option('--name <name>', 'display name, at most 64 characters (default: the id)')
      .option('--description <text>', 'description, at most 300 characters')
      .option(
        '--labels <key=value>',
        'a label (repeatable, or comma-joined: a=1,b=2); at most 64, keys and values at most 63 characters',
        collect,
      )
      .description('create a project (active, with every domain)')
      .addHelpText(
        'after',
        '\nExamples:\n' +
          '  orch create project --id data-team --name "Data team" --description "nightly loads" --labels team=data\n' +
          '  orch create project --id scratch -o json\n',
      ),
    [...CLIENT_FLAGS, 'output'],
  ).action(async (opts: Record<string, unknown>, command: Command) => {
    const id = projectId(opts, command, 'create');
    const labels = parseLabels(Array.isArray(opts.labels) ? opts.labels.map(String) : []);
    await withClient(command, async (client, config) => {
      const output = outputOf(config);
      try {
        await client.registerProject({
          id,
          name: typeof opts.name === 'string' ? opts.name : '',
          description: typeof opts.description === 'string' ? opts.description : '',
          labels,
        });
      } catch (error) {
        if (!(error instanceof AlreadyExistsError)) throw error;
        throw new AlreadyExistsError(`project ${id} already exists`, error.code, error.rpc, {
          cause: error,
          hint: `See it with: orchctl get project ${id}; archive or activate it with: orch update project --id ${id} --archive|--activate`,
        });
      }
      report(io, output, await client.getProject(id), `Created project ${id}`);
    });
  });
}

/** `orch update project --id <id> --archive|--activate`. */
function addUpdateProjectCommand(update: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    update
      .command('project')
      .option('--id <id>', 'project id (or -p <id>)')
      .option(
        '--archive',
        'mark the project ARCHIVED (the STATE of `orchctl get project`); its entities and executions stay',
      )
      .option('--activate', 'mark the project ACTIVE again')
      .description('archive or activate a project (its name, description and labels are kept)')
      .addHelpText(
        'after',
        '\nExamples:\n  orch update project --id data-team --archive\n  orch update project -p data-team --activate\n',
      ),
    [...CLIENT_FLAGS, 'output'],
  ).action(async (opts: Record<string, unknown>, command: Command) => {
    const id = projectId(opts, command, 'update');
    if (opts.archive === true && opts.activate === true) {
      throw new ConfigError('give either --archive or --activate, not both', '--archive');
    }
    if (opts.archive !== true && opts.activate !== true) {
      throw new ConfigError('say what to do: --archive or --activate', '--archive');
    }
    const state = opts.archive === true ? 'ARCHIVED' : 'ACTIVE';
    const done = state === 'ARCHIVED' ? 'archived' : 'activated';
    await withClient(command, async (client, config) => {
      const output = outputOf(config);
      const current = await existingProject(client, id);
      if (current.state === state) {
        report(
          io,
          output,
          current,
          `Project ${id} is already ${state === 'ARCHIVED' ? 'archived' : 'active'}; nothing changed`,
        );
        return;
      }
      // UpdateProject replaces name, description and labels too: send the current ones.
      await client.updateProject({
        id,
        name: current.name,
        description: current.description,
        labels: current.labels,
        state,
      });
      report(io, output, await client.getProject(id), `Project ${id} ${done}`);
    });
  });
}

/** Adds `project` under `orch create` and `orch update`. */
export function addProjectCommands(
  create: Command,
  update: Command,
  io: CliIO,
  withClient: WithClient,
): void {
  addCreateProjectCommand(create, io, withClient);
  addUpdateProjectCommand(update, io, withClient);
}
