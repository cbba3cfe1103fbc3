import { stringifyExactJson } from '../../api/exact-json.js';
import { literalMapToJson } from '../../api/literals.js';
import { TERMINAL_PHASES } from '../../api/types.js';
import type { TimedText } from '../runtime/log-times.js';
import { type BlobLinks, renderLiteralMap } from './console-execution-literals.js';
import type { AttemptLogView } from './console-execution-logs.js';
import { renderTimeline, timelineRows } from './console-execution-timeline.js';
import {
  durationOf,
  type ExecutionClosure,
  type ExecutionKey,
  isoOf,
  layout,
  type NodeExecution,
  paths,
} from './console-views.js';
import { Html, htmlTemplate } from './html.js';

// The execution page: its view, the data it is rendered from, and the workflow graph it draws.
// Every value goes through the template engine's escaping (see html.ts); only other templates'
// output and Graphviz's SVG are inserted as markup.

const jsonText = (value: unknown) => stringifyExactJson(value, 2);

interface NodeRow {
  id: string;
  phase: string;
  phaseText: string;
  started: string;
  duration: string;
  error: string;
  attempts: string[];
  cache: string;
  logHref?: string;
}

/** A node's inline log block: its attempts' log ends, and the follow stream while it runs. */
interface NodeLogBlock {
  id: string;
  phase: string;
  downloadHref: string;
  downloadName: string;
  /** The follow stream's URL while an attempt of the node runs. */
  follow?: string;
  attempts: { attempt: number; heading: string; stdout: LogPiece[]; stderr: LogPiece[]; cut: boolean }[];
}

/** A piece of a shown log: a line start with its time (ISO and `HH:MM:SS.mmm` UTC), or text. */
interface LogPiece {
  iso?: string;
  short?: string;
  text: string;
}

/** Log pieces as the page shows them (log-times.ts's pieces with their times written out). */
const logPieces = (pieces: readonly TimedText[]): LogPiece[] =>
  pieces.map((p) => {
    if (p.at === undefined) return { text: p.text };
    const iso = new Date(p.at).toISOString();
    return { iso, short: iso.slice(11, 23), text: p.text };
  });

/** The header's workflow: its name and version, linked to the version's page when known. */
function workflowLink(id: ExecutionKey, wf: { name?: string; version?: string } | null | undefined) {
  const name = wf?.name ?? '';
  const version = wf?.version ?? '';
  return {
    name,
    version,
    href: name && version ? paths.version('workflows', { ...id, name, version }) : undefined,
  };
}

/** How the header says the execution was launched. */
interface LaunchLine {
  mode: string;
  principal: string;
  launchPlan?: { href: string; versionHref: string; name: string; version: string };
  tick?: string;
  reference?: { href: string; name: string };
  annotations: AnnotationView[];
  relaunches: { href: string; name: string }[];
}

