import type { ExecutionOut, NodeExecutionListOut } from '../../api/types.js';
import { currentViewerBlock, viewerIsAdmin } from './console-viewer.js';
import { type Html, htmlTemplate } from './html.js';

// The console's views: each renders one page from the data its route gathered. Every value goes
// through the template engine's escaping (see html.ts); only other templates' output and Graphviz's
// SVG are inserted as markup.

/** An execution's closure as the AdminService answers it (full form). */
export type ExecutionClosure = NonNullable<ExecutionOut['closure']>;
/** A node execution as ListNodeExecutions answers it (full form). */
export type NodeExecution = NodeExecutionListOut['node_executions'][number];

/** The console's stylesheet (`/console/assets/console.css`). */
export const CONSOLE_STYLE = `:root{color-scheme:light dark;--bg:#fff;--fg:#1f1f1f;--muted:#595959;--link:#0645ad;
--visited:#5a2d91;--border:#c4c4c4;--code:#f4f4f4;--ok:#17803d;--bad:#b00020;--warn:#7a5c00;--run:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#15171a;--fg:#e8e8e8;--muted:#b0b0b0;--link:#8ab4f8;
--visited:#c8a8ff;--border:#4a4d52;--code:#22252a;--ok:#5fd38a;--bad:#ff8f8f;--warn:#e6c35c;--run:#9db8ff}}
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;background:var(--bg);color:var(--fg);line-height:1.4}
header,main,footer{padding:0 1rem;max-width:100%}@media (min-width:40rem){header,main,footer{padding:0 2rem}}
header{padding-top:1rem;padding-bottom:.5rem;border-bottom:1px solid var(--border);display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between}
header nav{margin:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
footer{margin-top:2rem;border-top:1px solid var(--border);color:var(--muted);font-size:.9rem}
.skip{position:absolute;left:-100rem}.skip:focus{left:1rem;top:1rem;background:var(--bg)}
a{color:var(--link)}a:visited{color:var(--visited)}:focus-visible{outline:2px solid var(--link);outline-offset:2px}
h1,h2,h3{overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}
td,th{border:1px solid var(--border);padding:.3rem .6rem;text-align:left;vertical-align:top}
pre{background:var(--code);padding:.6rem;overflow:auto;max-width:60rem}
input,select,button,textarea{font:inherit;max-width:100%;color:inherit;background:var(--bg);border:1px solid var(--muted);padding:.2rem .4rem}
button{cursor:pointer;background:var(--code)}
.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin-bottom:1rem}
.filters label{display:flex;flex-direction:column;gap:.15rem}
nav a,li>a{display:inline-block;min-height:1.5rem;line-height:1.5rem}li{margin:.25rem 0}\n.crumbs ol{list-style:none;padding:0;margin:1rem 0 0;display:flex;flex-wrap:wrap}.crumbs li{margin:0}\n.crumbs li+li::before{content:'/';padding:0 .4rem;color:var(--muted)}
.phase{font-weight:bold}.SUCCEEDED{color:var(--ok)}.FAILED,.TIMED_OUT,.error{color:var(--bad)}
.ABORTED,.ABORTING{color:var(--warn)}.RUNNING,.QUEUED,.SUCCEEDING,.FAILING{color:var(--run)}
.graph svg{max-width:100%;height:auto}nav{margin-bottom:1rem}.scroll{overflow-x:auto;max-width:100%}
caption{text-align:left;font-weight:bold;padding:.2rem 0}.who{margin:0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.sign-out{margin:0}.sign-in{display:inline-block;padding:.4rem 1rem;border:1px solid var(--link);font-weight:bold}.field{margin:.6rem 0;display:flex;flex-direction:column;gap:.2rem}
.field-error{color:var(--bad)}.type{color:var(--muted)}`;

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
  /** An entity's version page (console-versions.ts). */
  version: (kind: EntityKind, v: ExecutionKey & { version: string }) =>
    `${paths.domain(v.project, v.domain)}/${kind}/${encodeURIComponent(v.name)}/${encodeURIComponent(v.version)}`,
  /** An app's page (console-apps.ts). */
  app: (id: ExecutionKey) =>
    `/console/apps/${encodeURIComponent(id.project)}/${encodeURIComponent(id.domain)}/${encodeURIComponent(id.name)}`,
  watch: (id: ExecutionKey) =>
    `/api/v1/executions/${encodeURIComponent(id.project)}/${encodeURIComponent(id.domain)}/${encodeURIComponent(id.name)}/watch`,
};

/** The kinds of registered entities the console has pages for. */
export type EntityKind = 'tasks' | 'workflows' | 'launch_plans';

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

