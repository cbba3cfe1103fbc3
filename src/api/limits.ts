/**
 * Deepest nesting orch accepts, everywhere: lists and maps in a literal (execution inputs and launch
 * plan inputs, over gRPC and HTTP alike), and arrays and objects in a webhook body. 64 levels serve
 * any real data; without one bound, a value nested thousands deep overflowed the server's stack.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * Deepest nesting of protobuf messages the API decodes, encodes or maps to and from JSON (protobufjs's
 * `recursionLimit`, 100 by default, raised so that a literal nested {@link MAX_NESTING_DEPTH} deep
 * fits: each level of a literal is two messages, Literal and LiteralCollection or LiteralMap).
 * Anything deeper is refused as malformed before any recursive step runs.
 */
export const MAX_MESSAGE_DEPTH = 256;

/**
 * How deeply `value` nests arrays and objects (a scalar is 0), counted without recursion, stopping
 * once `limit` is passed. Bounds the work of later recursive steps on hostile input.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [item, depth] = entry;
    if (item === null || typeof item !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}
