/**
 * The flag registry: every configuration flag as data (DESIGN.md, "Configuration"). It drives the
 * argument parser, `--help`, config-file loading and environment overrides, so they cannot drift.
 * Flag `--a.b.c` is YAML key `a: {b: {c: ...}}` and environment variable `ORCHCTL_A_B_C`.
 */

/** Value types of the spec's flag reference. */
export type FlagType = 'bool' | 'int' | 'string' | 'strings' | 'duration';

/** One flag of the spec's flag reference. */
export interface FlagSpec {
  /** Dotted name without dashes, e.g. `admin.endpoint`; also the config-file path. */
  readonly name: string;
  /** Single-letter alias, e.g. `p` for `-p`. */
  readonly short?: string;
  readonly type: FlagType;
  /** Default exactly as the spec gives it; absent when the spec shows none. */
  readonly default?: string | number | boolean | readonly string[];
  /** What the flag does, in one line. */
  readonly usage: string;
  /** Section heading for `--help`, from the spec's tables. */
  readonly section: string;
}

const GENERAL = 'General';

/** The flags known so far, grouped as in the spec. */
export const FLAGS: readonly FlagSpec[] = Object.freeze([
  { section: GENERAL, name: 'config', type: 'string', usage: 'config file (default ~/.orchctl/config.yaml)' },
  { section: GENERAL, name: 'project', short: 'p', type: 'string', usage: 'project' },
  { section: GENERAL, name: 'domain', short: 'd', type: 'string', usage: 'domain' },
  { section: GENERAL, name: 'org', type: 'string', usage: "organization; defaults to the user's" },
  {
    section: GENERAL,
    name: 'output',
    short: 'o',
    type: 'string',
    default: 'table',
    usage: 'output format: TABLE, JSON, YAML, DOT or DOTURL',
  },
  {
    section: GENERAL,
    name: 'console.endpoint',
    type: 'string',
    usage: "console endpoint when it differs from the admin's HTTP address",
  },
  { section: 'Client to admin', name: 'admin.endpoint', type: 'string', usage: 'URI of the admin service' },
  { section: 'Client to admin', name: 'admin.insecure', type: 'bool', usage: 'use a plaintext connection' },
  {
    section: 'Platform client',
    name: 'orch.connection.host',
    type: 'string',
    usage: 'admin service address (dns:///host:port, host:port)',
  },
  {
    section: 'Platform client',
    name: 'orch.connection.insecure',
    type: 'bool',
    usage: 'use a plaintext connection',
  },
  {
    section: 'Server',
    name: 'server.httpPort',
    type: 'int',
    default: 8088,
    usage: 'HTTP port (0 picks a free one)',
  },
  {
    section: 'Server',
    name: 'server.grpc.port',
    type: 'int',
    default: 8089,
    usage: 'gRPC port (0 picks a free one)',
  },
  {
    section: 'Database',
    name: 'database.sqlite.file',
    type: 'string',
    usage: 'SQLite database file, reused if it exists',
  },
] satisfies FlagSpec[]);

/** Looks a flag up by dotted name. */
export function findFlag(name: string): FlagSpec | undefined {
  return FLAGS.find((f) => f.name === name);
}

/** The environment variable that overrides a flag: `admin.endpoint` -> `ORCHCTL_ADMIN_ENDPOINT`. */
export function envName(flag: Pick<FlagSpec, 'name'>): string {
  return `ORCHCTL_${flag.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}
