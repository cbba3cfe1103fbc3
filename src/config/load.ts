import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DurationSyntaxError, parseDuration } from '../api/duration.js';
import { childRecord, errorMessage, isRecord } from '../api/guards.js';
import { ConfigError } from './errors.js';
import { parseQuantity, QuantitySyntaxError } from './quantity.js';
import { ALL_FLAGS, envName, type FlagSpec, findFlag, nearestFlag } from './registry.js';
import type { Config, FlagValue } from './types.js';

/**
 * The `yaml` package, loaded on first use: it is a tenth of a short command's start-up, and only config
 * files and YAML output need it.
 */
export function loadYaml(): typeof import('yaml') {
  // require() is untyped: the declared type names the module it loads.
  const yaml: typeof import('yaml') = createRequire(import.meta.url)('yaml');
  return yaml;
}

export type { Config } from './types.js';

/** A raw flag value as the argument parser hands it over. */
export type RawValue = string | boolean | string[] | undefined;

/** Everything configuration is built from; the edge (a bin entry) gathers it. */
export interface ConfigSources {
  /** Values given on the command line, keyed by dotted flag name. */
  flags: Record<string, RawValue>;
  /** The process environment. */
  env: Record<string, string | undefined>;
  /** The user's home directory, for `~/.orchctl/config.yaml`. */
  home?: string;
  /**
   * Defaults of this command in place of the registry's, keyed by dotted flag name (the sandbox lets
   * loopback callers in by default). They rank lowest: a flag, a variable or a config file overrides them.
   */
  defaults?: Record<string, RawValue>;
}

/** One problem or warning, with where it came from (`file:line:column`, `--flag`, `ORCHCTL_...`). */
export interface ConfigProblem {
  source: string;
  message: string;
}

/** What {@link loadConfigReport} found. */
export interface ConfigReport {
  config: Config;
  /** The config files read, in order (later ones override earlier ones). */
  files: string[];
  /** Unknown keys in config files, each naming the nearest known key. */
  warnings: ConfigProblem[];
}

/** Options of {@link loadConfigReport}. */
export interface LoadOptions {
  /** Config files to load instead of the discovered one (`orchctl config --file`). */
  files?: readonly string[];
  /** Report unknown keys as errors rather than warnings. */
  strict?: boolean;
  /** Collect every problem into one ConfigError instead of stopping at the first. @default true */
  collect?: boolean;
}

/**
 * Converts one raw value (from a flag, a variable, a file or the registry default) to the flag's type.
 * @throws ConfigError naming `source`: bool not true/false, int not a whole number (int32 range
 * checked), malformed duration or quantity, value not among the flag's choices.
 */
export function coerceFlagValue(flag: FlagSpec, raw: unknown, source: string): FlagValue {
  const bad = (what: string) => new ConfigError(`expected ${what}, got ${JSON.stringify(raw)}`, source);
  switch (flag.type) {
    case 'bool': {
      if (typeof raw === 'boolean') return raw;
      const text = String(raw).toLowerCase();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0' || text === '') return false;
      throw bad('true or false');
    }
    case 'int':
    case 'int32': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (!/^-?\d+$/.test(text)) throw bad('a whole number');
      const value = Number(text);
      if (!Number.isSafeInteger(value)) throw bad('a whole number within range');
      if (flag.type === 'int32' && (value < -(2 ** 31) || value >= 2 ** 31))
        throw bad('a 32-bit whole number');
      return value;
    }
    case 'strings':
    case 'stringArray': {
      const listType = flag.type;
      if (Array.isArray(raw)) return Object.freeze(raw.flatMap((v) => listItems(String(v), listType)));
      if (typeof raw === 'object' && raw !== null) throw bad('a list of strings');
      return Object.freeze(listItems(String(raw), listType));
    }
    case 'stringToString': {
      if (isRecord(raw)) {
        const entries = Object.entries(raw);
        if (entries.some(([, v]) => v !== null && typeof v === 'object')) throw bad('a map of strings');
        return Object.freeze(Object.fromEntries(entries.map(([k, v]) => [k, String(v ?? '')])));
      }
      const items = Array.isArray(raw) ? raw.map(String) : listItems(String(raw), 'strings');
      const map: Record<string, string> = {};
      for (const item of items) {
        const at = item.indexOf('=');
        if (at <= 0) throw new ConfigError(`expected key=value pairs, got ${JSON.stringify(item)}`, source);
        map[item.slice(0, at)] = item.slice(at + 1);
      }
      return Object.freeze(map);
    }
    default: {
      if (raw !== null && typeof raw === 'object') throw bad('a string');
      const text = String(raw);
      if (flag.format === 'duration') {
        try {
          parseDuration(text);
        } catch (error) {
          if (error instanceof DurationSyntaxError) throw bad('a duration such as 15s, 5m0s or 1h0m0s');
          throw error;
        }
      }
      if (flag.format === 'quantity') {
        try {
          parseQuantity(text);
        } catch (error) {
          if (error instanceof QuantitySyntaxError) throw bad('a size such as 6Mi or 512Ki');
          throw error;
        }
      }
      if (flag.choices) {
        const choice = flag.choices.find((c) => c.toLowerCase() === text.toLowerCase());
        if (!choice) throw bad(`one of ${flag.choices.join(', ')}`);
        return choice;
      }
      return text;
    }
  }
}

