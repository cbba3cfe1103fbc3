import { timestampFromDate } from '../../api/json.js';
import { type FieldSpec, filterWhere, parseFilters, sortOrder } from '../db/filters.js';
import { BadTokenError, type ListQuery } from '../db/repository.js';
import type { Database } from '../db/schema.js';
import { invalidArgument } from '../errors.js';

/** The domains every project has (spec: development, staging, production). */
export const DOMAINS = Object.freeze(['development', 'staging', 'production']);

/** Largest page a list call answers; larger `limit`s are capped. */
export const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 100;

/** Project ids and user-given execution names (DESIGN.md, "Semantics"). */
export const NAME_PATTERN = /^[a-z][a-z0-9-]*$/;

/** Characters an identifier may hold: they appear in URL paths and file names, so no spaces or slashes. */
const ID_PATTERN = /^[A-Za-z0-9_.:@-]+$/;

/** The paging fields of a list request (absent in in-process calls that leave them out). */
export interface PageFields {
  limit?: number;
  token?: string;
}

/** The filter and order fields of a list request. */
export interface ListFields {
  filters?: string;
  sort_by?: { key?: string; direction?: string | number } | null;
}

/**
 * An identifier part: a non-blank string of at most 255 letters, digits and `_ . : @ -`.
 * @throws ServiceError InvalidArgument naming `field`.
 */
export function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value.trim()) throw invalidArgument(`missing ${field}`);
  if (value.length > 255) throw invalidArgument(`${field} is longer than 255 characters`);
  if (!ID_PATTERN.test(value)) {
    throw invalidArgument(`${field} "${value}" may hold only letters, digits and _ . : @ -`);
  }
  return value;
}

/**
 * Whether an enum field of a request was left unset: absent, empty, 0, or its `*_UNSPECIFIED` zero
 * value (proto/: every enum's zero value means "not given").
 */
export function isUnset(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === 0 ||
    /_UNSPECIFIED$/.test(String(value))
  );
}

/** One of {@link DOMAINS}. @throws ServiceError InvalidArgument naming `field`. */
export function requireDomain(domain: unknown, field = 'domain'): string {
  const value = requireText(domain, field);
  if (!DOMAINS.includes(value)) {
    throw invalidArgument(`${field} "${value}" is not one of ${DOMAINS.join(', ')}`);
  }
  return value;
}

/** The page a list request asks for: `limit` capped at {@link MAX_PAGE_SIZE} (100 when unset). */
export function pageOf(request: PageFields): { limit: number; token: string } {
  const raw = Number(request.limit ?? 0);
  const limit = raw > 0 ? Math.min(raw, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return { limit, token: typeof request.token === 'string' ? request.token : '' };
}

/** Runs a page read. @throws ServiceError InvalidArgument for a page token this server did not issue. */
export async function withPageToken<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BadTokenError)
      throw invalidArgument('invalid page token: pass a token from a previous page');
    throw error;
  }
}

/** The filter and order of a list request. @throws ServiceError InvalidArgument naming a bad term. */
export function listQuery<TB extends keyof Database>(
  request: ListFields,
  fields: Readonly<Record<string, FieldSpec>>,
): ListQuery<Database, TB> {
  const filters = typeof request.filters === 'string' ? request.filters : '';
  return {
    where: filterWhere<Database, TB>(parseFilters(filters), fields),
    sort: sortOrder(request.sort_by, fields),
  };
}

/** A Timestamp message of milliseconds since the epoch. */
export function timestamp(ms: number): ReturnType<typeof timestampFromDate> {
  return timestampFromDate(new Date(ms));
}
