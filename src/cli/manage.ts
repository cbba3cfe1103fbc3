import { readFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import { oneOrMany, toMappedJson } from '../api/json.js';
import { apiKeyOf, describeSecretScope } from '../client/auth/api-key.js';
import { addFlagOptions, type CliIO, flagValues } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { codeOf } from './error-message.js';
import { outputOf } from './output.js';
import { CLIENT_FLAGS } from './platform-client.js';
import { addProjectCommands } from './projects.js';
import { addTrustPolicyCommands } from './trust-policies.js';
import { type ClientFactory, clientRunner, type WithClient } from './with-client.js';

const ROLES = ['admin', 'contributor', 'viewer'] as const;

/** The role a key of each name of {@link ROLES} is created with (proto `orch.admin.v1.Role`). */
const ROLE_OF = { admin: 'ADMIN', contributor: 'CONTRIBUTOR', viewer: 'VIEWER' } as const;

/** The largest secret value read from a file or standard input, in bytes (the server's own limit). */
const MAX_VALUE_BYTES = 64 * 1024;

/**
 * A secret's scope from the command line's own `-p/--project` and `-d/--domain` (never from a config
 * file, so a default project there cannot silently narrow a secret): neither → the organization;
 * a domain → that domain; both → that project and domain.
 * @throws ConfigError for a project without a domain.
 */
function secretScope(command: Command): { project: string; domain: string } {
  const flags = flagValues(command);
  const project = typeof flags.project === 'string' ? flags.project : '';
  const domain = typeof flags.domain === 'string' ? flags.domain : '';
  if (project && !domain) {
    throw new ConfigError('a secret scoped to a project needs its domain as well (-d <domain>)', '--project');
  }
  return { project, domain };
}

/** One name, given as the argument or as `--name`, not both (spec: `create secret --name <name>`). */
function nameOf(argument: string | undefined, option: unknown, command: string): string {
  const flag = typeof option === 'string' ? option : undefined;
  if (argument && flag)
    throw new ConfigError(`pass the name once: \`orch ${command} --name <name>\``, '--name');
  const name = argument ?? flag;
  if (!name) throw new ConfigError(`missing; \`orch ${command} --name <name>\``, '--name');
  return name;
}

/**
 * A secret's value: `--value-file <file>` (`-` for standard input), else the environment variable of
 * the same name (spec: "value taken from the shell environment"), else a hidden prompt on a terminal.
 * The value is never echoed, logged, or put in an error.
 * @throws ConfigError saying where a value may come from when none does, or when it is empty or too large.
 */
async function secretValue(name: string, valueFile: unknown, io: CliIO): Promise<Buffer> {
  let value: Buffer;
  if (typeof valueFile === 'string' && valueFile) {
    if (valueFile === '-') {
      if (!io.readStdin) throw new ConfigError('standard input cannot be read here', '--value-file');
      value = await io.readStdin();
    } else {
      try {
        value = await readFile(valueFile);
      } catch (error) {
        throw new ConfigError(`cannot read ${valueFile}: ${String(codeOf(error))}`, '--value-file');
      }
    }
  } else if (io.env[name] !== undefined) {
    io.stderr.write(`Using the value of $${name} from the environment\n`);
    value = Buffer.from(io.env[name] ?? '', 'utf8');
  } else if (io.promptSecret) {
    value = Buffer.from(await io.promptSecret('Enter secret value: '), 'utf8');
  } else {
    throw new ConfigError(
      `no value: pass --value-file <file> (or - for standard input), set $${name}, or run on a terminal to be asked`,
      '--value-file',
    );
  }
  if (value.length === 0) throw new ConfigError('the secret value is empty', '--value-file');
  if (value.length > MAX_VALUE_BYTES) {
    throw new ConfigError(
      `the secret value is ${value.length} bytes; at most ${MAX_VALUE_BYTES}`,
      '--value-file',
    );
  }
  return value;
}

/** The spec of a value: text when it is valid UTF-8 without a trailing newline artefact, else bytes. */
function secretSpec(value: Buffer, type: string) {
  const text = value.toString('utf8');
  const specType = type === 'image-pull' ? 'IMAGE_PULL_SECRET' : 'GENERIC';
  if (Buffer.from(text, 'utf8').equals(value)) {
    return { string_value: text.replace(/\r?\n$/, ''), type: specType } as const;
  }
  return { binary_value: value, type: specType } as const;
}

/** Left-aligned columns with two spaces between, a header first. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

const time = (ms: unknown) => (ms ? new Date(Number(ms)).toISOString() : '');

/**
 * The endpoint and TLS mode an API key records: the configured `--orch.connection.host` and
 * `--orch.connection.insecure`, else those of the `ORCH_API_KEY` in use.
 */
async function keyEndpoint(
  config: Config,
  env: CliIO['env'],
): Promise<{ endpoint: string; insecure: boolean }> {
  const host = config.orch.connection.host?.trim();
  if (host) return { endpoint: host, insecure: config.orch.connection.insecure };
  const { parseApiKey } = await import('../client/auth/api-key.js');
  const current = env.ORCH_API_KEY?.trim();
  if (current) {
    const parts = parseApiKey(current);
    return { endpoint: parts.endpoint, insecure: parts.insecure };
  }
  return { endpoint: '', insecure: config.orch.connection.insecure };
}

/** The help of `orch create|update secret` about where the value comes from and the scope. */
const VALUE_HELP =
  '\nThe value comes from --value-file <file> (- reads standard input), else from the environment\n' +
  'variable named like the secret, else from a hidden prompt on a terminal. It is never printed.\n' +
  'Scope: no -p/-d for every project and domain; -d for one domain; -p and -d for one project.\n';

/** `orch create secret` or `orch update secret` (under `parent`): writes a secret's value. */
function addWriteSecretCommand(
  parent: Command,
  verb: 'create' | 'update',
  io: CliIO,
  withClient: WithClient,
): void {
  addFlagOptions(
    parent
      .command('secret')
      .argument('[name]', 'secret name (or --name)')
      .option('--name <name>', 'secret name')
      .option('-f, --value-file <file>', 'read the value from this file; - for standard input')
      .addOption(
        new Option('-t, --type <type>', 'secret type').choices(['generic', 'image-pull']).default('generic'),
      )
      .description(verb === 'create' ? 'create a secret' : 'replace the value of an existing secret')
      .addHelpText(
        'after',
        `${VALUE_HELP}\nExamples:\n  WEBHOOK_API_KEY=... orch ${verb} secret --name WEBHOOK_API_KEY\n` +
          `  orch ${verb} secret --name db-password --value-file ./password.txt -d production\n`,
      ),
    CLIENT_FLAGS,
  ).action(async (argument: string | undefined, opts: Record<string, unknown>, command: Command) => {
    const name = nameOf(argument, opts.name, `${verb} secret`);
    const scope = secretScope(command);
    const value = await secretValue(name, opts.valueFile, io);
    await withClient(command, async (client, config) => {
      const request = {
        id: { name, org: config.org ?? '', ...scope },
        secret_spec: secretSpec(value, String(opts.type)),
      };
      if (verb === 'create') await client.createSecret(request);
      else await client.updateSecret(request);
    });
    io.stdout.write(
      `${verb === 'create' ? 'Created' : 'Updated'} secret with name: ${name} (${describeSecretScope(scope)})\n`,
    );
  });
}

/** `orch get secret [name]`: secrets' metadata (never values), as a table or JSON. */
function addGetSecretCommand(get: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    get
      .command('secret')
      .argument('[name]', 'one secret (default: every secret in the scope)')
      .description('show secrets: name, scope, type and when and by whom they were last written'),
    [...CLIENT_FLAGS, 'output'],
  ).action(async (name: string | undefined, _opts: unknown, command: Command) => {
    const scope = secretScope(command);
    await withClient(command, async (client, config) => {
      const output = outputOf(config);
      const secrets = name
        ? [(await client.getSecret({ id: { name, org: config.org ?? '', ...scope } })).secret]
        : (await client.listSecrets({ org: config.org ?? '', ...scope, limit: 1000 })).secrets;
      if (output === 'json') {
        const docs = secrets.map((secret) => toMappedJson('orch.admin.v1.Secret', secret ?? {}));
        io.stdout.write(`${JSON.stringify(oneOrMany(docs, !name), null, 2)}\n`);
        return;
      }
      io.stdout.write(
        table(
          ['NAME', 'SCOPE', 'TYPE', 'UPDATED', 'UPDATED BY'],
          secrets.map((s) => [
            s?.id?.name ?? '',
            describeSecretScope({ project: s?.id?.project ?? '', domain: s?.id?.domain ?? '' }),
            String(s?.secret_metadata?.type ?? ''),
            time(s?.secret_metadata?.updated_at_ms),
            s?.secret_metadata?.updated_by ?? '',
          ]),
        ),
      );
    });
  });
}

