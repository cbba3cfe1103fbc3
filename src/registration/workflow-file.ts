import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import { DurationSyntaxError, parseDuration } from '../api/duration.js';
import {
  formatType,
  LiteralValueError,
  literalFromJson,
  parseType,
  TypeSyntaxError,
} from '../api/literals.js';
import { type LiteralType, START_NODE } from '../api/types.js';
import {
  type FileProblem,
  formatProblems,
  parseYamlSource,
  type Report,
  readFailure,
  reportIssues,
  type YamlPath,
} from '../api/yaml-file.js';
import { CronSyntaxError, parseCron } from '../config/cron.js';
import { cpuMillis, parseQuantity, QuantitySyntaxError } from '../config/quantity.js';

export type { FileProblem } from '../api/yaml-file.js';

/**
 * Workflow files (DESIGN.md, "Workflow files"): YAML or JSON with `tasks`, `workflows` and optional
 * `launch_plans`. Loading checks the structure and everything that can be seen in the file itself
 * (types, task and node references, bindings, literal values, launch plans) and reports every problem
 * at once, each with its file, line and column.
 */

/**
 * Thrown by {@link loadWorkflowFile} when a workflow file cannot be read or is not valid. `problems`
 * lists every problem found, in file order; the message has one line per problem,
 * `<file>:<line>:<column>: <message>`.
 */
export class WorkflowFileError extends Error {
  readonly problems: readonly FileProblem[];
  constructor(problems: FileProblem[]) {
    super(formatProblems(problems));
    this.name = 'WorkflowFileError';
    this.problems = problems;
  }
}

/** Names of tasks, workflows, launch plans and nodes: they become part of entity names. */
const ENTITY_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Names of inputs, outputs and environment variables: what `{{ inputs.x }}` can refer to. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A file stem: the prefix of every entity name of the file. */
const FILE_STEM = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** `{{ inputs.x }}` (a workflow input) or `{{ n0.o0 }}` (output `o0` of node `n0`), as a whole value. */
const REFERENCE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;
/** Anything in double braces, inside a command argument or a value. */
const TEMPLATE = /\{\{(.*?)\}\}/g;
/** What the executor replaces in a command argument (src/server/executor/graph-executor.ts). */
const COMMAND_INPUT = /^\s*inputs\.([A-Za-z_][A-Za-z0-9_]*)\s*$/;
/** Node ids a workflow cannot use: `inputs` (workflow inputs in references) and the server's own. */
const RESERVED_NODE_IDS = new Set(['inputs', START_NODE, 'end-node']);
/** Environment variables the executor sets for every task process. */
const EXECUTOR_ENV = new Set(['ORCH_INPUTS_FILE', 'ORCH_OUTPUTS_FILE', 'ORCH_ATTEMPT']);

const entityName = z
  .string()
  .regex(ENTITY_NAME, 'must start with a letter or _ and hold only letters, digits, _ and -');
const variableName = z
  .string()
  .regex(VARIABLE_NAME, 'must start with a letter or _ and hold only letters, digits and _');
const secretName = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_.-]*$/,
    'must start with a letter or _ and hold only letters, digits, _ . and -',
  );
const typeMap = z.record(variableName, z.string());
/** The text of a YAML number, so that `cpu: 2` or `mem: 1073741824` read as quantities. */
const quantityText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const cpuLimit = z.preprocess(
  quantityText,
  z.string('expected a CPU quantity such as 1, 0.5 or 500m').superRefine((text, ctx) => {
    const millis = cpuMillis(text);
    if (millis === undefined)
      ctx.addIssue({ code: 'custom', message: `"${text}" is not a CPU quantity such as 1, 0.5 or 500m` });
    else if (millis === 0) ctx.addIssue({ code: 'custom', message: 'must be more than 0' });
  }),
);
const memLimit = z.preprocess(
  quantityText,
  z.string('expected a memory size such as 256Mi').superRefine((text, ctx) => {
    try {
      if (parseQuantity(text) === 0) ctx.addIssue({ code: 'custom', message: 'must be more than 0' });
    } catch (error) {
      if (!(error instanceof QuantitySyntaxError)) throw error;
      ctx.addIssue({ code: 'custom', message: `"${text}" is not a memory size such as 256Mi, 1Gi or 1G` });
    }
  }),
);
const valueMap = z.record(variableName, z.unknown());

