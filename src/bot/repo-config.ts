import { z } from 'zod';
import { type FileProblem, formatProblems, parseYamlSource, reportIssues } from '../api/yaml-file.js';

/**
 * The repository configuration of the bot: `.github/orch.yaml` at the repository's root (docs/bot.md,
 * "Self-hosting the bot"). YAML or JSON:
 *
 * ```yaml
 * project: flytesnacks                 # required
 * files: ["flows/*.yaml"]              # required: workflow files, paths or globs from the root
 * admin: { endpoint: dns:///admin:8089 } # optional: must be the admin this bot serves
 * domains: { push: production, pullRequests: development }
 * pullRequests:
 *   launchPlans:
 *     - { name: wf.add_one_wf, inputs: { x: 2 }, paths: ["flows/**"] }  # paths: only when these change
 *   approvalLabel: orch:approved       # a fork's pull request runs once someone permitted adds it
 *   cancelInProgress: true             # a new commit terminates the earlier commit's executions
 * commands:
 *   minimumPermission: write           # admin | maintain | write | triage | read
 *   allowedUsers: [octocat]            # optional, with allowedTeams: only these users and team members
 *   allowedTeams: [release-managers]
 * _extends: .github                    # optional: merged over that repository's .github/orch.yaml
 * ```
 *
 * Every problem is reported at once, each at its line and column, as the workflow file's are. The
 * rules that decide who may do what (`commands`, `pullRequests.approvalLabel`) are always read from
 * the default branch, never from a pull request's head, so a pull request cannot lower them.
 */

/** Where the bot looks for the repository configuration. */
export const REPO_CONFIG_PATH = '.github/orch.yaml';

/** Repository roles, weakest first (GitHub's `role_name` of a collaborator's permission). */
export const ROLES = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
/** One repository role. */
export type Role = (typeof ROLES)[number];

/** True when `role` is at least `minimum` in GitHub's order (read < triage < write < maintain < admin). */
export function roleAtLeast(role: string, minimum: Role): boolean {
  const rank = RANKS.get(role);
  return rank !== undefined && rank >= ROLES.indexOf(minimum);
}

/** Each role's place in {@link ROLES}. */
const RANKS: ReadonlyMap<string, number> = new Map(ROLES.map((role, index) => [role, index]));

const name = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$/, 'must be lowercase letters, digits, "-", "_" or "."')
  .max(255);
const launchPlanName = z.string().min(1).max(255);
/** A GitHub login: letters, digits and single hyphens, at most 39 characters. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** A team's slug as GitHub makes it from the team's name. */
const TEAM_SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
/** `_extends`: a repository name, or `owner/name`. */
const EXTENDS = /^(?:[A-Za-z0-9-]{1,39}\/)?[A-Za-z0-9._-]{1,100}$/;

/** `schema` with the description and example editors show on hover (the JSON Schema's `examples`). */
const doc = <T extends z.ZodType>(schema: T, description: string, example: unknown): T =>
  schema.meta({ description, examples: [example] });

const schema = z.strictObject({
  project: doc(name, 'the orch project the workflow files register into', 'flytesnacks'),
  files: doc(
    z.array(z.string().min(1)).min(1),
    'workflow files to register: paths or globs from the repository root',
    ['flows/*.yaml'],
  ),
  admin: doc(
    z
      .strictObject({
        endpoint: doc(
          z.string().min(1).optional(),
          'the admin this bot serves: when given, it must name that admin (else registration is refused)',
          'dns:///admin:8089',
        ),
      })
      .optional(),
    'the admin the repository expects',
    { endpoint: 'dns:///admin:8089' },
  ),
  domains: doc(
    z
      .strictObject({
        push: doc(
          name.default('development'),
          'the domain pushes to the default branch register into',
          'production',
        ),
        pullRequests: doc(
          name.default('development'),
          'the domain pull requests register and run in',
          'development',
        ),
      })
      .default({ push: 'development', pullRequests: 'development' }),
    'which domain each event registers into',
    { push: 'production', pullRequests: 'development' },
  ),
  pullRequests: doc(
    z
      .strictObject({
        launchPlans: doc(
          z
            .array(
              z.strictObject({
                name: doc(launchPlanName, 'the launch plan to run (its entity name)', 'wf.add_one_wf'),
                inputs: doc(z.record(z.string(), z.unknown()).default({}), 'the inputs it runs with', {
                  x: 2,
                }),
                paths: doc(
                  z.array(z.string().min(1)).min(1).optional(),
                  'globs of repository paths (picomatch): a pull request runs the launch plan only when it changes a file matching one (a `!` glob excludes); without it, every pull request runs it',
                  ['flows/**', 'src/**/*.py', '!**/*.md'],
                ),
              }),
            )
            .default([]),
          'launch plans run on every pull request, with their inputs',
          [{ name: 'wf.add_one_wf', inputs: { x: 2 } }],
        ),
        approvalLabel: doc(
          z.string().min(1).max(50).default('orch:approved'),
          "the label that lets a fork's pull request run, once someone permitted adds it",
          'orch:approved',
        ),
        cancelInProgress: doc(
          z.boolean().default(true),
          "a new commit pushed to a pull request, or its closing, terminates the pull request's executions still running from earlier commits (read from the default branch)",
          false,
        ),
      })
      .default({ launchPlans: [], approvalLabel: 'orch:approved', cancelInProgress: true }),
    'what the bot runs on pull requests',
    { launchPlans: [{ name: 'wf.add_one_wf', inputs: { x: 2 } }], approvalLabel: 'orch:approved' },
  ),
  commands: doc(
    z
      .strictObject({
        minimumPermission: doc(
          z.enum(ROLES.filter((r) => r !== 'none')).default('write'),
          'the weakest repository role that may use ChatOps commands (read < triage < write < maintain < admin)',
          'write',
        ),
        allowedUsers: doc(
          z.array(z.string().regex(LOGIN, 'must be a GitHub login')).default([]),
          'when this or allowedTeams is not empty, only these users (and members of allowedTeams) may use commands, each still with minimumPermission',
          ['octocat'],
        ),
        allowedTeams: doc(
          z
            .array(z.string().regex(TEAM_SLUG, "must be a team's slug (lowercase letters, digits, '-', '_')"))
            .default([]),
          "slugs of teams of the repository's organisation whose active members may use commands (with minimumPermission)",
          ['release-managers'],
        ),
      })
      .default({ minimumPermission: 'write', allowedUsers: [], allowedTeams: [] }),
    'who may use ChatOps commands (always read from the default branch)',
    { minimumPermission: 'maintain', allowedTeams: ['release-managers'] },
  ),
});

