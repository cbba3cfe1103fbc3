import type { Command } from 'commander';
import { type CliIO, flagValues } from '../config/commander.js';
import { type Config, loadConfigReport } from '../config/load.js';

/**
 * The configuration of an `orch` command: its flags, `ORCHCTL_*` variables and config file over the
 * registry's defaults (and the command's own `defaults`). Warnings (a deprecated flag used, an
 * unknown key in the file) are printed on stderr as `warning: <where>: <what>`, once.
 * @throws ConfigError naming the flag, variable or file of a value that does not parse.
 */
export function loadCommandConfig(command: Command, io: CliIO, defaults?: Record<string, string>): Config {
  const report = loadConfigReport({ flags: flagValues(command), env: io.env, home: io.home, defaults });
  for (const warning of report.warnings) io.stderr.write(`warning: ${warning.source}: ${warning.message}\n`);
  return report.config;
}