/** `schema` with the description and example editors show on hover (the JSON Schema's `examples`). */
const doc = <T extends z.ZodType>(schema: T, description: string, example: unknown): T =>
  schema.meta({ description, examples: [example] });

/**
 * The schemas of one task, workflow and launch plan. Strict ones reject unknown keys; loose ones
 * drop them, so a file whose only fault is an unknown key still gets its other checks.
 */
function entitySchemas(strict: boolean) {
  const object = <Shape extends z.ZodRawShape>(shape: Shape) =>
    strict ? z.strictObject(shape) : z.object(shape);
  const task = object({
    image: doc(
      z.string().optional(),
      'image the task runs in on container runtimes (docker, swarm); the local runtime runs the command on the host',
      'node:20-slim',
    ),
    command: doc(
      z.array(z.string()).min(1, 'must name at least the program to run'),
      'program and arguments, run inside the unpacked code bundle; an argument may hold "{{ inputs.<name> }}"',
      ['node', 'add_one.js'],
    ),
    inputs: doc(
      typeMap.optional(),
      "the task's inputs: name to type (integer, float, string, boolean, datetime, duration, struct, blob, [T], {string: T}, enum(a,b), T?)",
      { x: 'integer' },
    ),
    outputs: doc(
      typeMap.optional(),
      "the task's outputs: name to type, written by the task as a JSON object to $ORCH_OUTPUTS_FILE",
      { o0: 'integer' },
    ),
    retries: doc(
      z.int('expected a whole number').min(0, 'must be 0 or more').optional(),
      'how many times a failed attempt is run again',
      1,
    ),
    timeout: doc(z.string().optional(), 'longest an attempt may run, as a Go duration', '30s'),
    // Reuse the outputs of an earlier successful run with the same inputs, code bundle and cache_version.
    cache: doc(
      z.boolean('expected true or false').optional(),
      'reuse the outputs of an earlier successful run with the same inputs, code bundle and cache_version',
      true,
    ),
    // Bumped to invalidate cached outputs; only meaningful (and only allowed) with `cache: true`.
    cache_version: doc(
      z.string().optional(),
      'change it to stop reusing cached outputs (only with cache: true)',
      '2',
    ),
    env: doc(z.record(variableName, z.string()).optional(), 'environment variables of the task process', {
      LOG_LEVEL: 'debug',
    }),
    // Limits of the task's container (container runtimes), as an app's: `{cpu: "500m", mem: 256Mi}`.
    limits: doc(
      object({
        cpu: doc(cpuLimit.optional(), 'CPU limit, in cores or millicores', '500m'),
        mem: doc(memLimit.optional(), 'memory limit, as a size', '256Mi'),
      }).optional(),
      "limits of the task's container on container runtimes",
      { cpu: '500m', mem: '256Mi' },
    ),
    // Whether the task's container gets a network (container runtimes give none unless asked).
    network: doc(
      z.boolean('expected true or false').optional(),
      "whether the task's container gets a network (container runtimes give none unless asked)",
      true,
    ),
    // Secrets the task asks for: a name (given as the variable of the same name) or {key, env_var}.
    secrets: doc(
      z
        .array(
          z.union([
            secretName,
            object({
              key: doc(secretName, "the secret's name (`orch create secret --name <key>`)", 'API_TOKEN'),
              env_var: doc(
                variableName.optional(),
                'the environment variable the value is given in (default: the key)',
                'TOKEN',
              ),
            }),
          ]),
        )
        .optional(),
      'secrets given to the task as environment variables: a name, or {key, env_var}',
      ['API_TOKEN', { key: 'DB_PASSWORD', env_var: 'PGPASSWORD' }],
    ),
  });
  const node = object({
    id: doc(
      entityName,
      "the node's id, unique in the workflow; other nodes refer to its outputs as {{ <id>.<output> }}",
      'n0',
    ),
    task: doc(entityName, 'the task this node runs (a name under tasks)', 'add_one'),
    inputs: doc(
      valueMap.optional(),
      'the task\'s inputs: a value, "{{ inputs.<name> }}" or "{{ <node>.<output> }}"',
      { x: '{{ inputs.x }}' },
    ),
  });
  const workflow = object({
    inputs: doc(typeMap.optional(), "the workflow's inputs: name to type", { x: 'integer' }),
    nodes: doc(
      z.array(node).min(1, 'a workflow needs at least one node'),
      'the nodes, each running a task; their order follows from their references',
      [{ id: 'n0', task: 'add_one', inputs: { x: '{{ inputs.x }}' } }],
    ),
    outputs: doc(valueMap.optional(), 'the workflow\'s outputs: name to "{{ <node>.<output> }}"', {
      o0: '{{ n0.o0 }}',
    }),
  });
  const launchPlan = object({
    workflow: doc(entityName, 'the workflow it launches (a name under workflows)', 'add_one_wf'),
    fixed_inputs: doc(valueMap.optional(), 'inputs every launch gets, which a launch cannot change', {
      x: 1,
    }),
    default_inputs: doc(valueMap.optional(), 'inputs a launch gets unless it gives them', { x: 1 }),
    schedule: doc(
      object({
        cron: doc(z.string(), 'a five-field cron expression, in UTC', '0 3 * * *'),
      }).optional(),
      'launches it on a schedule',
      { cron: '0 3 * * *' },
    ),
  });
  return { task, workflow, launchPlan };
}

