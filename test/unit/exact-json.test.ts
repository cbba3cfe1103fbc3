import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { parseExactJson, stringifyExactJson } from '../../src/api/exact-json.js';

describe('JSON text with exact integers', () => {
  test('integers beyond ±2^53 are read as bigints and written back digit for digit', () => {
    const text = '{"a":9007199254740993,"b":[-9223372036854775808,9223372036854775807],"c":{"d":1.5}}';
    const value = parseExactJson(text);
    expect(value).toEqual({
      a: 9007199254740993n,
      b: [-9223372036854775808n, 9223372036854775807n],
      c: { d: 1.5 },
    });
    expect(stringifyExactJson(value)).toBe(text);
  });

  test('numbers with a fraction or an exponent stay numbers; strings of digits stay strings', () => {
    expect(parseExactJson('[9007199254740993.0, 1e21, "9007199254740993"]')).toEqual([
      9007199254740992,
      1e21,
      '9007199254740993',
    ]);
  });

  test('strings that look like markers, odd keys and __proto__ come through untouched', () => {
    const text = '{"5n":"\\"123n","__proto__":{"x":12345678901234567890},"1":[]}';
    const value = parseExactJson(text);
    expect(Object.keys(value as object)).toEqual(['1', '5n', '__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(stringifyExactJson(value)).toBe('{"1":[],"5n":"\\"123n","__proto__":{"x":12345678901234567890}}');
  });

  test("indentation is JSON.stringify's", () => {
    expect(stringifyExactJson({ a: [2n ** 64n] }, 2)).toBe('{\n  "a": [\n    18446744073709551616\n  ]\n}');
  });

  test("invalid text throws JSON.parse's SyntaxError", () => {
    expect(() => parseExactJson('{"a": 12345678901234567890,}')).toThrow(SyntaxError);
  });

  test('any JSON value reads and writes as JSON.parse and JSON.stringify do, apart from big integers', () => {
    // A bigint rounded to a double is what JSON.parse reads from the same digits.
    const rounded = (value: unknown): unknown => JSON.parse(stringifyExactJson(value));
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(rounded(parseExactJson(text))).toEqual(JSON.parse(text));
        const value: unknown = JSON.parse(text);
        expect(stringifyExactJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  test('any JSON value with big integers keeps every digit through a round trip', () => {
    const big = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n });
    const doc = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        big,
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.array(tie('value')),
        fc.dictionary(fc.string(), tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(doc, (value) => {
        const text = stringifyExactJson(value);
        expect(stringifyExactJson(parseExactJson(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
