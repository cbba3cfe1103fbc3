import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { errorMessage } from '../api/guards.js';
import { addFlagOptions, type CliIO } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import { parseQuantity } from '../config/quantity.js';
import { ALL_FLAGS } from '../config/registry.js';
import { DEFAULT_TARGET, targetOf } from '../config/target.js';
import { loadCommandConfig } from './load-config.js';
import { CLIENT_FLAGS, platformClient } from './platform-client.js';

/** The `--files.*` flags of `orch register` (spec, "Registration"). */
const FILES_FLAGS = ALL_FLAGS.map((f) => f.name).filter((name) => name.startsWith('files.'));

/** An unpacked archive: its folder, and how to remove it. */
interface OpenedArchive {
  dir: string;
  remove: () => Promise<void>;
}

/**
 * `--files.archive`: a local .tgz/.tar.gz or an http(s) URL of one, unpacked (entries confined to a
 * temporary directory) so that its workflow files can be registered with their code.
 * @throws Error naming the archive when it cannot be read, fetched or unpacked.
 */
async function openArchive(source: string): Promise<OpenedArchive> {
  const dir = await mkdtemp(join(tmpdir(), 'orch-archive-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const { extract } = await import('tar');
    // node-tar strips absolute paths and refuses entries that climb out with `..`.
    if (!/^https?:\/\//.test(source)) {
      await extract({ file: source, cwd: dir, strict: true });
      return { dir, remove };
    }
    const response = await fetch(source);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const archive = join(dir, '.archive.tgz');
    await writeFile(archive, Buffer.from(await response.arrayBuffer()));
    await extract({ file: archive, cwd: dir, strict: true });
    await rm(archive);
    return { dir, remove };
  } catch (error) {
    await remove();
    throw new Error(`cannot use the archive ${source}: ${errorMessage(error)}`, { cause: error });
  }
}

/**
 * The workflow files to register: the files matching `patterns`, or with `--files.archive` the
 * top-level workflow files of each archive (unpacked ones are pushed on `archives`, for removal).
 * @throws ConfigError naming a pattern that matches nothing or an archive without a workflow file.
 */
async function workflowPaths(
  patterns: readonly string[],
  fromArchives: boolean,
  archives: OpenedArchive[],
): Promise<string[]> {
  const { expandWorkflowPaths } = await import('../registration/paths.js');
  if (!fromArchives) {
    const expanded = await expandWorkflowPaths(patterns);
    const [unmatched] = expanded.unmatched;
    if (unmatched !== undefined) {
      throw new ConfigError(`no file matches ${JSON.stringify(unmatched)}`, '<workflow_files>');
    }
    return expanded.paths;
  }
  // Each argument is an archive; its top-level workflow files are registered with its code.
  const paths: string[] = [];
  for (const source of patterns) {
    const archive = await openArchive(source);
    archives.push(archive);
    const found = (await expandWorkflowPaths(['*.{yaml,yml,json}'], archive.dir)).paths;
    if (!found.length)
      throw new ConfigError(
        `the archive ${source} holds no workflow file at its top level`,
        '--files.archive',
      );
    paths.push(...found);
  }
  return paths;
}

/** Whether a stream is a terminal (progress is drawn only there). */
function isTerminal(stream: object): boolean {
  return 'isTTY' in stream && stream.isTTY === true;
}

/**
 * `orch register <workflow_files...>`: registers the tasks, workflows and launch plans of workflow
 * files. Output lines follow the spec exactly: `Computed version is <v>`, one `[✔] <Kind>: <name>`
 * per entity, and `Successfully registered <n> entities` (or the report as JSON or YAML with `-o`).
 */
export function addRegisterCommand(program: Command, io: CliIO): void {
  addFlagOptions(
    program
      .command('register')
      .argument(
        '<workflow_files...>',
        'workflow files (YAML or JSON) or globs such as "flows/**/*.yaml"; with --files.archive, .tgz archives (paths or http(s) URLs) whose top-level workflow files are registered',
      )
      .description('register the tasks, workflows and launch plans of workflow files')
      .addHelpText(
        'after',
        "\nEntity names are <file stem>.<name>. Each file's directory (minus .orchignore) is packed into a\n" +
          'code bundle and uploaded; the version is a digest of the bundles, the compiled specs and this\n' +
          'tool, so registering the same tree again is a no-op that succeeds. Project and domain default\n' +
          `to ${DEFAULT_TARGET.project} and ${DEFAULT_TARGET.domain}.\n\n` +
          'Examples:\n' +
          '  orch register examples/add-one/wf.yaml --orch.connection.host localhost:8089 --orch.connection.insecure\n' +
          '  orch register "flows/*.yaml" --files.dryRun\n' +
          '  orch register flows/etl.yaml --files.version v42 -o json\n',
      ),
    [...CLIENT_FLAGS, 'output', ...FILES_FLAGS, 'server.dataProxy.upload.maxSize'],
  ).action(async (patterns: string[], _opts: unknown, command: Command) => {
    const config = loadCommandConfig(command, io);
    const output = config.output.toLowerCase();
    if (output !== 'table' && output !== 'json' && output !== 'yaml') {
      throw new ConfigError(
        `"${config.output}" is not an output of register; use TABLE, JSON or YAML`,
        '-o, --output',
      );
    }
    const files = config.files;
    // --files.k8ServiceAccount is deprecated too, but its value is used for --files.k8sServiceAccount
    // (the loader warns so, once).
    if (files.sourceUploadPath)
      io.stderr.write('warning: --files.sourceUploadPath is deprecated and ignored\n');
    const target = { ...targetOf(config), org: config.org };
    // Built first: without an endpoint the command fails at once, before any work. A dry run only
    // compiles and validates, so it needs no admin.
    const client = files.dryRun ? undefined : await platformClient(config, io);
    const archives: OpenedArchive[] = [];
    try {
      const paths = await workflowPaths(patterns, Boolean(files.archive), archives);
      const progress = isTerminal(io.stderr) && output === 'table';
      // Loaded on use: registration (zod, tar, the bundle packer) is not needed by other commands.
      const { registerFiles } = await import('../registration/register-files.js');
      const { notRegisteredCount, RegistrationFailed, reportJson, reportLines } = await import(
        '../registration/report.js'
      );
      const report = await registerFiles(client, paths, {
        target,
        version: files.version || undefined,
        force: files.force,
        dryRun: files.dryRun,
        continueOnError: files.continueOnError,
        enableSchedule: files.enableSchedule,
        maxBundleBytes: parseQuantity(config.server.dataProxy.upload.maxSize),
        compile: {
          destinationDirectory: files.destinationDirectory || undefined,
          authRole: {
            assumable_iam_role: files.assumableIamRole || undefined,
            kubernetes_service_account: files.k8sServiceAccount || undefined,
          },
          outputLocationPrefix: files.outputLocationPrefix || undefined,
        },
        onProgress: progress
          ? (done, total) =>
              io.stderr.write(`\rRegistering ${done}/${total} entities${done === total ? '\n' : ''}`)
          : undefined,
      });
      io.stdout.write(
        output === 'json'
          ? `${JSON.stringify(reportJson(report), null, 2)}\n`
          : output === 'yaml'
            ? (await import('yaml')).stringify(reportJson(report))
            : reportLines(report, files.dryRun),
      );
      const notRegistered = notRegisteredCount(report);
      if (notRegistered) throw new RegistrationFailed(notRegistered);
    } finally {
      client?.close();
      for (const archive of archives) await archive.remove();
    }
  });
}
