import type { TaskClosure } from '../../api/generated/orch/admin/v1/TaskClosure.js';
import type { TaskTemplateOut } from '../../api/types.js';
import { cpuMillis, parseQuantity, QuantitySyntaxError } from '../../config/quantity.js';
import { invalidArgument } from '../errors.js';
import { type BlobStore, NativeUrlError } from '../storage/blob-store.js';
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

/** The Task message of a row. */
const taskMessage = closedEntityMessage('tasks', 'orch.admin.v1.TaskClosure');

/** The handlers of AdminService's tasks. */
export function taskHandlers(
  ctx: AdminContext,
): Pick<AdminHandlers, 'CreateTask' | 'GetTask' | 'ListTasks' | 'ListTaskIds'> {
  const read = entityReaders(ctx, 'tasks', taskMessage, (tasks, token) => ({ tasks, token }));
  return {
    async CreateTask(request, context) {
      const key = entityKey(request.id);
      const spec = minimalMessage('orch.admin.v1.TaskSpec', request.spec);
      const template = fullMessage('orch.core.v1.TaskTemplate', spec.template);
      const problems = checkTaskTemplate(template, ctx.blobs);
      if (problems.length)
        throw invalidArgument(`${describe('tasks', key)} is invalid: ${problems.join('; ')}`);
      template.id = { ...identifier('tasks', key), org: '' };
      const closure: TaskClosure = {
        compiled_task: { template: minimalMessage('orch.core.v1.TaskTemplate', template) },
        registered_by: context?.identity?.subject ?? '',
      };
      await createEntity(ctx, 'tasks', key, spec, closure);
      return {};
    },
    GetTask: read.get,
    ListTasks: read.list,
    ListTaskIds: read.ids,
  };
}

/**
 * Problems of a task template: an empty command, untyped interface variables, a
 * `container.code_bundle` that is not a native URL this server's store can read (right scheme, a
 * container of this server, a well-formed key; existence is checked when the task runs), and
 * `container.limits` that are not positive CPU and memory quantities.
 */
function checkTaskTemplate(template: TaskTemplateOut, blobs: BlobStore): string[] {
  const problems: string[] = [];
  if (!template.container?.command.length) problems.push('container.command is empty');
  const bundle = template.container?.code_bundle;
  if (bundle) {
    try {
      blobs.locate(bundle);
    } catch (error) {
      if (!(error instanceof NativeUrlError)) throw error;
      problems.push(`container.code_bundle: ${error.message}`);
    }
  }
  const limits = template.container?.limits;
  if (limits?.cpu && !cpuMillis(limits.cpu)) {
    problems.push(`container.limits.cpu "${limits.cpu}" is not a positive CPU quantity such as 1 or 500m`);
  }
  if (limits?.mem) {
    try {
      if (parseQuantity(limits.mem) === 0) problems.push('container.limits.mem must be more than 0');
    } catch (error) {
      if (!(error instanceof QuantitySyntaxError)) throw error;
      problems.push(`container.limits.mem "${limits.mem}" is not a memory size such as 256Mi`);
    }
  }
  for (const side of ['inputs', 'outputs'] as const) {
    for (const [name, variable] of Object.entries(template.interface?.[side]?.variables ?? {})) {
      if (!variable.type) problems.push(`interface.${side}.${name} has no type`);
    }
  }
  return problems;
}
