import type { ExecutionOut, NodeExecutionListOut } from '../../api/types.js';
import { type Html, htmlTemplate } from './html.js';

// The console's views: each renders one page from the data its route gathered. Every value goes
// through the template engine's escaping (see html.ts); only other templates' output and Graphviz's
// SVG are inserted as markup.

/** An execution's closure as the AdminService answers it (full form). */
export type ExecutionClosure = NonNullable<ExecutionOut['closure']>;
/** A node execution as ListNodeExecutions answers it (full form). */
export type NodeExecution = NodeExecutionListOut['node_executions'][number];

/** The console's stylesheet (`/console/assets/console.css`). */
export const CONSOLE_STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;color:#222}
a{color:#0645ad}table{border-collapse:collapse;margin:.5rem 0 1.5rem}
td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;max-width:60rem}
.phase{font-weight:bold}.SUCCEEDED{color:#17803d}.FAILED,.TIMED_OUT{color:#b00020}
.ABORTED,.ABORTING{color:#8a6d00}.RUNNING,.QUEUED,.SUCCEEDING,.FAILING{color:#1d4ed8}
.graph svg{max-width:100%;height:auto}nav{margin-bottom:1rem}`;

/**
 * The console's script (`/console/assets/live.js`). Keeps a running execution's page current:
 * follows the watch stream (Server-Sent Events) of the execution named by `data-watch` on <body>,
 * updates the phase and node phases in place, and reloads once the stream ends so timings, outputs
 * and errors show.
 */
export const LIVE_SCRIPT = `(function(){
var url=document.body.getAttribute('data-watch');if(!url||!window.EventSource)return;
var source=new EventSource(url);
source.onmessage=function(m){var e;try{e=JSON.parse(m.data)}catch(x){return}
var p=document.getElementById('phase');if(p&&e.phase){p.textContent=e.phase;p.className='phase '+e.phase}
if(e.node_id){var n=document.querySelector('[data-node="'+CSS.escape(e.node_id)+'"]');
if(n){n.textContent=e.node_phase;n.className='phase '+e.node_phase}}};
source.addEventListener('end',function(){source.close();location.reload()});
source.addEventListener('error',function(){if(source.readyState===2)setTimeout(function(){location.reload()},2000)});
})();`;

/** Console paths, each segment percent-encoded. */
export const paths = {
  project: (project: string) => `/console/projects/${encodeURIComponent(project)}`,
  execution: (id: ExecutionKey) =>
    `${paths.project(id.project)}/domains/${encodeURIComponent(id.domain)}/executions/${encodeURIComponent(id.name)}`,
  action: (id: ExecutionKey, action: 'terminate' | 'relaunch') => `${paths.execution(id)}/${action}`,
  nodeLog: (id: ExecutionKey, nodeId: string) =>
    `${paths.execution(id)}/nodes/${encodeURIComponent(nodeId)}/log`,
  domains: (project: string) => `${paths.project(project)}/domains`,
  domain: (project: string, domain: string) =>
    `${paths.project(project)}/domains/${encodeURIComponent(domain)}`,
  executions: (project: string, domain: string) => `${paths.domain(project, domain)}/executions`,
  entity: (kind: 'workflows' | 'launch_plans', project: string, domain: string, name: string) =>
    `${paths.domain(project, domain)}/${kind}/${encodeURIComponent(name)}`,
  watch: (id: ExecutionKey) =>
    `/api/v1/executions/${encodeURIComponent(id.project)}/${encodeURIComponent(id.domain)}/${encodeURIComponent(id.name)}/watch`,
};

/** An execution's key: project, domain and name. */
export interface ExecutionKey {
  project: string;
  domain: string;
  name: string;
}

type Seconds = { seconds?: string | number; nanos?: number } | null | undefined;
export const isoOf = (t: Seconds) =>
  t ? new Date(Number(t.seconds ?? 0) * 1000 + Math.floor((t.nanos ?? 0) / 1e6)).toISOString() : '';
const secondsOf = (d: Seconds) => (d ? Number(d.seconds ?? 0) + (d.nanos ?? 0) / 1e9 : undefined);
const formatSeconds = (s: number | undefined) => (s === undefined ? '' : `${s.toFixed(2)}s`);
export const durationOf = (d: Seconds) => formatSeconds(secondsOf(d));
const dateText = (millis: number) => new Date(millis).toISOString();

export const layout = htmlTemplate<{ title: string; watch?: string; body: Html }>(
  'console/layout',
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title><%= it.title %> - orch console</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/console/assets/console.css"></head>
<body<% if (it.watch) { %> data-watch="<%= it.watch %>"<% } %>><nav aria-label="console"><a href="/console">orch console</a></nav>
<main>
<%= it.body %>
</main>
<script src="/console/assets/live.js"></script></body></html>`,
);

const messageBody = htmlTemplate<{ heading: string; message?: string }>(
  'console/message',
  `<h1><%= it.heading %></h1><% if (it.message !== undefined) { %><p><%= it.message %></p><% } %>`,
);

const notFoundBody = htmlTemplate<{ message: string }>(
  'console/not-found',
  '<h1>Not found</h1><p><%= it.message %></p><p><a href="/console">Back to the console</a></p>',
);

/** The 404 page, with the reason and a link back to the console. */
export function notFoundPage(message: string): Html {
  return layout({ title: 'Not found', body: notFoundBody({ message }) });
}

const refusedBody = htmlTemplate<{ heading: string; message: string; back?: string }>(
  'console/refused',
  `<h1><%= it.heading %></h1><p role="alert"><%= it.message %></p><% if (it.back) { %><p><a href="<%= it.back %>">Back</a></p><% } %>`,
);

/** The page of an action that was refused or failed: the reason, and a link back when known. */
export function refusedPage(heading: string, message: string, back?: string): Html {
  return layout({ title: heading, body: refusedBody({ heading, message, back }) });
}

/** The 500 page (the cause is logged, never shown). */
export function errorPage(): Html {
  return layout({ title: 'Error', body: messageBody({ heading: 'Something went wrong' }) });
}

const projectsBody = htmlTemplate<{
  projects: { href: string; id: string; name: string; description: string }[];
}>(
  'console/projects',
  '<h1>Projects</h1><table><tr><th>id</th><th>name</th><th>description</th></tr>' +
    '<% for (const p of it.projects) { %><tr><td><a href="<%= p.href %>"><%= p.id %></a></td>' +
    '<td><%= p.name %></td><td><%= p.description %></td></tr><% } %></table>',
);

/** `/console`: the projects, each linking to its page. */
export function projectsPage(projects: readonly { id: string; name: string; description: string }[]): Html {
  const rows = projects.map((p) => ({
    href: paths.project(p.id),
    id: p.id,
    name: p.name,
    description: p.description,
  }));
  return layout({ title: 'Projects', body: projectsBody({ projects: rows }) });
}

/** Registered entities (workflows or launch plans) as the project page lists them. */
type EntityItem = { name: string; version: string; created_at: number; next_run?: number };

/** What the project page shows of one domain. */
export interface DomainListing {
  domain: string;
  executions: readonly { name: string; launch_plan_name: string; phase: string; created_at: number }[];
  workflows: readonly EntityItem[];
  launchPlans: readonly EntityItem[];
}

type EntityRow = { href: string; name: string; version: string; registered: string; next?: string };
const projectBody = htmlTemplate<{
  project: string;
  domainsHref: string;
  domains: {
    domain: string;
    domainHref: string;
    executionsHref: string;
    executions: { href: string; name: string; launchPlan: string; phase: string; created: string }[];
    workflows: EntityRow[];
    launchPlans: EntityRow[];
  }[];
}>(
  'console/project',
  `<h1>Project <%= it.project %></h1>
<p><a href="<%= it.domainsHref %>">Domains of <%= it.project %></a></p>
<% for (const d of it.domains) { %>
<h2>Domain <a href="<%= d.domainHref %>"><%= d.domain %></a></h2>
<h3>Recent executions</h3>
<p><a href="<%= d.executionsHref %>">All executions of <%= d.domain %>, with filters</a></p>
<table><tr><th>name</th><th>launch plan</th><th>phase</th><th>created</th></tr>
<% for (const e of d.executions) { %>
<tr><td><a href="<%= e.href %>"><%= e.name %></a></td><td><%= e.launchPlan %></td><td class="phase <%= e.phase %>"><%= e.phase %></td><td><%= e.created %></td></tr>
<% } %>
</table>
<% for (const [heading, rows] of [['Workflows', d.workflows], ['Launch plans', d.launchPlans]]) { %>
<h3><%= heading %></h3>
<% const schedules = rows.some((r) => r.next); %>
<table><tr><th>name</th><th>version</th><th>registered</th><% if (schedules) { %><th>next run (UTC)</th><% } %></tr>
<% for (const r of rows) { %>
<tr><td><a href="<%= r.href %>"><%= r.name %></a></td><td><%= r.version %></td><td><%= r.registered %></td><% if (schedules) { %><td><%= r.next %></td><% } %></tr>
<% } %>
</table>
<% } %>
<% } %>
<% if (!it.domains.length) { %><p>Nothing registered yet.</p><% } %>`,
);

/** `/console/projects/<p>`: per domain with anything in it, recent executions, workflows, launch plans. */
export function projectPage(project: string, domains: readonly DomainListing[]): Html {
  const entityRows = (kind: 'workflows' | 'launch_plans', domain: string, rows: readonly EntityItem[]) =>
    rows.map((r) => ({
      href: paths.entity(kind, project, domain, r.name),
      name: r.name,
      version: r.version,
      registered: dateText(r.created_at),
      next: r.next_run === undefined ? '' : dateText(r.next_run),
    }));
  const listed = domains.map((d) => ({
    domain: d.domain,
    domainHref: paths.domain(project, d.domain),
    executionsHref: paths.executions(project, d.domain),
    executions: d.executions.map((e) => ({
      href: paths.execution({ project, domain: d.domain, name: e.name }),
      name: e.name,
      launchPlan: e.launch_plan_name,
      phase: e.phase,
      created: dateText(e.created_at),
    })),
    workflows: entityRows('workflows', d.domain, d.workflows),
    launchPlans: entityRows('launch_plans', d.domain, d.launchPlans),
  }));
  return layout({
    title: `Project ${project}`,
    body: projectBody({ project, domainsHref: paths.domains(project), domains: listed }),
  });
}
