import type { Command } from 'commander';
import { oneOrMany, toMappedJson } from '../api/json.js';
import { addFlagOptions, type CliIO } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { outputOf } from './output.js';
import { CLIENT_FLAGS } from './platform-client.js';
import type { WithClient } from './with-client.js';

const ROLES = ['admin', 'contributor', 'viewer'] as const;
const ROLE_OF = { admin: 'ADMIN', contributor: 'CONTRIBUTOR', viewer: 'VIEWER' } as const;

/** GitHub Actions' OIDC issuer: the default `--issuer`. */
const GITHUB_ISSUER = 'https://token.actions.githubusercontent.com';

/** The claim options of `create trust-policy`: option name to ID token claim. */
const CLAIM_OPTIONS = [
  ['repository', 'repository', 'owner/name of the repository, e.g. acme/flows'],
  ['repository-owner', 'repository_owner', 'owner of the repository (every repository of it)'],
  ['ref', 'ref', 'git ref, e.g. refs/heads/main or refs/tags/v*'],
  ['environment', 'environment', 'deployment environment of the job'],
  ['event-name', 'event_name', 'triggering event, e.g. push; pull_request events need it named'],
  [
    'job-workflow-ref',
    'job_workflow_ref',
    'reusable workflow, e.g. acme/ci/.github/workflows/r.yml@refs/heads/main',
  ],
  ['sub', 'sub', 'the ID token subject, e.g. repo:acme/flows:ref:refs/heads/main'],
] as const;

const collect = (value: string, previous: string[] = []) => [...previous, value];
const camel = (option: string) => option.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * `orch create trust-policy <role> --name <name> --repository <owner/name> [...]`: ID tokens of the
 * issuer whose claims match every given condition are exchanged for access tokens of the role. A
 * value with `*` or `?` is a glob (`*` within a path segment, `**` across), any other is exact.
 */
function addCreateCommand(create: Command, io: CliIO, withClient: WithClient): void {
  let command = create
    .command('trust-policy')
    .argument('<role>', `role of the exchanged tokens: ${ROLES.join(', ')}`)
    .requiredOption('--name <name>', 'policy name (1 to 63 lowercase letters, digits and dashes)')
    .option('--issuer <url>', 'OIDC issuer of the ID tokens', GITHUB_ISSUER);
  for (const [option, claim, help] of CLAIM_OPTIONS) {
    command = command.option(`--${option} <value>`, `condition on claim ${claim}: ${help}`);
  }
  command = command
    .option(
      '--allow-project <project>',
      'limit the tokens to this project (repeatable; default every project)',
      collect,
    )
    .option(
      '--allow-domain <domain>',
      'limit the tokens to this domain (repeatable; default every domain)',
      collect,
    )
    .description('create a trust policy: which CI identities (OIDC ID tokens) sign in without a key')
    .addHelpText(
      'after',
      '\nA CI job exchanges its OIDC ID token at the token endpoint (RFC 8693) for a short-lived access\n' +
        'token of the role when every condition matches. A policy must name --repository or\n' +
        '--repository-owner. A value containing * or ? is a glob (* within a path segment, ** across);\n' +
        'other values match exactly. Pull request events match only a policy naming --event-name, and\n' +
        'pull_request_target only when named exactly.\n\n' +
        'Example:\n  orch create trust-policy contributor --name flows-main --repository acme/flows \\\n' +
        '    --ref refs/heads/main --event-name push --allow-project flows --allow-domain development\n',
    );
  addFlagOptions(command, [...CLIENT_FLAGS, 'output']).action(
    async (role: string, opts: Record<string, unknown>, cmd: Command) => {
      const known = ROLES.find((name) => name === role.toLowerCase());
      if (!known) throw new ConfigError(`"${role}" is not a role; use ${ROLES.join(', ')}`, '<role>');
      const conditions = CLAIM_OPTIONS.flatMap(([option, claim]) => {
        const value = opts[camel(option)];
        return typeof value === 'string' ? [{ claim, pattern: value, glob: /[*?]/.test(value) }] : [];
      });
      if (!conditions.some((c) => c.claim === 'repository' || c.claim === 'repository_owner')) {
        throw new ConfigError('a trust policy must name the repository or its owner', '--repository');
      }
      await withClient(cmd, async (client, config) => {
        const created = await client.createTrustPolicy({
          policy: {
            name: String(opts.name),
            issuer: String(opts.issuer),
            conditions,
            role: ROLE_OF[known],
            projects: Array.isArray(opts.allowProject) ? opts.allowProject.map(String) : [],
            domains: Array.isArray(opts.allowDomain) ? opts.allowDomain.map(String) : [],
            org: config.org ?? '',
          },
        });
        if (outputOf(config) === 'json') {
          io.stdout.write(
            `${JSON.stringify(toMappedJson('orch.admin.v1.TrustPolicy', created.policy ?? {}), null, 2)}\n`,
          );
          return;
        }
        io.stdout.write(`Created trust policy ${created.policy?.name}\n`);
      });
    },
  );
}

/** `orch get trust-policy [name]`: every policy as a table, or one (JSON/YAML with `-o`). */
function addGetCommand(get: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    get
      .command('trust-policy')
      .argument('[name]', 'only this policy')
      .description('list trust policies (which CI identities sign in without a key)'),
    [...CLIENT_FLAGS, 'output'],
  ).action(async (name: string | undefined, _opts: unknown, command: Command) => {
    await withClient(command, async (client, config) => {
      const org = config.org ?? '';
      const policies = name
        ? [(await client.getTrustPolicy({ name, org })).policy].filter((p) => p !== null && p !== undefined)
        : (await client.listTrustPolicies({ org, limit: 1000 })).policies;
      if (outputOf(config) === 'json') {
        const docs = policies.map((policy) => toMappedJson('orch.admin.v1.TrustPolicy', policy));
        io.stdout.write(`${JSON.stringify(oneOrMany(docs, !name), null, 2)}\n`);
        return;
      }
      const rows = policies.map((p) => [
        p.name,
        String(p.role).toLowerCase(),
        p.conditions.map((c) => `${c.claim}=${c.pattern}`).join(' '),
        p.projects.join(',') || '*',
        p.domains.join(',') || '*',
        p.issuer,
      ]);
      const header = ['NAME', 'ROLE', 'CONDITIONS', 'PROJECTS', 'DOMAINS', 'ISSUER'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
      const line = (cells: string[]) =>
        `${cells
          .map((c, i) => c.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd()}\n`;
      io.stdout.write([header, ...rows].map(line).join(''));
    });
  });
}

/** `orch delete trust-policy --name <name>`: tokens exchanged under it are refused from the next call. */
function addDeleteCommand(remove: Command, io: CliIO, withClient: WithClient): void {
  addFlagOptions(
    remove
      .command('trust-policy')
      .requiredOption('--name <name>', 'policy name')
      .description('delete a trust policy: tokens exchanged under it are refused from the next call'),
    CLIENT_FLAGS,
  ).action(async (opts: Record<string, unknown>, command: Command) => {
    await withClient(command, (client, config) =>
      client.deleteTrustPolicy({ name: String(opts.name), org: config.org ?? '' }),
    );
    io.stdout.write(`Deleted trust policy ${String(opts.name)}\n`);
  });
}

/** `orch create|get|delete trust-policy`. */
export function addTrustPolicyCommands(
  verbs: { create: Command; get: Command; remove: Command },
  io: CliIO,
  withClient: WithClient,
): void {
  addCreateCommand(verbs.create, io, withClient);
  addGetCommand(verbs.get, io, withClient);
  addDeleteCommand(verbs.remove, io, withClient);
}
