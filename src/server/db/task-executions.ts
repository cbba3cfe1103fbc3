import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, ExecutionTable } from './schema.js';

/** A task version: project, domain, name, version. */
export interface TaskVersionKey {
  project: string;
  domain: string;
  name: string;
  version: string;
}

/** Most workflow versions, and launch plan names, one look-up considers (the newest first). */
const MAX_WORKFLOWS = 500;
const MAX_PLANS = 50;

/** A graph node that runs a task, as stored (snake_case JSON). */
const TASK_NODE = z.object({
  task_node: z.object({
    reference_id: z.object({
      project: z.string().optional(),
      domain: z.string().optional(),
      name: z.string(),
      version: z.string(),
    }),
  }),
});

/**
 * Whether a stored workflow closure (canonical JSON of a CompiledWorkflowClosure) has a task node,
 * anywhere in its graph (sub-workflows and branches too), whose `reference_id` is `task`; a
 * reference without project or domain means the workflow's own, which is the task's here.
 */
export function closureRunsTask(closure: unknown, task: TaskVersionKey): boolean {
  if (!closure || typeof closure !== 'object') return false;
  const ref = TASK_NODE.safeParse(closure).data?.task_node.reference_id;
  if (
    ref &&
    ref.name === task.name &&
    ref.version === task.version &&
    (!ref.project || ref.project === task.project) &&
    (!ref.domain || ref.domain === task.domain)
  )
    return true;
  return Object.values(closure).some((value) => closureRunsTask(value, task));
}

/**
 * The newest executions (at most `limit`, newest first) that ran the task version `task`: node
 * executions do not record their task, so these are the executions of the workflow versions of the
 * task's project and domain whose compiled graph references it. Three indexed steps:
 * 1. workflow versions of the scope whose closure mentions the task's name (`workflows_by_created`,
 *    newest 500), confirmed by reading the graph ({@link closureRunsTask});
 * 2. launch plans of the scope running one of those (`launch_plans_by_created`; a scope holds few);
 * 3. per launch plan name (at most 50), `executions where project, domain, launch_plan_name = ?
 *    and workflow_name = ? and workflow_version in (...) order by created_at desc limit <limit>`,
 *    each walking `executions_by_launch_plan` backwards and stopping at `limit` rows; merged newest first.
 * The cost follows the task's workflows and their launch plans' executions, never the domain's.
 */
export async function listTaskVersionExecutions(
  db: Kysely<Database>,
  task: TaskVersionKey,
  limit: number,
): Promise<Selectable<ExecutionTable>[]> {
  const scope = (table: 'workflows' | 'launch_plans' | 'executions') =>
    db.selectFrom(table).where('project', '=', task.project).where('domain', '=', task.domain);
  let candidates = scope('workflows').select(['name', 'version', 'closure']);
  // A name of plain characters narrows the scan in SQL ('_' and '.' only widen a LIKE pattern).
  if (/^[\w.-]+$/.test(task.name)) candidates = candidates.where('closure', 'like', `%"${task.name}"%`);
  const workflows = await candidates.orderBy('created_at', 'desc').limit(MAX_WORKFLOWS).execute();
  const runs = new Map<string, Set<string>>();
  for (const wf of workflows) {
    let closure: unknown;
    try {
      closure = JSON.parse(wf.closure);
    } catch {
      continue;
    }
    if (!closureRunsTask(closure, task)) continue;
    runs.set(wf.name, (runs.get(wf.name) ?? new Set()).add(wf.version));
  }
  if (!runs.size) return [];
  const plans = await scope('launch_plans')
    .select(['name', 'workflow_name'])
    .distinct()
    .where('workflow_name', 'in', [...runs.keys()])
    .limit(MAX_PLANS)
    .execute();
  const found: Selectable<ExecutionTable>[] = [];
  for (const plan of plans) {
    const versions = runs.get(plan.workflow_name);
    if (!versions) continue;
    found.push(
      ...(await scope('executions')
        .selectAll()
        .where('launch_plan_name', '=', plan.name)
        .where('workflow_name', '=', plan.workflow_name)
        .where('workflow_version', 'in', [...versions])
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute()),
    );
  }
  return found.sort((a, b) => b.created_at - a.created_at || b.id - a.id).slice(0, limit);
}
