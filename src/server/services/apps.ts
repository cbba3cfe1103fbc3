import { status as Status } from '@grpc/grpc-js';
import type { AppServiceHandlers } from '../../api/generated/orch/service/v1/AppService.js';
import type { AppRuntime } from '../apps/runtime.js';
import { keyOf } from '../apps/runtime.js';
import type { AppRepository } from '../db/app-repository.js';
import { ServiceError } from '../errors.js';
import type { ServerStreamHandlers, UnaryHandlers } from './handler.js';
import { MAX_PAGE_SIZE } from './requests.js';
import { storedMessage } from './stored.js';

/** What the app service needs. */
export interface AppServiceDeps {
  runtime: AppRuntime;
  repo: AppRepository;
  /** Longest wait for a revision to become healthy, in seconds, when a request gives none. @default 120 */
  defaultTimeoutSeconds?: number;
}

type Row = NonNullable<Awaited<ReturnType<AppRepository['get']>>>;

/**
 * `orch.service.v1.AppService`: Deploy streams the statuses of a deployment (see
 * {@link AppRuntime.deploy}); Get, List and Stop read and stop deployed apps.
 */
export function createAppHandlers(deps: AppServiceDeps): {
  unary: UnaryHandlers<AppServiceHandlers>;
  streams: ServerStreamHandlers<AppServiceHandlers>;
} {
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
      async Deploy(request, send) {
        const spec = request.spec ?? {};
        const seconds = Number(request.timeout_seconds) || deps.defaultTimeoutSeconds || 120;
        await deps.runtime.deploy(spec, (status) => send(status), seconds * 1000);
      },
    },
    unary: {
      async Get(request) {
        const key = keyOf({ id: request.id });
        const row = await deps.repo.get(key);
        if (!row) {
          throw new ServiceError(
            Status.NOT_FOUND,
            `no app named ${key.name} in project ${key.project}, domain ${key.domain}`,
          );
        }
        return toApp(row);
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
      async Stop(request) {
        await deps.runtime.stop(keyOf({ id: request.id }));
        return {};
      },
    },
  };
}