const executionBody = htmlTemplate<{
  id: ExecutionKey;
  watch?: string;
  projectHref: string;
  domainHref: string;
  workflow: { name: string; version: string; href?: string };
  phase: string;
  created: string;
  started: string;
  duration: string;
  launch: LaunchLine;
  timeline: Html;
  inputs: Html;
  inputsJson: string;
  outputs?: Html;
  outputsJson?: string;
  error?: string;
  failing?: { node: string; attempt: number; text: string; href: string };
  nodes: NodeRow[];
  logs: NodeLogBlock[];
  graph?: Html;
  actions?: ExecutionActions;
}>(
  'console/execution',
  `<link rel="stylesheet" href="/console/assets/execution.css">
<div id="execution"<% if (it.watch) { %> data-watch="<%= it.watch %>"<% } %>>
<h1>Execution <%= it.id.name %></h1>
<p>Project <a href="<%= it.projectHref %>"><%= it.id.project %></a>, domain <a href="<%= it.domainHref %>"><%= it.id.domain %></a>, workflow <% if (it.workflow.href) { %><a href="<%= it.workflow.href %>"><%= it.workflow.name %> <%= it.workflow.version %></a><% } else { %><%= it.workflow.name %> <%= it.workflow.version %><% } %></p>
<table id="summary" aria-label="Summary">
<tr><th>phase</th><td id="phase" class="phase <%= it.phase %>"><%= it.phase %></td></tr>
<tr><th>duration</th><td id="duration"><%= it.duration %></td></tr>
<tr><th>created</th><td><%= it.created %></td></tr>
<tr><th>started</th><td><%= it.started %></td></tr>
<tr><th>launched by</th><td id="principal"><%= it.launch.principal || 'not recorded' %></td></tr>
<tr><th>launched</th><td id="launch"><% const lp = it.launch.launchPlan; %>
<% if (it.launch.mode === 'SCHEDULED') { %>by the schedule of<% } else if (it.launch.mode === 'RELAUNCH' && it.launch.reference) { %>as a relaunch of <a id="reference" href="<%= it.launch.reference.href %>"><%= it.launch.reference.name %></a>, from<% } else if (it.launch.mode === 'RELAUNCH') { %>as a relaunch (the execution it relaunched is not recorded) of<% } else if (it.launch.mode === 'SYSTEM') { %>by the system, of<% } else { %>manually, from<% } %>
<% if (lp) { %> launch plan <a href="<%= lp.href %>"><%= lp.name %></a> version <a href="<%= lp.versionHref %>"><%= lp.version %></a><% } else { %> an unknown launch plan<% } %><% if (it.launch.tick) { %>, for its tick of <time datetime="<%= it.launch.tick %>"><%= it.launch.tick %></time><% } %>
</td></tr>
<% if (it.launch.relaunches.length) { %><tr><th>relaunched as</th><td id="relaunches"><% it.launch.relaunches.forEach((r, i) => { %><% if (i) { %>, <% } %><a href="<%= r.href %>"><%= r.name %></a><% }) %></td></tr>
<% } %>
<% if (it.launch.annotations.length) { %><tr><th>annotations</th><td id="annotations"><ul class="annotations">
<% for (const a of it.launch.annotations) { %><li><% if (a.href) { %><a href="<%= a.href %>" rel="noopener noreferrer" title="<%= a.key %>: <%= a.value %>"><%= a.label %></a><% } else { %><code><%= a.key %></code> <%= a.value %><% } %></li>
<% } %></ul></td></tr>
<% } %>
</table>
<section id="timeline" aria-labelledby="timeline-heading"><h2 id="timeline-heading">Timeline</h2>
<div class="timeline-box"><%= it.timeline %></div>
<p class="legend">Bars: <span class="key queued">queued</span> <span class="key RUNNING">running</span> <span class="key SUCCEEDED">succeeded</span> <span class="key FAILED">failed</span> <span class="key cache-hit">cache hit</span>; each attempt is its own bar. Hover a bar for its duration.</p>
</section>
<section id="io">
<h2 id="inputs-heading">Inputs</h2><%= it.inputs %>
<details><summary>Inputs as JSON</summary><pre id="inputs"><%= it.inputsJson %></pre></details>
<% if (it.outputs !== undefined) { %><h2 id="outputs-heading">Outputs</h2><%= it.outputs %>
<details><summary>Outputs as JSON</summary><pre id="outputs"><%= it.outputsJson %></pre></details>
<% } %><% if (it.error !== undefined) { %><h2>Error</h2><pre id="error"><%= it.error %></pre>
<% if (it.failing) { %><h3>End of the stderr of <a href="<%= it.failing.href %>"><%= it.failing.node %></a>, attempt <%= it.failing.attempt %></h3>
<pre class="log stderr" aria-label="stderr of the failing node <%= it.failing.node %>"><%= it.failing.text %></pre>
<% } %><% } %>
</section>
<section id="nodes" aria-labelledby="nodes-heading">
<h2 id="nodes-heading">Nodes</h2>
<div class="scroll"><table aria-label="Nodes"><tr><th>node</th><th>phase</th><th>started</th><th>duration</th><th>error</th><th>attempts</th><th>cache</th><th>log</th></tr>
<% for (const n of it.nodes) { %>
<tr id="node-<%= n.id %>"><td><%= n.id %></td>
<td class="phase <%= n.phase %>" data-node="<%= n.id %>"><%= n.phaseText %></td>
<td><%= n.started %></td><td><%= n.duration %></td><td><%= n.error %></td>
<td><% n.attempts.forEach((a, i) => { %><% if (i) { %><br><% } %><%= a %><% }) %></td>
<td class="cache" data-cache="<%= n.id %>"><%= n.cache %></td>
<td><% if (n.logHref) { %><a href="#log-<%= n.id %>">log</a> <a href="<%= n.logHref %>" download="<%= n.id %>.log">download</a><% } %></td></tr>
<% } %>
</table></div>
</section>
<% if (it.actions) { %>
<h2>Actions</h2>
<% if (it.actions.terminate) { %>
<form method="post" action="<%= it.actions.terminate %>" class="action" aria-label="Terminate">
<input type="hidden" name="csrf" value="<%= it.actions.csrf %>">
<label>Reason <input name="cause" maxlength="1024" placeholder="terminated by request"></label>
<button type="submit">Terminate</button>
</form>
<% } %>
<% if (it.actions.relaunch) { %>
<form method="post" action="<%= it.actions.relaunch %>" class="action" aria-label="Relaunch">
<input type="hidden" name="csrf" value="<%= it.actions.csrf %>">
<button type="submit">Relaunch with the same inputs</button>
</form>
<% } %>
<% } %>
<% if (it.graph) { %><section id="graph"><h2>Graph</h2><%= it.graph %></section><% } %>
<section id="logs" aria-labelledby="logs-heading"><h2 id="logs-heading">Logs</h2>
<% if (!it.logs.length) { %><p>No node has run yet.</p><% } %>
<% for (const l of it.logs) { %>
<details id="log-<%= l.id %>" class="node-log" data-node-log="<%= l.id %>"<% if (l.follow) { %> data-follow="<%= l.follow %>" open<% } %>>
<summary>Log of <%= l.id %> (<%= l.phase %>)</summary>
<p><a href="<%= l.downloadHref %>" download="<%= l.downloadName %>">Download the log of <%= l.id %></a> (<a href="<%= l.downloadHref %>?timestamps=true" download="<%= l.id %>.timestamps.log">with timestamps</a>)</p>
<% for (const a of l.attempts) { %><div class="attempt" data-attempt="<%= a.attempt %>"><h3><%= a.heading %></h3>
<% if (a.cut) { %><p>Only the end is shown; the download has it all.</p><% } %>
<pre class="log" data-log="<%= a.attempt %>-stdout" aria-label="<%= l.id %> attempt <%= a.attempt %> stdout"><% for (const p of a.stdout) { %><% if (p.iso) { %><time class="ts" datetime="<%= p.iso %>" title="<%= p.iso %>"><%= p.short %></time><% } %><%= p.text %><% } %></pre>
<pre class="log stderr" data-log="<%= a.attempt %>-stderr" aria-label="<%= l.id %> attempt <%= a.attempt %> stderr"><% for (const p of a.stderr) { %><% if (p.iso) { %><time class="ts" datetime="<%= p.iso %>" title="<%= p.iso %>"><%= p.short %></time><% } %><%= p.text %><% } %></pre>
</div>
<% } %></details>
<% } %>
</section>
</div>
<script src="/console/assets/execution.js"></script>`,
);

