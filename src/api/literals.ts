import { DurationSyntaxError, formatDuration, parseDuration } from './duration.js';
import { parseExactJson, stringifyExactJson } from './exact-json.js';
import { property } from './guards.js';
import { durationFromSeconds, secondsNanosOf, timestampFromString, timestampToString } from './json.js';
import { MAX_NESTING_DEPTH } from './limits.js';
import type {
  LaunchPlanOut,
  Literal,
  LiteralMap,
  LiteralType,
  LiteralTypeOut,
  VariableMap,
} from './types.js';

type SimpleType = NonNullable<LiteralType['simple']>;

/**
 * Variable types and values. Types are written in workflow files as `integer`, `float`, `string`,
 * `boolean`, `datetime`, `duration`, `struct`, `blob`, `[T]` (list), `{string: T}` (map), `enum(a,b)`
 * and `T?` (optional) (DESIGN.md, "Workflow files"). Values cross the wire as Literals and reach task
 * processes and webhook callers as plain JSON; a blob is its URI string (`{"uri": ...}` is accepted too).
 * An integer is 64-bit (`int64` in `proto/orch/core/v1/literals.proto`): as plain JSON it is a `number`
 * within ±2^53 and a `bigint` beyond, so that no digit is lost (read and write such JSON text with
 * `parseExactJson` and `stringifyExactJson`).
 */

/** Smallest integer literal: -2^63 (`int64`). */
export const INTEGER_MIN = -(2n ** 63n);
/** Largest integer literal: 2^63 - 1 (`int64`). */
export const INTEGER_MAX = 2n ** 63n - 1n;

const SIMPLE_NAMES = [
  'integer',
  'float',
  'string',
  'boolean',
  'datetime',
  'duration',
  'struct',
  'blob',
] as const;
type SimpleName = (typeof SIMPLE_NAMES)[number];
const SIMPLE_ENUM: Record<SimpleName, SimpleType> = {
  integer: 'INTEGER',
  float: 'FLOAT',
  string: 'STRING',
  boolean: 'BOOLEAN',
  datetime: 'DATETIME',
  duration: 'DURATION',
  struct: 'STRUCT',
  blob: 'BLOB',
};

/** A blob's URI: a scheme, `://`, and no whitespace. */
const BLOB_URI = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+$/;

/** Thrown by {@link parseType} for a malformed type expression. */
export class TypeSyntaxError extends Error {
  constructor(
    message: string,
    readonly text: string,
  ) {
    super(`invalid type ${JSON.stringify(text)}: ${message}`);
    this.name = 'TypeSyntaxError';
  }
}

/**
 * Parses a type expression such as `integer`, `[string]`, `{string: float}`, `enum(a,b)` or `integer?`.
 * @throws TypeSyntaxError naming what was expected.
 */
export function parseType(text: string): LiteralType {
  const source = text.trim();
  let pos = 0;
  const skip = () => {
    while (source[pos] === ' ') pos++;
  };
  const expect = (ch: string) => {
    skip();
    if (source[pos] !== ch) throw new TypeSyntaxError(`expected "${ch}" at column ${pos + 1}`, text);
    pos++;
  };
  const parse = (): LiteralType => {
    skip();
    let result: LiteralType;
    if (source[pos] === '[') {
      pos++;
      result = { collection_type: parse() };
      expect(']');
    } else if (source[pos] === '{') {
      pos++;
      skip();
      if (!source.startsWith('string', pos)) throw new TypeSyntaxError('map keys must be string', text);
      pos += 'string'.length;
      expect(':');
      result = { map_value_type: parse() };
      expect('}');
    } else {
      const word = /^[a-z_]+/.exec(source.slice(pos))?.[0] ?? '';
      pos += word.length;
      if (word === 'enum') {
        expect('(');
        const close = source.indexOf(')', pos);
        if (close < 0) throw new TypeSyntaxError('missing ")" after enum values', text);
        const values = source
          .slice(pos, close)
          .split(',')
          .map((v) => v.trim());
        if (values.some((v) => !v)) throw new TypeSyntaxError('enum values must not be empty', text);
        pos = close + 1;
        result = { enum_type: { values } };
      } else {
        const simple = SIMPLE_NAMES.find((name) => name === word);
        if (!simple) {
          throw new TypeSyntaxError(
            `unknown type "${word || source.slice(pos)}"; expected one of ${SIMPLE_NAMES.join(', ')}, [T], {string: T}, enum(a,b) or T?`,
            text,
          );
        }
        result = { simple: SIMPLE_ENUM[simple] };
      }
    }
    skip();
    if (source[pos] === '?') {
      pos++;
      result.optional = true;
    }
    return result;
  };
  const type = parse();
  skip();
  if (pos !== source.length) throw new TypeSyntaxError(`unexpected "${source.slice(pos)}"`, text);
  return type;
}

