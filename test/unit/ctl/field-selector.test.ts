import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import {
  escapeSelectorValue,
  FieldSelectorError,
  fieldSelectorToFilters,
  formatFilters,
  parseFieldSelector,
  type SelectorOperator,
  type SelectorTerm,
} from '../../../src/ctl/field-selector.js';

describe('fieldSelectorToFilters', () => {
  test.each([
    ['', ''],
    ['   ', ''],
    ['name=foo', 'eq(name,foo)'],
    ['name!=foo', 'ne(name,foo)'],
    ['duration>200', 'gt(duration,200)'],
    ['duration>=200', 'gte(duration,200)'],
    ['duration<200', 'lt(duration,200)'],
    ['duration<=200', 'lte(duration,200)'],
    ['name contains add', 'contains(name,add)'],
    ['phase in (FAILED;SUCCEEDED)', 'value_in(phase,FAILED;SUCCEEDED)'],
    [
      'execution.phase in (FAILED;SUCCEEDED),execution.duration>200',
      'value_in(execution.phase,FAILED;SUCCEEDED)+gt(execution.duration,200)',
    ],
    [' name = foo , version != v1 ', 'eq(name,foo)+ne(version,v1)'],
    ['name=a\\,b', 'eq(name,a,b)'],
    ['name=a\\=b', 'eq(name,a=b)'],
    ['name=a\\\\b', 'eq(name,a\\b)'],
    ['created_at>2026-01-01T00:00:00Z', 'gt(created_at,2026-01-01T00:00:00Z)'],
    ['name=my contains thing', 'eq(name,my contains thing)'],
    ['name=a>b', 'eq(name,a>b)'],
    ['name contains a\\,b', 'contains(name,a,b)'],
  ])('%j -> %j', (selector, filters) => {
    expect(fieldSelectorToFilters(selector)).toBe(filters);
  });

  test.each([
    ['name', 'name', 'expected key=value'],
    ['name=a,,version=b', '', 'empty term'],
    ['name=a,', '', 'empty term'],
    ['=a', '=a', 'missing field name'],
    ['bad key=a', 'bad key=a', 'not a field name'],
    ['name=', 'name=', 'empty value'],
    ['name=a=b', 'name=a=b', 'unescaped "="'],
    ['name==b', 'name==b', 'unescaped "="'],
    ['name=a\\nb', 'name=a\\nb', 'unknown escape \\n'],
    ['name=a\\', 'name=a\\', 'lone \\'],
    ['name!a', 'name!a', '"!" must be followed by "="'],
    ['phase in FAILED', 'phase in FAILED', 'expected "in (a;b;...)"'],
    ['phase in (A;;B)', 'phase in (A;;B)', 'empty value'],
    ['name=a+b', 'name=a+b', 'may not contain "+"'],
  ])('%j is rejected, naming the term', (selector, term, message) => {
    let caught: unknown;
    try {
      parseFieldSelector(selector);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FieldSelectorError);
    expect((caught as FieldSelectorError).term).toBe(term);
    expect((caught as Error).message).toContain(`term ${JSON.stringify(term)}`);
    expect((caught as Error).message).toContain(message);
  });
});

describe('properties', () => {
  const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,10}$/);
  // Values as a user means them: anything but "+" (the admin's separator) and ";" (the in-list one),
  // not blank and without spaces at the ends (they are trimmed).
  const value = fc
    .string({
      unit: fc.constantFrom('a', 'Z', '0', ',', '=', '\\', ' ', '>', '<', '!', '(', ')', '-', ':'),
      minLength: 1,
    })
    .filter((v) => v.trim() === v && v.length > 0);
  const comparison = fc.constantFrom<[string, SelectorOperator]>(
    ['=', 'eq'],
    ['!=', 'ne'],
    ['>', 'gt'],
    ['>=', 'gte'],
    ['<', 'lt'],
    ['<=', 'lte'],
  );
  const term = fc.oneof(
    fc.tuple(key, comparison, value).map(([k, [symbol, op], v]) => ({
      text: `${k}${symbol}${escapeSelectorValue(v)}`,
      term: { key: k, op, values: [v] } as SelectorTerm,
    })),
    fc.tuple(key, value).map(([k, v]) => ({
      text: `${k} contains ${escapeSelectorValue(v)}`,
      term: { key: k, op: 'contains', values: [v] } as SelectorTerm,
    })),
    fc
      .tuple(
        key,
        fc.array(
          value.filter((v) => !v.includes(')')),
          { minLength: 1, maxLength: 3 },
        ),
      )
      .map(([k, vs]) => ({
        text: `${k} in (${vs.map(escapeSelectorValue).join(';')})`,
        term: { key: k, op: 'value_in', values: vs } as SelectorTerm,
      })),
  );

  test('escaped values round-trip through the parser, whatever , = \\ they hold', () => {
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (terms) => {
        const selector = terms.map((t) => t.text).join(',');
        expect(parseFieldSelector(selector)).toEqual(terms.map((t) => t.term));
        expect(fieldSelectorToFilters(selector)).toBe(formatFilters(terms.map((t) => t.term)));
      }),
    );
  });

  test('any text either parses or fails with a FieldSelectorError, never another error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          parseFieldSelector(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FieldSelectorError);
        }
      }),
    );
  });
});
