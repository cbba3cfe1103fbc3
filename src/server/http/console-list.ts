import type { ExecutionOut } from '../../api/types.js';
import { invalidArgument } from '../errors.js';
import { fullMessage } from '../services/messages.js';

/** The phases the executions list filters on (ExecutionClosure's phase names). */
export const LIST_PHASES = [
  'QUEUED',
  'RUNNING',
  'SUCCEEDING',
  'SUCCEEDED',
  'FAILING',
  'FAILED',
  'ABORTING',
  'ABORTED',
  'TIMED_OUT',
] as const;

/** How an execution was launched (ExecutionMetadata's mode names). */
export const LIST_MODES = ['MANUAL', 'SCHEDULED', 'RELAUNCH', 'SYSTEM'] as const;

/** The orders the executions list offers, each as a ListExecutions `sort_by` (every one has an index). */
export const LIST_SORTS = {
  newest: { label: 'newest first', key: 'created_at', direction: 'DESCENDING' },
  oldest: { label: 'oldest first', key: 'created_at', direction: 'ASCENDING' },
  name: { label: 'name A-Z', key: 'name', direction: 'ASCENDING' },
  name_desc: { label: 'name Z-A', key: 'name', direction: 'DESCENDING' },
} as const;
export type ListSort = keyof typeof LIST_SORTS;

const isSort = (name: string): name is ListSort => Object.hasOwn(LIST_SORTS, name);

/** Executions a console page shows. */
export const LIST_PAGE_SIZE = 50;

/**
 * The executions list's query string (`?phase=FAILED&launch_plan=...`), as the GET form sends it;
 * every field optional, '' meaning "any".
 */
export interface ListForm {
  phase: string;
  launch_plan: string;
  workflow: string;
  principal: string;
  mode: string;
  created_after: string;
  created_before: string;
  q: string;
  sort: ListSort;
  token: string;
}

const FORM_FIELDS = [
  'phase',
  'launch_plan',
  'workflow',
  'principal',
  'mode',
  'created_after',
  'created_before',
  'q',
  'sort',
  'token',
] as const;

/** Most characters of one field of the list's query string. */
const MAX_FIELD_LENGTH = 512;

/**
 * Reads the list's query string. A field given twice, or not as text, or longer than 512
 * characters, is an error naming it; an unknown `sort` is the default (newest first).
 * @throws ServiceError InvalidArgument naming the field.
 */
export function readListForm(query: Record<string, unknown>): ListForm {
  const text = (field: (typeof FORM_FIELDS)[number]): string => {
    const value = query[field] ?? '';
    if (typeof value !== 'string') throw invalidArgument(`${field} was given more than once`);
    if (value.length > MAX_FIELD_LENGTH)
      throw invalidArgument(`${field} is longer than ${MAX_FIELD_LENGTH} characters`);
    return value.trim();
  };
  const sort = text('sort');
  return {
    phase: text('phase'),
    launch_plan: text('launch_plan'),
    workflow: text('workflow'),
    principal: text('principal'),
    mode: text('mode'),
    created_after: text('created_after'),
    created_before: text('created_before'),
    q: text('q'),
    sort: isSort(sort) ? sort : 'newest',
    token: text('token'),
  };
}

/**
 * A time field as RFC 3339: a browser's `datetime-local` value (`2026-01-02T03:04`, no zone) is
 * read as UTC; a value with a zone is kept.
 * @throws ServiceError InvalidArgument naming the field.
 */
function rfc3339(field: string, value: string): string {
  const withZone = /(Z|[+-]\d\d:\d\d)$/i.test(value) ? value : `${value}Z`;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) || Number.isNaN(Date.parse(withZone))) {
    throw invalidArgument(`${field}: "${value}" is not a date and time (YYYY-MM-DDTHH:MM, UTC)`);
  }
  return new Date(Date.parse(withZone)).toISOString();
}

/**
 * The ListExecutions filter expression of a list form (DESIGN.md, "List calls"): every field set is
 * one term, joined by `+`; the name search is `contains(name, ...)`.
 * @throws ServiceError InvalidArgument for a value holding `+` (the terms' separator) or a bad time.
 */
export function listFilters(form: ListForm): string {
  const terms: string[] = [];
  const add = (field: string, op: string, column: string, value: string) => {
    if (!value) return;
    if (value.includes('+')) throw invalidArgument(`${field} may not contain "+"`);
    terms.push(`${op}(${column},${value})`);
  };
  add('phase', 'eq', 'phase', form.phase);
  add('launch_plan', 'eq', 'launch_plan.name', form.launch_plan);
  add('workflow', 'eq', 'workflow.name', form.workflow);
  add('principal', 'eq', 'principal', form.principal);
  add('mode', 'eq', 'mode', form.mode);
  if (form.created_after)
    add('created_after', 'gte', 'created_at', rfc3339('created_after', form.created_after));
  if (form.created_before)
    add('created_before', 'lt', 'created_at', rfc3339('created_before', form.created_before));
  add('q', 'contains', 'name', form.q);
  return terms.join('+');
}

/**
 * The list's `fragment` parameter: absent or '' for the whole page, `rows` for only its table rows
 * (what the list's script fetches to keep the first page current).
 * @throws ServiceError InvalidArgument for any other value, or one given more than once.
 */
export function readFragment(query: Record<string, unknown>): boolean {
  const value = query.fragment ?? '';
  if (value === '' || value === 'rows') return value === 'rows';
  const shown = typeof value === 'string' ? `"${value.slice(0, 20)}"` : 'given more than once';
  throw invalidArgument(`fragment must be "rows" or absent, not ${shown}`);
}

/**
 * Whether a list page keeps itself current in the browser: only the first page sorted newest first,
 * where new executions appear (on other pages or orders they would shift rows out from under the reader).
 */
export const isLiveList = (form: ListForm): boolean => form.token === '' && form.sort === 'newest';

/** The list form as a query string, without empty fields and default sort (for links). */
export function listQueryString(form: Partial<ListForm>): string {
  const params = new URLSearchParams();
  for (const field of FORM_FIELDS) {
    const value = form[field];
    if (value && !(field === 'sort' && value === 'newest')) params.set(field, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One page of a project's and domain's executions through the ListExecutions handler (the API's
 * own path: its filters, order and page token), `LIST_PAGE_SIZE` at a time.
 * @throws ServiceError InvalidArgument for a bad filter value or page token.
 */
export async function listPage(
  listExecutions: (request: object) => Promise<object>,
  scope: { project: string; domain: string },
  form: ListForm,
): Promise<{ executions: ExecutionOut[]; token: string }> {
  const sort = LIST_SORTS[form.sort];
  const answer = await listExecutions({
    id: scope,
    limit: LIST_PAGE_SIZE,
    token: form.token,
    filters: listFilters(form),
    sort_by: { key: sort.key, direction: sort.direction },
  });
  const list = fullMessage('orch.admin.v1.ExecutionList', answer);
  return { executions: list.executions, token: list.token };
}
