import { isInteger, parse, stringify } from 'lossless-json';

/**
 * JSON text that keeps integers exact. Integer literals are 64-bit (DESIGN.md, "Workflow files";
 * `int64` in `proto/`), but `JSON.parse` reads every number as a double, so 9007199254740993 (2^53 + 1)
 * and anything beyond ±2^53 silently lose digits. These functions read an integer beyond
 * `Number.MAX_SAFE_INTEGER` as a `bigint` (every other value exactly as `JSON.parse` reads it) and
 * write a `bigint` as its decimal digits, a JSON number (every other value exactly as
 * `JSON.stringify` writes it). Node 20 has neither `JSON.parse`'s `context.source` nor
 * `JSON.rawJSON`, so text that may hold such an integer goes through `lossless-json`.
 */

/**
 * An integer token of JSON text long enough to pass 2^53 (16 digits or more). Text without one
 * holds no integer that `JSON.parse` could round, so it takes the native parser alone.
 */
const LONG_DIGITS = /\d{16}/;

/** A number token's value: an integer beyond ±2^53 as a bigint, anything else as JSON.parse reads it. */
function exactNumber(digits: string): number | bigint {
  const value = Number(digits);
  return isInteger(digits) && !Number.isSafeInteger(value) ? BigInt(digits) : value;
}

/**
 * Parses JSON text as `JSON.parse` does, except that an integer written in digits beyond ±2^53
 * (outside `Number.MIN_SAFE_INTEGER`..`Number.MAX_SAFE_INTEGER`) becomes a `bigint` holding its exact
 * value. Numbers with a fraction or an exponent (`1.5`, `1e3`, `9007199254740993.0`) stay numbers.
 * @throws SyntaxError, `JSON.parse`'s own, when the text is not JSON.
 */
export function parseExactJson(text: string): unknown {
  const plain: unknown = JSON.parse(text);
  if (!LONG_DIGITS.test(text)) return plain;
  // The text is valid JSON (the native parse said so): read it again keeping every number's digits.
  return parse(text, null, exactNumber);
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
    // Anything but a bigint (a cycle, say) fails the same way below.
    if (!(error instanceof TypeError)) throw error;
  }
  const text = stringify(value, null, space);
  // Only a value with no JSON form (a function, undefined) has no text, and such a value holds no bigint.
  if (text === undefined) throw new TypeError('the value has no JSON form');
  return text;
}
