import { dirname, resolve } from 'node:path';
import pLimit from 'p-limit';
import { digestOf } from '../api/canonical.js';
import { errorMessage } from '../api/guards.js';
import type { Identifier } from '../api/types.js';
import { ORCH_VERSION } from '../api/version.js';
import type { AdminClient } from '../client/admin-client.js';
import { AlreadyExistsError } from '../client/errors.js';
import { type CodeBundle, packBundle } from './bundle.js';
import {
  type CompiledEntities,
  type CompileOptions,
  compileWorkflowFile,
  type RegistrationTarget,
} from './compile.js';
import type { EntityKind } from './registrar.js';
import { computeVersion } from './version.js';
import {
  type FileProblem,
  type LoadedWorkflowFile,
  loadWorkflowFile,
  WorkflowFileError,
} from './workflow-file.js';

/** What `orch register` was asked to do (spec, `--files.*` flags; DESIGN.md, "Workflow files"). */
export interface RegisterFilesOptions {
  target: RegistrationTarget;
  /** `--files.version`: the version of entities whose file pins none (no version is computed then). */
  version?: string;
  /** `--files.force`: `version` applies to every file, also those that pin their own. */
  force?: boolean;
  /** `--files.dryRun`: compile and validate only; nothing is uploaded or registered. */
  dryRun?: boolean;
  /** `--files.continueOnError`: go on after an entity fails (its dependants fail too). */
  continueOnError?: boolean;
  /** `--files.enableSchedule`: activate registered launch plans that have a schedule. */
  enableSchedule?: boolean;
  /** Upload limit in bytes (`--server.dataProxy.upload.maxSize`); a larger bundle fails before upload. */
  maxBundleBytes?: number;
  /** What is recorded on tasks and launch plans besides the file. */
  compile?: Omit<CompileOptions, 'codeBundle'>;
  /** Calls in flight at once, per stage. @default 8 */
  concurrency?: number;
  /** Progress: entities done of the total, after each one. */
  onProgress?: (done: number, total: number) => void;
  /** How bundles are PUT to a signed URL; `fetch` by default (for tests and proxies). */
  fetch?: typeof fetch;
}

/** The outcome of one entity. */
export type EntityStatus = 'registered' | 'already registered' | 'dry run' | 'failed' | 'skipped';

/** One entity of a registration, as printed and as `-o json` reports it. */
export interface EntityResult {
  type: EntityKind;
  id: Identifier;
  status: EntityStatus;
  /** Why it failed (or was skipped); never a secret. */
  reason?: string;
  /** True when `--files.enableSchedule` activated this launch plan. */
  activated?: boolean;
}

/** The outcome of {@link registerFiles}. */
export interface RegistrationReport {
  /** The version of the entities (of the first file, when files pin different ones). */
  version: string;
  /** True when the version was computed (then `Computed version is <v>` is printed). */
  computed: boolean;
  /** Every entity, tasks then workflows then launch plans, each in file order then name order. */
  entities: EntityResult[];
}

type Client = Pick<
  AdminClient,
  'createTask' | 'createWorkflow' | 'createLaunchPlan' | 'updateLaunchPlan' | 'createUploadLocation'
>;

/** Rejects: a dry run compiles and validates offline, so nothing may reach an admin then. */
const offline = (): Promise<never> => Promise.reject(new Error('a dry run does not call the admin'));

/** The admin of a dry run: every call rejects (none is made; see {@link registerFiles}). */
const OFFLINE_ADMIN: Client = {
  createTask: offline,
  createWorkflow: offline,
  createLaunchPlan: offline,
  updateLaunchPlan: offline,
  createUploadLocation: offline,
};

/**
 * Runs `work` over `items` with at most `limit` in flight (p-limit); resolves when all are done.
 * @throws the first error of `work` (the items already started still run to their end).
 */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  await pLimit(limit).map(items, (item) => work(item));
}

/**
 * Loads every file at once; all problems of all files are reported together, file by file in the
 * order of `paths`.
 * @throws WorkflowFileError holding every problem of every file.
 */
