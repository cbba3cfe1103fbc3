import { status as Status } from '@grpc/grpc-js';
import { isRecord } from '../../api/guards.js';
import { ServiceError } from '../errors.js';
import type { Identity } from './authenticate.js';
import { requirementOf } from './authorizer.js';

/** The project and domain a request names ('' when it names none). */
export interface RequestScope {
  project: string;
  domain: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The project and domain a request acts in, wherever the API puts them: top-level `project` and
 * `domain` (CreateExecution, CreateUploadLocation), an `id` holding them (entities, executions,
 * secrets, lists), an `id` string (UpdateProject's Project), a `project` message with an `id`
 * (RegisterProject), or one level down in another identifier (`execution_id`, `workflow_execution_id`,
 * a node execution's `execution_id`).
 */
export function scopeOf(request: unknown): RequestScope {
  if (!isRecord(request)) return { project: '', domain: '' };
  if (typeof request.project === 'string' || typeof request.domain === 'string') {
    return { project: text(request.project), domain: text(request.domain) };
  }
  if (isRecord(request.project)) return { project: text(request.project.id), domain: '' };
  if (typeof request.id === 'string') return { project: request.id, domain: '' };
  for (const value of Object.values(request)) {
    if (!isRecord(value)) continue;
    if (typeof value.project === 'string' || typeof value.domain === 'string') {
      return { project: text(value.project), domain: text(value.domain) };
    }
    const nested = Object.values(value).find(
      (inner) => isRecord(inner) && (typeof inner.project === 'string' || typeof inner.domain === 'string'),
    );
    if (isRecord(nested)) return { project: text(nested.project), domain: text(nested.domain) };
  }
  return { project: '', domain: '' };
}

/**
 * Refuses a call of `rpc` outside the caller's limits (a trust policy limited to some projects or
 * domains). A request that names a project or domain must name an allowed one; a request that changes
 * something (any RPC needing more than `read`) must name an allowed project and domain, so a limited
 * caller cannot act where the request leaves the place unsaid. Reads that name no project (ListProjects,
 * GetVersion) pass.
 * @throws ServiceError PERMISSION_DENIED naming the project or domain and the allowed ones.
 */
export function checkLimits(identity: Identity | undefined, rpc: string, request: unknown): void {
  const limits = identity?.limits;
  if (!limits) return;
  const { project, domain } = scopeOf(request);
  const changes = !['read', 'authenticated', 'anonymous'].includes(requirementOf(rpc));
  const refuse = (what: string, value: string, allowed: string[]) =>
    new ServiceError(
      Status.PERMISSION_DENIED,
      `${identity.subject} may act only in ${what} ${allowed.join(', ')} (its trust policy's limit); ` +
        `${rpc} ${value ? `names ${what} ${value}` : `names no ${what}`}`,
    );
  if (limits.projects.length && (project || changes) && !limits.projects.includes(project)) {
    throw refuse('project', project, limits.projects);
  }
  if (limits.domains.length && (domain || changes) && !limits.domains.includes(domain)) {
    // RegisterProject and UpdateProject name no domain: a project is not in one.
    if (domain || !/\/(RegisterProject|UpdateProject)$/.test(rpc))
      throw refuse('domain', domain, limits.domains);
  }
}