/** `orch delete secret`. */
function addDeleteSecretCommand(remove: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    remove
      .command('secret')
      .argument('[name]', 'secret name (or --name)')
      .option('--name <name>', 'secret name')
      .description(
        'delete a secret (tasks and apps that ask for it fail to start until it is created again)',
      ),
    CLIENT_FLAGS,
  ).action(async (argument: string | undefined, opts: Record<string, unknown>, command: Command) => {
    const name = nameOf(argument, opts.name, 'delete secret');
    const scope = secretScope(command);
    await withClient(command, (client, config) =>
      client.deleteSecret({ id: { name, org: config.org ?? '', ...scope } }),
    );
    io.stdout.write(`Deleted secret with name: ${name} (${describeSecretScope(scope)})\n`);
  });
}

/**
 * `orch create api-key <role> --name <name>`: prints `export ORCH_API_KEY=<key>` on stdout (the notes
 * go to stderr, so `eval "$(orch create api-key ...)"` works), or the key as JSON with `-o json`.
 */
function addCreateApiKeyCommand(create: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    create
      .command('api-key')
      .argument('<role>', `role of the key: ${ROLES.join(', ')}`)
      .requiredOption(
        '--name <name>',
        'key name (1 to 63 lowercase letters, digits and dashes; refused otherwise, never rewritten)',
      )
      .description('create an API key and print `export ORCH_API_KEY=<key>`')
      .addHelpText(
        'after',
        '\nThe key is shown once. It holds the admin endpoint, a client id and its secret, and the org,\n' +
          'so ORCH_API_KEY alone is enough for orch, orchctl, the webhook and the Action; the server keeps\n' +
          'only a hash of the secret. Roles: viewer reads; contributor also registers, launches and\n' +
          'terminates; admin also manages projects, secrets, apps and keys.\n\n' +
          'Example:\n  orch create api-key admin --name ci-key\n',
      ),
    [...CLIENT_FLAGS, 'output'],
  ).action(async (role: string, opts: Record<string, unknown>, command: Command) => {
    const lower = role.toLowerCase();
    const known = ROLES.find((name) => name === lower);
    if (!known) {
      throw new ConfigError(`"${role}" is not a role; use ${ROLES.join(', ')}`, '<role>');
    }
    await withClient(command, async (client, config) => {
      const output = outputOf(config);
      const created = await client.createApiKey({
        name: String(opts.name),
        role: ROLE_OF[known],
        org: config.org ?? '',
      });
      const where = await keyEndpoint(config, io.env);
      const key = apiKeyOf(created, where);
      if (output === 'json') {
        io.stdout.write(
          `${JSON.stringify({ clientId: created.key?.client_id, name: created.key?.name, role: created.key?.role, apiKey: key }, null, 2)}\n`,
        );
        return;
      }
      io.stderr.write(
        `Client ID: ${created.key?.client_id}\n` +
          'The following API key will only be shown once. Be sure to keep it safe!\n' +
          'Configure your headless CLI by setting the following environment variable:\n\n',
      );
      io.stdout.write(`export ORCH_API_KEY=${key}\n`);
    });
  });
}