/** Writes a type back in the syntax of {@link parseType}. */
export function formatType(type: LiteralType | LiteralTypeOut): string {
  let text: string;
  if (type.collection_type) text = `[${formatType(type.collection_type)}]`;
  else if (type.map_value_type) text = `{string: ${formatType(type.map_value_type)}}`;
  else if (type.enum_type) text = `enum(${(type.enum_type.values ?? []).join(',')})`;
  else {
    const entry = Object.entries(SIMPLE_ENUM).find(([, v]) => v === type.simple);
    text = entry ? entry[0] : 'none';
  }
  return type.optional ? `${text}?` : text;
}

/** One problem found while converting a value, with the dotted path of the value (`x`, `items[2]`). */
export interface ValueProblem {
  path: string;
  message: string;
}

/** Thrown by {@link literalFromJson} and {@link literalMapFromJson}, carrying every problem found. */
export class LiteralValueError extends Error {
  constructor(readonly problems: ValueProblem[]) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '));
    this.name = 'LiteralValueError';
  }
}

const NONE: Literal = { scalar: { none_type: {} } };

/**
 * Why `value` is not an integer literal, or '' when it is one: a safe-integer `number`, or a `bigint`
 * from {@link INTEGER_MIN} to {@link INTEGER_MAX}. A `number` beyond ±2^53 is refused: as a double it
 * no longer says which integer was written.
 */