const STRICT = entitySchemas(true);
const LOOSE = entitySchemas(false);
const section = z.record(entityName, z.unknown());
const fileSchema = z.strictObject({
  /** Pins the version of every entity of the file (else computed, or `--files.version`). */
  version: z
    .string()
    .regex(/^[A-Za-z0-9_.:@-]{1,63}$/, 'must be 1 to 63 letters, digits, _ . : @ or -')
    .optional(),
  tasks: section.optional(),
  workflows: section.optional(),
  launch_plans: section.optional(),
});

/**
 * The JSON Schema (draft 2020-12) of workflow files, published as `schema/workflow-file.schema.json`
 * for editors (`# yaml-language-server: $schema=...`). It checks structure and names; references,
 * types and cycles are checked by {@link loadWorkflowFile}, which reports them with line and column.
 */
export function workflowFileJsonSchema(): Record<string, unknown> {
  const strictFile = z.strictObject({
    version: doc(
      fileSchema.shape.version,
      'pins the version of every entity of the file (else computed from its content, or --files.version)',
      'v1',
    ),
    tasks: doc(
      z.record(entityName, STRICT.task).optional(),
      'tasks by name; each registers as <file stem>.<name>',
      {
        add_one: {
          image: 'node:20-slim',
          command: ['node', 'add_one.js'],
          inputs: { x: 'integer' },
          outputs: { o0: 'integer' },
        },
      },
    ),
    workflows: doc(
      z.record(entityName, STRICT.workflow).optional(),
      'workflows by name; each registers as <file stem>.<name>, with a default launch plan of the same name',
      {
        add_one_wf: {
          inputs: { x: 'integer' },
          nodes: [{ id: 'n0', task: 'add_one', inputs: { x: '{{ inputs.x }}' } }],
          outputs: { o0: '{{ n0.o0 }}' },
        },
      },
    ),
    launch_plans: doc(
      z.record(entityName, STRICT.launchPlan).optional(),
      'more launch plans by name: fixed or default inputs, a schedule',
      {
        add_one_nightly: { workflow: 'add_one_wf', fixed_inputs: { x: 1 }, schedule: { cron: '0 3 * * *' } },
      },
    ),
  });
  return {
    ...z.toJSONSchema(strictFile, { target: 'draft-2020-12', unrepresentable: 'any' }),
    $id: 'https://orch.dev/schema/workflow-file.schema.json',
    title: 'orch workflow file',
    description:
      'Tasks, workflows and launch plans registered by `orch register`. Example: examples/add-one/wf.yaml.',
  };
}

/**
 * A task of a workflow file: `command` is the argv run in the task's environment (arguments may hold
 * `{{ inputs.x }}`); `inputs`/`outputs` map names to type strings; `timeout` is a Go-style duration;
 * `cache: true` reuses the outputs of an earlier successful run with identical inputs, code bundle and
 * `cache_version` (a string, default "", allowed only with `cache: true`).
 */
export type TaskDoc = z.infer<typeof STRICT.task>;
/** A workflow of a workflow file: its typed inputs, its nodes in file order, its output references. */
export type WorkflowDoc = z.infer<typeof STRICT.workflow>;
/** A launch plan of a workflow file: the workflow it runs, fixed and default inputs, a cron schedule. */
export type LaunchPlanDoc = z.infer<typeof STRICT.launchPlan>;

