import { describe, expect, test } from '@jest/globals';
import { fromDot } from 'ts-graphviz';
import type { WorkflowOut } from '../../../src/api/types.js';
import { ConfigError } from '../../../src/config/errors.js';
import { dotString, dotUrl, workflowDot } from '../../../src/ctl/dot.js';
import { fetchPages } from '../../../src/ctl/get-actions.js';
import { DEFAULT_LIMIT, listOptionsOf, versionSelectionOf } from '../../../src/ctl/get-options.js';

const ref = (name: string) => ({
  resource_type: 'TASK' as const,
  project: 'p',
  domain: 'd',
  name,
  version: 'v1',
  org: '',
});
const node = (id: string, task: string, from: string[]) => ({
  id,
  inputs: from.map((n) => ({ var: 'x', binding: { promise: { node_id: n, var: 'o' } } })),
  upstream_node_ids: from.filter((n) => n !== 'start-node'),
  task_node: { reference_id: ref(task) },
});

/** A compiled workflow as the admin returns it, with only what DOT reads filled in. */
function workflow(nodes: ReturnType<typeof node>[], outputsFrom: string[]): WorkflowOut {
  const upstream: Record<string, { ids: string[] }> = {};
  const downstream: Record<string, { ids: string[] }> = {};
  for (const n of nodes) {
    upstream[n.id] = { ids: n.upstream_node_ids };
    for (const u of n.upstream_node_ids) {
      downstream[u] ??= { ids: [] };
      downstream[u].ids.push(n.id);
    }
  }
  return {
    id: { ...ref('wf "quoted"'), resource_type: 'WORKFLOW' },
    closure: {
      compiled_workflow: {
        primary: {
          template: {
            nodes,
            outputs: outputsFrom.map((n) => ({ var: 'o', binding: { promise: { node_id: n, var: 'o' } } })),
          },
          connections: { upstream, downstream },
        },
        tasks: [{ template: { id: ref('t.a'), type: 'container' } }],
      },
    },
  } as unknown as WorkflowOut;
}

const edgesOf = (dot: string) =>
  fromDot(dot)
    .edges.map((e) => e.targets.map((t) => (t as { id: string }).id).join(' -> '))
    .sort();

describe('workflowDot', () => {
  test('a chain with a side input: start feeds every node reading a workflow input', () => {
    const dot = workflowDot(
      workflow([node('a', 't.a', ['start-node']), node('b', 't.b', ['a', 'start-node'])], ['b']),
    );
    expect(edgesOf(dot)).toEqual(['a -> b', 'b -> end-node', 'start-node -> a', 'start-node -> b']);
    const graph = fromDot(dot);
    expect(graph.id).toBe('wf "quoted"@v1');
    expect(graph.getNode('a')?.attributes.get('label')).toBe('a: t.a [container]');
    expect(graph.getNode('b')?.attributes.get('label')).toBe('b: t.b [task]');
  });

  test('no nodes: start -> end', () => {
    expect(edgesOf(workflowDot(workflow([], [])))).toEqual(['start-node -> end-node']);
  });

  test('the same workflow always gives the same text', () => {
    const wf = workflow([node('b', 't.a', []), node('a', 't.a', [])], ['a', 'b']);
    expect(workflowDot(wf)).toBe(workflowDot(structuredClone(wf)));
  });

  test('quoting and the viewer URL', () => {
    expect(dotString('a "b" \\ c\nd')).toBe('"a \\"b\\" \\\\ c\\nd"');
    expect(dotUrl('digraph {}')).toBe('https://dreampuf.github.io/GraphvizOnline/#digraph%20%7B%7D');
  });
});

describe('get options', () => {
  test('defaults: limit 100, created_at, descending, page 1', () => {
    expect(listOptionsOf({})).toEqual({
      filters: '',
      limit: DEFAULT_LIMIT,
      sortBy: 'created_at',
      sortGiven: false,
      asc: false,
      page: 1,
      all: false,
    });
  });

  test('a malformed selector, limit or page is a ConfigError naming the flag', () => {
    expect(() => listOptionsOf({ 'filter.fieldSelector': 'name' })).toThrow(ConfigError);
    expect(() => listOptionsOf({ 'filter.fieldSelector': 'name' })).toThrow(
      /--filter\.fieldSelector: term "name"/,
    );
    expect(() => listOptionsOf({ 'filter.limit': '-1' })).toThrow(/--filter\.limit/);
    expect(() => listOptionsOf({ 'filter.page': '1.5' })).toThrow(/--filter\.page/);
  });

  test('--version and --latest need a name and exclude each other', () => {
    expect(versionSelectionOf({ version: 'v1' }, 'n')).toEqual({ version: 'v1', latest: false });
    expect(() => versionSelectionOf({ latest: true }, undefined)).toThrow(/--latest: needs a name/);
    expect(() => versionSelectionOf({ version: 'v1', latest: true }, 'n')).toThrow(/not both/);
  });
});

describe('fetchPages', () => {
  const pages = [
    { items: [1, 2], token: 't2' },
    { items: [3, 4], token: 't3' },
    { items: [5], token: '' },
  ];
  const fetch = async (token: string) => pages[token ? Number(token.slice(1)) - 1 : 0] as (typeof pages)[0];

  test('page N follows the token N-1 times; past the end is empty; --all reads to the end', async () => {
    expect(await fetchPages(fetch, { page: 1, all: false })).toEqual([1, 2]);
    expect(await fetchPages(fetch, { page: 3, all: false })).toEqual([5]);
    expect(await fetchPages(fetch, { page: 4, all: false })).toEqual([]);
    expect(await fetchPages(fetch, { page: 1, all: true })).toEqual([1, 2, 3, 4, 5]);
  });
});