const graphBlock = htmlTemplate<{ svg?: Html }>(
  'console/graph',
  '<% if (it.svg) { %><div class="graph"><%= it.svg %></div><% } else { %><p>The graph could not be drawn.</p><% } %>',
);

/**
 * The actions the execution page offers the caller: the form URLs of those its role permits, and
 * the cross-site request token the forms carry.
 */
export interface ExecutionActions {
  csrf: string;
  terminate?: string;
  relaunch?: string;
}

/** How an execution was launched, as its record says (ExecutionSpec's metadata and launch plan). */
export interface LaunchInfo {
  /** MANUAL, SCHEDULED, SYSTEM or RELAUNCH. */
  mode: string;
  /** Who launched it (an authenticated subject; `orch-scheduler` for the schedule). */
  principal: string;
  launchPlan?: { name: string; version: string };
  /** The schedule tick a SCHEDULED execution was launched for, milliseconds since the epoch. */
  tickAt?: number;
  /** The execution a relaunch relaunched (metadata.reference_execution). */
  reference?: ExecutionKey;
  /** ExecutionSpec's annotations. */
  annotations?: Readonly<Record<string, string>>;
  /** The names of the executions that relaunched this one (same project and domain). */
  relaunches?: readonly string[];
}

/** The annotations the header shows as links (when their value is an http(s) URL), with their link text. */
export const LINKED_ANNOTATIONS: Readonly<Record<string, string>> = {
  'orch.dev/pull-request': 'pull request',
  'orch.dev/commit': 'commit',
};