/** The document of a valid workflow file (DESIGN.md, "Workflow files"). */
export interface WorkflowFileDoc {
  /** The version every entity of the file gets, when the file pins one. */
  version?: string;
  tasks?: Record<string, TaskDoc>;
  workflows?: Record<string, WorkflowDoc>;
  launch_plans?: Record<string, LaunchPlanDoc>;
}

/** A workflow file that {@link loadWorkflowFile} read and found valid. */
export interface LoadedWorkflowFile {
  /** The path as given. */
  path: string;
  /** The file name without its extension: the prefix of every entity name (`wf` for `wf.yaml`). */
  stem: string;
  /** The file's bytes, as read (their digest is part of the computed version). */
  bytes: Buffer;
  /** The validated document. */
  doc: WorkflowFileDoc;
}

/** A `{{ inputs.x }}` or `{{ n0.o0 }}` reference: `node` is `inputs` for a workflow input. */
export interface Reference {
  node: string;
  output: string;
}

/**
 * The reference a binding value stands for (`"{{ inputs.x }}"`, `"{{ n0.o0 }}"`, the whole string),
 * or undefined when the value is a literal.
 */
export function referenceOf(value: unknown): Reference | undefined {
  if (typeof value !== 'string') return undefined;
  const match = REFERENCE.exec(value.trim());
  if (!match) return undefined;
  const [, node = '', output = ''] = match;
  return { node, output };
}

type Path = YamlPath;

/**
 * Reads and validates a workflow file (DESIGN.md, "Workflow files"): YAML or JSON; the structure
 * (unknown keys are errors); type strings; durations; command templates; node ids; that nodes use
 * tasks of the file, bind every required task input by name and type, and refer to workflow inputs and
 * node outputs that exist, without cycles; literal values against their types; launch plans.
 * @param path the file to read; its stem prefixes every entity name.
 * @throws WorkflowFileError listing every problem with file, line and column (a file that cannot be
 *   read is one problem at 1:1 naming the path and the reason).
 */
export async function loadWorkflowFile(path: string): Promise<LoadedWorkflowFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new WorkflowFileError([
      { file: path, line: 1, column: 1, message: `cannot read the workflow file: ${readFailure(error)}` },
    ]);
  }

  const { document, problems, at, report } = parseYamlSource(
    path,
    bytes.toString('utf8'),
    'a workflow file holds one YAML document; this starts a second one',
  );
  if (problems.length) throw new WorkflowFileError(problems);

  const stem = basename(path, extname(path));
  if (!FILE_STEM.test(stem)) {
    at(0, `the file name "${stem}" prefixes every entity name; use only letters, digits, _, - and .`);
  }
  const structure = checkStructure(document.toJS() ?? {}, report);
  if (structure) {
    if (structure.entityCount === 0) at(0, 'the file defines no tasks, workflows or launch_plans');
    checkSemantics(structure, report);
  }
  // Without a structure, its problems are reported.
  if (problems.length || !structure) {
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new WorkflowFileError(problems);
  }
  return { path, stem, bytes, doc: structure.valid };
}

/**
 * What checking the structure gives: every entity that parsed (unknown keys dropped), the names of all
 * entities (so a reference to a malformed one is not reported again), and the fully valid document.
 */
interface Structure {
  tasks: Record<string, TaskDoc>;
  workflows: Record<string, WorkflowDoc>;
  launch_plans: Record<string, LaunchPlanDoc>;
  taskNames: Set<string>;
  workflowNames: Set<string>;
  /** How many tasks, workflows and launch plans the file names, valid or not. */
  entityCount: number;
  valid: WorkflowFileDoc;
}

/** What a workflow file that is not a mapping is told. */
const describeRoot = (found: string) =>
  `a workflow file is a mapping of tasks, workflows and launch_plans, not ${found}`;