/** The whole file: the configuration and `_extends`, the repository whose `.github/orch.yaml` it extends. */
const fileSchema = schema.extend({
  _extends: doc(
    z.string().regex(EXTENDS, 'must be a repository: "name" (of the same owner) or "owner/name"').optional(),
    'a repository whose .github/orch.yaml gives the defaults this file extends (Probot\'s convention): ".github" for the organisation\'s, "other-repo", or "owner/repo"; security settings can only be tightened',
    '.github',
  ),
});

/** A loaded `.github/orch.yaml`, defaults applied. */
export type RepoConfig = z.infer<typeof schema>;

/** Thrown by {@link parseRepoConfig}: every problem of the file, each with its line and column. */
export class RepoConfigError extends Error {
  readonly problems: readonly FileProblem[];
  constructor(problems: FileProblem[]) {
    super(formatProblems(problems));
    this.name = 'RepoConfigError';
    this.problems = problems;
  }
}

/** The text of a configuration file and the path its problems name. */
export interface ConfigText {
  text: string;
  file: string;
}

/** A loaded configuration and its warnings: the settings of the repository that tried to loosen its base's. */
export interface LoadedRepoConfig {
  config: RepoConfig;
  /** One sentence each, naming the setting, what the repository asked and what applies. */
  warnings: string[];
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed document of a file, as plain data, with its reporter. @throws RepoConfigError on syntax. */
function readSource(text: string, file: string) {
  const source = parseYamlSource(
    file,
    text,
    'holds a second YAML document; the configuration is one document',
  );
  if (source.problems.length) throw new RepoConfigError(source.problems);
  const raw: unknown = source.document.toJS() ?? {};
  return { ...source, raw };
}

/**
 * Parses and checks the text of `.github/orch.yaml`.
 * @param text the file's text.
 * @param file the path reported in problems. @default ".github/orch.yaml"
 * @param base the file `_extends` names, when the file has one (see {@link loadRepoConfig}).
 * @throws RepoConfigError with every problem (`<file>:<line>:<column>: <path>: <message>`).
 */
export function parseRepoConfig(text: string, file = REPO_CONFIG_PATH, base?: ConfigText): RepoConfig {
  return loadRepoConfig(text, file, base).config;
}

/**
 * Parses and checks the text of `.github/orch.yaml`, merged over `base` (the `.github/orch.yaml` of
 * the repository its `_extends` names) when given. Merge rules (docs/bot.md, "Organisation
 * defaults"): mappings merge key by key, a list or a value of the repository replaces the base's.
 * The security settings can only be tightened: `commands.minimumPermission` is at least the base's;
 * when the base restricts `commands.allowedUsers`/`allowedTeams`, the repository's lists must name
 * only users and teams of the base's lists (and restrict too); `pullRequests.approvalLabel` is the
 * base's when the base sets it. A repository that tries to loosen gets the base's value and a warning.
 * The base's own `_extends` is not followed.
 * @throws RepoConfigError with every problem of the base (named as `base.file`), else of the file.
 */
export function loadRepoConfig(text: string, file = REPO_CONFIG_PATH, base?: ConfigText): LoadedRepoConfig {
  const { problems, report, raw } = readSource(text, file);
  let merged = raw;
  let org: Partial<RepoConfig> | undefined;
  let orgRaw: Record<string, unknown> = {};
  if (base && isMapping(raw)) {
    const read = readSource(base.text, base.file);
    const parsed = schema.partial().safeParse(read.raw);
    if (!parsed.success) {
      reportIssues(
        parsed.error.issues,
        [],
        read.raw,
        read.report,
        (found) => `expected a mapping, found ${found}`,
      );
      throw new RepoConfigError(read.problems);
    }
    org = parsed.data;
    orgRaw = isMapping(read.raw) ? read.raw : {};
    const { _extends: _ignored, ...rest } = orgRaw;
    merged = mergeMappings(rest, raw);
  }
  const parsed = fileSchema.safeParse(merged);
  if (!parsed.success) {
    reportIssues(parsed.error.issues, [], merged, report, (found) => `expected a mapping, found ${found}`);
    throw new RepoConfigError(problems);
  }
  const { _extends: _name, ...config } = parsed.data;
  return { config, warnings: org ? tighten(config, org, orgRaw) : [] };
}

/** `over` merged onto `under`: mappings key by key, anything else (lists included) from `over`. */
function mergeMappings(
  under: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const below = out[key];
    out[key] = isMapping(below) && isMapping(value) ? mergeMappings(below, value) : value;
  }
  return out;
}

