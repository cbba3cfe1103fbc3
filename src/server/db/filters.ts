import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { invalidArgument } from '../errors.js';

/** Operators of list filters (DESIGN.md, "List calls"). */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'value_in',
  'value_not_in',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** True when `name` is one of {@link FILTER_OPERATORS}. */
function isFilterOperator(name: string): name is FilterOperator {
  return FILTER_OPERATORS.some((op) => op === name);
}

/** One term of a filter expression: `eq(name,foo)`, `value_in(phase,A;B)`. */
export interface FilterTerm {
  op: FilterOperator;
  field: string;
  values: string[];
  /** The term as written, for error messages. */
  text: string;
}

/** How a filterable field maps to a column, and how its values are read. */
export interface FieldSpec {
  column: string;
  /** `time` values are RFC 3339 timestamps (stored as milliseconds); `int` whole numbers; `enum` names. */
  kind: 'text' | 'time' | 'int' | 'enum';
  /** For `enum`: the accepted names, mapped to stored values. */
  values?: Readonly<Record<string, string | number>>;
  /** Whether lists may be sorted by it. */
  sortable?: boolean;
}

const TERM = /^([a-z_]+)\(([^,()]+),(.*)\)$/;

/**
 * Parses `eq(name,foo)+gt(created_at,2026-01-01T00:00:00Z)+value_in(phase,RUNNING;QUEUED)`.
 * @throws ServiceError InvalidArgument naming the malformed term.
 */
export function parseFilters(text: string): FilterTerm[] {
  if (!text.trim()) return [];
  return text.split('+').map((raw) => {
    const term = raw.trim();
    const match = TERM.exec(term);
    if (!match) throw invalidArgument(`filter "${term}" is not of the form op(field,value)`);
    const op = match[1] ?? '';
    if (!isFilterOperator(op)) {
      throw invalidArgument(`filter "${term}": unknown operator ${op} (use ${FILTER_OPERATORS.join(', ')})`);
    }
    const value = match[3] ?? '';
    const values = op === 'value_in' || op === 'value_not_in' ? value.split(';') : [value];
    if (values.some((v) => v === '')) throw invalidArgument(`filter "${term}": empty value`);
    return { op, field: (match[2] ?? '').trim(), values, text: term };
  });
}

/** Converts a filter value to what the column stores. @throws ServiceError InvalidArgument. */
export function columnValue(spec: FieldSpec, value: string, term: string): string | number {
  switch (spec.kind) {
    case 'time': {
      const ms = Date.parse(value);
      if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(ms)) {
        throw invalidArgument(`filter "${term}": ${value} is not an RFC 3339 timestamp`);
      }
      return ms;
    }
    case 'int':
      if (!/^-?\d+$/.test(value)) throw invalidArgument(`filter "${term}": ${value} is not a whole number`);
      return Number(value);
    case 'enum': {
      const known = spec.values ?? {};
      const found = Object.entries(known).find(([k]) => k.toLowerCase() === value.toLowerCase());
      if (found === undefined) {
        throw invalidArgument(`filter "${term}": ${value} is not one of ${Object.keys(known).join(', ')}`);
      }
      return found[1];
    }
    default:
      return value;
  }
}

/** Looks a field up, accepting entity-prefixed names (`execution.phase`). @throws ServiceError InvalidArgument. */
export function fieldOf(fields: Readonly<Record<string, FieldSpec>>, name: string, term: string): FieldSpec {
  const spec = fields[name] ?? fields[name.replace(/^[a-z_]+\./, '')];
  if (!spec) {
    throw invalidArgument(
      `filter "${term}": unknown field ${name} (filterable: ${Object.keys(fields).join(', ')})`,
    );
  }
  return spec;
}

/**
 * A where-clause builder for a parsed filter over a table whose fields are `fields`.
 * @throws ServiceError InvalidArgument for an unknown field, a bad value, or `contains` on a non-text field.
 */
export function filterWhere<DB, TB extends keyof DB>(
  terms: FilterTerm[],
  fields: Readonly<Record<string, FieldSpec>>,
): ((eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>) | undefined {
  if (!terms.length) return undefined;
  const compiled = terms.map((term) => {
    const spec = fieldOf(fields, term.field, term.text);
    if (term.op === 'contains' && spec.kind !== 'text') {
      throw invalidArgument(`filter "${term.text}": contains applies only to text fields`);
    }
    const values = term.values.map((v) => columnValue(spec, v, term.text));
    const first = values[0];
    if (first === undefined) throw invalidArgument(`filter "${term.text}": empty value`);
    return { term, spec, values, first };
  });
  return (eb) =>
    eb.and(
      compiled.map(({ term, spec, values, first }) => {
        const column = sql.ref(spec.column);
        switch (term.op) {
          case 'eq':
            return eb(column, '=', first);
          case 'ne':
            return eb(column, '<>', first);
          case 'gt':
            return eb(column, '>', first);
          case 'gte':
            return eb(column, '>=', first);
          case 'lt':
            return eb(column, '<', first);
          case 'lte':
            return eb(column, '<=', first);
          case 'contains': {
            // Same on both databases: SQLite is opened with case_sensitive_like, like PostgreSQL's LIKE.
            const pattern = `%${String(first).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
            return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
          }
          case 'value_in':
            return eb(column, 'in', values);
          case 'value_not_in':
            return eb(column, 'not in', values);
          default:
            throw invalidArgument(`filter "${term.text}": unknown operator`);
        }
      }),
    );
}

/** A sort order of a list: the column and direction; `id`/`name` tiebreakers keep it total. */
export interface SortOrder {
  field: string;
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * The sort order of a list request (`sort_by: {key, direction}`), default `created_at` descending.
 * @throws ServiceError InvalidArgument for a field that is unknown or not sortable.
 */
export function sortOrder(
  sortBy: { key?: string; direction?: string | number } | null | undefined,
  fields: Readonly<Record<string, FieldSpec>>,
): SortOrder {
  const key = sortBy?.key || 'created_at';
  const spec = fields[key] ?? fields[key.replace(/^[a-z_]+\./, '')];
  if (!spec?.sortable) {
    const sortable = Object.entries(fields)
      .filter(([, s]) => s.sortable)
      .map(([k]) => k);
    throw invalidArgument(`cannot sort by ${key} (sortable: ${sortable.join(', ')})`);
  }
  // ASCENDING is 2 on the wire (0 is DIRECTION_UNSPECIFIED: proto/orch/admin/v1/common.proto).
  const ascending = sortBy?.direction === 'ASCENDING' || sortBy?.direction === 2;
  return { field: key, column: spec.column, direction: ascending ? 'asc' : 'desc' };
}
