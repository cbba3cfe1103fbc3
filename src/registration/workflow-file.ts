import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import { DurationSyntaxError, parseDuration } from '../api/duration.js';
import { isRecord } from '../api/guards.js';
import {
  formatType,
  LiteralValueError,
  literalFromJson,
  parseType,
  TypeSyntaxError,
} from '../api/literals.js';
import { closestName, didYouMean } from '../api/suggest.js';
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
 * Thrown by {@link loadWorkflowFile} (and `registerFiles`, for several files) when workflow files
 * cannot be read or are not valid. `problems` lists every problem found, in file order; the message
 * counts them and lists them under that, one indented line per problem, `<file>:<line>:<column>:
 * <message>`:
 * ```
 * 2 problems in flows/wf.yaml:
 *   flows/wf.yaml:6:14: tasks.fetch.retries: expected a whole number, found the string "many"
 *   flows/wf.yaml:8:5: tasks.fetch.secret: unknown key; did you mean "secrets"?
 * ```
 */
export class WorkflowFileError extends Error {
  readonly problems: readonly FileProblem[];
  constructor(problems: FileProblem[]) {
    super(`${problemCount(problems)}:\n${indent(formatProblems(problems))}`);
    this.name = 'WorkflowFileError';
    this.problems = problems;
  }
}

/** `3 problems in wf.yaml`, or `5 problems in 2 workflow files`. */
function problemCount(problems: readonly FileProblem[]): string {
  const files = new Set(problems.map((p) => p.file));
  const counted = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const [only] = files;
  return files.size === 1 && only !== undefined
    ? `${counted} in ${only}`
    : `${counted} in ${files.size} workflow files`;
}

const indent = (text: string) => text.replace(/^/gm, '  ');

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

/** The schemas of one task, node, workflow and launch plan. Unknown keys are errors. */
function entitySchemas() {
  const object = z.strictObject;
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
  return { task, node, workflow, launchPlan };
}

const STRICT = entitySchemas();
/** The whole file, every entity checked: what the JSON Schema publishes and what structure problems come from. */
const strictFile = z.strictObject({
  /** Pins the version of every entity of the file (else computed, or `--files.version`). */
  version: z
    .string()
    .regex(/^[A-Za-z0-9_.:@-]{1,63}$/, 'must be 1 to 63 letters, digits, _ . : @ or -')
    .optional(),
  tasks: z.record(entityName, STRICT.task).optional(),
  workflows: z.record(entityName, STRICT.workflow).optional(),
  launch_plans: z.record(entityName, STRICT.launchPlan).optional(),
});

/**
 * The JSON Schema (draft 2020-12) of workflow files, published as `schema/workflow-file.schema.json`
 * for editors (`# yaml-language-server: $schema=...`). It checks structure and names; references,
 * types and cycles are checked by {@link loadWorkflowFile}, which reports them with line and column.
 */
