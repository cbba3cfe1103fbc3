import { stringifyExactJson } from '../../api/exact-json.js';
import { literalMapToJson } from '../../api/literals.js';
import { TERMINAL_PHASES } from '../../api/types.js';
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

const executionBody = htmlTemplate<{
  id: ExecutionKey;
  projectHref: string;
  domainHref: string;
  workflow: { name: string; version: string };
  phase: string;
  created: string;
  started: string;
  duration: string;
  inputs: string;
  outputs?: string;
  error?: string;
  nodes: NodeRow[];
  graph?: Html;
  actions?: ExecutionActions;
}>(
  'console/execution',
  `<h1>Execution <%= it.id.name %></h1>
<p>Project <a href="<%= it.projectHref %>"><%= it.id.project %></a>, domain <a href="<%= it.domainHref %>"><%= it.id.domain %></a>, workflow <%= it.workflow.name %> <%= it.workflow.version %></p>
<table>
<tr><th>phase</th><td id="phase" class="phase <%= it.phase %>"><%= it.phase %></td></tr>
<tr><th>created</th><td><%= it.created %></td></tr>
<tr><th>started</th><td><%= it.started %></td></tr>
<tr><th>duration</th><td id="duration"><%= it.duration %></td></tr>
</table>
<h2>Inputs</h2><pre id="inputs"><%= it.inputs %></pre>
<% if (it.outputs !== undefined) { %><h2>Outputs</h2><pre id="outputs"><%= it.outputs %></pre>
<% } %><% if (it.error !== undefined) { %><h2>Error</h2><pre id="error"><%= it.error %></pre>
<% } %>
<h2>Nodes</h2>
<table><tr><th>node</th><th>phase</th><th>started</th><th>duration</th><th>error</th><th>attempts</th><th>cache</th><th>log</th></tr>
<% for (const n of it.nodes) { %>
<tr><td><%= n.id %></td>
<td class="phase <%= n.phase %>" data-node="<%= n.id %>"><%= n.phaseText %></td>
<td><%= n.started %></td><td><%= n.duration %></td><td><%= n.error %></td>
<td><% n.attempts.forEach((a, i) => { %><% if (i) { %><br><% } %><%= a %><% }) %></td>
<td class="cache" data-cache="<%= n.id %>"><%= n.cache %></td>
<td><% if (n.logHref) { %><a href="<%= n.logHref %>">log</a><% } %></td></tr>
<% } %>
</table>
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
<% if (it.graph) { %><h2>Graph</h2><%= it.graph %><% } %>`,
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

/** What the execution page shows; gathered through the AdminService like any client. */
export interface ExecutionPageData {
  id: ExecutionKey;
  closure: ExecutionClosure | null;
  /** The execution's inputs (GetExecutionData's `full_inputs`). */
  inputs: Parameters<typeof literalMapToJson>[0];
  /** The node ids in the workflow's order (else the order ListNodeExecutions gave). */
  nodeIds: readonly string[];
  nodes: readonly NodeExecution[];
  /** The workflow's graph as SVG; 'failed' when it could not be drawn; undefined without a workflow. */
  graph: Html | 'failed' | undefined;
  /** The actions the caller may take (terminate only while the execution runs). */
  actions?: ExecutionActions;
}

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

/**
 * `/console/projects/<p>/domains/<d>/executions/<name>`: phase, timing, inputs, outputs, error,
 * nodes with their attempts and log links, the workflow's graph; a running execution's page carries
 * the watch stream's URL for the live script.
 */
export function executionPage(data: ExecutionPageData): Html {
  const { id, closure } = data;
  const phase = closure?.phase ?? 'UNDEFINED';
  const error = closure?.error;
  const body = executionBody({
    id,
    projectHref: paths.project(id.project),
    domainHref: paths.domain(id.project, id.domain),
    workflow: { name: closure?.workflow_id?.name ?? '', version: closure?.workflow_id?.version ?? '' },
    phase,
    created: isoOf(closure?.created_at),
    started: isoOf(closure?.started_at),
    duration: durationOf(closure?.duration),
    inputs: jsonText(literalMapToJson(data.inputs)),
    outputs: closure?.outputs ? jsonText(literalMapToJson(closure.outputs)) : undefined,
    error: error ? `${error.kind} ${error.code}: ${error.message}` : undefined,
    nodes: data.nodeIds.map((nodeId) =>
      nodeRow(
        id,
        nodeId,
        data.nodes.find((n) => n.id?.node_id === nodeId),
      ),
    ),
    graph: data.graph ? graphBlock({ svg: data.graph === 'failed' ? undefined : data.graph }) : undefined,
    actions:
      data.actions && (data.actions.terminate || data.actions.relaunch)
        ? { ...data.actions, terminate: TERMINAL_PHASES.has(phase) ? undefined : data.actions.terminate }
        : undefined,
  });
  // A finished execution's page does not follow the watch stream.
  const watch = TERMINAL_PHASES.has(phase) ? undefined : paths.watch(id);
  return layout({ title: `Execution ${id.name}`, watch, body });
}

/** A DOT graph of a workflow's nodes (boxes, filled by phase), start and end, edges by dependency. */
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
      `  ${q(node.id)} [label=${phase ? `"${inner(node.id)}\\n${inner(phase)}"` : q(node.id)}${color ? `, fillcolor=${q(color)}` : ''}];`,
    );
    if (!node.upstream_node_ids.length) lines.push(`  "start-node" -> ${q(node.id)};`);
    for (const up of node.upstream_node_ids) lines.push(`  ${q(up)} -> ${q(node.id)};`);
    if (!downstream.has(node.id)) lines.push(`  ${q(node.id)} -> "end-node";`);
  }
  lines.push('}');
  return lines.join('\n');
}

let vizInstance: Promise<{ renderString(dot: string, options: { format: 'svg' }): string }> | undefined;

/**
 * A workflow's graph ({@link workflowDot}) as SVG markup, drawn by Graphviz compiled to WASM
 * (@viz-js/viz, loaded on first use). Graphviz escapes labels in its SVG.
 * @throws Error when Graphviz cannot draw it.
 */
export async function workflowSvg(
  nodes: readonly { id: string; upstream_node_ids: readonly string[] }[],
  phases: ReadonlyMap<string, string>,
): Promise<Html> {
  vizInstance ??= import('@viz-js/viz').then((m) => m.instance());
  const svg = (await vizInstance).renderString(workflowDot(nodes, phases), { format: 'svg' });
  // The XML prolog and doctype are not wanted inside HTML.
  return new Html(svg.replace(/^[\s\S]*?(<svg\b)/, '$1'));
}
