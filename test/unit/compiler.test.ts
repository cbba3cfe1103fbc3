import { describe, expect, test } from '@jest/globals';
import { parseType } from '../../src/api/literals.js';
import { compileWorkflow } from '../../src/server/compiler.js';
import { fullMessage } from '../../src/server/services/messages.js';

const vars = (types: Record<string, string>) => ({
  variables: Object.fromEntries(Object.entries(types).map(([k, t]) => [k, { type: parseType(t) }])),
});
const task = (name: string, inputs: Record<string, string>, outputs: Record<string, string>) =>
  fullMessage('orch.core.v1.TaskTemplate', {
    id: { resource_type: 'TASK', name, version: 'v1' },
    interface: { inputs: vars(inputs), outputs: vars(outputs) },
    container: { command: ['true'] },
  });
const promise = (node_id: string, v: string) => ({ promise: { node_id, var: v } });
const workflow = (nodes: { id: string; inputs: Record<string, object> }[], outputs: Record<string, object>) =>
  fullMessage('orch.core.v1.WorkflowTemplate', {
    id: { resource_type: 'WORKFLOW', name: 'wf', version: 'v1' },
    interface: { inputs: vars({ x: 'integer' }), outputs: vars({ out: 'integer' }) },
    nodes: nodes.map((n) => ({
      id: n.id,
      task_node: { reference_id: { name: 't', version: 'v1' } },
      inputs: Object.entries(n.inputs).map(([k, b]) => ({ var: k, binding: b })),
    })),
    outputs: Object.entries(outputs).map(([k, b]) => ({ var: k, binding: b })),
  });

describe('compileWorkflow', () => {
  const inc = task('t', { a: 'integer' }, { b: 'integer' });

  test('computes upstream ids', () => {
    const wf = workflow(
      [
        { id: 'second', inputs: { a: promise('first', 'b') } },
        { id: 'first', inputs: { a: promise('start-node', 'x') } },
      ],
      { out: promise('second', 'b') },
    );
    const closure = compileWorkflow(wf, () => inc);
    const nodes = closure.primary?.template?.nodes as { id: string; upstream_node_ids: string[] }[];
    expect(nodes.find((n) => n.id === 'second')?.upstream_node_ids).toEqual(['first']);
  });

  test('rejects cycles, unknown outputs and type mismatches, all at once', () => {
    const text = task('t', { a: 'string' }, { b: 'integer' });
    const wf = workflow(
      [
        { id: 'p', inputs: { a: promise('q', 'b') } },
        { id: 'q', inputs: { a: promise('p', 'nope') } },
      ],
      { out: promise('p', 'b') },
    );
    expect(() => compileWorkflow(wf, () => text)).toThrow(
      /type integer does not match string.*node "p" has no output "nope".*form a cycle/s,
    );
  });
});
