import type { ExecutionOut } from '../../api/types.js';
import {
  isLiveList,
  LIST_MODES,
  LIST_PHASES,
  LIST_SORTS,
  type ListForm,
  listQueryString,
} from './console-list.js';
import { durationOf, type EntityKind, isoOf, layout, paths, trail } from './console-views.js';
import type { Html } from './html.js';
import { htmlTemplate } from './html.js';

// The executions list and the workflow and launch plan pages. Every value goes through the template
// engine's escaping (html.ts).

type Option = { value: string; label: string; selected: boolean };

interface ListRow {
  href: string;
  name: string;
  phase: string;
  launchPlan: { href: string; name: string; version: string };
  workflow: { href: string; name: string; version: string };
  principal: string;
  mode: string;
  created: string;
  duration: string;
}

const listBody = htmlTemplate<{
  project: string;
  domain: string;
  projectHref: string;
  action: string;
  form: ListForm;
  phases: Option[];
  modes: Option[];
  sorts: Option[];
  error?: string;
  rowsHtml: Html;
  empty: boolean;
  live?: string;
  nextHref?: string;
  firstHref?: string;
}>(
  'console/executions',
  `<h1>Executions of <a href="<%= it.projectHref %>"><%= it.project %></a>, domain <%= it.domain %></h1>
<form method="get" action="<%= it.action %>" class="filters" role="search" aria-label="Filter executions">
<label>Phase <select name="phase"><option value="">any</option>
<% for (const o of it.phases) { %><option value="<%= o.value %>"<% if (o.selected) { %> selected<% } %>><%= o.label %></option><% } %>
</select></label>
<label>Launch plan <input name="launch_plan" value="<%= it.form.launch_plan %>"></label>
<label>Workflow <input name="workflow" value="<%= it.form.workflow %>"></label>
<label>Launched by <input name="principal" value="<%= it.form.principal %>"></label>
<label>Launch mode <select name="mode"><option value="">any</option>
<% for (const o of it.modes) { %><option value="<%= o.value %>"<% if (o.selected) { %> selected<% } %>><%= o.label %></option><% } %>
</select></label>
<label>Created after (UTC) <input type="datetime-local" name="created_after" value="<%= it.form.created_after %>"></label>
<label>Created before (UTC) <input type="datetime-local" name="created_before" value="<%= it.form.created_before %>"></label>
<label>Name contains <input type="search" name="q" value="<%= it.form.q %>"></label>
<label>Sort <select name="sort">
<% for (const o of it.sorts) { %><option value="<%= o.value %>"<% if (o.selected) { %> selected<% } %>><%= o.label %></option><% } %>
</select></label>
<button type="submit">Filter</button> <a href="<%= it.action %>">Clear</a>
</form>
<% if (it.error) { %><p role="alert" class="error" id="list-error"><%= it.error %></p><% } %>
<% if (it.live) { %><p class="live-note" id="list-live-note">This page shows new executions and phase changes as they happen.</p><p role="status" aria-live="polite" id="list-status"></p>
<% } else if (!it.error) { %><p class="live-note" id="list-live-note">This page does not update by itself: only the first page sorted newest first does.</p>
<% } %>
<div class="scroll"><table<% if (it.live) { %> data-live="<%= it.live %>"<% } %>><caption>Executions</caption><thead><tr><th scope="col">name</th><th scope="col">phase</th><th scope="col">launch plan</th><th scope="col">workflow</th><th scope="col">launched by</th><th scope="col">created (UTC)</th><th scope="col">duration</th></tr></thead><tbody>
<%= it.rowsHtml %></tbody></table></div>
<% if (it.empty && !it.error) { %><p id="list-empty">No executions match.</p><% } %>
<nav aria-label="pages"><% if (it.firstHref) { %><a href="<%= it.firstHref %>">First page</a> <% } %><% if (it.nextHref) { %><a href="<%= it.nextHref %>" rel="next">Next page</a><% } %></nav>
<% if (it.live) { %><script src="/console/assets/list.js"></script><% } %>`,
);

/**
 * The executions table's rows, each `<tr data-name="<execution>">` (the key the list's script
 * matches rows by). Also the whole answer of `?fragment=rows`.
 */