/** `a,b` or `[a,b]` as items; a stringArray keeps commas inside items. */
function listItems(text: string, type: 'strings' | 'stringArray'): string[] {
  const inner = text.trim().replace(/^\[(.*)\]$/s, '$1');
  if (!inner.trim()) return [];
  if (type === 'stringArray' && !/^\[.*\]$/s.test(text.trim())) return [text];
  return inner
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The effective default of a flag: its registry default coerced, unset for placeholders. */
export function defaultValue(flag: FlagSpec): FlagValue {
  if (flag.type === 'bool') return flag.default === 'true';
  if (flag.type === 'strings' || flag.type === 'stringArray') {
    return flag.default && !flag.placeholder
      ? coerceFlagValue(flag, flag.default, 'default')
      : Object.freeze([]);
  }
  if (flag.type === 'stringToString') return Object.freeze({});
  if (flag.default === undefined || flag.placeholder) return undefined;
  return coerceFlagValue(flag, flag.default, `default of --${flag.name}`);
}

/**
 * Finds the config file: `--config`, else `$ORCHCTL_CONFIG`, else `~/.orchctl/config.yaml` when it
 * exists (DESIGN.md, "Configuration").
 * @throws ConfigError when `--config` or `$ORCHCTL_CONFIG` names a file that does not exist.
 */
export function resolveConfigFile(sources: ConfigSources): string | undefined {
  const explicit = sources.flags.config;
  if (typeof explicit === 'string' && explicit) {
    if (!existsSync(explicit)) throw new ConfigError(`config file ${explicit} does not exist`, '--config');
    return explicit;
  }
  const fromEnv = sources.env.ORCHCTL_CONFIG;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new ConfigError(`config file ${fromEnv} does not exist`, 'ORCHCTL_CONFIG');
    return fromEnv;
  }
  const fallback = defaultConfigPath(sources.home);
  return existsSync(fallback) ? fallback : undefined;
}

/** `~/.orchctl/config.yaml` under `home`. */
export function defaultConfigPath(home?: string): string {
  return join(home ?? homedir(), '.orchctl', 'config.yaml');
}

interface FileValue {
  value: unknown;
  where: string;
}

/**
 * Reads a config file's values by flag name, with `file:line:column` of each; unknown keys become
 * warnings naming the nearest known key.
 * @throws ConfigError when the file cannot be read or is not YAML.
 */
