import { status as Status } from '@grpc/grpc-js';
import { z } from 'zod';
import type { AppServiceHandlers } from '../../api/generated/orch/service/v1/AppService.js';
import type { AppRuntime } from '../apps/runtime.js';
import { keyOf, LOG_LINES } from '../apps/runtime.js';
import type { AppKey, AppRepository } from '../db/app-repository.js';
import { invalidArgument, ServiceError } from '../errors.js';
import type { ServerStreamHandlers, UnaryHandlers } from './handler.js';
import { MAX_PAGE_SIZE, requireDomain, requireText } from './requests.js';
import { storedMessage } from './stored.js';

/** What the app service needs. */
export interface AppServiceDeps {
  runtime: AppRuntime;
  repo: AppRepository;
  /** Longest wait for a revision to become healthy, in seconds, when a request gives none. @default 120 */
  defaultTimeoutSeconds?: number;
}

type Row = NonNullable<Awaited<ReturnType<AppRepository['get']>>>;
type RevisionRow = Awaited<ReturnType<AppRepository['listRevisions']>>[number];

/** An app name (its host name on the apps sub-domain): a DNS label. */
const APP_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** What `app_revisions.spec` holds (migrations.ts, revisionSummaryOf). */
const revisionSpec = z.object({
  image: z.string().catch(''),
  args: z.array(z.string()).catch([]),
  port: z.number().catch(0),
  replicas: z.number().catch(1),
  env_names: z.array(z.string()).catch([]),
  secret_names: z.array(z.string()).catch([]),
});

/**
 * The key of a request's app identifier, checked: project an identifier, domain one of the three,
 * name a DNS label (at most 63 characters).
 * @throws ServiceError INVALID_ARGUMENT naming the field.
 */
function checkedKeyOf(id: { name?: string; project?: string; domain?: string; org?: string } | null) {
  const key = keyOf({ id });
  requireText(key.project, 'id.project');
  requireDomain(key.domain, 'id.domain');
  if (key.name.length > 63 || !APP_NAME.test(key.name)) {
    throw invalidArgument(
      `id.name ${key.name.length > 63 ? `is ${key.name.length} characters long` : `"${key.name}"`}: an app name is a DNS label, ^[a-z][a-z0-9-]{0,62}$`,
    );
  }
  return key;
}

/** A revision row as an AppRevision message. */
const toRevision = (row: RevisionRow) => ({
  revision: row.revision,
  ...revisionSpec.parse(JSON.parse(row.spec)),
  deployed_at_ms: String(row.deployed_at),
  deployed_by: row.deployed_by,
  status: {
    state: row.state,
    message: row.message,
    endpoint: '',
    revision: row.revision,
    updated_at_ms: String(row.updated_at),
  },
});

/**
 * `orch.service.v1.AppService`: Deploy streams the statuses of a deployment (see
 * {@link AppRuntime.deploy}); Get, List and Stop read and stop deployed apps; ListRevisions reads an
 * app's deployments (app_revisions) and GetLogs the lines its latest instance printed
 * ({@link AppRuntime.logsOf}).
 */
export function createAppHandlers(deps: AppServiceDeps): {
  unary: UnaryHandlers<AppServiceHandlers>;
  streams: ServerStreamHandlers<AppServiceHandlers>;
} {
  const by = (context: { identity?: { subject?: string } } | undefined) => context?.identity?.subject ?? '';
  /** The app at `key`. @throws ServiceError NOT_FOUND when none is deployed. */
  const existing = async (key: AppKey) => {
    const row = await deps.repo.get(key);
    if (!row) {
      throw new ServiceError(
        Status.NOT_FOUND,
        `no app named ${key.name} in project ${key.project}, domain ${key.domain}`,
      );
    }
    return row;
  };
  const toApp = (row: Row) => ({
    spec: storedMessage('orch.admin.v1.AppSpec', row.spec, 'apps.spec'),
    status: {
      state: row.state,
      message: row.message,
      endpoint: row.state === 'Started' ? deps.runtime.endpointOf(row.name) : '',
      revision: row.revision,
      updated_at_ms: String(row.updated_at),
    },
  });
  return {
    streams: {
      async Deploy(request, send, _signal, context) {
        const spec = request.spec ?? {};
        const seconds = Number(request.timeout_seconds) || deps.defaultTimeoutSeconds || 120;
        await deps.runtime.deploy(spec, (status) => send(status), seconds * 1000, by(context));
      },
    },
    unary: {
      async Get(request) {
        return toApp(await existing(keyOf({ id: request.id })));
      },
      async List(request) {
        const limit = Math.min(Number(request.limit) || 100, MAX_PAGE_SIZE);
        const rows = await deps.repo.list(
          {
            org: typeof request.org === 'string' ? request.org : '',
            project: typeof request.project === 'string' ? request.project : '',
            domain: typeof request.domain === 'string' ? request.domain : '',
          },
          limit,
        );
        return { apps: rows.map(toApp), token: '' };
      },
      async ListRevisions(request) {
        const key = checkedKeyOf(request.id);
        await existing(key);
        const limit = Math.min(Number(request.limit) || 100, MAX_PAGE_SIZE);
        return { revisions: (await deps.repo.listRevisions(key, limit)).map(toRevision) };
      },
      async GetLogs(request) {
        const key = checkedKeyOf(request.id);
        await existing(key);
        const limit = Math.min(Number(request.limit) || 100, LOG_LINES);
        const { revision, lines } = deps.runtime.logsOf(key, limit);
        return { revision, lines: lines.map((l) => ({ at_ms: String(l.at), line: l.line })) };
      },
      async Stop(request) {
        await deps.runtime.stop(keyOf({ id: request.id }));
        return {};
      },
    },
  };
}
