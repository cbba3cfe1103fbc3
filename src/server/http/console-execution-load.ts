import type { Repository } from '../db/repository.js';
import { ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Handler } from '../services/admin.js';
import { fullMessage } from '../services/messages.js';
import { type ExecutionActions, executionPage, workflowSvg } from './console-execution.js';
import { blobUris } from './console-execution-literals.js';
import { inlineLogs, type LogSources } from './console-execution-logs.js';
import type { ExecutionKey } from './console-views.js';
import type { Html } from './html.js';

/** What loading the execution page needs. */
export interface ExecutionPageDeps extends LogSources {
  repo: Repository;
  /** The AdminService handlers (the page reads through them, like any client). */
  admin: Record<string, Handler>;
  /**
   * The DataProxyService's CreateDownloadLink handler, for signed download links of blob inputs and
   * outputs; without it (a store that signs nothing) blobs are shown without a link.
   */
  createDownloadLink?: Handler;
  logger: Logger;
}

/** Signed GET URLs of `uris` (those that cannot be signed, say another store's, are left out). */
async function downloadLinks(deps: ExecutionPageDeps, uris: readonly string[]): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const sign = deps.createDownloadLink;
  if (!sign) return links;
  await Promise.all(
    [...new Set(uris)].map(async (uri) => {
      try {
        const answer = fullMessage(
          'orch.admin.v1.CreateDownloadLinkResponse',
          await sign({ native_url: uri }),
        );
        const url = answer.signed_url[0];
        if (url) links.set(uri, url);
      } catch (error) {
        // Not in this store, or gone (a ServiceError): shown without a link.
        if (!(error instanceof ServiceError))
          deps.logger.warn('a download link could not be made', { error: String(error) });
      }
    }),
  );
  return links;
}

/**
 * The execution page: read through the AdminService (GetExecution, GetExecutionData,
 * ListNodeExecutions), the workflow's compiled closure for the graph and the node order, the
 * attempts' logs, the schedule tick of a scheduled execution, and signed links of its blobs.
 * @throws ServiceError NOT_FOUND when there is no such execution.
 */
export async function loadExecutionPage(
  deps: ExecutionPageDeps,
  id: ExecutionKey,
  actions?: ExecutionActions,
): Promise<Html> {
  const call = async (rpc: string, request: Record<string, unknown>): Promise<object> => {
    const handler = deps.admin[rpc];
    if (!handler) throw new Error(`no handler ${rpc}`);
    return handler(request);
  };
  const execution = fullMessage('orch.admin.v1.Execution', await call('GetExecution', { id }));
  const closure = execution.closure;
  const [data, nodeList, row] = await Promise.all([
    call('GetExecutionData', { id }),
    call('ListNodeExecutions', { workflow_execution_id: id, limit: 1000 }),
    deps.repo.getExecution(id),
  ]);
  const inputs = fullMessage('orch.admin.v1.WorkflowExecutionGetDataResponse', data).full_inputs;
  const nodes = fullMessage('orch.admin.v1.NodeExecutionList', nodeList).node_executions;
  const phases = new Map(nodes.map((n) => [n.id?.node_id ?? '', n.closure?.phase ?? '']));

  const wf = closure?.workflow_id;
  const metadata = execution.spec?.metadata;
  const [wfRow, logs, tickAt, blobLinks, relaunches] = await Promise.all([
    wf?.name && wf.version
      ? deps.repo.getEntity('workflows', { ...id, name: wf.name, version: wf.version })
      : undefined,
    row ? inlineLogs(deps, row) : new Map(),
    metadata?.mode === 'SCHEDULED' ? deps.repo.getScheduleTick(id) : undefined,
    downloadLinks(deps, [
      ...Object.values(inputs?.literals ?? {}).flatMap((l) => blobUris(l)),
      ...Object.values(closure?.outputs?.literals ?? {}).flatMap((l) => blobUris(l)),
    ]),
    deps.repo.listRelaunches(id),
  ]);
  // The stored closure is a database row's JSON; fullMessage checks it against the message type.
  const template = wfRow
    ? fullMessage(
        'orch.core.v1.CompiledWorkflowClosure',
        (JSON.parse(wfRow.closure) as { compiled_workflow: unknown }).compiled_workflow,
      ).primary?.template
    : undefined;
  let graph: Html | 'failed' | undefined;
  if (template) {
    try {
      graph = await workflowSvg(template.nodes, phases);
    } catch (error) {
      deps.logger.error('graph rendering failed', { error: String(error) });
      graph = 'failed';
    }
  }
  const lp = execution.spec?.launch_plan;
  return executionPage({
    id,
    closure,
    inputs,
    nodeIds: template ? template.nodes.map((n) => n.id) : [...phases.keys()],
    nodes,
    graph,
    actions,
    launch: {
      mode: metadata?.mode ?? 'MANUAL',
      principal: metadata?.principal || row?.principal || '',
      launchPlan: lp?.name ? { name: lp.name, version: lp.version } : undefined,
      tickAt,
      reference: metadata?.reference_execution?.name ? metadata.reference_execution : undefined,
      annotations: execution.spec?.annotations ?? {},
      relaunches,
    },
    blobLinks,
    logs,
  });
}
