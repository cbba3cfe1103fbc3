import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { parseExactJson, stringifyExactJson } from '../api/exact-json.js';
import { errorMessage } from '../api/guards.js';
import type { LaunchPlanOut } from '../api/types.js';
import type { AdminClient } from '../client/admin-client.js';
import { NotFoundError } from '../client/errors.js';
import { explainNotFound } from '../client/not-found.js';
import { addFlagOptions, type CliIO } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { targetOf } from '../config/target.js';
import { loadCommandConfig } from './load-config.js';
import { CLIENT_FLAGS, platformClient } from './platform-client.js';

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
 * @throws EntityNotFoundError when the name (or the given version of it) does not exist: `not found`
 *   with the closest existing names, or the version and the newest ones.
 */
async function launchPlanToRun(
  client: AdminClient,
  scope: { project: string; domain: string },
  name: string,
  version: string,
): Promise<LaunchPlanOut> {
  const missing = { kind: 'launch plan' as const, ...scope, name, ...(version ? { version } : {}) };
  if (version) {
    try {
      return await client.getLaunchPlan({ resource_type: 'LAUNCH_PLAN', ...scope, name, version });
    } catch (error) {
      if (error instanceof NotFoundError) throw await explainNotFound(client, missing, { cause: error });
      throw error;
    }
  }
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
  if (!newest) throw await explainNotFound(client, missing);
  return newest;
}

/**
 * The execution inputs of `--input name=value` pairs and `--inputs-file`, typed by the launch plan's
 * expected inputs: a string input takes the text as it is, any other type parses it as JSON (so
 * `x=2` is the integer 2, `xs=[1,2]` a list; integers keep every digit of their 64 bits); a value
 * that is not JSON stays text and is checked against the type.
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
    Object.entries(parameters).flatMap(([name, parameter]) =>
      parameter.var ? [[name, parameter.var] as const] : [],
    ),
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
        values[name] = parseExactJson(text);
      } catch {
        values[name] = text;
      }
    }
  }
  for (const name of Object.keys(values)) {
    if (!variables[name]) throw new ConfigError(`the launch plan has no input "${name}"`, '--inputs-file');
  }
  try {
    return literals.literalMapFromJson(values, { variables });
  } catch (error) {
    if (error instanceof literals.LiteralValueError) throw new ConfigError(error.message, '--input');
    throw error;
  }
}

/**
 * The values of `--inputs-file <file>`: a JSON object, or none without the flag.
 * @throws ConfigError naming `--inputs-file` when the file cannot be read or holds no JSON object.
 */
async function inputsFromFile(file: unknown): Promise<Record<string, unknown>> {
  if (typeof file !== 'string') return {};
  let parsed: unknown;
  try {
    parsed = parseExactJson(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${file}: ${errorMessage(error)}`, '--inputs-file');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConfigError(`${file} must hold a JSON object`, '--inputs-file');
  return Object.fromEntries(Object.entries(parsed));
}

/** The `--input` pairs commander collected (each a string). */
function inputPairs(option: unknown): string[] {
  return Array.isArray(option) ? option.filter((pair): pair is string => typeof pair === 'string') : [];
}

/**
 * `orch run <launch_plan>`: launches an execution of a launch plan and prints its console URL; with
 * `--wait` follows it, prints the outputs when it SUCCEEDED and fails (exit 1) otherwise.
 */
export function addRunCommand(program: Command, io: CliIO): void {
  const noInputs: string[] = [];
  addFlagOptions(
    program
      .command('run')
      .argument('<launch_plan>', 'name of the launch plan to run (e.g. wf.add_one_wf)')
      .option('--version <version>', 'launch plan version (default: the active version, else the newest)')
      .option(
        '--input <name=value>',
        'an input value (repeatable); JSON for non-string types',
        (value: string, previous: string[]) => [...previous, value],
        noInputs,
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
    const scope = targetOf(config);
    const fromFile = await inputsFromFile(opts.inputsFile);
    const client = await platformClient(config, io);
    try {
      const lp = await launchPlanToRun(
        client,
        scope,
        lpName,
        typeof opts.version === 'string' ? opts.version : '',
      );
      const literals = await import('../api/literals.js');
      const inputs = parseRunInputs(literals, lp, inputPairs(opts.input), fromFile);
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
          io.stdout.write(`${name}=${stringifyExactJson(literals.literalToJson(literal))}\n`);
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
}