/** `value` when it is an absolute http: or https: URL (a link to follow), else undefined. */
function webUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An annotation as the header shows it: a link for a well-known one holding a web URL, else its key and value. */
interface AnnotationView {
  key: string;
  value: string;
  href?: string;
  label?: string;
}

const annotationViews = (annotations: Readonly<Record<string, string>> = {}): AnnotationView[] =>
  Object.entries(annotations)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => {
      const label = LINKED_ANNOTATIONS[key];
      const href = label ? webUrl(value) : undefined;
      return href && label ? { key, value, href, label } : { key, value };
    });

/** What the execution page shows; gathered through the AdminService like any client. */
export interface ExecutionPageData {
  id: ExecutionKey;
  closure: ExecutionClosure | null;
  /** The execution's inputs (GetExecutionData's `full_inputs`). */
  inputs: LiteralMapLike;
  /** The node ids in the workflow's order (else the order ListNodeExecutions gave). */
  nodeIds: readonly string[];
  nodes: readonly NodeExecution[];
  /** The workflow's graph as SVG; 'failed' when it could not be drawn; undefined without a workflow. */
  graph: Html | 'failed' | undefined;
  /** The actions the caller may take (terminate only while the execution runs). */
  actions?: ExecutionActions;
  launch?: LaunchInfo;
  /** Signed download URLs of the blobs among the inputs and outputs, by native URL. */
  blobLinks?: BlobLinks;
  /** Each node's attempts' log ends, by node id. */
  logs?: ReadonlyMap<string, readonly AttemptLogView[]>;
  /** Now, milliseconds since the epoch (where unfinished timeline bars end). @default Date.now() */
  now?: number;
}

/** A LiteralMap as the AdminService answers it. */
type LiteralMapLike = Parameters<typeof literalMapToJson>[0];

/** A node's row: phase, timing, error, attempts, cache status and, once it ran, its log link. */
function nodeRow(id: ExecutionKey, nodeId: string, node: NodeExecution | undefined): NodeRow {
  const c = node?.closure;
  const cache = c?.cache_status && c.cache_status !== 'CACHE_DISABLED' ? c.cache_status : '';
  return {
    id: nodeId,
    phase: c?.phase ?? '',
    phaseText: c?.phase ?? 'UNDEFINED',
    started: isoOf(c?.started_at),
    duration: durationOf(c?.duration),
    error: c?.error ? `${c.error.kind} ${c.error.code}: ${c.error.message}` : '',
    attempts: (c?.task_attempts ?? []).map(
      (a) =>
        `#${a.attempt} ${a.phase} ${durationOf(a.duration)}${a.error ? ` ${a.error.kind}: ${a.error.message}` : ''}`,
    ),
    cache,
    logHref: node ? paths.nodeLog(id, nodeId) : undefined,
  };
}

/** The console path of a node's log follow stream (Server-Sent Events). */
export const followPath = (id: ExecutionKey, nodeId: string) => `${paths.nodeLog(id, nodeId)}/follow`;

