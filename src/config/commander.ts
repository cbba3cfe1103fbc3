import { type Command, CommanderError, type HelpContext, Option } from 'commander';
import { ConfigError } from './errors.js';
import type { RawValue } from './load.js';
import { ALL_FLAGS, type FlagSpec, findFlag } from './registry.js';

/** Where a command tree writes and what it may know of its surroundings; the bin entry builds it. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** The process environment (read here, at the edge, and passed inward as configuration). */
  env: Record<string, string | undefined>;
  /** The user's home directory. */
  home: string;
  /** Settles when the user interrupts (SIGINT/SIGTERM); long-running commands stop then. */
  interrupted: Promise<string>;
  /**
   * Asks a yes/no question: on the terminal, or by reading the first line of piped standard input
   * (`echo y | orchctl config init`). Resolves with undefined when there is no answer to read (no
   * terminal and nothing on standard input); absent where nothing can be asked.
   */
  confirm?: (question: string) => Promise<boolean | undefined>;
  /** Reads standard input to its end (for `--value-file -`). */
  readStdin?: () => Promise<Buffer>;
  /**
   * Asks for a secret on the terminal without echoing it; absent when standard input is not a
   * terminal. Resolves with the line typed (without its newline).
   */
  promptSecret?: (question: string) => Promise<string>;
}

/** What a command tree turns an error into: the text the user sees, an optional hint, the exit code. */
export interface DescribedError {
  message: string;
  hint?: string;
  exitCode: number;
}

/** A boolean flag's value after `=`: `true`, `false`, `t`, `f`, `1`, `0` in any case, as the reference tools take them. */
function parseBool(value: string | undefined, name: string): boolean {
  if (value === undefined) return true;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 't' || lower === '1') return true;
  if (lower === 'false' || lower === 'f' || lower === '0') return false;
  throw new ConfigError(`expected true or false, got ${JSON.stringify(value)}`, `--${name}`);
}

/** `--<name>` of every boolean registry flag. */
const BOOL_FLAG_ARGS = new Set(
  ALL_FLAGS.filter((flag) => flag.type === 'bool').map((flag) => `--${flag.name}`),
);

/** Registry flags by their command-line forms (`--project`, `-p`). */
const FLAG_BY_ARG = new Map<string, FlagSpec>(
  ALL_FLAGS.flatMap((flag) => [
    [`--${flag.name}`, flag] as const,
    ...(flag.short ? [[`-${flag.short}`, flag] as const] : []),
  ]),
);

/**
 * The command line as cobra users write it, made fit for commander (spec, "Flags": inherited flags
 * go before or after the command name): registry flags given before the first command word
 * (`orchctl -o json get project`, `orch --orch.connection.host h register f`) are moved after the
 * command (before a `--`), where the command that takes them sees them; and a short flag with `=`
 * (`-p=default`) becomes the flag and its value (`default`, not `=default`). Anything else before the
 * command (`--help`, `--version`, an unknown flag) leaves the order as it is. Nothing after `--` is
 * touched.
 */
export function hoistLeadingFlags(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  const head = (end < 0 ? argv : argv.slice(0, end)).flatMap((arg) => {
    const short = /^(-[A-Za-z])=(.*)$/s.exec(arg);
    return short && FLAG_BY_ARG.has(short[1] ?? '') ? [short[1] ?? '', short[2] ?? ''] : [arg];
  });
  const tail = end < 0 ? [] : argv.slice(end);
  const leading: string[] = [];
  let i = 0;
  while (i < head.length && head[i]?.startsWith('-')) {
    const arg = head[i] ?? '';
    const flag = FLAG_BY_ARG.get(arg.split('=')[0] ?? '');
    if (!flag) return [...head, ...tail];
    const takesNext = !arg.includes('=') && flag.type !== 'bool';
    leading.push(...head.slice(i, i + (takesNext ? 2 : 1)));
    i += takesNext ? 2 : 1;
  }
  if (!leading.length || i >= head.length) return [...head, ...tail];
  return [...head.slice(i), ...leading, ...tail];
}

/**
 * The command line with every bare boolean registry flag made `--flag=true`, so that the flag never
 * takes the next word as its value (`--files.dryRun wf.yaml` registers wf.yaml in dry-run mode, it
 * does not fail on "expected true or false"); a value is only ever given after `=`. Nothing after
 * `--` is touched.
 */
export function attachBoolValues(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((arg, i) => ((end < 0 || i < end) && BOOL_FLAG_ARGS.has(arg) ? `${arg}=true` : arg));
}

/** The help text of a flag: its usage, its choices, and a plain note when it has no effect (yet). */
export function flagHelp(flag: FlagSpec): string {
  let text = flag.usage || flag.name;
  if (flag.choices) text += ` (one of ${flag.choices.join(', ')})`;
  if (flag.runtime) text += ` [accepted and validated; takes effect with ${flag.runtime}, not built yet]`;
  if (flag.noEffect) text += ` [accepted and validated; has no effect: ${flag.noEffect}]`;
  return text;
}