/**
 * Puts back the base's security settings that `config` loosened (in place); one warning each.
 * `orgRaw` tells what the base set itself (not by default).
 */
function tighten(config: RepoConfig, org: Partial<RepoConfig>, orgRaw: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  const commands = isMapping(orgRaw.commands) ? org.commands : undefined;
  if (commands) {
    const wanted = config.commands.minimumPermission;
    if (ROLES.indexOf(wanted) < ROLES.indexOf(commands.minimumPermission)) {
      config.commands.minimumPermission = commands.minimumPermission;
      warnings.push(
        `commands.minimumPermission: the repository's "${wanted}" would lower the base's "${commands.minimumPermission}", which applies (a repository can only raise it)`,
      );
    }
    const users = new Set(commands.allowedUsers.map((u) => u.toLowerCase()));
    const teams = new Set(commands.allowedTeams.map((t) => t.toLowerCase()));
    if (users.size + teams.size > 0) {
      const extra = [
        ...config.commands.allowedUsers.filter((u) => !users.has(u.toLowerCase())),
        ...config.commands.allowedTeams.filter((t) => !teams.has(t.toLowerCase())),
      ];
      const open = config.commands.allowedUsers.length + config.commands.allowedTeams.length === 0;
      if (open || extra.length) {
        config.commands.allowedUsers = [...commands.allowedUsers];
        config.commands.allowedTeams = [...commands.allowedTeams];
        warnings.push(
          `commands.allowedUsers/allowedTeams: the repository's lists ${open ? 'allow everyone' : `name ${extra.map((e) => `"${e}"`).join(', ')}, not in the base's lists`}; the base's lists apply (a repository can only narrow them)`,
        );
      }
    }
  }
  const label =
    isMapping(orgRaw.pullRequests) && typeof orgRaw.pullRequests.approvalLabel === 'string'
      ? orgRaw.pullRequests.approvalLabel
      : undefined;
  if (label !== undefined && config.pullRequests.approvalLabel !== label) {
    warnings.push(
      `pullRequests.approvalLabel: the repository's "${config.pullRequests.approvalLabel}" would replace the base's "${label}", which applies (the label grants runs)`,
    );
    config.pullRequests.approvalLabel = label;
  }
  return warnings;
}

/**
 * The repository a configuration's `_extends` names (Probot's convention: `.github` or `name` is a
 * repository of `owner`, `other/name` another owner's); undefined when the text has no valid
 * `_extends` (a wrong one is reported by {@link parseRepoConfig}).
 */
export function extendsOf(text: string, owner: string): { owner: string; repo: string } | undefined {
  let raw: unknown;
  try {
    raw = readSource(text, REPO_CONFIG_PATH).raw;
  } catch {
    return undefined;
  }
  const value = isMapping(raw) ? raw._extends : undefined;
  if (typeof value !== 'string' || !EXTENDS.test(value)) return undefined;
  const [first = '', second] = value.split('/');
  return second === undefined ? { owner, repo: first } : { owner: first, repo: second };
}

/** A problem of the file's `_extends` (the base could not be read), at its line. */
export function extendsError(text: string, file: string, message: string): RepoConfigError {
  const source = parseYamlSource(file, text, '');
  source.problems.length = 0;
  source.report(['_extends'], message);
  return new RepoConfigError(source.problems);
}

/**
 * The JSON Schema (draft 2020-12) of `.github/orch.yaml`, published as
 * `schema/orch-bot-config.schema.json` for editors.
 */
export function repoConfigJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(fileSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }),
    $id: 'https://orch.dev/schema/orch-bot-config.schema.json',
    title: 'orch bot repository configuration',
    description: 'The `.github/orch.yaml` file that orch-bot reads (docs/bot.md).',
  };
}
