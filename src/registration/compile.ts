import { parseDuration } from '../api/duration.js';
import { durationFromSeconds } from '../api/json.js';
import { literalFromJson, parseType } from '../api/literals.js';
import {
  type BindingData,
  type Identifier,
  type LaunchPlanSpec,
  type Literal,
  type ParameterMap,
  START_NODE,
  type TaskSpec,
  type VariableMap,
  type WorkflowSpec,
} from '../api/types.js';
import { type LoadedWorkflowFile, referenceOf, type TaskDoc } from './workflow-file.js';

/** Where entities are registered: project, domain and (optionally) organization of every id. */
export interface RegistrationTarget {
  project: string;
  domain: string;
  /** Organization; empty or absent for the default one. */
  org?: string;
}

/**
 * The entities of one workflow file, each list sorted by entity name; registered in this order
 * (tasks, then workflows, then launch plans), so every entity comes after what it refers to.
 */
export interface CompiledEntities {
  tasks: { id: Identifier; spec: TaskSpec }[];
  workflows: { id: Identifier; spec: WorkflowSpec }[];
  launchPlans: { id: Identifier; spec: LaunchPlanSpec }[];
}

/** What registration adds to the compiled specs beyond the file (the `--files.*` flags and the upload). */
export interface CompileOptions {
  /** Native URL of the uploaded code bundle, recorded in every task (`container.code_bundle`). */
  codeBundle?: string;
  /** Where the bundle is unpacked in a task's container (`--files.destinationDirectory`); set as `ORCH_DESTINATION_DIR`. */
  destinationDirectory?: string;
  /** Recorded on every launch plan (`--files.assumableIamRole`, `--files.k8sServiceAccount`). */
  authRole?: { assumable_iam_role?: string; kubernetes_service_account?: string };
  /** Recorded on every launch plan (`--files.outputLocationPrefix`). */
  outputLocationPrefix?: string;
}

/** Code-unit order, the same on every machine and locale. */
const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byName = <T>(record: Record<string, T> | undefined): [string, T][] =>
  Object.entries(record ?? {}).sort(([a], [b]) => compareNames(a, b));

/**
 * Something a validated workflow file always holds (the type of an input or output a reference or a
 * binding names), taken out of an optional place.
 * @throws Error naming `what` when it is absent: the document did not come from `loadWorkflowFile`.
 */
function validated<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) {
    throw new Error(`${what} is not declared; compile only documents that loadWorkflowFile validated`);
  }
  return value;
}

function variables(types: Record<string, string> | undefined): VariableMap {
  return {
    variables: Object.fromEntries(
      byName(types).map(([name, text]) => [name, { type: parseType(text), description: '' }]),
    ),
  };
}

/** The TaskSpec of one task of a workflow file: a `container` TaskTemplate (see {@link compileWorkflowFile}). */
function taskSpec(task: TaskDoc, taskId: Identifier, options: CompileOptions): TaskSpec {
  return {
    template: {
      id: taskId,
      type: 'container',
      interface: { inputs: variables(task.inputs), outputs: variables(task.outputs) },
      metadata: {
        retries: { retries: task.retries ?? 0 },
        ...(task.timeout ? { timeout: durationFromSeconds(parseDuration(task.timeout)) } : {}),
        ...(task.cache ? { cache: true, cache_version: task.cache_version ?? '' } : {}),
      },
      container: {
        image: task.image ?? '',
        command: task.command,
        env: [
          ...byName(task.env).map(([key, value]) => ({ key, value })),
          ...(options.destinationDirectory
            ? [{ key: 'ORCH_DESTINATION_DIR', value: options.destinationDirectory }]
            : []),
        ],
        ...(options.codeBundle ? { code_bundle: options.codeBundle } : {}),
        ...(task.limits?.cpu || task.limits?.mem
          ? { limits: { cpu: task.limits.cpu ?? '', mem: task.limits.mem ?? '' } }
          : {}),
        ...(task.network ? { network: true } : {}),
      },
      ...(task.secrets?.length
        ? {
            security_context: {
              secrets: task.secrets.map((secret) =>
                typeof secret === 'string'
                  ? { key: secret, env_var: secret }
                  : { key: secret.key, env_var: secret.env_var ?? secret.key },
              ),
            },
          }
        : {}),
    },
  };
}

