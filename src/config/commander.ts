import { type Command, CommanderError, Option } from 'commander';
import { ConfigError } from './errors.js';
import type { RawValue } from './load.js';
import { FLAGS, findFlag } from './registry.js';

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
}

/** What a command tree turns an error into: the text the user sees, an optional hint, the exit code. */
export interface DescribedError {
  message: string;
  hint?: string;
  exitCode: number;
}

function parseBool(value: string | undefined, name: string): boolean {
  if (value === undefined || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`expected true or false, got ${JSON.stringify(value)}`, `--${name}`);
}

/**
 * Adds registry flags to a command as options: `-p, --project <string>`, `--admin.insecure [bool]`
 * (given alone it means true; `--admin.insecure=false` turns it off). The help text and default come
 * from the registry (DESIGN.md, "Configuration"), so `--help` cannot drift from the flag reference.
 * @param names dotted flag names; all registry flags when omitted.
 * @throws Error when a name is not in the registry (a programming error).
 */
export function addFlagOptions(command: Command, names?: readonly string[]): Command {
  const flags = names ? names.map((n) => findFlag(n) ?? fail(n)) : FLAGS;
  for (const flag of flags) {
    const long = `--${flag.name}`;
    const head = flag.short ? `-${flag.short}, ${long}` : long;
    const option =
      flag.type === 'bool'
        ? new Option(`${head} [bool]`, flag.usage).argParser((v: string | undefined) =>
            parseBool(v, flag.name),
          )
        : new Option(`${head} <${flag.type}>`, flag.usage);
    if (flag.default !== undefined && flag.type !== 'bool') {
      option.default(undefined, Array.isArray(flag.default) ? flag.default.join(',') : String(flag.default));
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
  const values = command.optsWithGlobals() as Record<string, RawValue>;
  const out: Record<string, RawValue> = {};
  for (const flag of FLAGS) {
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
    });
    for (const sub of command.commands) configure(sub);
  };
  configure(program);
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
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
