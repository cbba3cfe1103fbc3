import { parseDuration } from '../api/duration.js';
import { durationFromSeconds } from '../api/json.js';
import { literalFromJson, parseType } from '../api/literals.js';
import {
  type BindingData,
  type Identifier,
  type LaunchPlanSpec,
  type LiteralType,
  START_NODE,
  type TaskSpec,
  type VariableMap,
  type WorkflowSpec,
} from '../api/types.js';
import { type LoadedWorkflowFile, referenceOf } from './workflow-file.js';

/** Where entities are registered. */
export interface RegistrationTarget {
  project: string;
  domain: string;
  org?: string;
}

/** The entities of one workflow file, ready to register in this order. */
export interface CompiledEntities {
  tasks: { id: Identifier; spec: TaskSpec }[];
  workflows: { id: Identifier; spec: WorkflowSpec }[];
  launchPlans: { id: Identifier; spec: LaunchPlanSpec }[];
}

const byName = <T>(record: Record<string, T> | undefined): [string, T][] =>
  Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function variables(types: Record<string, string> | undefined): VariableMap {
  return {
    variables: Object.fromEntries(
      byName(types).map(([name, text]) => [name, { type: parseType(text), description: '' }]),
    ),
  };
}

/**
 * Compiles a loaded workflow file to the specs the admin service registers (DESIGN.md, "Workflow
 * files"): entity names are `<file stem>.<name>`; every workflow gets a default launch plan of its
 * own name besides the file's `launch_plans`; `{{ inputs.x }}` and `{{ n0.o0 }}` become promises on
 * `start-node` and `n0`. Entities come sorted by name, so the result is deterministic.
 * The file must have passed {@link loadWorkflowFile}'s validation.
 */
export function compileWorkflowFile(
  file: LoadedWorkflowFile,
  target: RegistrationTarget,
  version: string,
): CompiledEntities {
  const { doc, stem } = file;
  const id = (resource_type: Identifier['resource_type'], name: string): Identifier => ({
    resource_type,
    project: target.project,
    domain: target.domain,
    name: `${stem}.${name}`,
    version,
    org: target.org ?? '',
  });

  const taskOutputs = new Map<string, Record<string, string>>();
  const tasks = byName(doc.tasks).map(([name, task]) => {
    taskOutputs.set(name, task.outputs ?? {});
    const taskId = id('TASK', name);
    const spec: TaskSpec = {
      template: {
        id: taskId,
        type: 'container',
        interface: { inputs: variables(task.inputs), outputs: variables(task.outputs) },
        metadata: {
          retries: { retries: task.retries ?? 0 },
          ...(task.timeout ? { timeout: durationFromSeconds(parseDuration(task.timeout)) } : {}),
        },
        container: {
          image: task.image ?? '',
          command: task.command,
          env: byName(task.env).map(([key, value]) => ({ key, value })),
        },
      },
    };
    return { id: taskId, spec };
  });

  const workflows = byName(doc.workflows).map(([name, workflow]) => {
    const nodeTask = new Map(workflow.nodes.map((n) => [n.id, n.task]));
    const inputTypes = workflow.inputs ?? {};
    const binding = (value: unknown, type: LiteralType): BindingData => {
      const ref = referenceOf(value);
      if (ref)
        return { promise: { node_id: ref.node === 'inputs' ? START_NODE : ref.node, var: ref.output } };
      const literal = literalFromJson(value, type);
      if (literal.scalar) return { scalar: literal.scalar };
      // Lists and maps of plain values: bind each element as a scalar.
      return literalBinding(literal);
    };
    const outputTypes: Record<string, string> = {};
    for (const [output, value] of byName(workflow.outputs)) {
      const ref = referenceOf(value);
      if (!ref) continue;
      outputTypes[output] =
        ref.node === 'inputs'
          ? (inputTypes[ref.output] ?? '')
          : (taskOutputs.get(nodeTask.get(ref.node) ?? '')?.[ref.output] ?? '');
    }
    const workflowId = id('WORKFLOW', name);
    const spec: WorkflowSpec = {
      template: {
        id: workflowId,
        interface: { inputs: variables(workflow.inputs), outputs: variables(outputTypes) },
        nodes: workflow.nodes.map((node) => {
          const taskInputs = doc.tasks?.[node.task]?.inputs ?? {};
          return {
            id: node.id,
            task_node: { reference_id: id('TASK', node.task) },
            inputs: byName(node.inputs).map(([input, value]) => ({
              var: input,
              binding: binding(value, parseType(taskInputs[input] ?? 'struct')),
            })),
          };
        }),
        outputs: byName(workflow.outputs).map(([output, value]) => ({
          var: output,
          binding: binding(value, parseType(outputTypes[output] || 'struct')),
        })),
      },
    };
    return { id: workflowId, spec };
  });

  const launchPlans: CompiledEntities['launchPlans'] = byName(doc.workflows).map(([name]) => ({
    id: id('LAUNCH_PLAN', name),
    spec: { workflow_id: id('WORKFLOW', name) },
  }));
  for (const [name, launchPlan] of byName(doc.launch_plans)) {
    const inputTypes = doc.workflows?.[launchPlan.workflow]?.inputs ?? {};
    const typeOf = (input: string) => parseType(inputTypes[input] ?? 'struct');
    launchPlans.push({
      id: id('LAUNCH_PLAN', name),
      spec: {
        workflow_id: id('WORKFLOW', launchPlan.workflow),
        fixed_inputs: {
          literals: Object.fromEntries(
            byName(launchPlan.fixed_inputs).map(([input, value]) => [
              input,
              literalFromJson(value, typeOf(input)),
            ]),
          ),
        },
        default_inputs: {
          parameters: Object.fromEntries(
            byName(launchPlan.default_inputs).map(([input, value]) => [
              input,
              {
                var: { type: typeOf(input), description: '' },
                default: literalFromJson(value, typeOf(input)),
              },
            ]),
          ),
        },
        ...(launchPlan.schedule
          ? { schedule: { cron_schedule: { schedule: launchPlan.schedule.cron } } }
          : {}),
      },
    });
  }
  launchPlans.sort((a, b) => ((a.id.name ?? '') < (b.id.name ?? '') ? -1 : 1));
  return { tasks, workflows, launchPlans };
}

type LiteralLike = ReturnType<typeof literalFromJson>;

function literalBinding(literal: LiteralLike): BindingData {
  if (literal.collection) {
    return {
      collection: {
        bindings: (literal.collection.literals ?? []).map((l) => literalBinding(l as LiteralLike)),
      },
    };
  }
  if (literal.map) {
    return {
      map: {
        bindings: Object.fromEntries(
          Object.entries(literal.map.literals ?? {}).map(([k, l]) => [k, literalBinding(l as LiteralLike)]),
        ),
      },
    };
  }
  return { scalar: literal.scalar ?? { none_type: {} } };
}
