/**
 * `--filter.fieldSelector`: the control CLI's field selector syntax, translated to the admin's list
 * filter language (DESIGN.md, "List calls"; control CLI reference, section 2b).
 *
 * A selector is comma-joined terms:
 *
 * | term           | filter               |
 * |----------------|----------------------|
 * | `k=v`          | `eq(k,v)`            |
 * | `k!=v`         | `ne(k,v)`            |
 * | `k>v`, `k>=v`  | `gt(k,v)`, `gte(k,v)`|
 * | `k<v`, `k<=v`  | `lt(k,v)`, `lte(k,v)`|
 * | `k contains v` | `contains(k,v)`      |
 * | `k in (a;b)`   | `value_in(k,a;b)`    |
 *
 * The filters are joined with `+`. Inside a value, `\,` is a comma, `\=` an equals sign and `\\` a
 * backslash; an unescaped `=` in a value, any other escape, an empty term, a key that is not a field
 * name (letters, digits, `_` and `.`, starting with a letter or `_`) and an empty value are errors.
 * Spaces around keys and values are dropped. The admin's filter language has no escapes of its own,
 * so a value may not hold `+` (it separates filters) and an `in` value may not hold `;`.
 *
 * Pure: no I/O. Errors are {@link FieldSelectorError}s naming the offending term.
 */

/** Operators of the admin's filter language that a field selector produces. */
export type SelectorOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains' | 'value_in';

/** One parsed term: field key, operator and its values (one, or several for `value_in`). */
export interface SelectorTerm {
  key: string;
  op: SelectorOperator;
  values: string[];
}

/** Thrown by {@link parseFieldSelector} for a malformed term; `term` is the term as written. */
export class FieldSelectorError extends Error {
  constructor(
    message: string,
    /** The offending term as the user wrote it (escapes included). */
    readonly term: string,
  ) {
    super(`term ${JSON.stringify(term)}: ${message}`);
    this.name = 'FieldSelectorError';
  }
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const ESCAPABLE = new Set([',', '=', '\\']);

/** Comparison operators, longest first so that `>=` wins over `>`. */
const COMPARISONS: readonly [string, SelectorOperator][] = [
  ['!=', 'ne'],
  ['>=', 'gte'],
  ['<=', 'lte'],
  ['=', 'eq'],
  ['>', 'gt'],
  ['<', 'lt'],
];

/** Splits on unescaped commas, keeping escapes in the pieces. @throws FieldSelectorError for a dangling `\`. */
function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) throw new FieldSelectorError('ends with a lone \\', current + c);
      current += c + next;
      i++;
    } else if (c === ',') {
      terms.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  terms.push(current);
  return terms;
}

/**
 * Resolves the escapes of a value.
 * @throws FieldSelectorError for an unescaped `=`, an unknown escape, an empty value or a `+`.
 */
function unescapeValue(raw: string, term: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (c === '\\') {
      // After a `\` that ends the value, `next` is undefined: an unknown escape too.
      const next = raw[i + 1];
      if (next === undefined || !ESCAPABLE.has(next)) {
        throw new FieldSelectorError(`unknown escape \\${next} (escape only \\, \\= and \\\\)`, term);
      }
      out += next;
      i++;
    } else if (c === '=') {
      throw new FieldSelectorError('unescaped "=" in the value (write \\=)', term);
    } else {
      out += c;
    }
  }
  const value = out.trim();
  if (!value) throw new FieldSelectorError('empty value', term);
  if (value.includes('+')) {
    throw new FieldSelectorError('a value may not contain "+" (the admin joins filters with it)', term);
  }
  return value;
}

function checkKey(key: string, term: string): string {
  const trimmed = key.trim();
  if (!trimmed) throw new FieldSelectorError('missing field name', term);
  if (!KEY.test(trimmed)) {
    throw new FieldSelectorError(
      `${JSON.stringify(trimmed)} is not a field name (letters, digits, _ and .)`,
      term,
    );
  }
  return trimmed;
}

/** The index of the first unescaped character of `chars` in `text`, or -1. */
function firstUnescaped(text: string, chars: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (chars.includes(text.charAt(i))) return i;
  }
  return -1;
}

function parseTerm(term: string): SelectorTerm {
  const words = /^\s*([A-Za-z_][A-Za-z0-9_.]*)\s+(contains|in)\s+(.*)$/s.exec(term);
  if (words) {
    const [, name = '', operator, rest = ''] = words;
    const key = checkKey(name, term);
    if (operator === 'contains') return { key, op: 'contains', values: [unescapeValue(rest, term)] };
    const list = /^\((.*)\)\s*$/s.exec(rest);
    if (!list) throw new FieldSelectorError('expected "in (a;b;...)"', term);
    const values = (list[1] ?? '').split(';').map((v) => unescapeValue(v, term));
    return { key, op: 'value_in', values };
  }
  const at = firstUnescaped(term, '!=<>');
  if (at < 0) {
    throw new FieldSelectorError(
      'expected key=value, key!=value, key>value, key>=value, key<value, key<=value, "key contains value" or "key in (a;b)"',
      term,
    );
  }
  const found = COMPARISONS.find(([symbol]) => term.startsWith(symbol, at));
  if (!found) throw new FieldSelectorError('"!" must be followed by "="', term);
  const [symbol, op] = found;
  const key = checkKey(term.slice(0, at), term);
  return { key, op, values: [unescapeValue(term.slice(at + symbol.length), term)] };
}

/**
 * Parses a field selector into terms, in the order written. An empty or blank selector has no terms.
 * @throws FieldSelectorError naming the first malformed term.
 */
export function parseFieldSelector(text: string): SelectorTerm[] {
  if (!text.trim()) return [];
  return splitTerms(text).map((term) => {
    if (!term.trim())
      throw new FieldSelectorError('empty term (two commas in a row, or a trailing comma)', term);
    return parseTerm(term);
  });
}

/** Writes terms in the admin's filter language: `eq(k,v)+value_in(k,a;b)`; empty for no terms. */
export function formatFilters(terms: readonly SelectorTerm[]): string {
  return terms.map((t) => `${t.op}(${t.key},${t.values.join(';')})`).join('+');
}

/**
 * A field selector translated to the admin's filter language (`phase in (FAILED;SUCCEEDED),duration>200`
 * becomes `value_in(phase,FAILED;SUCCEEDED)+gt(duration,200)`).
 * @throws FieldSelectorError naming the first malformed term.
 */
export function fieldSelectorToFilters(text: string): string {
  return formatFilters(parseFieldSelector(text));
}

/** Escapes a value for a field selector (`,` `=` `\` get a backslash); the inverse of the parser's unescaping. */
export function escapeSelectorValue(value: string): string {
  return value.replace(/[\\,=]/g, (c) => `\\${c}`);
}