function integerProblem(value: unknown): string {
  if (typeof value === 'bigint') {
    if (value >= INTEGER_MIN && value <= INTEGER_MAX) return '';
    return `${value} is outside the 64-bit integer range ${INTEGER_MIN} to ${INTEGER_MAX}`;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'not an integer';
  if (Number.isSafeInteger(value)) return '';
  return `not an exact integer: ${value} was read as a double, which cannot hold every integer beyond ±2^53; write it as plain digits`;
}

function convert(
  value: unknown,
  type: LiteralType | LiteralTypeOut,
  path: string,
  problems: ValueProblem[],
): Literal {
  const fail = (message: string): Literal => {
    problems.push({ path, message: `${message} (expected ${formatType(type)})` });
    return NONE;
  };
  if (value === null || value === undefined) {
    return type.optional ? NONE : fail('missing value');
  }
  if (type.collection_type) {
    if (!Array.isArray(value)) return fail('not a list');
    const itemType = type.collection_type;
    return { collection: { literals: value.map((v, i) => convert(v, itemType, `${path}[${i}]`, problems)) } };
  }
  if (type.map_value_type) {
    if (typeof value !== 'object' || Array.isArray(value)) return fail('not an object');
    const valueType = type.map_value_type;
    return {
      map: {
        literals: Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, convert(v, valueType, `${path}.${k}`, problems)]),
        ),
      },
    };
  }
  if (type.enum_type) {
    const values = type.enum_type.values ?? [];
    if (typeof value !== 'string' || !values.includes(value)) return fail(`not one of ${values.join(', ')}`);
    return { scalar: { primitive: { string_value: value } } };
  }
  switch (type.simple) {
    case 'INTEGER': {
      const problem = integerProblem(value);
      if (problem) return fail(problem);
      return { scalar: { primitive: { integer: String(value) } } };
    }
    case 'FLOAT':
      if (typeof value === 'bigint') return { scalar: { primitive: { float_value: Number(value) } } };
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('not a number');
      return { scalar: { primitive: { float_value: value } } };
    case 'STRING':
      if (typeof value !== 'string') return fail('not a string');
      return { scalar: { primitive: { string_value: value } } };
    case 'BOOLEAN':
      if (typeof value !== 'boolean') return fail('not a boolean');
      return { scalar: { primitive: { boolean: value } } };
    case 'DATETIME':
      if (typeof value !== 'string') return fail('not an RFC 3339 date-time string');
      try {
        return { scalar: { primitive: { datetime: timestampFromString(value) } } };
      } catch {
        return fail(`${JSON.stringify(value)} is not an RFC 3339 date-time`);
      }
    case 'DURATION':
      if (typeof value !== 'string') return fail('not a duration string such as "1m30s"');
      try {
        return { scalar: { primitive: { duration: durationFromSeconds(parseDuration(value)) } } };
      } catch (error) {
        if (error instanceof DurationSyntaxError) return fail(`${JSON.stringify(value)} is not a duration`);
        throw error;
      }
    case 'STRUCT':
      if (typeof value !== 'object' || Array.isArray(value)) return fail('not an object');
      return { scalar: { json: stringifyExactJson(value) } };
    case 'BLOB': {
      const uri = typeof value === 'string' ? value : property(value, 'uri');
      if (typeof uri !== 'string' || !BLOB_URI.test(uri)) {
        return fail('not a blob URI such as s3://bucket/key');
      }
      return { scalar: { blob: { uri } } };
    }
    default:
      return fail('has no type');
  }
}

/**
 * Converts a JSON value to a Literal of the given type.
 * @throws LiteralValueError listing every mismatch, each with its path below `path`.
 */
export function literalFromJson(value: unknown, type: LiteralType | LiteralTypeOut, path = ''): Literal {
  const problems: ValueProblem[] = [];
  const literal = convert(value, type, path, problems);
  if (problems.length) throw new LiteralValueError(problems);
  return literal;
}

/**
 * Converts a JSON object of named values to a LiteralMap against `variables`. Unknown names,
 * missing non-optional values and wrong types are all reported together.
 * @param required names that must be present (default: every non-optional variable).
 * @throws LiteralValueError listing every problem.
 */
export function literalMapFromJson(
  values: Record<string, unknown>,
  variables: VariableMap | { variables?: VariableMap['variables'] },
  required?: ReadonlySet<string>,
): LiteralMap {
  const problems: ValueProblem[] = [];
  const vars = variables.variables ?? {};
  const literals: Record<string, Literal> = {};
  for (const name of Object.keys(values)) {
    if (!(name in vars)) {
      const known = Object.keys(vars);
      problems.push({
        path: name,
        message: `unknown input${known.length ? `; known inputs are ${known.join(', ')}` : ''}`,
      });
    }
  }
  for (const [name, variable] of Object.entries(vars)) {
    const type = variable?.type;
    if (!type) continue;
    if (!(name in values)) {
      const mustHave = required ? required.has(name) : !type.optional;
      if (mustHave) problems.push({ path: name, message: `missing required input (${formatType(type)})` });
      continue;
    }
    literals[name] = convert(values[name], type, name, problems);
  }
  if (problems.length) throw new LiteralValueError(problems);
  return { literals };
}

type AnyLiteral = {
  scalar?: {
    primitive?: object | null;
    none_type?: object | null;
    json?: string;
    blob?: { uri?: string } | null;
    value?: string;
  } | null;
  collection?: { literals?: AnyLiteral[] } | null;
  map?: { literals?: Record<string, AnyLiteral> } | null;
};