export function readConfigFile(path: string): { values: Map<string, FileValue>; warnings: ConfigProblem[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read config file: ${errorMessage(error)}`, path);
  }
  const { isMap, isNode, isScalar, LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const where = (node: unknown) => {
    const { line, col } = lineCounter.linePos((isNode(node) ? node.range?.[0] : undefined) ?? 0);
    return `${path}:${line}:${col}`;
  };
  if (doc.errors.length) {
    const first = doc.errors[0];
    const { line, col } = lineCounter.linePos(first?.pos[0] ?? 0);
    throw new ConfigError(first?.message.split('\n')[0] ?? 'invalid YAML', `${path}:${line}:${col}`);
  }
  const values = new Map<string, FileValue>();
  const warnings: ConfigProblem[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (!isMap(node)) {
      if (prefix || (node && !(isScalar(node) && node.value === null))) {
        warnings.push({
          source: where(node),
          message: `${prefix || 'the document'} should be a mapping`,
        });
      }
      return;
    }
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const name = prefix ? `${prefix}.${key}` : key;
      const valueNode = isNode(pair.value) ? pair.value : null;
      if (findFlag(name)) {
        values.set(name, {
          value: valueNode ? valueNode.toJSON() : null,
          where: where(valueNode ?? pair.key),
        });
      } else if (ALL_FLAGS.some((f) => f.name.startsWith(`${name}.`))) {
        walk(valueNode, name);
      } else {
        const near = nearestFlag(name);
        warnings.push({
          source: where(pair.key),
          message: `unknown key ${name}${near ? ` (did you mean ${near}?)` : ''}`,
        });
      }
    }
  };
  walk(doc.contents, '');
  return { values, warnings };
}

/** Sets `a.b.c` of `target` to `value`, making the objects on the way (no flag name is the prefix of another's). */
function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  const leaf = parts.pop() ?? dotted;
  let node = target;
  for (const part of parts) node = childRecord(node, part);
  node[leaf] = value;
}

/** The value at a dotted path of nested objects, or undefined where the path leaves them. */
function getPath(root: unknown, dotted: string): unknown {
  let node = root;
  for (const part of dotted.split('.')) node = isRecord(node) ? node[part] : undefined;
  return node;
}

/** Whether `value` has the shape of a flag's value ({@link FlagValue}). */
function isFlagValue(value: unknown): value is FlagValue {
  if (value === undefined || ['boolean', 'number', 'string'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string');
  return isRecord(value) && Object.values(value).every((item) => typeof item === 'string');
}

/**
 * Whether `value` is a {@link Config}: a value of a flag's shape at the path of every registry flag,
 * as {@link loadConfigReport} builds it.
 */
function isConfig(value: unknown): value is Config {
  return isRecord(value) && ALL_FLAGS.every((flag) => isFlagValue(getPath(value, flag.name)));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * Builds the effective configuration with precedence flag > environment (`ORCHCTL_*`) > config file
 * > the command's default (`sources.defaults`) > the registry's default, and reports what it read.
 * @throws ConfigError listing every bad value (each with its flag, variable or file:line:column), every
 * given file of an `inputFile` flag that does not exist, and under `strict` every unknown key.
 */
export function loadConfigReport(sources: ConfigSources, options: LoadOptions = {}): ConfigReport {
  const files = options.files?.length
    ? [...options.files]
    : [resolveConfigFile(sources)].filter((f) => f !== undefined);
  const fromFiles = new Map<string, FileValue>();
  const warnings: ConfigProblem[] = [];
  for (const file of files) {
    if (!existsSync(file)) throw new ConfigError(`config file ${file} does not exist`, '--file');
    const read = readConfigFile(file);
    for (const [name, value] of read.values) fromFiles.set(name, value);
    warnings.push(...read.warnings);
  }
  const problems: ConfigError[] = [];
  if (options.strict) for (const w of warnings) problems.push(new ConfigError(w.message, w.source));

  const result: Record<string, unknown> = {};
  /** How strongly each flag was given: 3 flag, 2 environment, 1 file (absent: a default), and where. */
  const given = new Map<string, { rank: number; source: string; value: FlagValue }>();
  for (const flag of ALL_FLAGS) {
    const cli = sources.flags[flag.name];
    const env = sources.env[envName(flag)];
    const file = fromFiles.get(flag.name);
    let value: FlagValue;
    try {
      if (cli !== undefined) {
        value = coerceFlagValue(flag, cli, `--${flag.name}`);
        given.set(flag.name, { rank: 3, source: `--${flag.name}`, value });
      } else if (env !== undefined) {
        value = coerceFlagValue(flag, env, envName(flag));
        given.set(flag.name, { rank: 2, source: envName(flag), value });
      } else if (file !== undefined && file.value !== null) {
        value = coerceFlagValue(flag, file.value, file.where);
        given.set(flag.name, { rank: 1, source: file.where, value });
      } else if (sources.defaults?.[flag.name] !== undefined)
        value = coerceFlagValue(flag, sources.defaults[flag.name], `default of --${flag.name}`);
      else value = defaultValue(flag);
    } catch (error) {
      if (!(error instanceof ConfigError) || options.collect === false) throw error;
      problems.push(error);
      value = defaultValue(flag);
    }
    setPath(result, flag.name, value);
  }
  // Files the program reads must exist at start (a default path is checked where it is read).
  for (const flag of ALL_FLAGS) {
    const at = flag.inputFile ? given.get(flag.name) : undefined;
    if (at && typeof at.value === 'string' && at.value && !existsSync(at.value)) {
      const named = at.source === `--${flag.name}` ? '' : ` (--${flag.name})`;
      problems.push(new ConfigError(`file ${at.value} does not exist${named}`, at.source));
    }
  }
  // Deprecated flags: the value goes to the replacement, unless that was given as strongly.
  for (const flag of ALL_FLAGS) {
    const old = flag.replacedBy ? given.get(flag.name) : undefined;
    if (!old || !flag.replacedBy) continue;
    const current = given.get(flag.replacedBy);
    const used = !current || current.rank < old.rank;
    if (used) setPath(result, flag.replacedBy, old.value);
    warnings.push({
      source: old.source,
      message:
        `--${flag.name} is deprecated: use --${flag.replacedBy}` +
        (used
          ? ' (its value is used for it)'
          : ` (ignored: --${flag.replacedBy} is given by ${current?.source})`),
    });
  }
  if (problems.length === 1) throw problems[0];
  if (problems.length > 1) {
    throw new ConfigError(
      `${problems.length} problems:\n${problems.map((p) => `  ${p.message}`).join('\n')}`,
      'configuration',
    );
  }
  result.configFile = files[files.length - 1];
  const config = deepFreeze(result);
  if (!isConfig(config))
    throw new Error('the configuration lacks a value of the right type for some registry flag');
  return { config, files, warnings: options.strict ? [] : warnings };
}

/**
 * Builds the effective configuration (see {@link loadConfigReport}); warnings are dropped.
 * @throws ConfigError naming the flag, variable or file of a value that does not parse.
 */
export function loadConfig(sources: ConfigSources, options: LoadOptions = {}): Config {
  return loadConfigReport(sources, options).config;
}

/** A flag's effective value by dotted name. */
export function valueAt(config: Config, name: string): FlagValue {
  const value = getPath(config, name);
  return isFlagValue(value) ? value : undefined;
}
