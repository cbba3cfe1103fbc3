import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { ConfigError } from './errors.js';
import { envName, FLAGS, type FlagSpec } from './registry.js';

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
}

/** The effective configuration: nested by the dots of the flag names, frozen. */
export interface Config {
  readonly config?: string;
  readonly project?: string;
  readonly domain?: string;
  readonly org?: string;
  readonly output: string;
  readonly console: { readonly endpoint?: string };
  readonly admin: { readonly endpoint?: string; readonly insecure: boolean };
  readonly orch: { readonly connection: { readonly host?: string; readonly insecure: boolean } };
  readonly server: { readonly httpPort: number; readonly grpc: { readonly port: number } };
  readonly database: { readonly sqlite: { readonly file?: string } };
  /** Path of the config file that was loaded, if any. */
  readonly configFile?: string;
}

function coerce(flag: FlagSpec, raw: unknown, source: string): unknown {
  switch (flag.type) {
    case 'bool':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0' || raw === '') return false;
      throw new ConfigError(`expected true or false, got ${JSON.stringify(raw)}`, source);
    case 'int': {
      const text = String(raw).trim();
      if (!/^-?\d+$/.test(text))
        throw new ConfigError(`expected an integer, got ${JSON.stringify(raw)}`, source);
      return Number(text);
    }
    case 'strings':
      if (Array.isArray(raw)) return raw.map(String);
      return String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      if (typeof raw === 'object' && raw !== null) {
        throw new ConfigError(`expected a ${flag.type}, got ${JSON.stringify(raw)}`, source);
      }
      return String(raw);
  }
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * Finds the config file: `--config`, else `$ORCHCTL_CONFIG`, else `~/.orchctl/config.yaml` when it exists.
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
  const fallback = join(sources.home ?? homedir(), '.orchctl', 'config.yaml');
  return existsSync(fallback) ? fallback : undefined;
}

function readConfigFile(path: string): Map<string, { value: unknown; where: string }> {
  const text = readFileSync(path, 'utf8');
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length) {
    throw new ConfigError(doc.errors.map((e) => e.message).join('\n'), path);
  }
  const values = new Map<string, { value: unknown; where: string }>();
  const walk = (node: unknown, prefix: string) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) {
      values.set(prefix, { value: node, where: path });
      return;
    }
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (FLAGS.some((f) => f.name === name)) values.set(name, { value: child, where: `${path} (${name})` });
      else walk(child, name);
    }
  };
  walk(doc.toJS() ?? {}, '');
  return values;
}

/**
 * Builds the effective configuration with precedence flag > environment (`ORCHCTL_*`) > config file > default.
 * @throws ConfigError naming the flag, variable or file of a value that does not parse.
 */
export function loadConfig(sources: ConfigSources): Config {
  const configFile = resolveConfigFile(sources);
  const fromFile = configFile
    ? readConfigFile(configFile)
    : new Map<string, { value: unknown; where: string }>();
  const result: Record<string, unknown> = {};
  for (const flag of FLAGS) {
    const cli = sources.flags[flag.name];
    const env = sources.env[envName(flag)];
    const file = fromFile.get(flag.name);
    let value: unknown;
    if (cli !== undefined) value = coerce(flag, cli, `--${flag.name}`);
    else if (env !== undefined) value = coerce(flag, env, envName(flag));
    else if (file !== undefined && file.value !== null) value = coerce(flag, file.value, file.where);
    else value = flag.type === 'bool' ? (flag.default ?? false) : flag.default;
    setPath(result, flag.name, value);
  }
  result.configFile = configFile;
  return deepFreeze(result) as unknown as Config;
}
