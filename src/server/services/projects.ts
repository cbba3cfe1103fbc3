import type { Project } from '../../api/types.js';
import { isUniqueViolation } from '../db/connect.js';
import type { FieldSpec } from '../db/filters.js';
import { alreadyExists, invalidArgument, notFound } from '../errors.js';
import type { AdminContext, AdminHandlers } from './admin-context.js';
import { DOMAINS, isUnset, listQuery, NAME_PATTERN, pageOf, requireText, withPageToken } from './requests.js';
import { storedStrings } from './stored.js';

/**
 * Bounds of a project's free text, in characters (the reference admin allows 64 for names and 300 for
 * descriptions; labels follow Kubernetes's 63-character keys and values). Without them a 9 MB
 * description was accepted and made every `/console` page 9 MB.
 */
export const PROJECT_TEXT_LIMITS = {
  name: 64,
  description: 300,
  labels: 64,
  labelKey: 63,
  labelValue: 63,
} as const;

/** Filterable fields of projects. */
const PROJECT_FIELDS: Readonly<Record<string, FieldSpec>> = {
  id: { column: 'id', kind: 'text', sortable: true },
  name: { column: 'name', kind: 'text', sortable: true },
  description: { column: 'description', kind: 'text', sortable: true },
  created_at: { column: 'created_at', kind: 'time', sortable: true },
  state: { column: 'state', kind: 'enum', values: { ACTIVE: 0, ARCHIVED: 1, SYSTEM_GENERATED: 2 } },
};

/**
 * A project's state as UpdateProject takes it (a ProjectState name, or its number on the wire:
 * proto/orch/admin/v1/project.proto), to the number `projects.state` stores. The stored numbers are the
 * table's own (0 active, 1 archived, 2 system-generated) and differ from the wire numbers, which
 * start at 1 since 0 is PROJECT_STATE_UNSPECIFIED.
 */
const PROJECT_STATES: Record<string, number> = {
  ACTIVE: 0,
  ARCHIVED: 1,
  SYSTEM_GENERATED: 2,
  '1': 0,
  '2': 1,
  '3': 2,
};

/** The ProjectState names of the stored numbers of `projects.state`. */
const STORED_PROJECT_STATES = ['ACTIVE', 'ARCHIVED', 'SYSTEM_GENERATED'] as const;

/** The handlers of AdminService's projects and domains. */
export function projectHandlers(
  ctx: AdminContext,
): Pick<AdminHandlers, 'RegisterProject' | 'GetProject' | 'ListProjects' | 'UpdateProject' | 'GetDomains'> {
  const { repo } = ctx;
  return {
    async RegisterProject(request) {
      const project = request.project;
      const id = requireText(project?.id, 'project.id');
      if (!NAME_PATTERN.test(id))
        throw invalidArgument(`project.id "${id}" must match ${NAME_PATTERN.source}`);
      try {
        await repo.insertProject({
          id,
          ...projectTexts({ ...project, id }, 'project.'),
          state: 0,
          created_at: ctx.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyExists(`project "${id}" already exists`);
        throw error;
      }
      return {};
    },

    async GetProject(request) {
      const id = requireText(request.id, 'id');
      const row = await repo.getProject(id);
      if (!row) throw notFound(`project "${id}" does not exist`);
      return projectMessage(row);
    },

    async ListProjects(request) {
      // Projects list in id order unless asked otherwise (other lists: newest first).
      const sortBy = request.sort_by;
      const query = listQuery<'projects'>(
        {
          filters: request.filters,
          sort_by: sortBy?.key ? sortBy : { key: 'id', direction: 'ASCENDING' },
        },
        PROJECT_FIELDS,
      );
      const page = await withPageToken(() => repo.listProjects(pageOf(request), query));
      return { projects: page.rows.map(projectMessage), token: page.token };
    },

    async UpdateProject(request) {
      const id = requireText(request.id, 'id');
      const state = PROJECT_STATES[String(request.state ?? '')];
      if (state === undefined)
        throw invalidArgument(
          isUnset(request.state)
            ? "state is required (ACTIVE or ARCHIVED): UpdateProject replaces it, so give the project's current one to keep it"
            : `state ${String(request.state)} is not one of ACTIVE, ARCHIVED`,
        );
      const updated = await repo.updateProject(id, {
        ...projectTexts({ ...request, id }, ''),
        state,
      });
      if (!updated) throw notFound(`project "${id}" does not exist`);
      return {};
    },

    async GetDomains() {
      return { domains: DOMAINS.map((d) => ({ id: d, name: d })) };
    },
  };
}

/**
 * The name, description and labels of a project message, checked against {@link PROJECT_TEXT_LIMITS}
 * (and their types: in-process callers send plain objects).
 * @param prefix the field path in the request (`project.` for RegisterProject, `` for UpdateProject)
 * @throws ServiceError INVALID_ARGUMENT naming the field that is too long or of the wrong type
 */
function projectTexts(
  project: { id: string; name?: unknown; description?: unknown; labels?: unknown },
  prefix: string,
): { name: string; description: string; labels: string } {
  const text = (value: unknown, field: string, max: number): string => {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw invalidArgument(`${prefix}${field} must be a string`);
    if (value.length > max)
      throw invalidArgument(
        `${prefix}${field} is ${value.length} characters long; at most ${max} are allowed`,
      );
    return value;
  };
  const name = text(project.name, 'name', PROJECT_TEXT_LIMITS.name);
  const description = text(project.description, 'description', PROJECT_TEXT_LIMITS.description);
  const labels = project.labels ?? {};
  if (typeof labels !== 'object' || Array.isArray(labels))
    throw invalidArgument(`${prefix}labels must be a map of strings`);
  const entries: [string, unknown][] = Object.entries(labels);
  if (entries.length > PROJECT_TEXT_LIMITS.labels)
    throw invalidArgument(
      `${prefix}labels has ${entries.length} entries; at most ${PROJECT_TEXT_LIMITS.labels} are allowed`,
    );
  for (const [key, value] of entries) {
    if (key.length > PROJECT_TEXT_LIMITS.labelKey)
      throw invalidArgument(
        `${prefix}labels key "${key.slice(0, 70)}..." is longer than ${PROJECT_TEXT_LIMITS.labelKey} characters`,
      );
    text(value, `labels.${key}`, PROJECT_TEXT_LIMITS.labelValue);
  }
  return { name: name || project.id, description, labels: JSON.stringify(labels) };
}

/** The Project message of a row. */
function projectMessage(row: {
  id: string;
  name: string;
  description: string;
  labels: string;
  state: number;
}): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    labels: storedStrings(row.labels, 'projects.labels'),
    state: projectState(row.state),
    domains: DOMAINS.map((d) => ({ id: d, name: d })),
  };
}

/** A stored project state (`projects.state`) as its ProjectState name. @throws Error for a number that is none. */
function projectState(state: number): (typeof STORED_PROJECT_STATES)[number] {
  const name = STORED_PROJECT_STATES[state];
  if (name === undefined) throw new Error(`projects.state holds ${state}, which is not a ProjectState`);
  return name;
}
