import { type Document, isMap, isNode, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { z } from 'zod';
import { errorCode, errorMessage, property } from './guards.js';
import { closestName, didYouMean } from './suggest.js';

/**
 * What the loaders of user files (workflow files, app files) share: parsing YAML (or JSON, which is
 * YAML) with positions, locating a dotted path in the document, and turning zod issues into problems
 * reported as `<file>:<line>:<column>: <dotted.path>: <message>`.
 */

/** One problem of a user file: where it is (1-based line and column) and what is wrong. */
export interface FileProblem {
  /** The path of the file, as given to the loader. */
  file: string;
  /** 1-based line of the offending YAML node (or of its key, for key problems). */
  line: number;
  /** 1-based column of the offending YAML node. */
  column: number;
  /** What is wrong, prefixed by the dotted path of the field (`tasks.add_one.retries: ...`). */
  message: string;
}

/** The text of problems, one line per problem: `<file>:<line>:<column>: <message>`. */
export function formatProblems(problems: readonly FileProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`).join('\n');
}

/** A path into a YAML document: mapping keys and sequence indexes. */
export type YamlPath = (string | number)[];

/** Records a problem at the YAML node of `path` (at its key when `key` is set). */
export type Report = (path: YamlPath, message: string, key?: boolean) => void;

/** What a failed read of a file says, by error code. */
const READ_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

/** Why a file could not be read, in words (`no such file`, `it is a directory`, ...), from the error of the read. */
export function readFailure(error: unknown): string {
  return READ_ERRORS[errorCode(error) ?? ''] ?? errorMessage(error);
}

/** A parsed YAML file and the means to report problems at its nodes. */
export interface YamlSource {
  /** The parsed document (keys unique). */
  document: Document;
  /** Problems so far: the syntax errors of the text, then whatever `at` and `report` add. */
  problems: FileProblem[];
  /** Records a problem at a character offset of the text. */
  at(offset: number, message: string): void;
  /** Records a problem at the node of a path, prefixing the message with the dotted path. */
  report: Report;
}

/** An integer in plain decimal digits, as YAML's core schema and JSON write it. */
const DECIMAL_INTEGER = /^[-+]?\d+$/;

/**
 * Gives every integer scalar of `document` beyond ±2^53 its exact value, a `bigint` read from the
 * scalar's own digits: the parser reads it as a double, which loses digits (integer literals are
 * 64-bit). Other integers stay numbers.
 */
function exactIntegers(document: Document): void {
  visit(document, {
    Scalar(_key, node) {
      const { value, source } = node;
      if (typeof value !== 'number' || Number.isSafeInteger(value) || !Number.isInteger(value)) return;
      if (source !== undefined && DECIMAL_INTEGER.test(source)) node.value = BigInt(source);
    },
  });
}

/**
 * Parses the text of a YAML or JSON file, keeping positions. Integers written in digits beyond ±2^53
 * are read exactly, as bigints (see {@link exactIntegers}). Syntax errors (duplicate keys included)
 * land in `problems`, the first line of each; a second YAML document is reported as `secondDocument`.
 * @param file the path reported in problems.
 * @param text the file's text.
 * @param secondDocument what to say when the text holds more than one YAML document.
 */
export function parseYamlSource(file: string, text: string, secondDocument: string): YamlSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  exactIntegers(document);
  const problems: FileProblem[] = [];
  const at = (offset: number, message: string) => {
    const { line, col } = lineCounter.linePos(offset);
    problems.push({ file, line, column: col, message });
  };
  for (const error of document.errors) {
    const message =
      error.code === 'MULTIPLE_DOCS' ? secondDocument : (error.message.split('\n')[0] ?? error.message);
    at(error.pos[0], message);
  }
  const report: Report = (target, message, key = false) => {
    const where = target.join('.');
    at(offsetOf(document, target, key), where ? `${where}: ${message}` : message);
  };
  return { document, problems, at, report };
}

/** Offset of the YAML node at `target` (of its key when `key` is set), or of its nearest ancestor. */
export function offsetOf(document: Document, target: YamlPath, key: boolean): number {
  if (key && target.length) {
    const parent = document.getIn(target.slice(0, -1), true);
    const last = String(target[target.length - 1]);
    if (isMap(parent)) {
      const key = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === last)?.key;
      const range = isNode(key) ? key.range : undefined;
      if (range) return range[0];
    }
  }
  for (let depth = target.length; depth >= 0; depth--) {
    const node = depth === 0 ? document.contents : document.getIn(target.slice(0, depth), true);
    if (isNode(node) && node.range) return node.range[0];
  }
  return 0;
}

const EXPECTED: Record<string, string> = {
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

/** Says what a YAML value is, for "expected X, found Y" (`the string "x"`, `a list`, `nothing`). */
export function describeValue(value: unknown): string {
  if (value === null) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value === 'number' ? 'the number ' : ''}${String(value)}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = property(value, step);
  }
  return value;
}

/** The schemas a value at `path` under `schema` is checked against (several under a union). */
function schemasAt(schema: z.core.$ZodType, path: readonly (string | number)[]): z.core.$ZodType[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return schemasAt(schema.unwrap(), path);
  }
  if (schema instanceof z.ZodPipe) return schemasAt(schema.in, path).concat(schemasAt(schema.out, path));
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((option) => schemasAt(option, path));
  const [step, ...rest] = path;
  if (step === undefined) return [schema];
  if (schema instanceof z.ZodObject) {
    const field = typeof step === 'string' ? schema.shape[step] : undefined;
    return field ? schemasAt(field, rest) : [];
  }
  if (schema instanceof z.ZodRecord) return schemasAt(schema.valueType, rest);
  if (schema instanceof z.ZodArray && typeof step === 'number') return schemasAt(schema.element, rest);
  return [];
}

/**
 * The keys a mapping at `path` under `schema` may have (the union of every object schema that can
 * be there), in schema order; empty when the schema does not say.
 */
export function knownKeys(schema: z.core.$ZodType, path: readonly (string | number)[]): string[] {
  const keys = new Set<string>();
  for (const at of schemasAt(schema, path)) {
    if (at instanceof z.ZodObject) for (const key of Object.keys(at.shape)) keys.add(key);
  }
  return [...keys];
}

/** The text of an unknown key's problem: the closest known key, or the known keys. */
export function unknownKey(key: string, known: readonly string[]): string {
  const near = didYouMean(key, known);
  if (near) return `unknown key${near}`;
  return known.length ? `unknown key; expected one of ${known.join(', ')}` : 'unknown key';
}

/** Whether a zod issue's message is one a schema gave (`expected a whole number`), not zod's own. */
const ownMessage = (message: string) => !/^Invalid input\b/.test(message);

/**
 * Turns zod issues (paths relative to `base`, values under `root`) into problems in the file's terms:
 * an unknown key at the key, with the closest known key (`unknown key; did you mean "inputs"?`) or
 * the known keys when `schema` is given; a missing key at its mapping (unless an unknown key there
 * misspells it);
 * `expected a list, found the string "x"` (the schema's own message for the expectation when it
 * gives one: `expected a whole number, found the string "many"`).
 * @param describeRoot what to say when the whole document has the wrong type, given what was found
 *   (`a list`, `nothing`, ...).
 * @param schema the schema the issues came from (that parsed `root`), for the keys it knows.
 */
export function reportIssues(
  issues: z.core.$ZodIssue[],
  base: YamlPath,
  root: unknown,
  report: Report,
  describeRoot: (found: string) => string,
  schema?: z.core.$ZodType,
): void {
  const relativeOf = (issue: z.core.$ZodIssue) =>
    issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  // Required keys that an unknown key of the same mapping misspells: said once, as the unknown key.
  const misspelt = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys' || !schema) continue;
    const known = knownKeys(schema, relativeOf(issue));
    for (const extra of issue.keys) {
      const near = closestName(extra, known);
      if (near !== undefined) misspelt.add(JSON.stringify([...relativeOf(issue), near]));
    }
  }
  for (const issue of issues) {
    const relative = relativeOf(issue);
    const path = [...base, ...relative];
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const extra of issue.keys) {
          const message = schema ? unknownKey(extra, knownKeys(schema, relative)) : 'unknown key';
          report([...path, extra], message, true);
        }
        break;
      case 'invalid_key':
        report(path, `name ${issue.issues[0]?.message ?? 'is not valid'}`, true);
        break;
      case 'invalid_type': {
        const value = valueAt(root, relative);
        const expected = EXPECTED[issue.expected] ?? issue.expected;
        if (value === undefined && path.length) {
          if (misspelt.has(JSON.stringify(relative))) break;
          report(path.slice(0, -1), `missing required key "${path[path.length - 1]}"`, true);
        } else if (path.length === 0) {
          report(path, describeRoot(describeValue(value)));
        } else if (schema && ownMessage(issue.message)) {
          report(path, `${issue.message}, found ${describeValue(value)}`);
        } else {
          report(path, `expected ${expected}, found ${describeValue(value)}`);
        }
        break;
      }
      default:
        report(path, issue.message);
    }
  }
}
