import type protobuf from 'protobufjs';
import { stringifyExactJson } from './exact-json.js';
import { isRecord, property } from './guards.js';
import { MAX_MESSAGE_DEPTH } from './limits.js';
import { LOADER_OPTIONS, messageType } from './proto.js';

/**
 * The JSON mapping of the HTTP side (DESIGN.md, "HTTP side"): snake_case names, enums as names,
 * 64-bit integers as strings, `google.protobuf.Timestamp` as an RFC 3339 string and
 * `google.protobuf.Duration` as seconds with an `s` suffix (`"1.5s"`), as in proto3's JSON mapping.
 */

/** Thrown by {@link fromJson} when a JSON document does not fit the message type. */
export class JsonMappingError extends Error {
  constructor(
    message: string,
    /** Dotted path of the offending field, e.g. `spec.launch_plan.version`. */
    readonly path: string,
  ) {
    super(path ? `${path}: ${message}` : message);
    this.name = 'JsonMappingError';
  }
}

const TIMESTAMP = 'google.protobuf.Timestamp';
const DURATION = 'google.protobuf.Duration';

interface SecondsNanos {
  seconds: string | number;
  nanos: number;
}

/**
 * A Timestamp or Duration message object read from an untyped value (a message object as protobufjs
 * gives it): `seconds` as given when a number, else as text; `nanos` 0 unless a number.
 */
export function secondsNanosOf(value: unknown): SecondsNanos {
  const seconds = property(value, 'seconds');
  const nanos = property(value, 'nanos');
  return {
    seconds: typeof seconds === 'number' ? seconds : String(seconds),
    nanos: typeof nanos === 'number' ? nanos : 0,
  };
}

/** Formats a Timestamp message object as RFC 3339 (UTC, fractional seconds only when present). */
export function timestampToString(ts: SecondsNanos): string {
  const millis = Number(ts.seconds) * 1000 + Math.floor((ts.nanos ?? 0) / 1e6);
  const iso = new Date(millis).toISOString();
  return (ts.nanos ?? 0) === 0 ? iso.replace('.000Z', 'Z') : iso;
}

/**
 * Parses an RFC 3339 date-time into a Timestamp message object.
 * @throws JsonMappingError when the text is not a date-time.
 */
export function timestampFromString(text: string, path = ''): SecondsNanos {
  const millis = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(millis)) {
    throw new JsonMappingError(`expected an RFC 3339 date-time, got ${JSON.stringify(text)}`, path);
  }
  const seconds = Math.floor(millis / 1000);
  return { seconds: String(seconds), nanos: (millis - seconds * 1000) * 1e6 };
}

/** Builds a Timestamp message object from a JavaScript Date. */
export function timestampFromDate(date: Date): SecondsNanos {
  return timestampFromString(date.toISOString());
}

/** Formats a Duration message object as proto3 JSON: seconds with up to 9 decimals and `s`. */
export function durationToString(d: SecondsNanos): string {
  const total = Number(d.seconds) + (d.nanos ?? 0) / 1e9;
  return `${Number(total.toFixed(9))}s`;
}

/**
 * Parses proto3 JSON duration text (`"1.5s"`) into a Duration message object.
 * @throws JsonMappingError when the text does not match `<number>s`.
 */
export function durationFromString(text: string, path = ''): SecondsNanos {
  const match = /^(-?\d+(?:\.\d{1,9})?)s$/.exec(text);
  if (!match)
    throw new JsonMappingError(`expected a duration such as "1.5s", got ${JSON.stringify(text)}`, path);
  return durationFromSeconds(Number(match[1]));
}

