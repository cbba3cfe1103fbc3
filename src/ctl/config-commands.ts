import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Command, Option } from 'commander';
import { addFlagOptions, type CliIO, flagValues } from '../config/commander.js';
import { configReferenceMarkdown } from '../config/docs.js';
import { ConfigError } from '../config/errors.js';
import {
  type ConfigSources,
  coerceFlagValue,
  defaultConfigPath,
  defaultValue,
  loadConfigReport,
  loadYaml,
  valueAt,
} from '../config/load.js';
import { ALL_FLAGS, envName, findFlag } from '../config/registry.js';

/** A failure `config validate` has already explained; exit code 1. */
export class ValidationFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationFailed';
  }
}

const AUTH_TYPES = findFlag('admin.authType')?.choices ?? [];

function sourcesOf(command: Command, io: CliIO): ConfigSources {
  return { flags: flagValues(command), env: io.env, home: io.home };
}

/** `--file` values of `orchctl config`, or undefined to search for the config file (spec rule). */
function filesOf(command: Command): string[] | undefined {
  const files = command.optsWithGlobals<{ file?: string[] }>().file;
  return files?.length ? files : undefined;
}

/** Checks every flag given on the command line, so a malformed one is a usage error (exit 2). */
function checkGivenFlags(sources: ConfigSources): void {
  for (const [name, raw] of Object.entries(sources.flags)) {
    const flag = findFlag(name);
    if (flag && raw !== undefined) coerceFlagValue(flag, raw, `--${name}`);
  }
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * `orchctl config` and its subcommands: `init`, `validate`, `discover`, `docs`. `config` itself takes
 * `--file` (stringArray) and `--force` and inherits every registry flag (spec, "Control CLI commands").
 */
export function addConfigCommands(program: Command, io: CliIO): void {
  const config = addFlagOptions(
    program
      .command('config')
      .description('create, check and show the configuration')
      .addOption(
        new Option(
          '--file <stringArray>',
          'config file(s) to load; if empty, the config file path is searched',
        )
          .argParser((v: string, previous: string[] | undefined) => [...(previous ?? []), v])
          .helpGroup('Options:'),
      )
      .addOption(
        new Option('--force', 'overwrite the default config file without confirmation').helpGroup('Options:'),
      ),
  );

  config
    .command('init')
    .description(
      'write a config file for an admin endpoint, read by orchctl and orch alike (honours --config)',
    )
    .option('--host <host>', 'admin host:port; written as admin.endpoint dns:///<host>', 'localhost:8089')
    .option('--insecure', 'plaintext connection (admin.insecure); the default for localhost')
    .option('--console <url>', 'console endpoint (console.endpoint)')
    .option('--authType <type>', `admin.authType: ${AUTH_TYPES.join(', ')}`)
    .addHelpText('after', '\nExample:\n  orchctl config init --host admin.example.com:443 --authType Pkce\n')
    .action(
      async (
        opts: { host: string; insecure?: boolean; console?: string; authType?: string },
        command: Command,
      ) => {
        const sources = sourcesOf(command, io);
        const path =
          (typeof sources.flags.config === 'string' && sources.flags.config) ||
          io.env.ORCHCTL_CONFIG ||
          defaultConfigPath(io.home);
        const host = opts.host.replace(/^dns:\/\/\//, '');
        if (!/^[^\s/]+:\d+$/.test(host))
          throw new ConfigError(`expected host:port, got ${JSON.stringify(opts.host)}`, '--host');
        const admin: Record<string, unknown> = {
          endpoint: `dns:///${host}`,
          insecure: opts.insecure ?? /^(localhost|127\.0\.0\.1)(:|$)/.test(host),
        };
        const authFlag = findFlag('admin.authType');
        if (opts.authType && authFlag)
          admin.authType = coerceFlagValue(authFlag, opts.authType, '--authType');
        // orch reads its own section (orch.connection.*, orch.auth.type): both CLIs reach the admin.
        const orch: Record<string, unknown> = {
          connection: { host: admin.endpoint, insecure: admin.insecure },
          ...(admin.authType ? { auth: { type: admin.authType } } : {}),
        };
        const document: Record<string, unknown> = { admin, orch };
        if (opts.console) document.console = { endpoint: opts.console };

        const force = Boolean(command.optsWithGlobals<{ force?: boolean }>().force);
        if (existsSync(path) && !force) {
          const answer = await io.confirm?.(`${path} exists. Overwrite it? [y/N] `);
          if (answer === undefined) {
            throw new ConfigError(
              `${path} exists and there is no terminal or input to ask; pass --force to overwrite it ` +
                '(or pipe the answer: echo y | orchctl config init ...)',
              'orchctl config init',
            );
          }
          if (!answer) throw new ValidationFailed(`config init cancelled; ${path} left unchanged`);
        }
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, loadYaml().stringify(document), { mode: 0o600 });
        io.stdout.write(`Wrote ${path}\n`);
      },
    );

  config
    .command('validate')
    .description('check config files: types, durations, sizes, choices (and unknown keys with --strict)')
    .option('--strict', 'treat unknown keys as errors')
    .action((opts: { strict?: boolean }, command: Command) => {
      const sources = sourcesOf(command, io);
      checkGivenFlags(sources);
      const files = filesOf(command);
      let report: ReturnType<typeof loadConfigReport>;
      try {
        report = loadConfigReport(sources, { files, strict: opts.strict });
      } catch (error) {
        if (error instanceof ConfigError)
          throw new ValidationFailed(`configuration is invalid: ${error.message}`);
        throw error;
      }
      io.stdout.write(
        report.files.length
          ? `Loaded ${report.files.join(', ')}\n`
          : 'No config file found; using defaults\n',
      );
      for (const warning of report.warnings)
        io.stderr.write(`warning: ${warning.source}: ${warning.message}\n`);
      io.stdout.write('Configuration is valid\n');
    });

  config
    .command('discover')
    .description('show the config files that would be loaded and every value that differs from its default')
    .action((_opts: unknown, command: Command) => {
      const sources = sourcesOf(command, io);
      const report = loadConfigReport(sources, { files: filesOf(command) });
      io.stdout.write(
        report.files.length ? `Config files: ${report.files.join(', ')}\n` : 'Config files: none found\n',
      );
      for (const warning of report.warnings)
        io.stderr.write(`warning: ${warning.source}: ${warning.message}\n`);
      const changed = ALL_FLAGS.filter(
        (flag) => show(valueAt(report.config, flag.name)) !== show(defaultValue(flag)),
      );
      if (!changed.length) {
        io.stdout.write('Every value is its default\n');
        return;
      }
      io.stdout.write('Values that differ from their defaults:\n');
      for (const flag of changed) {
        const from =
          sources.flags[flag.name] !== undefined
            ? 'flag'
            : io.env[envName(flag)] !== undefined
              ? 'environment'
              : 'file';
        const value = flag.secret ? '[redacted]' : show(valueAt(report.config, flag.name));
        io.stdout.write(`  ${flag.name}: ${value} (${from})\n`);
      }
    });

  config
    .command('docs')
    .description('print the configuration reference (Markdown) generated from the flag registry')
    .action(() => {
      io.stdout.write(configReferenceMarkdown());
    });
}
