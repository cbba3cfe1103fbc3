import { readFile } from 'node:fs/promises';
import { basename, extname, relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { errorMessage } from '../api/guards.js';
import { type FileProblem, offsetOf, parseYamlSource } from '../api/yaml-file.js';
import { code } from '../github/markdown.js';
import { expandWorkflowPaths } from '../registration/paths.js';
import { type RegistrationReport, registerFiles } from '../registration/register-files.js';
import { notRegisteredCount } from '../registration/report.js';
import { WorkflowFileError } from '../registration/workflow-file.js';
import { type Checkout, checkoutCommit } from './checkout.js';
import { adminFailure, type BotContext, type CommitAt, type Registered } from './context.js';
import type { GithubCalls } from './github-calls.js';
import { REPO_CONFIG_PATH, type RepoConfig, RepoConfigError } from './repo-config.js';
import {
  type Annotation,
  type CheckOutput,
  output,
  problemAnnotations,
  problemSummary,
  registrationSummary,
  warningsSection,
} from './report.js';

/** Where the line of an entity is: its key in the file that defines it (by the name's prefix). */
async function entityAnnotations(
  dir: string,
  paths: readonly string[],
  report: RegistrationReport,
): Promise<Annotation[]> {
  const sections: Record<string, string> = {
    Task: 'tasks',
    Workflow: 'workflows',
    'Launch Plan': 'launch_plans',
  };
  const annotations: Annotation[] = [];
  for (const entity of report.entities) {
    if (entity.status !== 'failed') continue;
    const name = entity.id.name ?? '';
    const path = paths.find((p) => name.startsWith(`${basename(p, extname(p))}.`));
    if (!path) continue;
    const text = await readFile(path, 'utf8');
    const lines = new LineCounter();
    const document = parseDocument(text, { lineCounter: lines });
    const local = name.slice(basename(path, extname(path)).length + 1);
    const section = sections[entity.type] ?? 'tasks';
    const { line } = lines.linePos(offsetOf(document, [section, local], true));
    annotations.push({
      path: relative(dir, path),
      start_line: line,
      end_line: line,
      annotation_level: 'failure',
      title: `${entity.type} ${name} was not registered`,
      message: entity.reason ?? entity.status,
    });
  }
  return annotations;
}

/** `registerAt`, for the parts that register. */
export type Registrar = ReturnType<typeof registrar>;

/**
 * Builds `registerAt`: registers the configured workflow files of a commit, reported on the check run
 * `orch / register`.
 */
export function registrar(ctx: BotContext & GithubCalls) {
  const { client, logger, deps, reportCheck, loadConfig } = ctx;
  /**
   * Registers the configured workflow files of a commit, reported on the check run `orch / register`
   * (one write, made `completed`). With `deferSuccess`, a successful registration's check run write
   * is handed to it, to be made later (a failure's is made at once): the launches' own check run writes go
   * first, GitHub's second between content-creating requests not delaying them. Undefined when the commit has no `.github/orch.yaml` (the repository does not use the bot) or
   * when registration failed (the check run says why).
   */
  const registerAt = async (
    commit: CommitAt,
    purpose: 'push' | 'pullRequests',
    options: { deferSuccess?: (write: () => Promise<unknown>) => void } = {},
  ): Promise<Registered | undefined> => {
    const { gh, repo, sha } = commit;
    let checkout: Checkout | undefined;
    // One write when registration is done (GitHub's second between content-creating requests).
    const fields = { external_id: `register:${purpose}`, started_at: new Date().toISOString() };
    const conclude = (conclusion: 'success' | 'failure', out: CheckOutput) =>
      reportCheck(gh, repo, sha, 'orch / register', conclusion, out, fields);
    const fail = async (title: string, summary: string, annotations: Annotation[] = []) => {
      await conclude('failure', output(title, summary, annotations));
      return undefined;
    };
    try {
      try {
        checkout = await checkoutCommit(gh, { ...repo, sha }, deps.checkout);
      } catch (error) {
        return await fail(
          'The commit could not be fetched',
          `The archive of ${code(sha)} could not be read: ${errorMessage(error)}`,
        );
      }
      const dir = checkout.dir;
      // A base's file (`owner/repo:.github/orch.yaml`) is named as it is, and gets no annotation.
      const inCheckout = (file: string) => file.startsWith(`${dir}/`);
      const rel = (file: string) => (inCheckout(file) ? relative(dir, file) : file);
      let text: string;
      try {
        text = await readFile(`${dir}/${REPO_CONFIG_PATH}`, 'utf8');
      } catch {
        logger.info('no configuration at this commit; nothing to do', {
          repository: `${repo.owner}/${repo.repo}`,
          sha,
        });
        return undefined;
      }
      let config: RepoConfig;
      let warnings: string[];
      const configFile = `${dir}/${REPO_CONFIG_PATH}`;
      try {
        ({ config, warnings } = await loadConfig(gh, repo, text, configFile));
      } catch (error) {
        if (!(error instanceof RepoConfigError)) throw error;
        return await fail(
          `${REPO_CONFIG_PATH} is not valid`,
          problemSummary(
            `${REPO_CONFIG_PATH} has ${error.problems.length} problem(s); nothing was registered.`,
            error.problems,
            rel,
          ),
          problemAnnotations(
            error.problems.filter((p) => inCheckout(p.file)),
            rel,
          ),
        );
      }
      const source = parseYamlSource(configFile, text, '');
      const at = (path: (string | number)[], message: string): FileProblem => {
        source.problems.length = 0;
        source.report(path, message);
        return source.problems[0] ?? { file: configFile, line: 1, column: 1, message };
      };
      if (config.admin?.endpoint && config.admin.endpoint !== deps.adminEndpoint) {
        const problem = at(
          ['admin', 'endpoint'],
          `this bot launches only on ${deps.adminEndpoint}; remove admin.endpoint or name that admin`,
        );
        return await fail(
          `${REPO_CONFIG_PATH} names another admin`,
          problemSummary('Nothing was registered.', [problem], rel),
          problemAnnotations([problem], rel),
        );
      }
      const { paths, unmatched } = await expandWorkflowPaths(config.files, dir);
      if (unmatched.length || paths.length === 0) {
        const problems = (unmatched.length ? unmatched : config.files).map((pattern) =>
          at(['files', config.files.indexOf(pattern)], `no file matches "${pattern}"`),
        );
        return await fail(
          'No workflow file to register',
          problemSummary('Nothing was registered.', problems, rel),
          problemAnnotations(problems, rel),
        );
      }
      const domain = purpose === 'push' ? config.domains.push : config.domains.pullRequests;
      let report: RegistrationReport;
      try {
        report = await registerFiles(client, paths, { target: { project: config.project, domain } });
      } catch (error) {
        if (error instanceof WorkflowFileError) {
          return await fail(
            'The workflow files are not valid',
            problemSummary(
              `${error.problems.length} problem(s); nothing was registered.`,
              error.problems,
              rel,
            ),
            problemAnnotations(error.problems, rel),
          );
        }
        logger.warn('registration failed', {
          repository: `${repo.owner}/${repo.repo}`,
          sha,
          error: errorMessage(error),
        });
        return await fail('Registration failed', adminFailure(error, deps.adminEndpoint));
      }
      const failed = notRegisteredCount(report);
      const summary = `${registrationSummary(report, config.project, domain)}${warningsSection(warnings)}`;
      if (failed) {
        await conclude(
          'failure',
          output(
            `${failed} entities were not registered (version ${report.version})`,
            summary,
            await entityAnnotations(dir, paths, report),
          ),
        );
        return undefined;
      }
      const success = () =>
        conclude(
          'success',
          output(`Registered ${report.entities.length} entities at version ${report.version}`, summary),
        );
      if (options.deferSuccess) options.deferSuccess(success);
      else await success();
      const launchPlans = report.entities.filter((e) => e.type === 'Launch Plan').map((e) => e.id.name ?? '');
      return { config, report, domain, launchPlans };
    } finally {
      await checkout?.remove();
    }
  };

  return { registerAt };
}
