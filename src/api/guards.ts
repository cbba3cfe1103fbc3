/**
 * Type guards for values that cross an untyped edge: parsed JSON or YAML, thrown values, objects
 * handed over by a library as `unknown`. They check by shape and by property, never with
 * `instanceof Error`: errors of Node's own modules come from another realm under Jest's VM modules.
 */

/** Whether `value` is a plain mapping: a non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The property `key` of an object (arrays and errors included), or undefined for anything else. */
export function property(value: unknown, key: PropertyKey): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/**
 * The message of anything thrown: its `message` when that is a string (an Error of any realm), else
 * its string form.
 */
export function errorMessage(error: unknown): string {
  const message = property(error, 'message');
  return typeof message === 'string' ? message : String(error);
}

/** The `code` of a thrown value when it is a string (`ENOENT` of a Node system error), else undefined. */
export function errorCode(error: unknown): string | undefined {
  const code = property(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

/** Whether `value` is one of `values` (narrows a string to a union of literals). */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return values.some((candidate) => candidate === value);
}

/**
 * The object at `node[key]`, made (and set) when there is none or it is not an object: one step of
 * building a nested object along a dotted path (`a.b.c`).
 */
export function childRecord(node: Record<string, unknown>, key: string): Record<string, unknown> {
  const child = node[key];
  if (isRecord(child)) return child;
  const created: Record<string, unknown> = {};
  node[key] = created;
  return created;
}
