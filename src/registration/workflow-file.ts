import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { isMap, isScalar, LineCounter, type Node, parseDocument } from 'yaml';
import { z } from 'zod';
import { DurationSyntaxError, parseDuration } from '../api/duration.js';
import {
  formatType,
  LiteralValueError,
  literalFromJson,
  parseType,
  TypeSyntaxError,
} from '../api/literals.js';
import type { LiteralType } from '../api/types.js';

/** One problem of a workflow file, at a 1-based line and column. */
export interface FileProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * Thrown when a workflow file cannot be read or is not valid. Its message has one line per problem,
 * `<file>:<line>:<column>: <message>`, every problem of the file at once.
 */
export class WorkflowFileError extends Error {
  constructor(readonly problems: FileProblem[]) {
    super(problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`).join('\n'));
    this.name = 'WorkflowFileError';
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const name = z.string().regex(NAME, 'must start with a letter or _ and hold only letters, digits, _ and -');
const typeMap = z.record(name, z.string());
const valueMap = z.record(name, z.unknown());

const taskSchema = z.strictObject({
  image: z.string().optional(),
  command: z.array(z.string()).min(1, 'must name at least the program to run'),
  inputs: typeMap.optional(),
  outputs: typeMap.optional(),
  retries: z.int().min(0).max(10).optional(),
  timeout: z.string().optional(),
  env: z
    .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'is not an environment variable name'), z.string())
    .optional(),
});
const nodeSchema = z.strictObject({ id: name, task: name, inputs: valueMap.optional() });
const workflowSchema = z.strictObject({
  inputs: typeMap.optional(),
  nodes: z.array(nodeSchema).min(1, 'a workflow needs at least one node'),
  outputs: valueMap.optional(),
});
const launchPlanSchema = z.strictObject({
  workflow: name,
  fixed_inputs: valueMap.optional(),
  default_inputs: valueMap.optional(),
  schedule: z.strictObject({ cron: z.string().min(1) }).optional(),
});
const fileSchema = z.strictObject({
  tasks: z.record(name, taskSchema).optional(),
  workflows: z.record(name, workflowSchema).optional(),
  launch_plans: z.record(name, launchPlanSchema).optional(),
});

/** The document of a workflow file (DESIGN.md, "Workflow files"), as validated. */
export type WorkflowFileDoc = z.infer<typeof fileSchema>;
export type TaskDoc = z.infer<typeof taskSchema>;
export type WorkflowDoc = z.infer<typeof workflowSchema>;
export type LaunchPlanDoc = z.infer<typeof launchPlanSchema>;

/** A loaded, valid workflow file. */
export interface LoadedWorkflowFile {
  /** The path as given. */
  path: string;
  /** File name without extension: the prefix of every entity name (`wf` for `wf.yaml`). */
  stem: string;
  /** The file's bytes, as read (part of the computed version). */
  bytes: Buffer;
  doc: WorkflowFileDoc;
}

/** A `{{ inputs.x }}` or `{{ n0.o0 }}` reference: `node` is `inputs` for a workflow input. */
export interface Reference {
  node: string;
  output: string;
}

const REFERENCE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)\.([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}$/;

/** The reference a binding value stands for, or undefined when it is a literal value. */
export function referenceOf(value: unknown): Reference | undefined {
  if (typeof value !== 'string') return undefined;
  const match = REFERENCE.exec(value.trim());
  return match ? { node: match[1] as string, output: match[2] as string } : undefined;
}

type Path = (string | number)[];

/**
 * Reads and validates a workflow file: YAML (or JSON), the structure of DESIGN.md's format, type
 * strings, durations, task and node references, binding types, literal values, launch plans.
 * @throws WorkflowFileError listing every problem with file, line and column.
 */
export async function loadWorkflowFile(path: string): Promise<LoadedWorkflowFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(error);
    throw new WorkflowFileError([
      { file: path, line: 1, column: 1, message: `cannot read the workflow file: ${why}` },
    ]);
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(bytes.toString('utf8'), {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
  });
  const problems: FileProblem[] = [];
  const at = (offset: number, message: string) => {
    const { line, col } = lineCounter.linePos(offset);
    problems.push({ file: path, line, column: col, message });
  };
  for (const error of document.errors) at(error.pos[0], error.message.split('\n')[0] ?? error.message);
  if (problems.length) throw new WorkflowFileError(problems);

  /** Offset of the node at `path` (of its key when `key` is set), or of the nearest ancestor. */
  const offsetOf = (target: Path, key = false): number => {
    for (let depth = target.length; depth >= 0; depth--) {
      const parentPath = target.slice(0, depth - 1);
      const last = target[depth - 1];
      if (key && depth === target.length && last !== undefined) {
        const parent = document.getIn(parentPath, true) as Node | undefined;
        if (isMap(parent)) {
          const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === last);
          const range = (pair?.key as Node | undefined)?.range;
          if (range) return range[0];
        }
      }
      const node = document.getIn(target.slice(0, depth), true) as Node | undefined;
      if (node?.range) return node.range[0];
    }
    return 0;
  };
  const problemAt = (target: Path, message: string, key = false) => {
    const where = target.filter((p) => p !== '').join('.');
    at(offsetOf(target, key), where ? `${where}: ${message}` : message);
  };

  const raw = document.toJS() ?? {};
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const issuePath = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      if (issue.code === 'unrecognized_keys') {
        for (const extra of issue.keys) problemAt([...issuePath, extra], 'unknown key', true);
      } else if (issue.code === 'invalid_key') {
        problemAt(issuePath, `name ${issue.issues[0]?.message ?? 'is not valid'}`, true);
      } else {
        problemAt(issuePath, issue.message);
      }
    }
    throw new WorkflowFileError(problems);
  }
  const doc = parsed.data;
  checkSemantics(doc, problemAt);
  if (problems.length) throw new WorkflowFileError(problems);
  return { path, stem: basename(path, extname(path)), bytes, doc };
}

/** Parses every type string of a name → type map, reporting bad ones; returns the good ones. */
function typesOf(
  map: Record<string, string> | undefined,
  path: Path,
  report: (path: Path, message: string, key?: boolean) => void,
): Map<string, LiteralType> {
  const types = new Map<string, LiteralType>();
  for (const [key, text] of Object.entries(map ?? {})) {
    try {
      types.set(key, parseType(text));
    } catch (error) {
      if (!(error instanceof TypeSyntaxError)) throw error;
      report([...path, key], `${error.message}`);
    }
  }
  return types;
}

const sameType = (a: LiteralType, b: LiteralType) =>
  formatType({ ...a, optional: false }) === formatType({ ...b, optional: false });

function checkValue(
  value: unknown,
  type: LiteralType,
  path: Path,
  report: (path: Path, message: string) => void,
): void {
  try {
    literalFromJson(value, type);
  } catch (error) {
    if (!(error instanceof LiteralValueError)) throw error;
    for (const problem of error.problems)
      report(path, problem.path ? `${problem.path}: ${problem.message}` : problem.message);
  }
}

function checkSemantics(
  doc: WorkflowFileDoc,
  report: (path: Path, message: string, key?: boolean) => void,
): void {
  const tasks = new Map<string, { inputs: Map<string, LiteralType>; outputs: Map<string, LiteralType> }>();
  for (const [taskName, task] of Object.entries(doc.tasks ?? {})) {
    const base = ['tasks', taskName];
    tasks.set(taskName, {
      inputs: typesOf(task.inputs, [...base, 'inputs'], report),
      outputs: typesOf(task.outputs, [...base, 'outputs'], report),
    });
    if (task.timeout !== undefined) {
      try {
        if (parseDuration(task.timeout) <= 0) report([...base, 'timeout'], 'must be longer than 0s');
      } catch (error) {
        if (!(error instanceof DurationSyntaxError)) throw error;
        report([...base, 'timeout'], `"${task.timeout}" is not a duration such as 30s or 1m30s`);
      }
    }
  }

  const workflowInputs = new Map<string, Map<string, LiteralType>>();
  for (const [wfName, workflow] of Object.entries(doc.workflows ?? {})) {
    const base = ['workflows', wfName];
    const inputs = typesOf(workflow.inputs, [...base, 'inputs'], report);
    workflowInputs.set(wfName, inputs);
    const nodeTasks = new Map<string, string>();
    workflow.nodes.forEach((node, index) => {
      if (nodeTasks.has(node.id))
        report([...base, 'nodes', index, 'id'], `node id "${node.id}" is used twice`);
      else if (node.id === 'inputs')
        report([...base, 'nodes', index, 'id'], '"inputs" is reserved for workflow inputs');
      nodeTasks.set(node.id, node.task);
    });

    /** Type of what a reference points at, reporting a dangling one. */
    const referenced = (ref: Reference, path: Path, from?: string): LiteralType | undefined => {
      if (ref.node === 'inputs') {
        const type = inputs.get(ref.output);
        if (!type) report(path, `the workflow has no input "${ref.output}"`);
        return type;
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
      const type = task.outputs.get(ref.output);
      if (!type) report(path, `node "${ref.node}" (task ${taskName}) has no output "${ref.output}"`);
      return type;
    };

    const edges = new Map<string, Set<string>>();
    workflow.nodes.forEach((node, index) => {
      const nodePath = [...base, 'nodes', index];
      const task = tasks.get(node.task);
      const deps = new Set<string>();
      edges.set(node.id, deps);
      if (!task) {
        report([...nodePath, 'task'], `task "${node.task}" is not defined in this file`);
        return;
      }
      for (const [input, value] of Object.entries(node.inputs ?? {})) {
        const inputPath = [...nodePath, 'inputs', input];
        const expected = task.inputs.get(input);
        if (!expected) {
          const known = [...task.inputs.keys()];
          report(
            inputPath,
            `task ${node.task} has no input "${input}"${known.length ? ` (it has ${known.join(', ')})` : ''}`,
            true,
          );
          continue;
        }
        const ref = referenceOf(value);
        if (!ref) {
          checkValue(value, expected, inputPath, report);
          continue;
        }
        if (ref.node !== 'inputs') deps.add(ref.node);
        const actual = referenced(ref, inputPath, node.id);
        if (actual && !sameType(actual, expected)) {
          report(
            inputPath,
            `${value} is ${formatType(actual)} but input "${input}" is ${formatType(expected)}`,
          );
        }
      }
      for (const [input, type] of task.inputs) {
        if (!(input in (node.inputs ?? {})) && !type.optional) {
          report([...nodePath, 'inputs'], `input "${input}" of task ${node.task} is not bound`);
        }
      }
    });

    const cycle = findCycle(edges);
    if (cycle) report([...base, 'nodes'], `nodes form a cycle: ${cycle.join(' -> ')}`);

    for (const [output, value] of Object.entries(workflow.outputs ?? {})) {
      const ref = referenceOf(value);
      if (!ref) report([...base, 'outputs', output], 'must be a reference such as "{{ n0.o0 }}"');
      else referenced(ref, [...base, 'outputs', output]);
    }
  }

  for (const [lpName, launchPlan] of Object.entries(doc.launch_plans ?? {})) {
    const base = ['launch_plans', lpName];
    if (doc.workflows?.[lpName]) {
      report(
        base,
        `launch plan "${lpName}" clashes with the default launch plan of workflow ${lpName}`,
        true,
      );
    }
    const inputs = workflowInputs.get(launchPlan.workflow);
    if (!inputs) {
      report([...base, 'workflow'], `workflow "${launchPlan.workflow}" is not defined in this file`);
      continue;
    }
    for (const field of ['fixed_inputs', 'default_inputs'] as const) {
      for (const [input, value] of Object.entries(launchPlan[field] ?? {})) {
        const type = inputs.get(input);
        if (!type)
          report([...base, field, input], `workflow ${launchPlan.workflow} has no input "${input}"`, true);
        else checkValue(value, type, [...base, field, input], report);
      }
    }
    for (const input of Object.keys(launchPlan.fixed_inputs ?? {})) {
      if (input in (launchPlan.default_inputs ?? {})) {
        report([...base, 'default_inputs', input], `"${input}" is already fixed`, true);
      }
    }
  }
}

/** A cycle among `node -> dependencies` edges, as a list of node ids, or undefined. */
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
