import { Option } from 'commander';
import { ConfigError } from '../config/errors.js';
import { FieldSelectorError, fieldSelectorToFilters } from './field-selector.js';

/**
 * The command-local options of `orchctl get <resource>` (control CLI reference, section 2b, without its
 * faults): selection (`--version`, `--latest`) and listing (`--filter.*`, `--all`). Light to import:
 * `--help` loads this module.
 */

/** Default of `--filter.limit`: page size of a list. */
export const DEFAULT_LIMIT = 100;
/** Default of `--filter.sortBy`. */
export const DEFAULT_SORT_KEY = 'created_at';

/** How a list is fetched: filters, order and which page(s). */
export interface ListOptions {
  /** The admin's filter expression (`eq(name,x)+...`), empty for none. */
  filters: string;
  /** Page size, 1 or more. */
  limit: number;
  /** Sort key. */
  sortBy: string;
  /** Whether `--filter.sortBy` was given (projects sort on the client only when it was). */
  sortGiven: boolean;
  /** Ascending order; descending (newest first with the default key) when false. */
  asc: boolean;
  /** Page number, 1 or more; page N follows the admin's opaque page token N-1 times. */
  page: number;
  /** Follow page tokens to the end and print every item. */
  all: boolean;
}

/** Which versions `get task|workflow|launchplan <name>` selects. */
export interface VersionSelection {
  /** A direct Get of this version. */
  version?: string;
  /** The newest version by created_at. */
  latest: boolean;
}

/**
 * Adds `--filter.fieldSelector`, `--filter.limit`, `--filter.sortBy`, `--filter.asc`, `--filter.page`
 * and `--all` to a get subcommand, and with `versions` also `--version` and `--latest`.
 */
export function addGetOptions<C extends { addOption(option: Option): C }>(command: C, versions: boolean): C {
  const add = (flags: string, help: string) => {
    const option = new Option(flags, help).helpGroup('Get options:');
    option.attributeName = () => (flags.split(/[ ,]+/).find((f) => f.startsWith('--')) ?? '').slice(2);
    command.addOption(option);
  };
  if (versions) {
    add('--version <string>', 'get this version (needs a name)');
    add(
      '--latest',
      'get the newest version by created_at (needs a name; honours --filter.fieldSelector, ignores the other --filter.* flags)',
    );
  }
  add(
    '--filter.fieldSelector <string>',
    'comma-joined terms: k=v, k!=v, k>v, k>=v, k<v, k<=v, "k contains v", "k in (a;b)"; escape , = \\ in values with \\',
  );
  add('--filter.limit <int>', `page size (default: ${DEFAULT_LIMIT})`);
  add('--filter.sortBy <string>', `sort key (default: ${DEFAULT_SORT_KEY})`);
  add('--filter.asc', 'ascending order (default: false, newest first)');
  add('--filter.page <int>', 'page number (default: 1)');
  add('--all', 'fetch every page');
  return command;
}

function positiveInt(value: unknown, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new ConfigError(`expected a whole number of 1 or more, got ${JSON.stringify(value)}`, flag);
  }
  return Number(text);
}

/**
 * Reads the list options a get subcommand was given (commander's option values, keyed by long name).
 * @throws ConfigError (a usage error, exit 2) for a malformed field selector (naming the term), a
 * limit or page that is not a whole number of 1 or more, an empty sort key, or `--all` with `--filter.page`.
 */
export function listOptionsOf(opts: Record<string, unknown>): ListOptions {
  let filters = '';
  const selector = opts['filter.fieldSelector'];
  if (typeof selector === 'string') {
    try {
      filters = fieldSelectorToFilters(selector);
    } catch (error) {
      if (error instanceof FieldSelectorError) {
        throw new ConfigError(error.message, '--filter.fieldSelector', { cause: error });
      }
      throw error;
    }
  }
  const sortGiven = typeof opts['filter.sortBy'] === 'string';
  const sortBy = sortGiven ? String(opts['filter.sortBy']).trim() : DEFAULT_SORT_KEY;
  if (!sortBy) throw new ConfigError('expected a field name', '--filter.sortBy');
  const page = positiveInt(opts['filter.page'], '--filter.page', 1);
  const all = opts.all === true;
  if (all && page > 1) {
    throw new ConfigError('--all fetches every page; leave out --filter.page', '--all');
  }
  return {
    filters,
    limit: positiveInt(opts['filter.limit'], '--filter.limit', DEFAULT_LIMIT),
    sortBy,
    sortGiven,
    asc: opts['filter.asc'] === true,
    page,
    all,
  };
}

/**
 * Reads `--version` and `--latest`.
 * @throws ConfigError when both are given, or when either is given without a name.
 */
export function versionSelectionOf(
  opts: Record<string, unknown>,
  name: string | undefined,
): VersionSelection {
  const version = typeof opts.version === 'string' ? opts.version.trim() : undefined;
  const latest = opts.latest === true;
  if (opts.version !== undefined && !version) throw new ConfigError('expected a version', '--version');
  if (version && latest) throw new ConfigError('give either --version or --latest, not both', '--latest');
  if ((version || latest) && !name) {
    throw new ConfigError(
      'needs a name, e.g. orchctl get task <name> --latest',
      version ? '--version' : '--latest',
    );
  }
  return { version, latest };
}
