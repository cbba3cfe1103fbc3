import { ORCH_VERSION } from '../../api/version.js';
import { type AdminHandlers, type AdminServiceDeps, adminContext } from './admin-context.js';
import { executionDataHandlers } from './execution-data.js';
import { executionHandlers } from './executions.js';
import { launchPlanHandlers } from './launch-plans.js';
import { projectHandlers } from './projects.js';
import { taskHandlers } from './tasks.js';
import { type TrustPolicyDeps, trustPolicyHandlers } from './trust-policies.js';
import { workflowHandlers } from './workflows.js';

export type { AdminHandlers, AdminServiceDeps } from './admin-context.js';
export { ENTITY_FIELDS } from './admin-context.js';
export { EXECUTION_FIELDS, generateExecutionName } from './executions.js';
export type { CallContext, Handler } from './handler.js';
export { PROJECT_TEXT_LIMITS } from './projects.js';
export { DOMAINS, MAX_PAGE_SIZE } from './requests.js';

/** GetVersion: the control plane's version. */
function versionHandlers(): Pick<AdminHandlers, 'GetVersion'> {
  return {
    async GetVersion() {
      return { control_plane_version: { version: ORCH_VERSION, build: '', build_time: '' } };
    },
  };
}

/**
 * The unary handlers of `orch.service.v1.AdminService`, keyed by RPC name (WatchExecution, its one
 * stream, is `createWatchHandler`'s): those of each resource, sharing one context, and the trust
 * policies' (`deps.trust`). Errors are
 * ServiceErrors (InvalidArgument, NotFound, AlreadyExists, FailedPrecondition); anything else is a
 * server fault.
 */
export function createAdminHandlers(deps: AdminServiceDeps & { trust: TrustPolicyDeps }): AdminHandlers {
  const ctx = adminContext(deps);
  return {
    ...projectHandlers(ctx),
    ...taskHandlers(ctx),
    ...workflowHandlers(ctx),
    ...launchPlanHandlers(ctx),
    ...executionHandlers(ctx),
    ...executionDataHandlers(ctx),
    ...versionHandlers(),
    ...trustPolicyHandlers(deps.trust),
  };
}
