import { START_NODE, type WorkflowOut } from '../api/types.js';

/**
 * DOT and DOTURL output of `orchctl get workflow` (spec: `-o DOT|DOTURL`, workflows only; control CLI
 * reference, section 2c, without its faults: every listed workflow is drawn, not only the first, and
 * DOTURL prints a URL and never opens a browser).
 */

/** The graph viewer DOTURL points at; the DOT text follows `#`, URL-encoded. */
export const GRAPHVIZ_VIEWER = 'https://dreampuf.github.io/GraphvizOnline/#';

/** Id of the end node in the graph (the start node is {@link START_NODE}, as in bindings). */
export const END_NODE = 'end-node';

/** A DOT double-quoted string: `"` and `\` escaped, line breaks as `\n`. */
export function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A workflow version's compiled closure as a graphviz `digraph` named `<name>@<version>`:
 * - a `start-node` (green double circle labelled `start`) and an `end-node` (red, `end`);
 * - one box per task node, labelled `<node id>: <task name> [<task type>]`;
 * - an edge for every pair in the compiled `connections` (upstream and downstream, merged);
 * - `start-node -> n` for a node with no upstream node or one reading a workflow input, and
 *   `n -> end-node` for a node with no downstream node or one a workflow output reads;
 *   `start-node -> end-node` when the workflow has no nodes or an output reads a workflow input.
 * Nodes come in the template's order and edges sorted, so the same workflow always gives the same text.
 */
export function workflowDot(workflow: WorkflowOut): string {
  const closure = workflow.closure?.compiled_workflow;
  const primary = closure?.primary;
  const template = primary?.template;
  const nodes = template?.nodes ?? [];
  const taskType = new Map(
    (closure?.tasks ?? []).map((t) => [
      `${t.template?.id?.name ?? ''}@${t.template?.id?.version ?? ''}`,
      t.template?.type ?? '',
    ]),
  );

  /** Each edge once, keyed by the JSON of its ends. */
  const edges = new Map<string, readonly [from: string, to: string]>();
  const edge = (from: string, to: string) => edges.set(JSON.stringify([from, to]), [from, to]);
  const upstream = primary?.connections?.upstream ?? {};
  const downstream = primary?.connections?.downstream ?? {};
  for (const [to, list] of Object.entries(upstream)) for (const from of list?.ids ?? []) edge(from, to);
  for (const [from, list] of Object.entries(downstream)) for (const to of list?.ids ?? []) edge(from, to);
  const hasUpstream = new Set<string>();
  const hasDownstream = new Set<string>();
  for (const [from, to] of edges.values()) {
    hasDownstream.add(from);
    hasUpstream.add(to);
  }

  const readsInput = (bindingNodes: string[]) => bindingNodes.includes(START_NODE);
  for (const node of nodes) {
    const sources = node.inputs.map((b) => b.binding?.promise?.node_id ?? '');
    if (!hasUpstream.has(node.id) || readsInput(sources)) edge(START_NODE, node.id);
  }
  const outputSources = new Set((template?.outputs ?? []).map((b) => b.binding?.promise?.node_id ?? ''));
  for (const node of nodes) {
    if (!hasDownstream.has(node.id) || outputSources.has(node.id)) edge(node.id, END_NODE);
  }
  if (!nodes.length || outputSources.has(START_NODE)) edge(START_NODE, END_NODE);

  const name = `${workflow.id?.name ?? ''}@${workflow.id?.version ?? ''}`;
  const lines = [
    `digraph ${dotString(name)} {`,
    `  label=${dotString(name)};`,
    '  rankdir=LR;',
    `  ${dotString(START_NODE)} [label="start", shape=doublecircle, color=green];`,
    `  ${dotString(END_NODE)} [label="end", shape=doublecircle, color=red];`,
  ];
  for (const node of nodes) {
    const ref = node.task_node?.reference_id;
    const type = taskType.get(`${ref?.name ?? ''}@${ref?.version ?? ''}`) || 'task';
    const label = ref?.name ? `${node.id}: ${ref.name} [${type}]` : `${node.id} [${type}]`;
    lines.push(`  ${dotString(node.id)} [label=${dotString(label)}, shape=box];`);
  }
  const sorted = [...edges.values()];
  const rank = (id: string) => (id === START_NODE ? 0 : id === END_NODE ? 2 : 1);
  sorted.sort(
    ([a1, b1], [a2, b2]) => rank(a1) - rank(a2) || compare(a1, a2) || rank(b1) - rank(b2) || compare(b1, b2),
  );
  for (const [from, to] of sorted) lines.push(`  ${dotString(from)} -> ${dotString(to)};`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** The viewer URL of a DOT text: {@link GRAPHVIZ_VIEWER} followed by the URL-encoded DOT. */
export function dotUrl(dot: string): string {
  return `${GRAPHVIZ_VIEWER}${encodeURIComponent(dot)}`;
}