/**
 * The default `--help` shows for a flag: the registry's, or for a flag whose spec default is a
 * description (`<home>/.<ctl>/config.yaml`, `dns:///<tenant_host>`) the program's real one, or none.
 * `~` stands for the user's home; {@link runProgram} shows the path.
 */
export function flagDefault(flag: FlagSpec): string | undefined {
  return flag.placeholder ? flag.helpDefault : flag.default;
}

/** The value placeholder `--help` shows for a type (`<string>`, `<int>`, ... ; `[bool]` for booleans). */
export function flagArgument(flag: Pick<FlagSpec, 'type'>): string {
  return flag.type === 'bool' ? '[bool]' : `<${flag.type}>`;
}

const collect = (value: string, previous: unknown) => [...(Array.isArray(previous) ? previous : []), value];

/**
 * Adds registry flags to a command as options, grouped in `--help` by the spec's sections:
 * `-p, --project <string>`; `--admin.insecure [bool]` (alone it means true and never takes the next
 * word, see {@link attachBoolValues}; `--admin.insecure=false` turns it off); list and map flags may repeat. Help shows each flag's type and its default as the spec
 * gives it; the parser sets no defaults itself, so environment, file and registry defaults apply in
 * `loadConfig` (DESIGN.md, "Configuration").
 * @param names dotted flag names; all registry flags when omitted.
 * @throws Error when a name is not in the registry (a programming error).
 */
export function addFlagOptions(command: Command, names?: readonly string[]): Command {
  const flags = names ? names.map((n) => findFlag(n) ?? fail(n)) : ALL_FLAGS;
  for (const flag of flags) {
    const long = `--${flag.name}`;
    const head = flag.short ? `-${flag.short}, ${long}` : long;
    const help =
      flagDefault(flag) === undefined ? flagHelp(flag) : `${flagHelp(flag)} (default: ${flagDefault(flag)})`;
    const option = new Option(`${head} ${flagArgument(flag)}`, help).helpGroup(`${flag.section} flags:`);
    // Keep the dotted name as the value's key: commander would camel-case `logger.show-source` and
    // cannot name `orch.internalConnectionConfig.-` at all.
    option.attributeName = () => flag.name;
    if (flag.type === 'bool') option.argParser((v: string | undefined) => parseBool(v, flag.name));
    else if (flag.type === 'strings' || flag.type === 'stringArray' || flag.type === 'stringToString') {
      option.argParser(collect);
    }
    command.addOption(option);
  }
  return command;
}

function fail(name: string): never {
  throw new Error(`flag ${name} is not in the registry`);
}

/** The registry flags a command was given, keyed by dotted name (input of `loadConfig`). */
export function flagValues(command: Command): Record<string, RawValue> {
  // The registry flags' parsers (see addFlagOptions) give strings, booleans and string lists.
  const values = command.optsWithGlobals<Record<string, RawValue>>();
  const out: Record<string, RawValue> = {};
  for (const flag of ALL_FLAGS) {
    const value = values[flag.name];
    if (value !== undefined) out[flag.name] = value;
  }
  return out;
}

/**
 * Runs a commander program and returns the process exit code: 0 success, 1 runtime failure,
 * 2 usage error (unknown flag, bad value, bad configuration) (DESIGN.md, "Errors and exits").
 * Every error is printed once, on stderr, with its hint on the next line.
 * @param describe turns a runtime error into what the user sees.
 */
export async function runProgram(
  program: Command,
  argv: readonly string[],
  io: CliIO,
  describe: (error: unknown) => DescribedError,
): Promise<number> {
  const configure = (command: Command) => {
    command.exitOverride();
    command.configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Every error starts `Error:`, commander's own (unknown option, missing argument) too.
      outputError: (text, write) => write(text.replace(/^error: /, 'Error: ')),
    });
    // The home in defaults such as `~/.orchctl/config.yaml`, as the user's real path.
    for (const option of command.options) {
      if (option.description.includes('(default: ~/') && io.home) {
        option.description = option.description.replace('(default: ~/', `(default: ${io.home}/`);
      }
    }
    if (command.commands.length > 0) {
      // A command of subcommands given none (`orchctl get`, `orchctl config`) prints its help on
      // stdout and exits 0, as cobra does; commander would print it on stderr and exit 1.
      const help = command.help.bind(command);
      command.help = (context?: HelpContext | ((text: string) => string)) =>
        typeof context === 'function' ? help(context) : help(context?.error ? { error: false } : context);
    }
    for (const sub of command.commands) configure(sub);
  };
  configure(program);
  try {
    await program.parseAsync(attachBoolValues(hoistLeadingFlags(argv)), { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      return error.exitCode === 0 ? 0 : 2;
    }
    const described: DescribedError =
      error instanceof ConfigError ? { message: error.message, exitCode: 2 } : describe(error);
    io.stderr.write(`Error: ${described.message}\n`);
    if (described.hint) io.stderr.write(`${described.hint}\n`);
    return described.exitCode;
  }
}
