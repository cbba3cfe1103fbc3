import { flagDefault, flagHelp } from './commander.js';
import { ALL_FLAGS, envName, type FlagSpec, SECTIONS } from './registry.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The configuration reference in Markdown, generated from the registry: one table per section with
 * flag, type, default (as the spec gives it), environment variable and meaning. Printed by
 * `orchctl config docs` and kept in docs/configuration.md.
 */
export function configReferenceMarkdown(): string {
  const lines: string[] = [
    `Every flag below is accepted on the command line (\`--name\`), as an environment variable, and as a`,
    'nested key of the config file (`admin.endpoint` is `admin: {endpoint: ...}`). Precedence: flag >',
    'environment > config file > default. Durations are Go-style (`1h0m0s`); sizes are quantities (`6Mi`).',
    'A boolean flag alone means true and never takes the next word; a value goes after `=`',
    '(`--admin.insecure=false`; `true`, `false`, `t`, `f`, `1`, `0` in any case).',
    `${ALL_FLAGS.length} flags.`,
  ];
  const deprecated = ALL_FLAGS.filter((flag) => flag.replacedBy);
  if (deprecated.length) {
    lines.push(
      '',
      'Deprecated, and used for their replacements with one warning: ' +
        deprecated.map((flag) => `\`--${flag.name}\` (\`--${flag.replacedBy}\`)`).join(', ') +
        '.',
    );
  }
  const notBuilt = new Map<string, string[]>();
  for (const flag of ALL_FLAGS) {
    if (flag.runtime) notBuilt.set(flag.runtime, [...(notBuilt.get(flag.runtime) ?? []), flag.name]);
  }
  if (notBuilt.size) {
    lines.push(
      '',
      'Accepted and validated, but without effect until the runtime they belong to is built; do not rely on them:',
    );
    for (const [runtime, names] of notBuilt) {
      lines.push(`- ${runtime}: ${names.map((name) => `\`--${name}\``).join(', ')}.`);
    }
  }
  const noEffect = ALL_FLAGS.filter((flag) => flag.noEffect);
  if (noEffect.length) {
    lines.push(
      '',
      'Accepted and validated, but without effect in orch, which does their job another way (each says how):',
      `${noEffect.map((flag) => `\`--${flag.name}\``).join(', ')}.`,
    );
  }
  for (const section of SECTIONS) {
    lines.push(
      '',
      `### ${section}`,
      '',
      '| Flag | Type | Default | Environment | Meaning |',
      '|---|---|---|---|---|',
    );
    for (const flag of ALL_FLAGS.filter((f) => f.section === section)) {
      const name = flag.short ? `\`-${flag.short}, --${flag.name}\`` : `\`--${flag.name}\``;
      const type = flag.type === 'bool' ? 'bool' : flag.type + (flag.format ? ` (${flag.format})` : '');
      lines.push(
        `| ${name} | ${type} | ${flagDefault(flag) ? `\`${cell(flagDefault(flag) ?? '')}\`` : ''} | \`${envName(flag)}\` | ${cell(flagHelp(flag))} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The items of a list written as the registry writes defaults (`[a,b]`; `[]` is none). */
const listItems = (text: string): string[] => {
  const inner = text.replace(/^\[|\]$/g, '');
  return inner ? inner.split(',') : [];
};

/**
 * A flag's example value as the config file holds it: its default when that shows a value, else its
 * registry `example`, else its first choice (a boolean without any: `true`, the value one sets).
 * @throws Error naming the flag when it has neither (a registry entry to complete).
 */
export function flagExample(flag: FlagSpec): unknown {
  const shown =
    flag.default !== undefined && !flag.placeholder && flag.default !== '' && flag.default !== '[]';
  const raw = shown ? flag.default : (flag.example ?? flag.choices?.[0]);
  if (flag.type === 'bool') return raw === undefined ? true : raw === 'true';
  if (raw === undefined)
    throw new Error(`flag ${flag.name} has no default nor example: give its registry entry an example`);
  switch (flag.type) {
    case 'int':
    case 'int32':
      return Number(raw);
    case 'strings':
    case 'stringArray':
      return listItems(raw);
    case 'stringToString':
      return Object.fromEntries(
        listItems(raw).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
    default:
      return raw;
  }
}

function schemaOf(flag: FlagSpec): Record<string, unknown> {
  const description = flagHelp(flag);
  const examples = [flagExample(flag)];
  switch (flag.type) {
    case 'bool':
      return { type: 'boolean', description, examples };
    case 'int':
    case 'int32':
      return { type: 'integer', description, examples };
    case 'strings':
    case 'stringArray':
      return { type: 'array', items: { type: 'string' }, description, examples };
    case 'stringToString':
      return { type: 'object', additionalProperties: { type: 'string' }, description, examples };
    default: {
      const schema: Record<string, unknown> = { type: 'string', description, examples };
      if (flag.choices) schema.enum = [...flag.choices];
      if (flag.format === 'duration') schema.pattern = '^([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$';
      if (flag.format === 'quantity') schema.pattern = '^[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$';
      return schema;
    }
  }
}

/** `value` under the keys `keys` (`['a', 'b'], 1` is `{a: {b: 1}}`). */
const nested = (keys: readonly string[], value: unknown): unknown =>
  keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

/**
 * A JSON Schema (draft 2020-12) of the config file, generated from the registry: nested objects by the
 * dots of the flag names, no other keys allowed, each leaf typed as its flag; every key has a
 * `description` (its flag's help, or the flags it groups) and `examples` ({@link flagExample}).
 */
export function configJsonSchema(): Record<string, unknown> {
  type Node = {
    type: 'object';
    description?: string;
    examples?: unknown[];
    properties: Record<string, unknown>;
    additionalProperties: false;
  };
  const root: Node = { type: 'object', properties: {}, additionalProperties: false };
  /** The object schemas made so far, by dotted path (no flag name is the prefix of another's). */
  const objects = new Map<string, Node>();
  for (const flag of ALL_FLAGS) {
    const parts = flag.name.split('.');
    const leaf = parts.pop() ?? flag.name;
    let node = root;
    let path = '';
    for (const part of parts) {
      path = path ? `${path}.${part}` : part;
      let child = objects.get(path);
      if (!child) {
        child = {
          type: 'object',
          description: `the \`--${path}.*\` flags (section ${flag.section})`,
          // The first flag under it, as the file would hold it.
          examples: [nested(flag.name.split('.').slice(path.split('.').length), flagExample(flag))],
          properties: {},
          additionalProperties: false,
        };
        node.properties[part] = child;
        objects.set(path, child);
      }
      node = child;
    }
    node.properties[leaf] = schemaOf(flag);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://orch.dev/schemas/orchctl-config.schema.json',
    title: 'orchctl configuration file',
    description:
      'The configuration file of orchctl, orch, the admin server and the webhook (`--config`, else ' +
      '$ORCHCTL_CONFIG, else ~/.orchctl/config.yaml). Every key is a flag: `admin: {endpoint: ...}` is ' +
      '`--admin.endpoint`. Precedence: flag > environment (ORCHCTL_ADMIN_ENDPOINT) > this file > default.',
    examples: [{ admin: { endpoint: 'dns:///orch.example.com:443', insecure: false } }],
    ...root,
  };
}

