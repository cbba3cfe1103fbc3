import type protobuf from 'protobufjs';
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

function mapMessage(type: protobuf.Type, value: unknown, outward: boolean, path: string): unknown {
  if (value === null || value === undefined) return value;
  if (type.fullName === `.${TIMESTAMP}`) {
    if (outward) return timestampToString(value as SecondsNanos);
    if (typeof value === 'string') return timestampFromString(value, path);
    return value;
  }
  if (type.fullName === `.${DURATION}`) {
    if (outward) return durationToString(value as SecondsNanos);
    if (typeof value === 'string') return durationFromString(value, path);
    return value;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new JsonMappingError(`expected an object for ${type.name}`, path);
  }
  const input = value as Record<string, unknown>;
  const output: Record<string, unknown> = {};
  for (const [key, fieldValue] of Object.entries(input)) {
    const field = type.fields[key];
    if (!field) {
      if (outward) continue; // virtual oneof members
      throw new JsonMappingError(`unknown field "${key}" of ${type.name}`, path);
    }
    const fieldPath = path ? `${path}.${key}` : key;
    field.resolve();
    const child = field.resolvedType;
    if (!child || !('fields' in child) || fieldValue === null || fieldValue === undefined) {
      output[key] = fieldValue;
    } else if (field.map) {
      output[key] = Object.fromEntries(
        Object.entries(fieldValue as Record<string, unknown>).map(([k, v]) => [
          k,
          mapMessage(child as protobuf.Type, v, outward, `${fieldPath}.${k}`),
        ]),
      );
    } else if (field.repeated) {
      if (!Array.isArray(fieldValue)) throw new JsonMappingError('expected an array', fieldPath);
      output[key] = fieldValue.map((v, i) =>
        mapMessage(child as protobuf.Type, v, outward, `${fieldPath}[${i}]`),
      );
    } else {
      output[key] = mapMessage(child as protobuf.Type, fieldValue, outward, fieldPath);
    }
  }
  return output;
}

/**
 * Converts a message object (as handlers return it) of type `typeName` to its JSON form.
 * @param typeName fully qualified message name, e.g. `orch.admin.Execution`.
 */
export function toJson(typeName: string, message: object): Json {
  const type = messageType(typeName);
  const normalised = type.toObject(type.fromObject(message), { ...LOADER_OPTIONS, oneofs: false });
  return mapMessage(type, normalised, true, '') as Json;
}

/**
 * Converts a JSON document to the message object shape that gRPC handlers receive
 * (every field present, as with {@link LOADER_OPTIONS}).
 * @throws JsonMappingError naming the field path when the document does not fit the type.
 */
export function fromJson<T>(typeName: string, json: unknown): T {
  const type = messageType(typeName);
  const prepared = mapMessage(type, json ?? {}, false, '') as Record<string, unknown>;
  try {
    return type.toObject(type.fromObject(prepared), LOADER_OPTIONS) as T;
  } catch (error) {
    throw new JsonMappingError(error instanceof Error ? error.message : String(error), '');
  }
}