/** Checks the structure against the schemas, section by section and entity by entity. */
function checkStructure(raw: unknown, report: Report): Structure | undefined {
  const top = fileSchema.safeParse(raw);
  if (!top.success) {
    reportIssues(top.error.issues, [], raw, report, describeRoot);
    return undefined;
  }
  const structure: Structure = {
    tasks: {},
    workflows: {},
    launch_plans: {},
    taskNames: new Set(Object.keys(top.data.tasks ?? {})),
    workflowNames: new Set(Object.keys(top.data.workflows ?? {})),
    entityCount: [top.data.tasks, top.data.workflows, top.data.launch_plans].reduce(
      (count, entries) => count + Object.keys(entries ?? {}).length,
      0,
    ),
    valid: top.data.version === undefined ? {} : { version: top.data.version },
  };
  /** Checks the entities of one section into `parsed` (all that parsed) and gives the valid ones. */
  const check = <T>(
    key: 'tasks' | 'workflows' | 'launch_plans',
    strict: z.ZodType<T>,
    loose: z.ZodType<T>,
    parsed: Record<string, T>,
  ): Record<string, T> | undefined => {
    const entries = top.data[key];
    if (!entries) return undefined;
    const valid: Record<string, T> = {};
    for (const [name, value] of Object.entries(entries)) {
      const result = strict.safeParse(value);
      if (result.success) {
        valid[name] = result.data;
        parsed[name] = result.data;
        continue;
      }
      reportIssues(result.error.issues, [key, name], value, report, describeRoot);
      const lenient = loose.safeParse(value);
      if (lenient.success) parsed[name] = lenient.data;
    }
    return valid;
  };
  const tasks = check('tasks', STRICT.task, LOOSE.task, structure.tasks);
  if (tasks) structure.valid.tasks = tasks;
  const workflows = check('workflows', STRICT.workflow, LOOSE.workflow, structure.workflows);
  if (workflows) structure.valid.workflows = workflows;
  const launchPlans = check('launch_plans', STRICT.launchPlan, LOOSE.launchPlan, structure.launch_plans);
  if (launchPlans) structure.valid.launch_plans = launchPlans;
  return structure;
}

/** Parses the type strings of a name → type map. Bad ones are reported and mapped to undefined. */
function typesOf(
  map: Record<string, string> | undefined,
  path: Path,
  report: Report,
): Map<string, LiteralType | undefined> {
  const types = new Map<string, LiteralType | undefined>();
  for (const [name, text] of Object.entries(map ?? {})) {
    try {
      types.set(name, parseType(text));
    } catch (error) {
      if (!(error instanceof TypeSyntaxError)) throw error;
      types.set(name, undefined);
      report([...path, name], error.message);
    }
  }
  return types;
}

/** Types are compatible when they are equal apart from being optional (as the server compiles them). */
const sameType = (a: LiteralType, b: LiteralType) =>
  formatType({ ...a, optional: false }) === formatType({ ...b, optional: false });

/**
 * Reports a literal value that does not fit its type: every mismatch inside it, at the YAML node of
 * the element (`default_inputs.z.a`, `inputs.tags.0`).
 */
