import { describe, expect, test } from '@jest/globals';
import {
  formatType,
  LiteralValueError,
  literalFromJson,
  literalMapFromJson,
  literalMapToJson,
  literalToJson,
  parseType,
  TypeSyntaxError,
} from '../../src/api/literals.js';
import { LOADER_OPTIONS, messageType } from '../../src/api/proto.js';

describe('type strings (DESIGN.md, "Workflow files")', () => {
  test.each([
    'integer',
    'float',
    'string',
    'boolean',
    'datetime',
    'duration',
    'struct',
    '[integer]',
    '{string: [float]}',
    'enum(a,b)',
    'integer?',
    '[{string: integer?}]',
  ])('%s parses and formats back to itself', (text) => {
    expect(formatType(parseType(text))).toBe(text);
  });

  test.each(['int', '[integer', '{integer: string}', 'enum()', ''])('%s is rejected', (text) => {
    expect(() => parseType(text)).toThrow(TypeSyntaxError);
  });
});

describe('values', () => {
  test('round trip through literals keeps values and types', () => {
    const vars = {
      variables: {
        n: { type: parseType('integer') },
        f: { type: parseType('float') },
        s: { type: parseType('string') },
        b: { type: parseType('boolean') },
        t: { type: parseType('datetime') },
        d: { type: parseType('duration') },
        j: { type: parseType('struct') },
        l: { type: parseType('[integer]') },
        m: { type: parseType('{string: string}') },
        e: { type: parseType('enum(red,green)') },
      },
    };
    const values = {
      n: 41,
      f: 1.5,
      s: 'hi',
      b: true,
      t: '2026-11-22T10:00:00Z',
      d: '1m30s',
      j: { a: [1, 2] },
      l: [1, 2, 3],
      m: { k: 'v' },
      e: 'green',
    };
    expect(literalMapToJson(literalMapFromJson(values, vars))).toEqual(values);
  });

  test('every problem is reported with its path', () => {
    const vars = { variables: { x: { type: parseType('integer') }, l: { type: parseType('[integer]') } } };
    const error = (() => {
      try {
        literalMapFromJson({ x: 1.5, l: [1, 'two'], z: 1 }, vars);
      } catch (e) {
        return e;
      }
    })() as LiteralValueError;
    expect(error).toBeInstanceOf(LiteralValueError);
    expect(error.problems.map((p) => p.path).sort()).toEqual(['l[1]', 'x', 'z']);
  });

  test('missing non-optional inputs are errors; optional ones are not', () => {
    const vars = { variables: { a: { type: parseType('string') }, b: { type: parseType('string?') } } };
    expect(() => literalMapFromJson({}, vars)).toThrow(/a: missing required input/);
    expect(literalMapToJson(literalMapFromJson({ a: 'x' }, vars))).toEqual({ a: 'x' });
  });

  test('a number beyond 2^53 already rounded to a double is rejected rather than taken as it is', () => {
    expect(() => literalFromJson(2 ** 53 + 2, parseType('integer'))).toThrow(
      /not an exact integer: 9007199254740994 was read as a double.*write it as plain digits/,
    );
  });
});

describe('integers are 64-bit and exact', () => {
  const vars = { variables: { x: { type: parseType('integer') } } };
  const INT64_MAX = 2n ** 63n - 1n;
  const INT64_MIN = -(2n ** 63n);

  test.each([
    ['2^53 + 1', 2n ** 53n + 1n],
    ['the largest, 2^63 - 1', INT64_MAX],
    ['the smallest, -2^63', INT64_MIN],
    ['-(2^53 + 1)', -(2n ** 53n + 1n)],
  ])('%s is accepted and comes back with every digit', (_name, value) => {
    const map = literalMapFromJson({ x: value }, vars);
    expect(map.literals?.x).toEqual({ scalar: { primitive: { integer: value.toString() } } });
    // Through the wire and back, as the admin stores and answers it.
    const type = messageType('orch.core.v1.LiteralMap');
    const decoded = type.toObject(type.decode(type.encode(type.fromObject(map)).finish()), LOADER_OPTIONS);
    expect(literalMapToJson(decoded)).toEqual({ x: value });
  });

  test('integers within ±2^53 stay numbers', () => {
    const map = literalMapFromJson({ x: 2 ** 53 - 1 }, vars);
    expect(literalMapToJson(map)).toEqual({ x: 2 ** 53 - 1 });
  });

  test.each([
    ['2^63', 2n ** 63n, '9223372036854775808'],
    ['-2^63 - 1', -(2n ** 63n) - 1n, '-9223372036854775809'],
  ])('%s is refused, naming the input, the value and the range', (_name, value, digits) => {
    expect(() => literalMapFromJson({ x: value }, vars)).toThrow(
      `x: ${digits} is outside the 64-bit integer range -9223372036854775808 to 9223372036854775807 (expected integer)`,
    );
  });

  test('1.5 is not an integer', () => {
    expect(() => literalMapFromJson({ x: 1.5 }, vars)).toThrow('x: not an integer (expected integer)');
  });

  test('big integers inside lists and structs keep their digits', () => {
    const list = literalFromJson([2n ** 62n, 1], parseType('[integer]'));
    expect(literalToJson(list)).toEqual([2n ** 62n, 1]);
    const struct = literalFromJson({ id: 2n ** 60n + 1n, n: 2 }, parseType('struct'));
    expect(struct).toEqual({ scalar: { json: '{"id":1152921504606846977,"n":2}' } });
    expect(literalToJson(struct)).toEqual({ id: 2n ** 60n + 1n, n: 2 });
  });
});

describe('blob values', () => {
  test('a blob is its URI, given as a string or as {uri}; anything else is refused', () => {
    const type = parseType('blob');
    expect(formatType(type)).toBe('blob');
    const literal = literalFromJson('s3://bucket/data/in.csv', type);
    expect(literal).toEqual({ scalar: { blob: { uri: 's3://bucket/data/in.csv' } } });
    expect(literalToJson(literal)).toBe('s3://bucket/data/in.csv');
    expect(literalToJson(literalFromJson({ uri: 'orch-local://orch/k' }, type))).toBe('orch-local://orch/k');
    expect(() => literalFromJson('data/in.csv', type)).toThrow(/not a blob URI such as s3:\/\/bucket\/key/);
    expect(() => literalFromJson(42, type)).toThrow(LiteralValueError);
  });

  test('lists of blobs go through the wire and back', () => {
    const X = { variables: { files: { type: parseType('[blob]') } } };
    const map = literalMapFromJson({ files: ['s3://b/1', 'https://example.com/2'] }, X);
    const type = messageType('orch.core.v1.LiteralMap');
    const decoded = type.toObject(type.decode(type.encode(type.fromObject(map)).finish()), LOADER_OPTIONS);
    expect(literalMapToJson(decoded)).toEqual({ files: ['s3://b/1', 'https://example.com/2'] });
  });
});
