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
 *     - { name: wf.add_one_wf, inputs: { x: 2 } }
 *   approvalLabel: orch:approved       # a fork's pull request runs once someone permitted adds it
 * commands:
 *   minimumPermission: write           # admin | maintain | write | triage | read
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
      })
      .default({ launchPlans: [], approvalLabel: 'orch:approved' }),
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
      })
      .default({ minimumPermission: 'write' }),
    'who may use ChatOps commands (always read from the default branch)',
    { minimumPermission: 'maintain' },
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

/**
 * Parses and checks the text of `.github/orch.yaml`.
 * @param text the file's text.
 * @param file the path reported in problems. @default ".github/orch.yaml"
 * @throws RepoConfigError with every problem (`<file>:<line>:<column>: <path>: <message>`).
 */
export function parseRepoConfig(text: string, file = REPO_CONFIG_PATH): RepoConfig {
  const { document, problems, report } = parseYamlSource(
    file,
    text,
    'holds a second YAML document; the configuration is one document',
  );
  if (problems.length) throw new RepoConfigError(problems);
  const raw: unknown = document.toJS() ?? {};
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    reportIssues(parsed.error.issues, [], raw, report, (found) => `expected a mapping, found ${found}`);
    throw new RepoConfigError(problems);
  }
  return parsed.data;
}

/**
 * The JSON Schema (draft 2020-12) of `.github/orch.yaml`, published as
 * `schema/orch-bot-config.schema.json` for editors.
 */
export function repoConfigJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }),
    $id: 'https://orch.dev/schema/orch-bot-config.schema.json',
    title: 'orch bot repository configuration',
    description: 'The `.github/orch.yaml` file that orch-bot reads (docs/bot.md).',
  };
}