/** Builds a Duration message object from seconds (fractions allowed). */
export function durationFromSeconds(total: number): SecondsNanos {
  const seconds = Math.trunc(total);
  return { seconds: String(seconds), nanos: Math.round((total - seconds) * 1e9) };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const INT_RANGES: Record<string, readonly [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  sint32: [-(2n ** 31n), 2n ** 31n - 1n],
  sfixed32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  fixed32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  sint64: [-(2n ** 63n), 2n ** 63n - 1n],
  sfixed64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  fixed64: [0n, 2n ** 64n - 1n],
};

/**
 * The exact integer a proto3 JSON integer value denotes: a JSON number, a `bigint` (a number past
 * 2^53 read exactly, see `parseExactJson`), or a string in decimal (`"-12"`) or exponent form
 * (`"1e3"`) whose value is whole; undefined otherwise (`"zz"`, `"0x10"`, `"1.5"`, `""`, a double past
 * 2^53, which no longer says which integer was written).
 */
function exactInteger(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/.exec(value);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(`${whole}${fraction}`);
  const scale = Number(exponent) - fraction.length;
  let magnitude: bigint;
  if (scale >= 0) magnitude = digits * 10n ** BigInt(scale);
  else {
    const divisor = 10n ** BigInt(-scale);
    if (digits % divisor !== 0n) return undefined;
    magnitude = digits / divisor;
  }
  return sign ? -magnitude : magnitude;
}

/**
 * Checks one scalar field value of a JSON document against its proto3 JSON mapping
 * (https://protobuf.dev/programming-guides/json/) and returns it in the form protobufjs takes, so
 * that nothing is coerced silently: integers in range (64-bit ones as decimal strings), floats as
 * numbers or `"NaN"`/`"Infinity"`/`"-Infinity"` or numeric strings, booleans, strings, base64
 * bytes, and enums by a known name or number.
 * @throws JsonMappingError naming the field path and the expected form.
 */
function mapScalar(field: protobuf.Field, value: unknown, path: string): unknown {
  if (value === null) return value;
  const shown = () => stringifyExactJson(value)?.slice(0, 60);
  const range = INT_RANGES[field.type];
  if (range) {
    const exact = exactInteger(value);
    if (exact === undefined || exact < range[0] || exact > range[1]) {
      throw new JsonMappingError(
        `expected a whole number from ${range[0]} to ${range[1]} for ${field.type} (a JSON number, or a decimal string for large values), got ${shown()}`,
        path,
      );
    }
    return field.type.endsWith('64') ? exact.toString() : Number(exact);
  }
  switch (field.type) {
    case 'double':
    case 'float':
      if (typeof value === 'number') return value;
      if (typeof value === 'bigint') return Number(value);
      if (value === 'NaN' || value === 'Infinity' || value === '-Infinity') return Number(value);
      if (typeof value === 'string' && /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value))
        return Number(value);
      throw new JsonMappingError(`expected a number for ${field.type}, got ${shown()}`, path);
    case 'bool':
      if (typeof value === 'boolean') return value;
      throw new JsonMappingError(`expected true or false, got ${shown()}`, path);
    case 'string':
      if (typeof value === 'string') return value;
      throw new JsonMappingError(`expected a string, got ${shown()}`, path);
    case 'bytes':
      if (typeof value === 'string' && /^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) return value;
      throw new JsonMappingError(`expected base64 bytes, got ${shown()}`, path);
    default:
      break;
  }
  const resolved = field.resolvedType;
  if (resolved && 'values' in resolved) {
    const values = resolved.values;
    if (typeof value === 'string' && Object.hasOwn(values, value)) return value;
    if (typeof value === 'number' && Number.isInteger(value) && Object.values(values).includes(value))
      return value;
    throw new JsonMappingError(
      `expected one of ${Object.keys(values).join(', ')} for ${resolved.name}, got ${shown()}`,
      path,
    );
  }
  return value;
}

/** A field's value (scalar, repeated or map) checked or mapped, by the field's kind. */
function mapField(
  field: protobuf.Field,
  fieldValue: unknown,
  outward: boolean,
  fieldPath: string,
  depth: number,
): unknown {
  field.resolve();
  const resolved = field.resolvedType;
  const child = resolved && 'fields' in resolved ? resolved : undefined;
  if (fieldValue === null || fieldValue === undefined) return fieldValue;
  if (!child && outward) return fieldValue;
  const one = (v: unknown, p: string) =>
    child ? mapMessage(child, v, outward, p, depth + 1) : mapScalar(field, v, p);
  if (field.map) {
    if (!isRecord(fieldValue)) throw new JsonMappingError('expected an object (a map)', fieldPath);
    return Object.fromEntries(Object.entries(fieldValue).map(([k, v]) => [k, one(v, `${fieldPath}.${k}`)]));
  }
  if (field.repeated) {
    if (!Array.isArray(fieldValue)) throw new JsonMappingError('expected an array', fieldPath);
    return fieldValue.map((v, i) => one(v, `${fieldPath}[${i}]`));
  }
  return one(fieldValue, fieldPath);
}

function mapMessage(type: protobuf.Type, value: unknown, outward: boolean, path: string, depth = 1): unknown {
  if (value === null || value === undefined) return value;
  if (depth > MAX_MESSAGE_DEPTH) {
    throw new JsonMappingError(`messages nest deeper than ${MAX_MESSAGE_DEPTH} levels`, path);
  }
  if (type.fullName === `.${TIMESTAMP}`) {
    if (outward) return timestampToString(secondsNanosOf(value));
    if (typeof value === 'string') return timestampFromString(value, path);
  }
  if (type.fullName === `.${DURATION}`) {
    if (outward) return durationToString(secondsNanosOf(value));
    if (typeof value === 'string') return durationFromString(value, path);
  }
  if (!isRecord(value)) {
    throw new JsonMappingError(`expected an object for ${type.name}`, path);
  }
  const output: Record<string, unknown> = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    const field = type.fields[key];
    if (!field) {
      if (outward) continue; // virtual oneof members
      throw new JsonMappingError(`unknown field "${key}" of ${type.name}`, path);
    }
    const fieldPath = path ? `${path}.${key}` : key;
    output[key] = mapField(field, fieldValue, outward, fieldPath, depth);
  }
  return output;
}

