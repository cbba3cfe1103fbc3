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

/** Most workflow versions one look-up considers (the newest first). */
const MAX_WORKFLOWS = 500;

/** Executions newest first (ties: the later id first), in place. */
const newestFirst = (rows: Selectable<ExecutionTable>[]) =>
  rows.sort((a, b) => b.created_at - a.created_at || b.id - a.id);

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
 * task's project and domain whose compiled graph references it. Two indexed steps:
 * 1. workflow versions of the scope whose closure mentions the task's name (`workflows_by_created`,
 *    newest 500), confirmed by reading the graph ({@link closureRunsTask});
 * 2. per such workflow version, `executions where project, domain, workflow_name, workflow_version = ?
 *    order by created_at desc limit <limit>`, each walking `executions_by_workflow_version` backwards
 *    and stopping at `limit` rows; merged newest first (ties: the later id first).
 * The cost follows the task's workflow versions and their executions, never the domain's.
 */
export async function listTaskVersionExecutions(
  db: Kysely<Database>,
  task: TaskVersionKey,
  limit: number,
): Promise<Selectable<ExecutionTable>[]> {
  const scope = (table: 'workflows' | 'executions') =>
    db.selectFrom(table).where('project', '=', task.project).where('domain', '=', task.domain);
  let candidates = scope('workflows').select(['name', 'version', 'closure']);
  // A name of plain characters narrows the scan in SQL ('_' and '.' only widen a LIKE pattern).
  if (/^[\w.-]+$/.test(task.name)) candidates = candidates.where('closure', 'like', `%"${task.name}"%`);
  const workflows = await candidates.orderBy('created_at', 'desc').limit(MAX_WORKFLOWS).execute();
  const found: Selectable<ExecutionTable>[] = [];
  for (const wf of workflows) {
    let closure: unknown;
    try {
      closure = JSON.parse(wf.closure);
    } catch {
      continue;
    }
    if (!closureRunsTask(closure, task)) continue;
    found.push(
      ...(await scope('executions')
        .selectAll()
        .where('workflow_name', '=', wf.name)
        .where('workflow_version', '=', wf.version)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute()),
    );
    // Only the newest `limit` so far can be among the answer.
    if (found.length > limit) found.splice(0, found.length, ...newestFirst(found).slice(0, limit));
  }
  return newestFirst(found).slice(0, limit);
}
