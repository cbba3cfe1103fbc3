import { formatType } from '../api/literals.js';
import {
  type BindingDataOut,
  type BindingOut,
  type CompiledWorkflowClosure,
  type LiteralTypeOut,
  START_NODE,
  type TaskTemplateOut,
  type VariableMapOut,
  type WorkflowTemplateOut,
} from '../api/types.js';
import { invalidArgument } from './errors.js';

/**
 * Compiles a workflow on the server: every task reference resolved, every binding checked against
 * the interfaces (names and types), cycles rejected, upstream ids and connections computed.
 * @param resolveTask returns the registered task template for a node's reference, or undefined.
 * @throws ServiceError InvalidArgument listing every problem found.
 */
export function compileWorkflow(
  template: WorkflowTemplateOut,
  resolveTask: (nodeId: string) => TaskTemplateOut | undefined,
): CompiledWorkflowClosure {
  const problems: string[] = [];
  const wfInputs = template.interface?.inputs?.variables ?? {};
  const wfOutputs = template.interface?.outputs?.variables ?? {};
  const tasks = new Map<string, TaskTemplateOut>();
  const seen = new Set<string>();

  for (const node of template.nodes) {
    if (!node.id) problems.push('a node has no id');
    else if (node.id === START_NODE || node.id === 'end-node')
      problems.push(`node id "${node.id}" is reserved`);
    else if (seen.has(node.id)) problems.push(`node id "${node.id}" is used twice`);
    seen.add(node.id);
    const task = resolveTask(node.id);
    if (!task) {
      const ref = node.task_node?.reference_id;
      problems.push(
        `node "${node.id}": task ${ref ? `${ref.name} version ${ref.version}` : '(none)'} is not registered`,
      );
      continue;
    }
    tasks.set(node.id, task);
  }

  const typeOfPromise = (nodeId: string, variable: string, where: string): LiteralTypeOut | undefined => {
    let vars: VariableMapOut['variables'] | undefined;
    if (nodeId === START_NODE) vars = wfInputs;
    else if (tasks.has(nodeId)) vars = tasks.get(nodeId)?.interface?.outputs?.variables;
    else {
      if (!seen.has(nodeId)) problems.push(`${where}: refers to unknown node "${nodeId}"`);
      return undefined;
    }
    const type = vars?.[variable]?.type ?? undefined;
    if (!type) {
      problems.push(
        `${where}: ${nodeId === START_NODE ? 'the workflow has no input' : `node "${nodeId}" has no output`} "${variable}"`,
      );
    }
    return type;
  };

  const checkBinding = (
    data: BindingDataOut | null,
    expected: LiteralTypeOut | undefined,
    where: string,
    deps: Set<string>,
  ) => {
    if (!data) {
      problems.push(`${where}: no value bound`);
      return;
    }
    if (data.promise) {
      const actual = typeOfPromise(data.promise.node_id, data.promise.var, where);
      if (data.promise.node_id !== START_NODE) deps.add(data.promise.node_id);
      if (
        actual &&
        expected &&
        formatType({ ...actual, optional: false }) !== formatType({ ...expected, optional: false })
      ) {
        problems.push(`${where}: type ${formatType(actual)} does not match ${formatType(expected)}`);
      }
    }
    for (const item of data.collection?.bindings ?? []) {
      checkBinding(item, expected?.collection_type ?? undefined, where, deps);
    }
    for (const item of Object.values(data.map?.bindings ?? {})) {
      checkBinding(item, expected?.map_value_type ?? undefined, where, deps);
    }
  };

  const checkBindings = (
    bindings: BindingOut[],
    vars: VariableMapOut['variables'],
    where: string,
    deps: Set<string>,
  ) => {
    const bound = new Set<string>();
    for (const binding of bindings) {
      bound.add(binding.var);
      const variable = vars[binding.var];
      if (!variable) {
        problems.push(
          `${where}: unknown ${where.startsWith('workflow') ? 'output' : 'input'} "${binding.var}"`,
        );
        continue;
      }
      checkBinding(binding.binding, variable.type ?? undefined, `${where} ${binding.var}`, deps);
    }
    for (const [name, variable] of Object.entries(vars)) {
      if (!bound.has(name) && !variable.type?.optional) problems.push(`${where}: "${name}" is not bound`);
    }
  };

  const upstream = new Map<string, string[]>();
  for (const node of template.nodes) {
    const task = tasks.get(node.id);
    const deps = new Set<string>();
    if (task)
      checkBindings(node.inputs, task.interface?.inputs?.variables ?? {}, `node "${node.id}" input`, deps);
    upstream.set(node.id, [...deps].sort());
  }
  checkBindings(template.outputs, wfOutputs, 'workflow output', new Set());

  // Kahn's algorithm: whatever cannot be ordered is on a cycle.
  const remaining = new Map(
    [...upstream].map(([id, deps]) => [id, new Set(deps.filter((d) => upstream.has(d)))]),
  );
  let progressed = true;
  while (progressed) {
    progressed = false;
    for (const [id, deps] of remaining) {
      if ([...deps].every((d) => !remaining.has(d))) {
        remaining.delete(id);
        progressed = true;
      }
    }
  }
  if (remaining.size) problems.push(`nodes ${[...remaining.keys()].join(', ')} form a cycle`);

  if (problems.length)
    throw invalidArgument(`workflow ${template.id?.name ?? ''} does not compile: ${problems.join('; ')}`);

  const downstream: Record<string, { ids: string[] }> = {};
  const upstreamSet: Record<string, { ids: string[] }> = {};
  for (const [id, deps] of upstream) {
    upstreamSet[id] = { ids: deps };
    for (const dep of deps) {
      downstream[dep] ??= { ids: [] };
      downstream[dep].ids.push(id);
    }
  }
  return {
    primary: {
      template: {
        ...template,
        nodes: template.nodes.map((n) => ({ ...n, upstream_node_ids: upstream.get(n.id) ?? [] })),
      },
      connections: { upstream: upstreamSet, downstream },
    },
    tasks: [...new Map([...tasks.values()].map((t) => [`${t.id?.name}@${t.id?.version}`, t])).values()].map(
      (template) => ({ template }),
    ),
  };
}