function checkValue(value: unknown, type: LiteralType, path: Path, report: Report): void {
  try {
    literalFromJson(value, type);
  } catch (error) {
    if (!(error instanceof LiteralValueError)) throw error;
    for (const problem of error.problems) {
      // literalFromJson writes element paths as `.key` and `[index]`.
      const inner = [...problem.path.matchAll(/\.([^.[]+)|\[(\d+)\]/g)].map(([, key = '', index]) =>
        index === undefined ? key : Number(index),
      );
      report([...path, ...inner], problem.message);
    }
  }
}

/** Whether a value is a string holding `{{ ... }}` without being exactly one reference. */
function isMalformedReference(value: unknown): boolean {
  return typeof value === 'string' && /\{\{.*\}\}/s.test(value) && !referenceOf(value);
}

const MALFORMED_REFERENCE =
  'is not a reference: write "{{ inputs.<input> }}" or "{{ <node id>.<output> }}" as the whole value';

interface TaskInfo {
  inputs: Map<string, LiteralType | undefined>;
  outputs: Map<string, LiteralType | undefined>;
}

/** Everything checked across entities: types, references, bindings, values, launch plans. */
function checkSemantics(file: Structure, report: Report): void {
  const tasks = checkTasks(file, report);
  const workflowInputs = checkWorkflows(file, tasks, report);
  checkLaunchPlans(file, workflowInputs, report);
}

function checkTasks(file: Structure, report: Report): Map<string, TaskInfo> {
  const tasks = new Map<string, TaskInfo>();
  for (const [taskName, task] of Object.entries(file.tasks)) {
    const base = ['tasks', taskName];
    const info = {
      inputs: typesOf(task.inputs, [...base, 'inputs'], report),
      outputs: typesOf(task.outputs, [...base, 'outputs'], report),
    };
    tasks.set(taskName, info);
    if (task.timeout !== undefined) {
      try {
        if (parseDuration(task.timeout) <= 0) report([...base, 'timeout'], 'must be longer than 0s');
      } catch (error) {
        if (!(error instanceof DurationSyntaxError)) throw error;
        report([...base, 'timeout'], `"${task.timeout}" is not a duration such as 30s, 5m or 1h30m`);
      }
    }
    if (task.cache_version !== undefined && task.cache !== true) {
      report([...base, 'cache_version'], 'is only allowed with cache: true');
    }
    task.command.forEach((arg, index) => {
      for (const [whole, inner] of arg.matchAll(TEMPLATE)) {
        const input = COMMAND_INPUT.exec(inner ?? '')?.[1];
        if (input === undefined) {
          report(
            [...base, 'command', index],
            `${whole}: only "{{ inputs.<input> }}" is replaced in a command`,
          );
        } else if (!info.inputs.has(input)) {
          report([...base, 'command', index], `${whole}: task ${taskName} has no input "${input}"`);
        }
      }
    });
    for (const name of Object.keys(task.env ?? {})) {
      if (EXECUTOR_ENV.has(name)) report([...base, 'env', name], `${name} is set by the executor`, true);
    }
    const secretVariables = new Set<string>();
    (task.secrets ?? []).forEach((secret, index) => {
      const variable = typeof secret === 'string' ? secret : (secret.env_var ?? secret.key);
      const at = [...base, 'secrets', index];
      if (!VARIABLE_NAME.test(variable)) {
        report(at, `"${variable}" cannot be an environment variable: give {key: ..., env_var: NAME}`);
      } else if (EXECUTOR_ENV.has(variable) || task.env?.[variable] !== undefined) {
        report(at, `${variable} is already set ${EXECUTOR_ENV.has(variable) ? 'by the executor' : 'in env'}`);
      } else if (secretVariables.has(variable)) {
        report(at, `${variable} is given by two secrets`);
      }
      secretVariables.add(variable);
    });
  }
  return tasks;
}

function checkWorkflows(
  file: Structure,
  tasks: Map<string, TaskInfo>,
  report: Report,
): Map<string, Map<string, LiteralType | undefined>> {
  const workflowInputs = new Map<string, Map<string, LiteralType | undefined>>();
  for (const [wfName, workflow] of Object.entries(file.workflows)) {
    const base = ['workflows', wfName];
    const inputs = typesOf(workflow.inputs, [...base, 'inputs'], report);
    workflowInputs.set(wfName, inputs);

    const nodeTasks = new Map<string, string>();
    workflow.nodes.forEach((node, index) => {
      const idPath = [...base, 'nodes', index, 'id'];
      if (nodeTasks.has(node.id)) report(idPath, `node id "${node.id}" is used twice`);
      else if (RESERVED_NODE_IDS.has(node.id)) report(idPath, `node id "${node.id}" is reserved`);
      nodeTasks.set(node.id, node.task);
    });

    /** The type a reference points at; undefined when unknown (dangling ones are reported). */
    const referenced = (ref: Reference, path: Path, from?: string): LiteralType | undefined => {
      if (ref.node === 'inputs') {
        if (!inputs.has(ref.output)) report(path, `the workflow has no input "${ref.output}"`);
        return inputs.get(ref.output);
      }
      const taskName = nodeTasks.get(ref.node);
      if (taskName === undefined) {
        report(path, `no node "${ref.node}" in workflow ${wfName}`);
        return undefined;
      }
      if (ref.node === from) {
        report(path, `node "${from}" cannot take its own output`);
        return undefined;
      }
      const task = tasks.get(taskName);
      if (!task) return undefined;
      if (!task.outputs.has(ref.output)) {
        report(path, `node "${ref.node}" (task ${taskName}) has no output "${ref.output}"`);
      }
      return task.outputs.get(ref.output);
    };

    const edges = new Map<string, Set<string>>();
    workflow.nodes.forEach((node, index) => {
      const nodePath = [...base, 'nodes', index];
      const deps = new Set<string>();
      edges.set(node.id, deps);
      const task = tasks.get(node.task);
      if (!task) {
        if (!file.taskNames.has(node.task)) {
          report([...nodePath, 'task'], `task "${node.task}" is not defined in this file`);
        }
        return;
      }
      const bound = node.inputs ?? {};
      for (const [input, value] of Object.entries(bound)) {
        const inputPath = [...nodePath, 'inputs', input];
        if (!task.inputs.has(input)) {
          const known = [...task.inputs.keys()];
          const has = known.length ? ` (it has ${known.join(', ')})` : '';
          report(inputPath, `task ${node.task} has no input "${input}"${has}`, true);
          continue;
        }
        const expected = task.inputs.get(input);
        const ref = referenceOf(value);
        if (!ref) {
          if (isMalformedReference(value))
            report(inputPath, `${JSON.stringify(value)} ${MALFORMED_REFERENCE}`);
          else if (expected) checkValue(value, expected, inputPath, report);
          continue;
        }
        if (ref.node !== 'inputs') deps.add(ref.node);
        const actual = referenced(ref, inputPath, node.id);
        if (actual && expected && !sameType(actual, expected)) {
          report(
            inputPath,
            `${value} is ${formatType(actual)} but input "${input}" is ${formatType(expected)}`,
          );
        }
      }
      for (const [input, type] of task.inputs) {
        if (!(input in bound) && !type?.optional) {
          report([...nodePath, 'inputs'], `input "${input}" of task ${node.task} is not bound`);
        }
      }
    });

    const cycle = findCycle(edges);
    if (cycle) report([...base, 'nodes'], `nodes form a cycle: ${cycle.join(' -> ')}`);

    for (const [output, value] of Object.entries(workflow.outputs ?? {})) {
      const ref = referenceOf(value);
      if (ref) referenced(ref, [...base, 'outputs', output]);
      else report([...base, 'outputs', output], 'must be a reference such as "{{ n0.o0 }}"');
    }
  }
  return workflowInputs;
}

function checkLaunchPlans(
  file: Structure,
  workflowInputs: Map<string, Map<string, LiteralType | undefined>>,
  report: Report,
): void {
  for (const [lpName, launchPlan] of Object.entries(file.launch_plans)) {
    const base = ['launch_plans', lpName];
    if (file.workflowNames.has(lpName)) {
      report(
        base,
        `launch plan "${lpName}" clashes with the default launch plan of workflow ${lpName}`,
        true,
      );
    }
    const cron = launchPlan.schedule?.cron;
    if (cron !== undefined) {
      try {
        parseCron(cron);
      } catch (error) {
        if (!(error instanceof CronSyntaxError)) throw error;
        report([...base, 'schedule', 'cron'], error.message);
      }
    }
    const inputs = workflowInputs.get(launchPlan.workflow);
    if (!inputs) {
      if (!file.workflowNames.has(launchPlan.workflow)) {
        report([...base, 'workflow'], `workflow "${launchPlan.workflow}" is not defined in this file`);
      }
      continue;
    }
    for (const field of ['fixed_inputs', 'default_inputs'] as const) {
      for (const [input, value] of Object.entries(launchPlan[field] ?? {})) {
        const path = [...base, field, input];
        const type = inputs.get(input);
        if (!inputs.has(input)) report(path, `workflow ${launchPlan.workflow} has no input "${input}"`, true);
        else if (type) checkValue(value, type, path, report);
      }
    }
    for (const input of Object.keys(launchPlan.fixed_inputs ?? {})) {
      if (input in (launchPlan.default_inputs ?? {})) {
        report([...base, 'default_inputs', input], `"${input}" is already fixed`, true);
      }
    }
    if (launchPlan.schedule) {
      const given = { ...launchPlan.default_inputs, ...launchPlan.fixed_inputs };
      for (const [input, type] of inputs) {
        if (!(input in given) && type && !type.optional) {
          report(
            [...base, 'schedule'],
            `a scheduled launch plan gets no inputs from a caller: fix or default input "${input}"`,
            true,
          );
        }
      }
    }
  }
}

/** A cycle among `node -> dependencies` edges, as node ids from and back to one node, or undefined. */
function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const dep of edges.get(id) ?? []) {
      if (!edges.has(dep)) continue;
      const found = visit(dep);
      if (found) return found;
    }
    stack.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const found = visit(id);
    if (found) return found;
  }
  return undefined;
}
