import type { WorkflowClosure } from '../../api/generated/orch/admin/v1/WorkflowClosure.js';
import type { TaskTemplateOut } from '../../api/types.js';
import { compileWorkflow } from '../compiler.js';
import { invalidArgument } from '../errors.js';
import {
  type AdminContext,
  type AdminHandlers,
  closedEntityMessage,
  createEntity,
  describe,
  entityKey,
  entityReaders,
  identifier,
} from './admin-context.js';
import { fullMessage, minimalMessage } from './messages.js';
import { storedMessage } from './stored.js';

/** The Workflow message of a row. */
const workflowMessage = closedEntityMessage('workflows', 'orch.admin.v1.WorkflowClosure');

/** The handlers of AdminService's workflows. */
export function workflowHandlers(
  ctx: AdminContext,
): Pick<AdminHandlers, 'CreateWorkflow' | 'GetWorkflow' | 'ListWorkflows' | 'ListWorkflowIds'> {
  const { repo } = ctx;
  const read = entityReaders(ctx, 'workflows', workflowMessage, (workflows, token) => ({ workflows, token }));
  return {
    async CreateWorkflow(request, context) {
      const key = entityKey(request.id);
      const spec = minimalMessage('orch.admin.v1.WorkflowSpec', request.spec);
      const template = fullMessage('orch.admin.v1.WorkflowSpec', spec).template;
      if (!template) throw invalidArgument(`${describe('workflows', key)} has no template`);
      template.id = { ...identifier('workflows', key), org: '' };
      const tasks = new Map<string, TaskTemplateOut>();
      for (const node of template.nodes) {
        const ref = node.task_node?.reference_id;
        if (!ref?.name || !ref.version) continue;
        const row = await repo.getEntity('tasks', {
          project: ref.project || key.project,
          domain: ref.domain || key.domain,
          name: ref.name,
          version: ref.version,
        });
        if (row) {
          const compiled = storedMessage('orch.admin.v1.TaskClosure', row.closure, 'tasks.closure');
          tasks.set(node.id, fullMessage('orch.core.v1.TaskTemplate', compiled.compiled_task?.template));
        }
      }
      const closure: WorkflowClosure = {
        compiled_workflow: minimalMessage(
          'orch.core.v1.CompiledWorkflowClosure',
          compileWorkflow(template, (nodeId) => tasks.get(nodeId)),
        ),
        registered_by: context?.identity?.subject ?? '',
      };
      await createEntity(ctx, 'workflows', key, spec, closure);
      return {};
    },
    GetWorkflow: read.get,
    ListWorkflows: read.list,
    ListWorkflowIds: read.ids,
  };
}
