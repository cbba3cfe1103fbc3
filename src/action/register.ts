import * as core from '@actions/core';
import type { AdminClient } from '../client/admin-client.js';
import { cell, code, table } from '../github/markdown.js';
import { expandWorkflowPaths } from '../registration/paths.js';
import { type RegistrationReport, registerFiles } from '../registration/register-files.js';
import {
  notRegisteredCount,
  RegistrationFailed,
  registeredLine,
  reportJson,
  reportLines,
} from '../registration/report.js';
import { consoleBase } from './client.js';
import { ActionInputError } from './errors.js';
import type { RegisterSettings } from './inputs.js';
import { writeJobSummary } from './markdown.js';

/**
 * The workflow files the `files` input names, relative to `workspace`: plain paths as given, globs
 * matched (files only, sorted); duplicates dropped.
 * @throws ActionInputError naming every glob that matches nothing.
 */
export async function expandFiles(patterns: readonly string[], workspace: string): Promise<string[]> {
  const { paths, unmatched } = await expandWorkflowPaths(patterns, workspace);
  if (unmatched.length) {
    throw new ActionInputError(unmatched.map((p) => ({ input: 'files', message: `no file matches "${p}"` })));
  }
  return paths;
}

/**
 * The job summary of a registration: the version and a table of entity, type, version, status and
 * a console link (the project's page: the console has no page per entity).
 */
export function registrationSummary(
  report: RegistrationReport,
  settings: Pick<RegisterSettings, 'project' | 'domain' | 'dryRun'>,
  consoleLink: string | undefined,
): string {
  const link = consoleLink
    ? `[project](${consoleLink}/console/projects/${encodeURIComponent(settings.project)})`
    : '';
  const rows = report.entities.map((e) => [
    code(e.id.name ?? ''),
    e.type,
    code(e.id.version || report.version),
    cell(e.reason ? `${e.status}: ${e.reason}` : e.status),
    link,
  ]);
  return [
    `### orch register${settings.dryRun ? ' (dry run)' : ''}`,
    '',
    `Version ${code(report.version)} in project ${code(settings.project)}, domain ${code(settings.domain)}.`,
    ...(settings.dryRun ? [] : [`${registeredLine(report)}.`]),
    '',
    table(['Entity', 'Type', 'Version', 'Status', 'Console'], rows),
    '',
  ].join('\n');
}

/**
 * `command: register`: registers the workflow files of `files` (the `orch register` pipeline),
 * prints the same lines as `orch register` (but for the closing line, which says how many entities
 * were new and how many already registered: `registeredLine`), sets the outputs `version` and `entities` (the JSON of
 * `orch register -o json`'s entities) and writes the job summary.
 * @throws ActionInputError for a glob matching nothing; WorkflowFileError for invalid files (every
 *   problem, with file, line and column); RegistrationFailed when an entity was not registered.
 */
export async function registerCommand(
  client: AdminClient,
  settings: RegisterSettings,
  workspace: string,
): Promise<RegistrationReport> {
  const paths = await expandFiles(settings.files, workspace);
  core.info(`Registering ${paths.length} workflow file${paths.length === 1 ? '' : 's'}`);
  const report = await registerFiles(client, paths, {
    target: { project: settings.project, domain: settings.domain },
    version: settings.version,
    dryRun: settings.dryRun,
  });
  core.info(reportLines(report, settings.dryRun, { existing: true }).trimEnd());
  core.setOutput('version', report.version);
  core.setOutput('entities', JSON.stringify(reportJson(report).entities));
  await writeJobSummary(registrationSummary(report, settings, await consoleBase(client)));
  const notRegistered = notRegisteredCount(report);
  if (notRegistered) throw new RegistrationFailed(notRegistered);
  return report;
}
