import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';

/**
 * The output of an `orch` command that prints a table (or a line) or JSON: `-o table` (the default)
 * or `-o json`, in any case.
 * @throws ConfigError naming `-o, --output` for YAML, DOT or DOTURL, which only `orchctl get` prints.
 */
export function outputOf(config: Config): 'table' | 'json' {
  const output = config.output.toLowerCase();
  if (output !== 'table' && output !== 'json') {
    throw new ConfigError(`"${config.output}" is not an output here; use TABLE or JSON`, '-o, --output');
  }
  return output;
}