const pageTemplate = htmlTemplate<{
  crumbs?: readonly Crumb[];
  title: string;
  watch?: string;
  body: Html;
  viewer: Html;
  admin: boolean;
}>(
  'console/layout',
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title><%= it.title %> - orch console</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/console/assets/console.css"></head>
<body<% if (it.watch) { %> data-watch="<%= it.watch %>"<% } %>><a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="console"><a href="/console">orch console</a> <a href="/console/projects">Projects</a> <a href="/console/apps">Apps</a><% if (it.admin) { %> <a href="/console/secrets">Secrets</a> <a href="/console/api-keys">API keys</a><% } %></nav>
<%= it.viewer %></header>
<main id="main">
<% if (it.crumbs && it.crumbs.length) { %><nav aria-label="breadcrumb" class="crumbs"><ol><% for (const c of it.crumbs) { %><li><a href="<%= c.href %>"><%= c.text %></a></li><% } %></ol></nav>
<% } %><%= it.body %>
</main>
<footer><p>orch admin console</p></footer>
<script src="/console/assets/live.js"></script></body></html>`,
);

/** A step of the breadcrumb trail above a page: where it goes and its text. */
export interface Crumb {
  href: string;
  text: string;
}

/**
 * The breadcrumb trail down to a project's domain: console, projects, the project, its domains, the
 * domain (as far as given), then `more`.
 */
export function trail(project?: string, domain?: string, more: readonly Crumb[] = []): Crumb[] {
  const crumbs: Crumb[] = [
    { href: '/console', text: 'console' },
    { href: '/console/projects', text: 'projects' },
  ];
  if (project !== undefined) {
    crumbs.push({ href: paths.project(project), text: project });
    crumbs.push({ href: paths.domains(project), text: 'domains' });
    if (domain !== undefined) crumbs.push({ href: paths.domain(project, domain), text: domain });
  }
  return [...crumbs, ...more];
}

/**
 * Every console page: a header with the console's navigation and who is signed in (see
 * console-viewer.ts), the page's own content as the main landmark (a skip link leads to it), after
 * its breadcrumb trail when given, and a footer.
 */
export const layout = (page: {
  title: string;
  watch?: string;
  body: Html;
  crumbs?: readonly Crumb[];
}): Html => pageTemplate({ ...page, viewer: currentViewerBlock(), admin: viewerIsAdmin() });

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
  return layout({ title: 'Not found', body: notFoundBody({ message }), crumbs: trail().slice(0, 1) });
}

const refusedBody = htmlTemplate<{ heading: string; message: string; back?: string }>(
  'console/refused',
  `<h1><%= it.heading %></h1><p role="alert"><%= it.message %></p><% if (it.back) { %><p><a href="<%= it.back %>">Back</a></p><% } %>`,
);

/** The page of an action that was refused or failed: the reason, and a link back when known. */
export function refusedPage(heading: string, message: string, back?: string): Html {
  return layout({
    title: heading,
    body: refusedBody({ heading, message, back }),
    crumbs: trail().slice(0, 1),
  });
}

const forbiddenBody = htmlTemplate<{ what: string; role?: string }>(
  'console/forbidden-page',
  '<h1>Not allowed</h1><p role="alert">You may not see this: <%= it.what %></p>' +
    '<% if (it.role) { %><p>The role needed: <strong><%= it.role %></strong>. Ask an admin of this server for it.</p><% } %>' +
    '<p><a href="/console">Back to the console</a></p>',
);

/**
 * The 403 page of a read the caller's role does not permit: `what` (the refusal's reason) and, when
 * known, the least role that may (`viewer`, `contributor` or `admin`).
 */
export function forbiddenPage(what: string, role?: string): Html {
  return layout({ title: 'Not allowed', body: forbiddenBody({ what, role }), crumbs: trail().slice(0, 1) });
}

/** The 500 page (the cause is logged, never shown). */
export function errorPage(): Html {
  return layout({ title: 'Error', body: messageBody({ heading: 'Something went wrong' }) });
}

const projectsBody = htmlTemplate<{
  projects: { href: string; id: string; name: string; description: string }[];
}>(
  'console/projects',
  '<h1>Projects</h1><div class="scroll"><table><caption>Projects, newest first</caption><thead><tr><th scope="col">id</th><th scope="col">name</th><th scope="col">description</th></tr></thead><tbody>' +
    '<% for (const p of it.projects) { %><tr><td><a href="<%= p.href %>"><%= p.id %></a></td>' +
    '<td><%= p.name %></td><td><%= p.description %></td></tr><% } %></tbody></table></div>',
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
<% if (d.executions.length) { %><div class="scroll"><table><caption>Recent executions of <%= d.domain %></caption><thead><tr><th scope="col">name</th><th scope="col">launch plan</th><th scope="col">phase</th><th scope="col">created</th></tr></thead><tbody>
<% for (const e of d.executions) { %>
<tr><td><a href="<%= e.href %>"><%= e.name %></a></td><td><%= e.launchPlan %></td><td class="phase <%= e.phase %>"><%= e.phase %></td><td><%= e.created %></td></tr>
<% } %>
</tbody></table></div>
<% } else { %><p>No executions yet.</p><% } %>
<% for (const [heading, rows] of [['Workflows', d.workflows], ['Launch plans', d.launchPlans]]) { %>
<h3><%= heading %></h3>
<% const schedules = rows.some((r) => r.next); %>
<div class="scroll"><table><caption><%= heading %> of <%= d.domain %></caption><thead><tr><th scope="col">name</th><th scope="col">version</th><th scope="col">registered</th><% if (schedules) { %><th scope="col">next run (UTC)</th><% } %></tr></thead><tbody>
<% for (const r of rows) { %>
<tr><td><a href="<%= r.href %>"><%= r.name %></a></td><td><%= r.version %></td><td><%= r.registered %></td><% if (schedules) { %><td><%= r.next %></td><% } %></tr>
<% } %>
</tbody></table></div>
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
    crumbs: trail(),
    title: `Project ${project}`,
    body: projectBody({ project, domainsHref: paths.domains(project), domains: listed }),
  });
}