/** `orch get api-key [role]`: API keys (never their secrets), as a table or JSON. */
function addGetApiKeyCommand(get: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    get
      .command('api-key')
      .argument('[role]', `only keys of this role: ${ROLES.join(', ')}`)
      .description('list API keys (never their secrets)'),
    [...CLIENT_FLAGS, 'output'],
  ).action(async (role: string | undefined, _opts: unknown, command: Command) => {
    await withClient(command, async (client, config) => {
      const output = outputOf(config);
      const keys = (await client.listApiKeys({ org: config.org ?? '', limit: 1000 })).keys.filter(
        (k) => !role || String(k.role).toLowerCase() === role.toLowerCase(),
      );
      if (output === 'json') {
        const docs = keys.map((key) => toMappedJson('orch.admin.v1.ApiKey', key));
        io.stdout.write(`${JSON.stringify(oneOrMany(docs, true), null, 2)}\n`);
        return;
      }
      io.stdout.write(
        table(
          ['CLIENT_ID', 'NAME', 'ROLE', 'CREATED', 'CREATED BY'],
          keys.map((k) => [
            k.client_id,
            k.name,
            String(k.role).toLowerCase(),
            time(k.created_at_ms),
            k.created_by,
          ]),
        ),
      );
    });
  });
}

/** `orch delete api-key --name <name>`: the key gets no new tokens and its tokens are refused at once. */
function addDeleteApiKeyCommand(remove: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    remove
      .command('api-key')
      .argument('[role]', 'role of the key (accepted for symmetry with create; the name decides)')
      .requiredOption('--name <name>', 'key name')
      .description('delete an API key: it gets no new tokens and its tokens are refused at once'),
    CLIENT_FLAGS,
  ).action(async (_role: string | undefined, opts: Record<string, unknown>, command: Command) => {
    await withClient(command, (client, config) =>
      client.deleteApiKey({ name: String(opts.name), org: config.org ?? '' }),
    );
    io.stdout.write(`Deleted API key ${String(opts.name)}\n`);
  });
}