/**
 * Converts a Literal (sender or receiver shape) to plain JSON: integers as numbers within ±2^53 and
 * as `bigint` beyond (write them with `stringifyExactJson`), datetimes as RFC 3339 strings, durations
 * as Go-style strings, structs as objects (their integers likewise), none as `null`.
 */
export function literalToJson(literal: AnyLiteral | null | undefined): unknown {
  if (!literal) return null;
  if (literal.collection) return (literal.collection.literals ?? []).map(literalToJson);
  if (literal.map) {
    return Object.fromEntries(
      Object.entries(literal.map.literals ?? {}).map(([k, v]) => [k, literalToJson(v)]),
    );
  }
  const scalar = literal.scalar;
  if (!scalar) return null;
  const primitive = scalar.primitive;
  if (primitive) {
    // The member set: named by the virtual oneof property `value` (receivers), else the one present.
    const set = property(primitive, 'value');
    const isPresent = (k: string) => property(primitive, k) !== null && property(primitive, k) !== undefined;
    const key = typeof set === 'string' ? set : Object.keys(primitive).find(isPresent);
    const v = key ? property(primitive, key) : undefined;
    switch (key) {
      case 'integer':
        return integerJson(v);
      case 'datetime':
        return timestampToString(secondsNanosOf(v));
      case 'duration': {
        const d = secondsNanosOf(v);
        return formatDuration(Number(d.seconds) + d.nanos / 1e9);
      }
      default:
        return v ?? null;
    }
  }
  if (scalar.blob && (scalar.value ?? 'blob') === 'blob') return scalar.blob.uri ?? '';
  if (scalar.json !== undefined && scalar.json !== '' && (scalar.value ?? 'json') === 'json') {
    return parseExactJson(scalar.json);
  }
  return null;
}

/** An int64 field's value (decimal text, or a number) as plain JSON: a number within ±2^53, else a bigint. */
function integerJson(value: unknown): number | bigint {
  const text = String(value);
  if (!/^-?\d+$/.test(text)) return Number(value);
  const exact = BigInt(text);
  return exact >= Number.MIN_SAFE_INTEGER && exact <= Number.MAX_SAFE_INTEGER ? Number(exact) : exact;
}

/**
 * How deeply a literal nests collections and maps (a scalar is 0, a list of integers 1), counted
 * without recursion and stopping once `limit` is passed; the same count as `nestingDepth` gives
 * the literal's JSON form, so one limit ({@link MAX_NESTING_DEPTH}) means the same everywhere.
 */
export function literalDepth(literal: AnyLiteral | null | undefined, limit = MAX_NESTING_DEPTH): number {
  let deepest = 0;
  const stack: Array<[AnyLiteral | null | undefined, number]> = [[literal, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [item, depth] = entry;
    const children = item?.collection
      ? (item.collection.literals ?? [])
      : item?.map
        ? Object.values(item.map.literals ?? {})
        : undefined;
    if (!children) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of children) stack.push([child, level]);
  }
  return deepest;
}

/** Converts a LiteralMap to a plain JSON object of its values. */
export function literalMapToJson(
  map: { literals?: Record<string, AnyLiteral> } | null | undefined,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map?.literals ?? {}).map(([k, v]) => [k, literalToJson(v)]));
}

/**
 * Converts the `inputs` JSON object to the launch's LiteralMap against the launch plan's interface
 * (`closure.expected_inputs`: types, and which inputs are required; fixed inputs are not in it).
 * @throws LiteralValueError listing every unknown, missing or mistyped input at once.
 */
export function launchPlanInputs(
  launchPlan: LaunchPlanOut,
  values: Readonly<Record<string, unknown>>,
): LiteralMap {
  const parameters = launchPlan.closure?.expected_inputs?.parameters ?? {};
  const variables: NonNullable<VariableMap['variables']> = Object.create(null);
  const required = new Set<string>();
  for (const [name, parameter] of Object.entries(parameters)) {
    variables[name] = { type: parameter.var?.type ?? null };
    if (parameter.required) required.add(name);
  }
  return literalMapFromJson({ ...values }, { variables }, required);
}
