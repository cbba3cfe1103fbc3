import type { BindingDataOut, BindingOut, LiteralOut, TaskTemplateOut } from '../../api/types.js';
import { START_NODE } from '../../api/types.js';
import type { Repository } from '../db/repository.js';
import { fullMessage } from '../services/messages.js';
import { isJsonObject } from './attempt-io.js';
import { TaskFailure } from './failures.js';
import type { ExecutionRow, Graph } from './run-types.js';

// The workflow graph an execution runs: its compiled form, and its bindings resolved against the
// outputs of the nodes that finished.

/**
 * The execution's compiled workflow.
 * @throws TaskFailure (SYSTEM) when the workflow is gone or its compiled form has no template.
 */
export async function loadGraph(repo: Repository, row: ExecutionRow): Promise<Graph> {
  const workflow = await repo.getEntity('workflows', {
    project: row.project,
    domain: row.domain,
    name: row.workflow_name,
    version: row.workflow_version,
  });
  if (!workflow) {
    throw new TaskFailure(
      'WorkflowMissing',
      `workflow ${row.workflow_name} ${row.workflow_version} is gone`,
      'FAILED',
      'SYSTEM',
    );
  }
  const closure = fullMessage('orch.core.v1.CompiledWorkflowClosure', compiledWorkflowOf(workflow.closure));
  const template = closure.primary?.template;
  if (!template) {
    throw new TaskFailure('WorkflowMissing', 'the compiled workflow has no template', 'FAILED', 'SYSTEM');
  }
  const tasks = new Map<string, TaskTemplateOut>();
  for (const { template: task } of closure.tasks) {
    if (task) tasks.set(`${task.id?.name}@${task.id?.version}`, task);
  }
  return { template, tasks };
}

/**
 * The compiled workflow stored in a workflow row's `closure` column (JSON of the created workflow's
 * closure), undefined when the JSON has none.
 */
export function compiledWorkflowOf(closure: string): unknown {
  const stored: unknown = JSON.parse(closure);
  return isJsonObject(stored) ? stored.compiled_workflow : undefined;
}

/** The literals of `bindings` by variable, given the outputs of finished nodes (see {@link resolveBinding}). */
export function resolveBindings(
  bindings: BindingOut[],
  values: Map<string, Record<string, LiteralOut>>,
): Record<string, LiteralOut> {
  const literals: Record<string, LiteralOut> = {};
  for (const binding of bindings) literals[binding.var] = resolveBinding(binding.binding, values);
  return literals;
}

/** The literal a binding stands for, given the outputs of finished nodes (and `start-node`'s inputs). */
export function resolveBinding(
  data: BindingDataOut | null,
  values: Map<string, Record<string, LiteralOut>>,
): LiteralOut {
  if (!data) throw new TaskFailure('BadBinding', 'a binding has no value');
  if (data.promise) {
    const value = values.get(data.promise.node_id)?.[data.promise.var];
    if (value) return value;
    if (data.promise.node_id === START_NODE) return { scalar: { none_type: {} } };
    throw new TaskFailure('BadBinding', `no output ${data.promise.var} of node ${data.promise.node_id}`);
  }
  if (data.collection) {
    return { collection: { literals: data.collection.bindings.map((b) => resolveBinding(b, values)) } };
  }
  if (data.map) {
    const literals = Object.fromEntries(
      Object.entries(data.map.bindings).map(([k, v]) => [k, resolveBinding(v, values)]),
    );
    return { map: { literals } };
  }
  return { scalar: data.scalar };
}