const rowsTemplate = htmlTemplate<{ rows: ListRow[] }>(
  'console/execution-rows',
  `<% for (const r of it.rows) { %>
<tr data-name="<%= r.name %>"><td><a href="<%= r.href %>"><%= r.name %></a></td><td class="phase <%= r.phase %>"><%= r.phase %></td>
<td><a href="<%= r.launchPlan.href %>"><%= r.launchPlan.name %></a> <%= r.launchPlan.version %></td>
<td><a href="<%= r.workflow.href %>"><%= r.workflow.name %></a> <%= r.workflow.version %></td>
<td><%= r.principal %> (<%= r.mode %>)</td><td><%= r.created %></td><td><%= r.duration %></td></tr>
<% } %>`,
);

const options = (values: readonly string[], selected: string, label = (v: string) => v): Option[] =>
  values.map((value) => ({ value, label: label(value), selected: value === selected }));

/** What the executions list page shows. */
export interface ListPageData {
  project: string;
  domain: string;
  form: ListForm;
  executions: readonly ExecutionOut[];
  /** The next page's token ('' on the last page). */
  token: string;
  /** Why the filter was refused, shown above the (empty) table. */
  error?: string;
}

/**
 * `/console/projects/<p>/domains/<d>/executions`: the filter form (a GET form, so a filtered list is
 * a link), a page of executions each linking to its page, its launch plan's and its workflow's, and
 * the next page's link carrying the list's token.
 */
export function executionsPage(data: ListPageData): Html {
  const { project, domain, form } = data;
  const action = paths.executions(project, domain);
  const rows = listRows(project, domain, data.executions);
  const live = isLiveList(form) && !data.error;
  const body = listBody({
    project,
    domain,
    projectHref: paths.project(project),
    action,
    form,
    phases: options(LIST_PHASES, form.phase),
    modes: options(LIST_MODES, form.mode),
    sorts: options(
      Object.keys(LIST_SORTS),
      form.sort,
      (v) => Object.entries(LIST_SORTS).find(([k]) => k === v)?.[1].label ?? v,
    ),
    error: data.error,
    rowsHtml: rowsTemplate({ rows }),
    empty: rows.length === 0,
    live: live ? liveHref(action, form) : undefined,
    nextHref: data.token ? `${action}${listQueryString({ ...form, token: data.token })}` : undefined,
    firstHref: form.token ? `${action}${listQueryString({ ...form, token: '' })}` : undefined,
  });
  return layout({ title: `Executions of ${project}/${domain}`, body, crumbs: trail(project, domain) });
}

/** The rows-only URL of a list (its filters and `fragment=rows`), which the list's script polls. */
const liveHref = (action: string, form: ListForm) => {
  const query = listQueryString(form);
  return `${action}${query ? `${query}&` : '?'}fragment=rows`;
};

/**
 * `?fragment=rows`: only the rows of the list page the same query string shows (no layout, form or
 * paging), for the list's script to swap in.
 */
export function executionRows(project: string, domain: string, executions: readonly ExecutionOut[]): Html {
  return rowsTemplate({ rows: listRows(project, domain, executions) });
}

function listRows(project: string, domain: string, executions: readonly ExecutionOut[]): ListRow[] {
  return executions.map((e): ListRow => {
    const c = e.closure;
    const lp = e.spec?.launch_plan;
    const wf = c?.workflow_id;
    const meta = e.spec?.metadata;
    const name = e.id?.name ?? '';
    return {
      href: paths.execution({ project, domain, name }),
      name,
      phase: String(c?.phase ?? ''),
      launchPlan: {
        href: paths.entity('launch_plans', project, domain, lp?.name ?? ''),
        name: lp?.name ?? '',
        version: lp?.version ?? '',
      },
      workflow: {
        href: paths.entity('workflows', project, domain, wf?.name ?? ''),
        name: wf?.name ?? '',
        version: wf?.version ?? '',
      },
      principal: meta?.principal || 'unknown',
      mode: String(meta?.mode ?? 'MANUAL'),
      created: isoOf(c?.created_at),
      duration: durationOf(c?.duration),
    };
  });
}

/** A version row of a workflow's or launch plan's page. */
interface VersionRow {
  version: string;
  /** The version's page. */
  href: string;
  registered: string;
  launchHref?: string;
  /** A launch plan version's state, its schedule's next fire while active, and the form that flips it. */
  state?: 'ACTIVE' | 'INACTIVE';
  next?: string;
  change?: { href: string; to: 'ACTIVE' | 'INACTIVE'; label: string };
}