/**
 * Compiles a loaded workflow file to the specs the admin service registers (DESIGN.md, "Workflow
 * files"):
 * - entity names are `<file stem>.<name>` (`wf.yaml`'s task `add_one` is `wf.add_one`); every id
 *   carries `target`'s project, domain and org and `version`;
 * - a task is a `container` TaskTemplate: its inputs and outputs, retries and timeout, and image,
 *   command (`{{ inputs.x }}` left for the executor to replace), env, and `limits`/`network` when set; `cache: true` (with its
 *   `cache_version`) goes into the metadata, absent otherwise so uncached tasks compile as before;
 * - a workflow is a WorkflowTemplate whose nodes refer to their task by full id; a literal node input
 *   is bound as a literal of the task input's type, `"{{ inputs.x }}"` as a promise on `start-node`
 *   and `"{{ n0.o0 }}"` as a promise on node `n0`; its outputs are typed after what they refer to;
 * - every workflow gets a default launch plan of its own name (nothing fixed, every workflow input a
 *   parameter, required unless its type is optional), besides the file's `launch_plans`.
 * Entities come sorted by name within each kind, so the same file always compiles to the same specs.
 * @param file a file that passed {@link loadWorkflowFile}'s validation (anything else may throw).
 * @param version the version of every entity (see {@link versionOf}).
 * @param options what registration adds: the bundle location, identity and output prefix.
 */