export function workflowFileJsonSchema(): Record<string, unknown> {
  const documented = z.strictObject({
    version: doc(
      strictFile.shape.version,
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
    ...z.toJSONSchema(documented, { target: 'draft-2020-12', unrepresentable: 'any' }),
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
/** A node of a workflow: its id, the task it runs and the bindings of the task's inputs. */
export type NodeDoc = z.infer<typeof STRICT.node>;
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
 * Every problem is found in one pass: an entity with structure problems is still checked as far as
 * its valid fields go (a bad `retries` does not hide a bad `timeout`, nor the checks of the nodes
 * using the task), and what depends on an invalid or misspelt field is not judged, so each mistake is
 * reported once. A misspelt key, task, workflow, node, input or output names the closest one that
 * exists (`unknown key; did you mean "inputs"?`).
 * @param path the file to read; its stem prefixes every entity name.
 * @throws WorkflowFileError listing every problem with file, line and column under their count (a
 *   file that cannot be read is one problem at 1:1 naming the path and the reason).
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
  const checked = checkStructure(document.toJS() ?? {}, report);
  if (checked) {
    if (checked.empty) at(0, 'the file defines no tasks, workflows or launch_plans');
    checkSemantics(checked.structure, report);
  }
  // Without a valid structure, its problems are reported.
  if (problems.length || !checked?.valid) {
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new WorkflowFileError(problems);
  }
  return { path, stem, bytes, doc: checked.valid };
}

/**
 * An entity (or node) as far as it is usable, so that the checks across entities run even when it
 * has structure problems, and each mistake is reported once.
 */
interface Part<T> {
  /** Its fields whose values are valid. */
  doc: Partial<T>;
  /**
   * Its fields that cannot be relied on: given but invalid, or absent while an unknown key of the
   * entity looks like a misspelling of them (`input` for `inputs`). Checks that need them are skipped.
   */
  unusable: ReadonlySet<string>;
}

/** A workflow as far as it is usable, with its nodes one by one (undefined when `nodes` is not a list). */
interface WorkflowPart extends Part<WorkflowDoc> {
  nodes: Part<NodeDoc>[] | undefined;
}

/**
 * What the checks across entities see: every entity whose name is valid, as far as it is usable, and
 * the names of all entities of a section (so a reference to a malformed one is not reported again);
 * undefined names when the section itself is unusable (then references into it are not judged).
 */
interface Structure {
  tasks: Map<string, Part<TaskDoc>>;
  workflows: Map<string, WorkflowPart>;
  launchPlans: Map<string, Part<LaunchPlanDoc>>;
  taskNames: ReadonlySet<string> | undefined;
  workflowNames: ReadonlySet<string> | undefined;
}

/** What a workflow file that is not a mapping is told. */
const describeRoot = (found: string) =>
  `a workflow file is a mapping of tasks, workflows and launch_plans, not ${found}`;

/**
 * The usable part of a mapping checked by `schema` (see {@link Part}): each known key whose value
 * passes its own schema; undefined when `raw` is not a mapping.
 */
function salvage<Shape extends z.core.$ZodLooseShape>(schema: z.ZodObject<Shape>, raw: unknown) {
  if (!isRecord(raw)) return undefined;
  const known = Object.keys(schema.shape);
  const kept: Record<string, unknown> = {};
  const unusable = new Set<string>();
  for (const [key, value] of Object.entries(raw)) {
    const field = schema.shape[key];
    if (field === undefined) {
      const near = closestName(key, known);
      if (near !== undefined && !(near in raw)) unusable.add(near);
    } else if (z.safeParse(field, value).success) kept[key] = value;
    else unusable.add(key);
  }
  const parsed = schema.partial().safeParse(kept);
  return parsed.success ? { doc: parsed.data, unusable } : undefined;
}

/** A node that is not a mapping: nothing of it is usable. */
const UNUSABLE_NODE: Part<NodeDoc> = { doc: {}, unusable: new Set(['id', 'task', 'inputs']) };

/** A workflow's usable part, its nodes salvaged one by one when the list as a whole is not valid. */
function salvageWorkflow(raw: unknown): WorkflowPart | undefined {
  const workflow = salvage(STRICT.workflow, raw);
  if (!workflow) return undefined;
  const rawNodes = isRecord(raw) ? raw.nodes : undefined;
  const nodes = workflow.doc.nodes
    ? workflow.doc.nodes.map((doc) => ({ doc, unusable: new Set<string>() }))
    : Array.isArray(rawNodes)
      ? rawNodes.map((node: unknown) => salvage(STRICT.node, node) ?? UNUSABLE_NODE)
      : undefined;
  return { ...workflow, nodes };
}

/**
 * Checks the structure against the schema, reporting every problem of the file at once (unknown keys
 * with the closest known key), and gives what the checks across entities can use.
 * @returns undefined when the file is not a mapping at all; `valid` only when the structure is valid;
 *   `empty` when the file defines no entity (and misspells no section).
 */
function checkStructure(
  raw: unknown,
  report: Report,
): { structure: Structure; valid: WorkflowFileDoc | undefined; empty: boolean } | undefined {
  const full = strictFile.safeParse(raw);
  if (!full.success) reportIssues(full.error.issues, [], raw, report, describeRoot, strictFile);
  const top = salvage(strictFile, raw);
  if (!top || !isRecord(raw)) return undefined;
  /** The entities of a section with a valid name, or undefined when the section is unusable. */
  const section = <T>(
    key: 'tasks' | 'workflows' | 'launch_plans',
    parse: (value: unknown) => T | undefined,
  ) => {
    const entries = raw[key];
    // Absent: no entities, unless an unknown key misspells the section (then its names are unknown).
    if (entries === undefined) {
      return top.unusable.has(key) ? undefined : { names: new Set<string>(), parts: new Map<string, T>() };
    }
    if (!isRecord(entries)) return undefined;
    const parts = new Map<string, T>();
    for (const [name, value] of Object.entries(entries)) {
      const part = ENTITY_NAME.test(name) ? parse(value) : undefined;
      if (part !== undefined) parts.set(name, part);
    }
    return { names: new Set(Object.keys(entries)), parts };
  };
  const tasks = section('tasks', (value) => salvage(STRICT.task, value));
  const workflows = section('workflows', salvageWorkflow);
  const launchPlans = section('launch_plans', (value) => salvage(STRICT.launchPlan, value));
  const structure: Structure = {
    tasks: tasks?.parts ?? new Map(),
    workflows: workflows?.parts ?? new Map(),
    launchPlans: launchPlans?.parts ?? new Map(),
    taskNames: tasks?.names,
    workflowNames: workflows?.names,
  };
  const entityCount = [raw.tasks, raw.workflows, raw.launch_plans].reduce<number>(
    (count, entries) => count + (isRecord(entries) ? Object.keys(entries).length : 0),
    0,
  );
  const misspelt = ['tasks', 'workflows', 'launch_plans'].some((key) => top.unusable.has(key));
  return { structure, valid: full.success ? full.data : undefined, empty: entityCount === 0 && !misspelt };
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

/** What nodes may use of a task: its input and output types; undefined when unusable (not judged). */
interface TaskInfo {
  inputs: Map<string, LiteralType | undefined> | undefined;
  outputs: Map<string, LiteralType | undefined> | undefined;
}

/** The types of a name → type map field of an entity, or undefined when the field is unusable. */
function fieldTypes<T>(
  part: Part<T>,
  field: keyof T & ('inputs' | 'outputs'),
  map: Record<string, string> | undefined,
  path: Path,
  report: Report,
): Map<string, LiteralType | undefined> | undefined {
  return part.unusable.has(field) ? undefined : typesOf(map, [...path, field], report);
}

/** Everything checked across entities: types, references, bindings, values, launch plans. */
function checkSemantics(file: Structure, report: Report): void {
  const tasks = checkTasks(file, report);
  const workflowInputs = checkWorkflows(file, tasks, report);
  checkLaunchPlans(file, workflowInputs, report);
}

/** `; did you mean "x"?` among the keys of a map (empty when there is no map or nothing is close). */
const nearKey = (typed: string, map: Map<string, unknown> | undefined) =>
  map ? didYouMean(typed, map.keys()) : '';

function checkTasks(file: Structure, report: Report): Map<string, TaskInfo> {
  const tasks = new Map<string, TaskInfo>();
  for (const [taskName, part] of file.tasks) {
    const task = part.doc;
    const base = ['tasks', taskName];
    const info = {
      inputs: fieldTypes(part, 'inputs', task.inputs, base, report),
      outputs: fieldTypes(part, 'outputs', task.outputs, base, report),
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
    if (task.cache_version !== undefined && task.cache !== true && !part.unusable.has('cache')) {
      report([...base, 'cache_version'], 'is only allowed with cache: true');
    }
    (task.command ?? []).forEach((arg, index) => {
      for (const [whole, inner] of arg.matchAll(TEMPLATE)) {
        const input = COMMAND_INPUT.exec(inner ?? '')?.[1];
        if (input === undefined) {
          report(
            [...base, 'command', index],
            `${whole}: only "{{ inputs.<input> }}" is replaced in a command`,
          );
        } else if (info.inputs && !info.inputs.has(input)) {
          report(
            [...base, 'command', index],
            `${whole}: task ${taskName} has no input "${input}"${nearKey(input, info.inputs)}`,
          );
        }
      }
    });
    for (const name of Object.keys(task.env ?? {})) {
      if (EXECUTOR_ENV.has(name)) report([...base, 'env', name], `${name} is set by the executor`, true);
    }
    checkSecrets(task, base, report);
  }
  return tasks;
}

/** The secrets of a task: each must give a variable that nothing else sets. */
function checkSecrets(task: Partial<TaskDoc>, base: Path, report: Report): void {
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

/** The type a reference points at; undefined when unknown (dangling ones are reported). */
type Resolve = (ref: Reference, path: Path, from?: string) => LiteralType | undefined;

/**
 * Resolves the references of one workflow: `inputs.x` among its inputs, `n0.o0` among the outputs of
 * the task of node `n0`. A reference to something that does not exist is reported with the closest
 * existing name; one into something unusable is not judged.
 */
function resolver(
  workflowName: string,
  inputs: Map<string, LiteralType | undefined> | undefined,
  nodes: NodeIds,
  tasks: Map<string, TaskInfo>,
  report: Report,
): Resolve {
  const { nodeTasks, complete } = nodes;
  return (ref, path, from) => {
    if (ref.node === 'inputs') {
      if (inputs && !inputs.has(ref.output)) {
        report(path, `the workflow has no input "${ref.output}"${nearKey(ref.output, inputs)}`);
      }
      return inputs?.get(ref.output);
    }
    if (!nodeTasks.has(ref.node)) {
      if (complete) {
        report(path, `no node "${ref.node}" in workflow ${workflowName}${nearKey(ref.node, nodeTasks)}`);
      }
      return undefined;
    }
    if (ref.node === from) {
      report(path, `node "${from}" cannot take its own output`);
      return undefined;
    }
    const taskName = nodeTasks.get(ref.node);
    const outputs = taskName === undefined ? undefined : tasks.get(taskName)?.outputs;
    if (!outputs) return undefined;
    if (!outputs.has(ref.output)) {
      report(
        path,
        `node "${ref.node}" (task ${taskName}) has no output "${ref.output}"${nearKey(ref.output, outputs)}`,
      );
    }
    return outputs.get(ref.output);
  };
}

/** The node ids of a workflow, each with the task of the node (undefined when unusable). */
interface NodeIds {
  nodeTasks: Map<string, string | undefined>;
  /** False when the list of nodes or some node's id is unusable: a reference to an unknown node is not judged. */
  complete: boolean;
}

/** The node ids of a workflow (see {@link NodeIds}); duplicate and reserved ids are reported. */
function nodeIds(nodes: Part<NodeDoc>[] | undefined, base: Path, report: Report): NodeIds {
  const nodeTasks = new Map<string, string | undefined>();
  let complete = nodes !== undefined;
  (nodes ?? []).forEach(({ doc: node }, index) => {
    const idPath = [...base, 'nodes', index, 'id'];
    if (node.id === undefined) complete = false;
    else if (nodeTasks.has(node.id)) report(idPath, `node id "${node.id}" is used twice`);
    else if (RESERVED_NODE_IDS.has(node.id)) report(idPath, `node id "${node.id}" is reserved`);
    if (node.id !== undefined) nodeTasks.set(node.id, node.task);
  });
  return { nodeTasks, complete };
}

/**
 * Checks the bindings of one node against the inputs of its task: each names an input of the task,
 * and is a value or a reference of its type; every required input is bound. Gives the nodes it takes
 * outputs of.
 */
function checkNode(
  node: Part<NodeDoc>,
  nodePath: Path,
  file: Structure,
  tasks: Map<string, TaskInfo>,
  resolve: Resolve,
  report: Report,
): Set<string> {
  const deps = new Set<string>();
  const { task: taskName, id } = node.doc;
  if (taskName === undefined) return deps;
  const task = tasks.get(taskName);
  if (!task) {
    if (file.taskNames && !file.taskNames.has(taskName)) {
      const near = didYouMean(taskName, file.taskNames);
      report([...nodePath, 'task'], `task "${taskName}" is not defined in this file${near}`);
    }
    return deps;
  }
  const bound = node.doc.inputs ?? {};
  // Inputs that a binding misspells: not reported again as unbound.
  const misspelt = new Set<string>();
  for (const [input, value] of Object.entries(bound)) {
    const inputPath = [...nodePath, 'inputs', input];
    if (task.inputs && !task.inputs.has(input)) {
      const known = [...task.inputs.keys()];
      const has = known.length ? ` (it has ${known.join(', ')})` : '';
      const near = closestName(input, known);
      if (near !== undefined) misspelt.add(near);
      report(inputPath, `task ${taskName} has no input "${input}"${nearKey(input, task.inputs)}${has}`, true);
      continue;
    }
    const expected = task.inputs?.get(input);
    const ref = referenceOf(value);
    if (!ref) {
      if (isMalformedReference(value)) report(inputPath, `${JSON.stringify(value)} ${MALFORMED_REFERENCE}`);
      else if (expected) checkValue(value, expected, inputPath, report);
      continue;
    }
    if (ref.node !== 'inputs') deps.add(ref.node);
    const actual = resolve(ref, inputPath, id);
    if (actual && expected && !sameType(actual, expected)) {
      report(inputPath, `${value} is ${formatType(actual)} but input "${input}" is ${formatType(expected)}`);
    }
  }
  if (!task.inputs || node.unusable.has('inputs')) return deps;
  for (const [input, type] of task.inputs) {
    if (!(input in bound) && !type?.optional && !misspelt.has(input)) {
      report([...nodePath, 'inputs'], `input "${input}" of task ${taskName} is not bound`);
    }
  }
  return deps;
}

function checkWorkflows(
  file: Structure,
  tasks: Map<string, TaskInfo>,
  report: Report,
): Map<string, Map<string, LiteralType | undefined> | undefined> {
  const workflowInputs = new Map<string, Map<string, LiteralType | undefined> | undefined>();
  for (const [wfName, part] of file.workflows) {
    const workflow = part.doc;
    const base = ['workflows', wfName];
    const inputs = fieldTypes(part, 'inputs', workflow.inputs, base, report);
    workflowInputs.set(wfName, inputs);
    const nodeTasks = nodeIds(part.nodes, base, report);
    const resolve = resolver(wfName, inputs, nodeTasks, tasks, report);

    const edges = new Map<string, Set<string>>();
    (part.nodes ?? []).forEach((node, index) => {
      const deps = checkNode(node, [...base, 'nodes', index], file, tasks, resolve, report);
      if (node.doc.id !== undefined) edges.set(node.doc.id, deps);
    });

    const cycle = findCycle(edges);
    if (cycle) report([...base, 'nodes'], `nodes form a cycle: ${cycle.join(' -> ')}`);

    for (const [output, value] of Object.entries(workflow.outputs ?? {})) {
      const ref = referenceOf(value);
      if (ref) resolve(ref, [...base, 'outputs', output]);
      else report([...base, 'outputs', output], 'must be a reference such as "{{ n0.o0 }}"');
    }
  }
  return workflowInputs;
}

function checkLaunchPlans(
  file: Structure,
  workflowInputs: Map<string, Map<string, LiteralType | undefined> | undefined>,
  report: Report,
): void {
  for (const [lpName, part] of file.launchPlans) {
    const launchPlan = part.doc;
    const base = ['launch_plans', lpName];
    if (file.workflowNames?.has(lpName)) {
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
    const workflow = launchPlan.workflow;
    if (workflow === undefined) continue;
    if (!workflowInputs.has(workflow)) {
      if (file.workflowNames && !file.workflowNames.has(workflow)) {
        const near = didYouMean(workflow, file.workflowNames);
        report([...base, 'workflow'], `workflow "${workflow}" is not defined in this file${near}`);
      }
      continue;
    }
    const inputs = workflowInputs.get(workflow);
    if (inputs) checkLaunchPlanInputs(part, workflow, inputs, base, report);
  }
}

/** The fixed and default inputs of a launch plan against its workflow's inputs. */
function checkLaunchPlanInputs(
  part: Part<LaunchPlanDoc>,
  workflow: string,
  inputs: Map<string, LiteralType | undefined>,
  base: Path,
  report: Report,
): void {
  const launchPlan = part.doc;
  // Inputs that a fixed or default input misspells: not reported again as missing for the schedule.
  const misspelt = new Set<string>();
  for (const field of ['fixed_inputs', 'default_inputs'] as const) {
    for (const [input, value] of Object.entries(launchPlan[field] ?? {})) {
      const path = [...base, field, input];
      const type = inputs.get(input);
      if (!inputs.has(input)) {
        misspelt.add(closestName(input, inputs.keys()) ?? '');
        report(path, `workflow ${workflow} has no input "${input}"${nearKey(input, inputs)}`, true);
      } else if (type) checkValue(value, type, path, report);
    }
  }
  for (const input of Object.keys(launchPlan.fixed_inputs ?? {})) {
    if (input in (launchPlan.default_inputs ?? {})) {
      report([...base, 'default_inputs', input], `"${input}" is already fixed`, true);
    }
  }
  if (!launchPlan.schedule || part.unusable.has('fixed_inputs') || part.unusable.has('default_inputs')) {
    return;
  }
  const given = { ...launchPlan.default_inputs, ...launchPlan.fixed_inputs };
  for (const [input, type] of inputs) {
    if (!(input in given) && type && !type.optional && !misspelt.has(input)) {
      report(
        [...base, 'schedule'],
        `a scheduled launch plan gets no inputs from a caller: fix or default input "${input}"`,
        true,
      );
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
