import { randomUUID } from 'node:crypto';

/**
 * JSON text that keeps integers exact. Integer literals are 64-bit (DESIGN.md, "Workflow files";
 * `int64` in `proto/`), but `JSON.parse` reads every number as a double, so 9007199254740993 (2^53 + 1)
 * and anything beyond ±2^53 silently lose digits. These functions read an integer beyond
 * `Number.MAX_SAFE_INTEGER` as a `bigint` (every other value exactly as `JSON.parse` reads it) and
 * write a `bigint` as its decimal digits, a JSON number (every other value exactly as
 * `JSON.stringify` writes it).
 *
 * Why our own code: Node 20 has neither `JSON.parse`'s `context.source` nor `JSON.rawJSON`;
 * `lossless-json` and `json-bigint` are not dependencies, and `json-with-bigint` (in the tree through
 * `@octokit/request`) falls back on Node 20 to rewriting the text with regular expressions, which
 * renames an object key `"5n"` to `"5nn"` and writes the string `"123n` as invalid JSON.
 */

/**
 * An integer token of JSON text long enough to pass 2^53 (16 digits or more). Text without one
 * holds no integer that `JSON.parse` could round, so it takes the native parser alone.
 */
const LONG_DIGITS = /\d{16}/;

/**
 * One token of valid JSON text (sticky): a string, an integer, another number, a literal name, or a
 * punctuation mark; whitespace before it is skipped.
 */
const TOKEN =
  /[ \t\n\r]*(?:("(?:[^"\\]|\\.)*")|(-?(?:0|[1-9]\d*))(?![.eE\d])|(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\]:,]))/y;

/** A container being filled while parsing: an array, or an object and the key of its next member. */
type Open = { array: unknown[] } | { object: Record<string, unknown>; key: string | undefined };

/** Sets `object[key]` as JSON.parse does: an own property even for `__proto__`, the last duplicate winning. */
function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else object[key] = value;
}

/**
 * Parses JSON text as `JSON.parse` does, except that an integer written in digits beyond ±2^53
 * (outside `Number.MIN_SAFE_INTEGER`..`Number.MAX_SAFE_INTEGER`) becomes a `bigint` holding its exact
 * value. Numbers with a fraction or an exponent (`1.5`, `1e3`, `9007199254740993.0`) stay numbers.
 * Nesting depth is bounded only by memory (no recursion).
 * @throws SyntaxError, `JSON.parse`'s own, when the text is not JSON.
 */
export function parseExactJson(text: string): unknown {
  const plain: unknown = JSON.parse(text);
  if (!LONG_DIGITS.test(text)) return plain;
  // The text is valid JSON (the native parse said so): read it again token by token.
  const stack: Open[] = [];
  let root: unknown;
  const place = (value: unknown) => {
    const top = stack.at(-1);
    if (!top) root = value;
    else if ('array' in top) top.array.push(value);
    else if (top.key !== undefined) {
      setMember(top.object, top.key, value);
      top.key = undefined;
    } else if (typeof value === 'string') top.key = value;
  };
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const [, string, integer, number, name, mark] = match;
    if (string !== undefined) place(JSON.parse(string));
    else if (integer !== undefined) {
      const value = Number(integer);
      place(Number.isSafeInteger(value) ? value : BigInt(integer));
    } else if (number !== undefined) place(Number(number));
    else if (name !== undefined) place(name === 'null' ? null : name === 'true');
    else if (mark === '[' || mark === '{') {
      const open: Open = mark === '[' ? { array: [] } : { object: {}, key: undefined };
      stack.push(open);
    } else if (mark === ']' || mark === '}') {
      const closed = stack.pop();
      if (closed) place('array' in closed ? closed.array : closed.object);
    }
  }
  return root;
}

/**
 * Writes `value` as `JSON.stringify(value, null, space)` does, except that a `bigint` is written as
 * its decimal digits (a JSON number) instead of throwing a TypeError.
 * @param space indentation, as `JSON.stringify`'s third argument.
 */
export function stringifyExactJson(value: unknown, space?: number | string): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    // Anything but a bigint (a cycle, say) fails the same way below, with JSON.stringify's own error.
    if (!(error instanceof TypeError)) throw error;
  }
  // Each bigint becomes a marker string no data can hold (a fresh random nonce), then its digits.
  const nonce = randomUUID();
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === 'bigint' ? `\u0000${nonce}:${v}` : v),
    space,
  );
  return text.replace(new RegExp(`"\\\\u0000${nonce}:(-?\\d+)"`, 'g'), '$1');
}