export function compileWorkflowFile(
  file: LoadedWorkflowFile,
  target: RegistrationTarget,
  version: string,
  options: CompileOptions = {},
): CompiledEntities {
  const { doc, stem } = file;
  const id = (resource_type: 'TASK' | 'WORKFLOW' | 'LAUNCH_PLAN', name: string): Identifier => ({
    resource_type,
    project: target.project,
    domain: target.domain,
    name: `${stem}.${name}`,
    version,
    org: target.org ?? '',
  });

  const tasks = byName(doc.tasks).map(([name, task]) => {
    const taskId = id('TASK', name);
    return { id: taskId, spec: taskSpec(task, taskId, options) };
  });

  const workflowInputs = new Map<string, VariableMap>();
  const workflows = byName(doc.workflows).map(([name, workflow]) => {
    const nodeTask = new Map(workflow.nodes.map((n) => [n.id, n.task]));
    const inputTypes = workflow.inputs ?? {};
    const typeOf = (node: string, output: string): string =>
      node === 'inputs'
        ? validated(inputTypes[output], `input ${output} of workflow ${name}`)
        : validated(
            doc.tasks?.[nodeTask.get(node) ?? '']?.outputs?.[output],
            `output ${output} of node ${node} of workflow ${name}`,
          );

    const outputs: { var: string; binding: BindingData }[] = [];
    const outputTypes: Record<string, string> = {};
    for (const [output, value] of byName(workflow.outputs)) {
      const ref = referenceOf(value);
      if (!ref) continue;
      outputTypes[output] = typeOf(ref.node, ref.output);
      outputs.push({ var: output, binding: promise(ref.node, ref.output) });
    }
    const inputs = variables(workflow.inputs);
    workflowInputs.set(name, inputs);
    const workflowId = id('WORKFLOW', name);
    const spec: WorkflowSpec = {
      template: {
        id: workflowId,
        interface: { inputs, outputs: variables(outputTypes) },
        nodes: workflow.nodes.map((node) => {
          const taskInputs = doc.tasks?.[node.task]?.inputs ?? {};
          return {
            id: node.id,
            task_node: { reference_id: id('TASK', node.task) },
            inputs: byName(node.inputs).map(([input, value]) => {
              const ref = referenceOf(value);
              const binding = ref
                ? promise(ref.node, ref.output)
                : literalBinding(
                    literalFromJson(
                      value,
                      parseType(validated(taskInputs[input], `input ${input} of task ${node.task}`)),
                      input,
                    ),
                  );
              return { var: input, binding };
            }),
          };
        }),
        outputs,
      },
    };
    return { id: workflowId, spec };
  });

  const launchPlans: CompiledEntities['launchPlans'] = byName(doc.workflows).map(([name]) => ({
    id: id('LAUNCH_PLAN', name),
    spec: {
      workflow_id: id('WORKFLOW', name),
      default_inputs: parameters(workflowInputs.get(name), {}, {}),
    },
  }));
  for (const [name, launchPlan] of byName(doc.launch_plans)) {
    const inputs = workflowInputs.get(launchPlan.workflow);
    const typeOf = (input: string) =>
      validated(inputs?.variables?.[input]?.type, `input ${input} of workflow ${launchPlan.workflow}`);
    const fixed = Object.fromEntries(
      byName(launchPlan.fixed_inputs).map(([input, value]) => [
        input,
        literalFromJson(value, typeOf(input), input),
      ]),
    );
    const defaults = Object.fromEntries(
      byName(launchPlan.default_inputs).map(([input, value]) => [
        input,
        literalFromJson(value, typeOf(input), input),
      ]),
    );
    launchPlans.push({
      id: id('LAUNCH_PLAN', name),
      spec: {
        workflow_id: id('WORKFLOW', launchPlan.workflow),
        fixed_inputs: { literals: fixed },
        default_inputs: parameters(inputs, fixed, defaults),
        ...(launchPlan.schedule
          ? { schedule: { cron_schedule: { schedule: launchPlan.schedule.cron } } }
          : {}),
      },
    });
  }
  const role = options.authRole;
  if (role?.assumable_iam_role || role?.kubernetes_service_account || options.outputLocationPrefix) {
    for (const launchPlan of launchPlans) {
      if (role?.assumable_iam_role || role?.kubernetes_service_account) launchPlan.spec.auth_role = role;
      if (options.outputLocationPrefix) {
        launchPlan.spec.raw_output_data_config = { output_location_prefix: options.outputLocationPrefix };
      }
    }
  }
  launchPlans.sort((a, b) => compareNames(a.id.name ?? '', b.id.name ?? ''));
  return { tasks, workflows, launchPlans };
}

/** A promise binding: `inputs` stands for the workflow's inputs, i.e. node `start-node`. */
function promise(node: string, output: string): BindingData {
  return { promise: { node_id: node === 'inputs' ? START_NODE : node, var: output } };
}

/**
 * The parameters of a launch plan: every workflow input that is not fixed, with its default when
 * given, otherwise required unless its type is optional.
 */
function parameters(
  inputs: VariableMap | undefined,
  fixed: Record<string, Literal>,
  defaults: Record<string, Literal>,
): ParameterMap {
  const result: NonNullable<ParameterMap['parameters']> = {};
  for (const [name, variable] of Object.entries(inputs?.variables ?? {})) {
    if (name in fixed) continue;
    const value = defaults[name];
    result[name] = value
      ? { var: variable, default: value }
      : { var: variable, required: !variable.type?.optional };
  }
  return { parameters: result };
}

/** A literal value as binding data: a scalar, or a collection or map of bindings of its elements. */
function literalBinding(literal: Literal): BindingData {
  if (literal.collection) {
    return { collection: { bindings: (literal.collection.literals ?? []).map(literalBinding) } };
  }
  if (literal.map) {
    return {
      map: {
        bindings: Object.fromEntries(
          Object.entries(literal.map.literals ?? {}).map(([key, item]) => [key, literalBinding(item)]),
        ),
      },
    };
  }
  return { scalar: literal.scalar ?? { none_type: {} } };
}
