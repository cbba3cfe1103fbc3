import { describe, expect, test } from '@jest/globals';
import {
  formatType,
  LiteralValueError,
  literalFromJson,
  literalMapFromJson,
  literalMapToJson,
  parseType,
  TypeSyntaxError,
} from '../../src/api/literals.js';

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

  test('integers beyond 2^53 are rejected rather than rounded', () => {
    expect(() => literalFromJson(2 ** 53 + 2, parseType('integer'))).toThrow(/not an integer/);
  });
});