/**
 * `orch create|update|get|delete secret`, `orch create|get|delete api-key` and `orch create|update project`
 * (spec, "Platform CLI"):
 * secrets are created before the apps that use them; `create api-key admin --name <name>` prints
 * `export ORCH_API_KEY=<key>` on stdout (the notes go to stderr, so `eval "$(orch create api-key ...)"` works).
 * The commands are added in the order `orch <verb> --help` lists them: secret, api-key, project.
 */
export function addManageCommands(program: Command, io: CliIO, platformClient: ClientFactory): void {
  const withClient = clientRunner(io, platformClient);

  const create = program
    .command('create')
    .description('create a secret, an API key, a trust policy or a project');
  const update = program
    .command('update')
    .description('replace the value of a secret, or archive or activate a project');
  const get = program
    .command('get')
    .description('list secrets (names and metadata, never values), API keys or trust policies');
  const remove = program.command('delete').description('delete a secret, an API key or a trust policy');

  addWriteSecretCommand(create, 'create', io, withClient);
  addWriteSecretCommand(update, 'update', io, withClient);
  addGetSecretCommand(get, io, withClient);
  addDeleteSecretCommand(remove, io, withClient);
  addCreateApiKeyCommand(create, io, withClient);
  addGetApiKeyCommand(get, io, withClient);
  addDeleteApiKeyCommand(remove, io, withClient);
  addTrustPolicyCommands({ create, get, remove }, io, withClient);
  addProjectCommands(create, update, io, withClient);
}