const entityBody = htmlTemplate<{
  heading: string;
  name: string;
  scope: string;
  executionsHref?: string;
  versions: VersionRow[];
  plan: boolean;
  csrf?: string;
}>(
  'console/entity',
  `<h1><%= it.heading %> <%= it.name %></h1>
<p><%= it.scope %>.<% if (it.executionsHref) { %> <a href="<%= it.executionsHref %>">Executions of <%= it.name %></a><% } %></p>
<div class="scroll"><table><caption>Versions</caption><thead><tr><th scope="col">version</th><th scope="col">registered (UTC)</th><% if (it.plan) { %><th scope="col">state</th><th scope="col">next fire (UTC)</th><% } %><% if (it.versions.some((v) => v.launchHref)) { %><th scope="col">launch</th><% } %><% if (it.csrf) { %><th scope="col">schedule</th><% } %></tr></thead><tbody>
<% for (const v of it.versions) { %><tr><td><a href="<%= v.href %>"><%= v.version %></a></td><td><%= v.registered %></td><% if (it.plan) { %><td><%= v.state %></td><td><%= v.next %></td><% } %><% if (v.launchHref) { %><td><a href="<%= v.launchHref %>">Launch <%= v.version %></a></td><% } %><% if (it.csrf && v.change) { %><td><form method="post" action="<%= v.change.href %>" class="state"><input type="hidden" name="csrf" value="<%= it.csrf %>"><input type="hidden" name="state" value="<%= v.change.to %>"><button type="submit"><%= v.change.label %></button></form></td><% } %></tr><% } %>
</tbody></table></div>`,
);

/** What a launch plan's page adds to its versions: state, next fire and (when permitted) the state forms. */
export interface PlanVersions {
  /** Each version's state and, for an active scheduled one, its next fire (epoch milliseconds). */
  states: ReadonlyMap<string, { active: boolean; next?: number }>;
  /** The path of a version's state form. */
  stateHref: (version: string) => string;
  /** The console token the forms carry; undefined when the caller may not change states. */
  csrf?: string;
}

/**
 * A workflow's or launch plan's page: its versions (newest first) and a link to its executions
 * (the list filtered by it); a launch plan's versions link to their launch forms and show their
 * state and next fire, with an Activate or Deactivate button when the caller may change it.
 */
export function entityPage(
  kind: EntityKind,
  scope: { project: string; domain: string; name: string },
  versions: readonly { version: string; created_at: number }[],
  launchHref?: (version: string) => string,
  plan?: PlanVersions,
): Html {
  const heading = { workflows: 'Workflow', launch_plans: 'Launch plan', tasks: 'Task' }[kind];
  const filter =
    kind === 'tasks'
      ? undefined
      : kind === 'workflows'
        ? { workflow: scope.name }
        : { launch_plan: scope.name };
  const row = (v: { version: string; created_at: number }): VersionRow => {
    const state = plan?.states.get(v.version);
    const to = state?.active ? 'INACTIVE' : 'ACTIVE';
    return {
      version: v.version,
      href: paths.version(kind, { ...scope, version: v.version }),
      registered: new Date(v.created_at).toISOString(),
      launchHref: launchHref?.(v.version),
      state: plan ? (state?.active ? 'ACTIVE' : 'INACTIVE') : undefined,
      next: state?.active && state.next !== undefined ? new Date(state.next).toISOString() : '',
      change: plan
        ? {
            href: plan.stateHref(v.version),
            to,
            label: `${to === 'ACTIVE' ? 'Activate' : 'Deactivate'} ${v.version}`,
          }
        : undefined,
    };
  };
  const body = entityBody({
    heading,
    name: scope.name,
    scope: `Project ${scope.project}, domain ${scope.domain}`,
    executionsHref: filter && `${paths.executions(scope.project, scope.domain)}${listQueryString(filter)}`,
    versions: versions.map(row),
    plan: plan !== undefined,
    csrf: plan?.csrf,
  });
  return layout({ title: `${heading} ${scope.name}`, body, crumbs: trail(scope.project, scope.domain) });
}