/**
 * Converts a message object (as handlers return it) of type `typeName` to its JSON form.
 * @param typeName fully qualified message name, e.g. `orch.admin.v1.Execution`.
 */
export function toJson(typeName: string, message: object): Json {
  const type = messageType(typeName);
  const normalised = type.toObject(type.fromObject(message), { ...LOADER_OPTIONS, oneofs: false });
  return mapMessage(type, normalised, true, '') as Json;
}

/**
 * Converts a JSON document to the message object shape that gRPC handlers receive
 * (every field present, as with {@link LOADER_OPTIONS}). Scalars are checked as proto3's JSON
 * mapping says, never coerced: `"zz"`, `"0x10"`, `"1.5"` or `"18446744073709551616"` for an int64
 * is refused, as is a value of the wrong JSON type or an unknown enum name.
 * @throws JsonMappingError naming the field path when the document does not fit the type, or nests
 *   messages deeper than {@link MAX_MESSAGE_DEPTH}.
 */
export function fromJson(typeName: string, json: unknown): object {
  const type = messageType(typeName);
  const prepared = mapMessage(type, json ?? {}, false, '');
  // mapMessage answers an object or throws; the check keeps the type honest.
  if (!isRecord(prepared)) throw new JsonMappingError(`expected an object for ${type.name}`, '');
  try {
    return type.toObject(type.fromObject(prepared), LOADER_OPTIONS);
  } catch (error) {
    // protobufjs's own refusals are about the document; anything else is not the caller's to read.
    if (!(error instanceof Error) || error instanceof RangeError)
      throw new JsonMappingError('the document does not fit the message', '');
    throw new JsonMappingError(error.message, '');
  }
}

/**
 * The proto3 JSON name of a field (protobuf "JSON Mapping": lowerCamelCase of the field name,
 * `launch_plan` is `launchPlan`), or its `json_name` option when the `.proto` sets one.
 */
export function jsonNameOf(field: protobuf.Field): string {
  const option = field.options?.json_name;
  if (typeof option === 'string' && option) return option;
  return field.name.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());
}

/**
 * A message's JSON (as `toJson` gives it, keyed by field names) keyed by the fields' proto3 JSON
 * names ({@link jsonNameOf}), in the order the `.proto` file declares the fields (`id` first), at
 * every depth. Map keys (a literal map's variable names, an env map's names) are data and stay as
 * they are; keys the type does not declare keep their place after the declared ones.
 */
export function inFieldOrder(type: protobuf.Type, json: unknown): unknown {
  if (!isRecord(json)) return json;
  const out: Record<string, unknown> = {};
  const nested = (field: protobuf.Field, value: unknown): unknown => {
    field.resolve();
    const child = field.resolvedType;
    if (!child || !('fieldsArray' in child) || value === null || typeof value !== 'object') return value;
    if (field.map) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inFieldOrder(child, v)]));
    }
    if (Array.isArray(value)) return value.map((v) => inFieldOrder(child, v));
    return inFieldOrder(child, value);
  };
  const declared = new Set<string>();
  for (const field of type.fieldsArray) {
    if (!(field.name in json)) continue;
    declared.add(field.name);
    out[jsonNameOf(field)] = nested(field, json[field.name]);
  }
  for (const [key, value] of Object.entries(json)) if (!declared.has(key) && !(key in out)) out[key] = value;
  return out;
}

/**
 * A message as the command lines print it with `-o json` / `-o yaml` (docs/commands.md, "Output for scripts"):
 * the proto3 JSON mapping ({@link toJson}) with lowerCamelCase keys, in field order
 * ({@link inFieldOrder}), as flytectl prints messages.
 */
export function toMappedJson(typeName: string, message: object): unknown {
  return inFieldOrder(messageType(typeName), toJson(typeName, message));
}

/**
 * What an answer of `docs` prints as, as flytectl prints it: one item as an object; with `many`,
 * more or none as an array (`[]`); without `many`, the first item or null.
 */
export function oneOrMany(docs: readonly unknown[], many: boolean): unknown {
  return many && docs.length !== 1 ? docs : (docs[0] ?? null);
}