/** The smallest shape of a commander command the CLI reference reads. */
interface CommandLike {
  name(): string;
  usage(): string;
  description(): string;
  readonly commands: readonly CommandLike[];
  readonly options: readonly { flags: string; long?: string; description: string; hidden?: boolean }[];
}

/**
 * The command reference in Markdown, generated from the programs themselves (`createOrchProgram`,
 * `createOrchctlProgram`): one table per program with every leaf command's usage, what it does, and the
 * options of its own. Flags of the configuration registry that a command also takes are left to the
 * configuration reference, which gives their types, defaults and environment variables.
 */
export function cliReferenceMarkdown(programs: readonly CommandLike[]): string {
  const registry = new Set(ALL_FLAGS.map((flag) => `--${flag.name}`));
  const lines: string[] = [
    'Generated from the programs (`npm run gen:config-docs`). Every command also takes the flags of the',
    'configuration reference that concern it (`--orch.*` / `--admin.*` for the connection, `--config`),',
    'and `-h, --help`. Exit codes: 0 success, 1 failure, 2 usage or configuration error.',
  ];
  for (const program of programs) {
    lines.push(
      '',
      `### \`${program.name()}\``,
      '',
      '| command | what it does | its own options |',
      '|---|---|---|',
    );
    const walk = (command: CommandLike, path: string) => {
      for (const sub of command.commands) {
        if (sub.name() === 'help') continue;
        const here = `${path} ${sub.name()}`;
        if (sub.commands.length > 0) {
          walk(sub, here);
          continue;
        }
        const own = sub.options
          .filter((o) => !o.hidden && o.long !== '--help' && !(o.long && registry.has(o.long)))
          .map((o) => `\`${o.flags}\` ${o.description}`);
        const usage = sub
          .usage()
          .replace(/\[options\]\s*/, '')
          .trim();
        lines.push(
          `| \`${cell(`${here}${usage ? ` ${usage}` : ''}`)}\` | ${cell(sub.description())} | ${cell(own.join('; '))} |`,
        );
      }
    };
    walk(program, program.name());
  }
  return `${lines.join('\n')}\n`;
}