/** Each node's inline log block, in `nodeIds` order, for the nodes that ran. */
function logBlocks(data: ExecutionPageData, nodes: ReadonlyMap<string, NodeExecution>): NodeLogBlock[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  return data.nodeIds.flatMap((nodeId) => {
    const attempts = data.logs?.get(nodeId);
    if (!attempts?.length) return [];
    return [
      {
        id: nodeId,
        phase: nodes.get(nodeId)?.closure?.phase ?? 'UNDEFINED',
        downloadHref: paths.nodeLog(data.id, nodeId),
        downloadName: `${nodeId}.log`,
        follow: attempts.some((a) => a.endedAt === null) ? followPath(data.id, nodeId) : undefined,
        attempts: attempts.map((a) => ({
          attempt: a.attempt,
          heading: `Attempt ${a.attempt}, ${a.phase}, started ${iso(a.startedAt)}${a.endedAt === null ? '' : `, ended ${iso(a.endedAt)} (${((a.endedAt - a.startedAt) / 1000).toFixed(2)}s)`}`,
          stdout: logPieces(a.stdoutLines),
          stderr: logPieces(a.stderrLines),
          cut: a.cut,
        })),
      },
    ];
  });
}

/** The failing node's last attempt's stderr end (its last 40 lines), for the error section. */
function failingStderr(data: ExecutionPageData, nodes: ReadonlyMap<string, NodeExecution>) {
  const node = data.nodeIds.find((n) => nodes.get(n)?.closure?.error);
  const last = node ? data.logs?.get(node)?.at(-1) : undefined;
  if (!node || !last) return undefined;
  const text = last.stderr.replace(/\n$/, '').split('\n').slice(-40).join('\n');
  return { node, attempt: last.attempt, text, href: `#log-${node}` };
}

/** The header's launch line: mode, principal, the launch plan's link, a schedule's tick. */
function launchLine(id: ExecutionKey, launch: LaunchInfo | undefined): LaunchLine {
  const lp = launch?.launchPlan;
  return {
    mode: launch?.mode ?? 'MANUAL',
    principal: launch?.principal ?? '',
    launchPlan: lp
      ? {
          ...lp,
          href: paths.entity('launch_plans', id.project, id.domain, lp.name),
          versionHref: paths.version('launch_plans', { ...id, ...lp }),
        }
      : undefined,
    tick: launch?.tickAt === undefined ? undefined : new Date(launch.tickAt).toISOString(),
    reference: launch?.reference
      ? { href: paths.execution(launch.reference), name: launch.reference.name }
      : undefined,
    annotations: annotationViews(launch?.annotations),
    relaunches: (launch?.relaunches ?? []).map((name) => ({ href: paths.execution({ ...id, name }), name })),
  };
}

/**
 * `/console/projects/<p>/domains/<d>/executions/<name>`: the header (phase, duration, who launched
 * it and from what), a timeline of the nodes' attempts, typed inputs and outputs, the error with
 * the failing node's stderr end, the nodes, the workflow's graph and each node's log; a running
 * execution's page carries the watch stream's URL and each running node its log's follow stream,
 * for the page's script (`/console/assets/execution.js`).
 */
export function executionPage(data: ExecutionPageData): Html {
  const { id, closure } = data;
  const phase = closure?.phase ?? 'UNDEFINED';
  const error = closure?.error;
  const byId = new Map(data.nodes.map((n) => [n.id?.node_id ?? '', n]));
  const links = data.blobLinks ?? new Map();
  const rows = timelineRows(closure, data.nodeIds, byId, data.now ?? Date.now(), (n) => `#node-${n}`);
  // A finished execution's page does not follow the watch stream.
  const watch = TERMINAL_PHASES.has(phase) ? undefined : paths.watch(id);
  const body = executionBody({
    id,
    watch,
    projectHref: paths.project(id.project),
    domainHref: paths.domain(id.project, id.domain),
    workflow: workflowLink(id, closure?.workflow_id),
    phase,
    created: isoOf(closure?.created_at),
    started: isoOf(closure?.started_at),
    duration: durationOf(closure?.duration),
    launch: launchLine(id, data.launch),
    timeline: renderTimeline(rows),
    inputs: renderLiteralMap('Inputs', data.inputs, links),
    inputsJson: jsonText(literalMapToJson(data.inputs)),
    outputs: closure?.outputs ? renderLiteralMap('Outputs', closure.outputs, links) : undefined,
    outputsJson: closure?.outputs ? jsonText(literalMapToJson(closure.outputs)) : undefined,
    error: error ? `${error.kind} ${error.code}: ${error.message}` : undefined,
    failing: error ? failingStderr(data, byId) : undefined,
    nodes: data.nodeIds.map((nodeId) => nodeRow(id, nodeId, byId.get(nodeId))),
    logs: logBlocks(data, byId),
    graph: data.graph ? graphBlock({ svg: data.graph === 'failed' ? undefined : data.graph }) : undefined,
    actions:
      data.actions && (data.actions.terminate || data.actions.relaunch)
        ? { ...data.actions, terminate: TERMINAL_PHASES.has(phase) ? undefined : data.actions.terminate }
        : undefined,
  });
  return layout({ title: `Execution ${id.name}`, body });
}

