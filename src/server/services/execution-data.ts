import { CacheStatus } from '../../api/generated/orch/admin/v1/CacheStatus.js';
import type { NodeExecution } from '../../api/generated/orch/admin/v1/NodeExecution.js';
import type { NodeExecutionClosure } from '../../api/generated/orch/admin/v1/NodeExecutionClosure.js';
import type { TaskAttempt } from '../../api/generated/orch/admin/v1/TaskAttempt.js';
import { durationFromSeconds } from '../../api/json.js';
import type { Repository } from '../db/repository.js';
import { notFound } from '../errors.js';
import { readInputs } from '../storage/execution-data.js';
import {
  type AdminContext,
  type AdminHandlers,
  type ExecutionRow,
  loadExecution,
  readLiterals,
} from './admin-context.js';
import { pageOf, requireText, timestamp, withPageToken } from './requests.js';
import { nodePhase, storedEnum, storedMessage } from './stored.js';

type NodeRow = NonNullable<Awaited<ReturnType<Repository['getNodeExecution']>>>;
type AttemptRow = Awaited<ReturnType<Repository['listTaskAttempts']>>[number];

/** The handlers of AdminService's execution data and node executions. */
export function executionDataHandlers(
  ctx: AdminContext,
): Pick<AdminHandlers, 'GetExecutionData' | 'ListNodeExecutions' | 'GetNodeExecutionData'> {
  const { repo } = ctx;
  return {
    async GetExecutionData(request) {
      const row = await loadExecution(ctx, request.id);
      return {
        full_inputs: await readInputs(ctx.blobs, row),
        full_outputs: (await readLiterals(ctx, row.outputs_key)) ?? { literals: {} },
      };
    },
    async ListNodeExecutions(request) {
      const row = await loadExecution(ctx, request.workflow_execution_id);
      const page = await withPageToken(() => repo.listNodeExecutions(row.id, pageOf(request)));
      const attemptsOf = new Map<string, AttemptRow[]>();
      for (const attempt of await repo.listTaskAttempts(row.id)) {
        const list = attemptsOf.get(attempt.node_id);
        if (list) list.push(attempt);
        else attemptsOf.set(attempt.node_id, [attempt]);
      }
      return {
        node_executions: page.rows.map((node) =>
          nodeExecutionMessage(row, node, attemptsOf.get(node.node_id) ?? []),
        ),
        token: page.token,
      };
    },
    async GetNodeExecutionData(request) {
      const row = await loadExecution(ctx, request.id?.execution_id ?? null);
      const nodeId = requireText(request.id?.node_id, 'id.node_id');
      const node = await repo.getNodeExecution(row.id, nodeId);
      if (!node) throw notFound(`execution ${row.name} has no node ${nodeId}`);
      return {
        inputs: (await readLiterals(ctx, node.inputs_key)) ?? { literals: {} },
        outputs: (await readLiterals(ctx, node.outputs_key)) ?? { literals: {} },
      };
    },
  };
}

/** The NodeExecution message of a node's row and its attempts' rows. */
function nodeExecutionMessage(execution: ExecutionRow, node: NodeRow, attempts: AttemptRow[]): NodeExecution {
  const closure: NodeExecutionClosure = {
    phase: nodePhase(node.phase),
    attempts: node.attempts,
    cache_status: storedEnum(
      CacheStatus,
      node.cache_status ?? 'CACHE_DISABLED',
      'node_executions.cache_status',
    ),
    updated_at: timestamp(node.updated_at),
    task_attempts: attempts.map(taskAttemptMessage),
  };
  if (node.started_at !== null) closure.started_at = timestamp(node.started_at);
  if (node.started_at !== null && node.ended_at != null)
    closure.duration = durationFromSeconds((node.ended_at - node.started_at) / 1000);
  if (node.error)
    closure.error = storedMessage('orch.core.v1.ExecutionError', node.error, 'node_executions.error');
  return {
    id: {
      node_id: node.node_id,
      execution_id: { project: execution.project, domain: execution.domain, name: execution.name },
    },
    closure,
  };
}

/** The TaskAttempt message of an attempt's row. */
function taskAttemptMessage(attempt: AttemptRow): TaskAttempt {
  const record: TaskAttempt = {
    attempt: attempt.attempt,
    phase: nodePhase(attempt.phase, 'task_attempts.phase'),
    started_at: timestamp(attempt.started_at),
  };
  if (attempt.replica) record.replica = attempt.replica;
  if (attempt.ended_at !== null)
    record.duration = durationFromSeconds((attempt.ended_at - attempt.started_at) / 1000);
  if (attempt.error)
    record.error = storedMessage('orch.core.v1.ExecutionError', attempt.error, 'task_attempts.error');
  return record;
}