async function loadAll(paths: readonly string[]): Promise<LoadedWorkflowFile[]> {
  const results = await Promise.all(
    paths.map(async (path) => {
      try {
        return { file: await loadWorkflowFile(path), problems: [] };
      } catch (error) {
        if (!(error instanceof WorkflowFileError)) throw error;
        return { file: undefined, problems: error.problems };
      }
    }),
  );
  const loaded = results.flatMap(({ file }) => (file ? [file] : []));
  const problems: FileProblem[] = results.flatMap((result) => result.problems);
  if (problems.length) throw new WorkflowFileError(problems);
  const stems = new Map<string, string>();
  for (const file of loaded) {
    const other = stems.get(file.stem);
    if (other) {
      problems.push({
        file: file.path,
        line: 1,
        column: 1,
        message: `its entities would be named ${file.stem}.* like those of ${other}; rename one of the files`,
      });
    }
    stems.set(file.stem, file.path);
  }
  if (problems.length) throw new WorkflowFileError(problems);
  return loaded;
}

/**
 * PUTs a bundle to a fresh signed upload location (DataProxyService); resolves to its native URL.
 * @throws AdminError from CreateUploadLocation; Error naming the bundle's folder when the PUT fails.
 */
export async function uploadBundle(
  client: Client,
  target: RegistrationTarget,
  bundle: CodeBundle,
  put: typeof fetch,
): Promise<string> {
  const location = await client.createUploadLocation({
    project: target.project,
    domain: target.domain,
    org: target.org ?? '',
    filename: 'bundle.tar.gz',
    content_md5: bundle.md5,
    filename_root: `bundle-${bundle.sha256.slice(0, 32)}`,
  });
  const response = await put(location.signed_url, {
    method: 'PUT',
    headers: { ...location.headers, 'content-type': 'application/gzip' },
    body: new Uint8Array(bundle.bytes),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(
      `uploading the code bundle of ${bundle.dir} failed: HTTP ${response.status}${text ? ` ${text.slice(0, 200)}` : ''}`,
    );
  }
  return location.native_url;
}

/**
 * Registers workflow files (the `orch register` pipeline): loads and validates every file (all
 * problems at once), packs each file's directory into a deterministic code bundle, computes the
 * version (a digest of the bundles, the compiled specs and the tool version) unless one is given,
 * uploads each bundle once through a signed URL, and registers tasks, then workflows, then launch
 * plans, each stage with bounded concurrency. An identical entity already registered counts as a
 * success (`already registered`).
 * `client` may be undefined with `dryRun`, which needs no admin.
 * @returns a report of every entity, in a stable order.
 * @throws WorkflowFileError for invalid files; BundleTooLargeError; an upload's Error. Entity failures
 *   do not throw: they are `failed` in the report.
 */
export async function registerFiles(
  client: Client | undefined,
  paths: readonly string[],
  options: RegisterFilesOptions,
): Promise<RegistrationReport> {
  if (!client && !options.dryRun) throw new Error('registerFiles needs an admin client unless dryRun is set');
  // A dry run compiles and validates offline: nothing below reaches the admin then.
  const admin = client ?? OFFLINE_ADMIN;
  const files = await loadAll(paths);
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const target = options.target;

  // One bundle per directory, packed once.
  const dirs = [...new Set(files.map((f) => resolve(dirname(f.path))))];
  const bundles = new Map<string, CodeBundle>();
  await eachLimited(dirs, 4, async (dir) => {
    bundles.set(dir, await packBundle(dir, { maxBytes: options.maxBundleBytes }));
  });
  const bundleOf = (file: LoadedWorkflowFile): CodeBundle => {
    const bundle = bundles.get(resolve(dirname(file.path)));
    if (!bundle) throw new Error(`no code bundle was packed for ${file.path}`);
    return bundle;
  };

  // Versions: pinned by the file, else --files.version, else computed over everything registered
  // (compiled once more for that, so only when some file needs it).
  const usesComputed = !options.version && files.some((f) => !f.doc.version);
  const computed = usesComputed
    ? computeVersion({
        fileDigest: digestOf(files.map((f) => [f.stem, bundleOf(f).sha256])),
        specs: files.map((f) => compileWorkflowFile(f, { project: '', domain: '' }, '', options.compile)),
        toolVersion: ORCH_VERSION,
      })
    : '';
  const versionOfFile = (file: LoadedWorkflowFile): string =>
    options.force && options.version ? options.version : (file.doc.version ?? options.version ?? computed);

  const nativeUrls = new Map<string, string>();
  if (!options.dryRun) {
    await eachLimited([...bundles.values()], 4, async (bundle) => {
      nativeUrls.set(bundle.dir, await uploadBundle(admin, target, bundle, options.fetch ?? fetch));
    });
  }
  const compiled: CompiledEntities[] = files.map((file) =>
    compileWorkflowFile(file, target, versionOfFile(file), {
      ...options.compile,
      codeBundle: nativeUrls.get(bundleOf(file).dir),
    }),
  );

  type Step = { result: EntityResult; create: () => Promise<void>; needs: Identifier[] };
  const key = (id: Identifier) => `${id.resource_type}/${id.name}@${id.version}`;
  const stage = (kind: EntityKind): Step[] =>
    compiled.flatMap((entities): Step[] => {
      if (kind === 'Task') {
        return entities.tasks.map(
          (t): Step => ({
            result: { type: kind, id: t.id, status: 'skipped' },
            create: () => admin.createTask(t.id, t.spec),
            needs: [],
          }),
        );
      }
      if (kind === 'Workflow') {
        return entities.workflows.map(
          (w): Step => ({
            result: { type: kind, id: w.id, status: 'skipped' },
            create: () => admin.createWorkflow(w.id, w.spec),
            needs: (w.spec.template?.nodes ?? []).flatMap((n) =>
              n.task_node?.reference_id ? [n.task_node.reference_id] : [],
            ),
          }),
        );
      }
      return entities.launchPlans.map(
        (l): Step => ({
          result: { type: kind, id: l.id, status: 'skipped' },
          create: async () => {
            await admin.createLaunchPlan(l.id, l.spec);
          },
          needs: l.spec.workflow_id ? [l.spec.workflow_id] : [],
        }),
      );
    });
  const stages = [stage('Task'), stage('Workflow'), stage('Launch Plan')];
  const total = stages.reduce((n, s) => n + s.length, 0);
  const failedKeys = new Set<string>();
  let done = 0;
  let stop = false;
  const schedules = new Set(
    compiled.flatMap((c) => c.launchPlans.filter((l) => l.spec.schedule).map((l) => key(l.id))),
  );

  for (const steps of stages) {
    await eachLimited(steps, concurrency, async (step) => {
      const { result } = step;
      const missing = step.needs.find((id) => failedKeys.has(key({ ...id, version: id.version ?? '' })));
      if (stop) {
        result.reason = 'not attempted after an earlier failure';
      } else if (missing) {
        result.status = 'failed';
        result.reason = `depends on ${missing.name}, which failed`;
        failedKeys.add(key(result.id));
      } else if (options.dryRun) {
        result.status = 'dry run';
      } else {
        try {
          await step.create();
          result.status = 'registered';
        } catch (error) {
          if (error instanceof AlreadyExistsError) {
            result.status = 'already registered';
          } else {
            result.status = 'failed';
            result.reason = errorMessage(error);
            failedKeys.add(key(result.id));
            if (!options.continueOnError) stop = true;
          }
        }
        if (
          options.enableSchedule &&
          result.type === 'Launch Plan' &&
          result.status !== 'failed' &&
          schedules.has(key(result.id))
        ) {
          try {
            await admin.updateLaunchPlan(result.id, 'ACTIVE');
            result.activated = true;
          } catch (error) {
            result.status = 'failed';
            result.reason = `registered, but activating it failed: ${errorMessage(error)}`;
          }
        }
      }
      done += 1;
      options.onProgress?.(done, total);
    });
  }
  return {
    version: files[0] ? versionOfFile(files[0]) : computed,
    computed: usesComputed,
    entities: stages.flat().map((s) => s.result),
  };
}