/**
 * A DOT graph of a workflow's nodes (boxes, filled by phase, each linking to its row `#node-<id>` of
 * the execution page's nodes table), start and end, edges by dependency.
 */
export function workflowDot(
  nodes: readonly { id: string; upstream_node_ids: readonly string[] }[],
  phases: ReadonlyMap<string, string> = new Map(),
): string {
  const inner = (text: string) =>
    text
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/[\r\n]/g, ' ');
  const q = (text: string) => `"${inner(text)}"`;
  const fill: Record<string, string> = {
    SUCCEEDED: '#c8f0d2',
    FAILED: '#f8c8cf',
    TIMED_OUT: '#f8c8cf',
    RUNNING: '#cfe0ff',
    ABORTED: '#f5e6b0',
  };
  const lines = [
    'digraph workflow {',
    '  rankdir=LR;',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff"];',
  ];
  lines.push(
    '  "start-node" [shape=circle, label="start"];',
    '  "end-node" [shape=doublecircle, label="end"];',
  );
  const downstream = new Set(nodes.flatMap((n) => n.upstream_node_ids));
  for (const node of nodes) {
    const phase = phases.get(node.id);
    const color = phase ? fill[phase] : undefined;
    lines.push(
      `  ${q(node.id)} [label=${phase ? `"${inner(node.id)}\\n${inner(phase)}"` : q(node.id)}${color ? `, fillcolor=${q(color)}` : ''}, href=${q(`#node-${node.id}`)}, tooltip=${q(node.id)}];`,
    );
    if (!node.upstream_node_ids.length) lines.push(`  "start-node" -> ${q(node.id)};`);
    for (const up of node.upstream_node_ids) lines.push(`  ${q(up)} -> ${q(node.id)};`);
    if (!downstream.has(node.id)) lines.push(`  ${q(node.id)} -> "end-node";`);
  }
  lines.push('}');
  return lines.join('\n');
}

let vizInstance: Promise<{ renderString(dot: string, options: { format: 'svg' }): string }> | undefined;

/** Graphs drawn lately, by their DOT text: a page shown again (a finished execution) is not redrawn. */
const drawn = new Map<string, Html>();
/** How many drawn graphs {@link workflowSvg} keeps (the least recently used goes first). */
const DRAWN_KEPT = 64;

/**
 * A workflow's graph ({@link workflowDot}) as SVG markup, drawn by Graphviz compiled to WASM
 * (@viz-js/viz, loaded on first use); the last {@link DRAWN_KEPT} drawings are kept by DOT text.
 * Graphviz escapes labels in its SVG.
 * @throws Error when Graphviz cannot draw it.
 */
export async function workflowSvg(
  nodes: readonly { id: string; upstream_node_ids: readonly string[] }[],
  phases: ReadonlyMap<string, string>,
): Promise<Html> {
  const dot = workflowDot(nodes, phases);
  const kept = drawn.get(dot);
  if (kept) {
    drawn.delete(dot);
    drawn.set(dot, kept);
    return kept;
  }
  vizInstance ??= import('@viz-js/viz').then((m) => m.instance());
  const svg = (await vizInstance).renderString(dot, { format: 'svg' });
  // The XML prolog and doctype are not wanted inside HTML.
  const html = new Html(svg.replace(/^[\s\S]*?(<svg\b)/, '$1'));
  drawn.set(dot, html);
  for (const oldest of drawn.keys()) {
    if (drawn.size <= DRAWN_KEPT) break;
    drawn.delete(oldest);
  }
  return html;
}
