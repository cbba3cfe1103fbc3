import { describe, expect, test } from '@jest/globals';
import { literalMapFromJson, parseType } from '../../../src/api/literals.js';
import { executionPage } from '../../../src/server/http/console-execution.js';
import { renderLiteralMap } from '../../../src/server/http/console-execution-literals.js';
import type { ExecutionClosure } from '../../../src/server/http/console-views.js';

// The execution page's header and typed values, rendered from data as the loader gathers it.

const id = { project: 'default', domain: 'development', name: 'e1' };
const at = (ms: number) => ({ seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 });
const T = Date.UTC(2026, 0, 2, 3, 4, 0);
const closure = {
  phase: 'SUCCEEDED',
  created_at: at(T),
  started_at: at(T + 100),
  duration: { seconds: '2', nanos: 500_000_000 },
  workflow_id: { name: 'wf', version: 'v1' },
} as unknown as ExecutionClosure;
const page = (launch: Parameters<typeof executionPage>[0]['launch']) =>
  executionPage({ id, closure, inputs: { literals: {} }, nodeIds: [], nodes: [], graph: undefined, launch })
    .markup;

describe('the execution page header', () => {
  test('a scheduled execution names its launch plan and the tick it was launched for', () => {
    const html = page({
      mode: 'SCHEDULED',
      principal: 'orch-scheduler',
      launchPlan: { name: 'nightly', version: 'v3' },
      tickAt: T,
    });
    expect(html).toContain('<td id="principal">orch-scheduler</td>');
    expect(html).toMatch(
      /by the schedule of\s+launch plan <a href="\/console\/projects\/default\/domains\/development\/launch_plans\/nightly">nightly<\/a> version <a href="\/console\/projects\/default\/domains\/development\/launch_plans\/nightly\/v3">v3<\/a>, for its tick of <time datetime="2026-01-02T03:04:00.000Z">/,
    );
    expect(html).toContain('<td id="duration">2.50s</td>');
  });

  test('a relaunch says so, and that the execution it relaunched is not recorded', () => {
    const html = page({ mode: 'RELAUNCH', principal: 'alice', launchPlan: { name: 'lp', version: 'v1' } });
    expect(html).toContain('as a relaunch (the execution it relaunched is not recorded)');
    expect(html).not.toContain('<time');
  });

  test('a hostile principal and launch plan name are escaped', () => {
    const html = page({
      mode: 'MANUAL',
      principal: '<script>alert(1)</script>',
      launchPlan: { name: '"><img src=x>', version: 'v1' },
    });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('typed values', () => {
  const types = {
    variables: Object.fromEntries(
      Object.entries({
        n: 'integer',
        f: 'float',
        ok: 'boolean',
        s: 'struct',
        l: '[string]',
        m: '{string: integer}',
      }).map(([k, t]) => [k, { type: parseType(t) }]),
    ),
  };
  const html = renderLiteralMap(
    'Inputs',
    literalMapFromJson(
      { n: 9007199254740993n, f: 1.5, ok: true, s: { '<b>': ['<i>'] }, l: ['a', 'b'], m: { k: 1 } },
      types,
    ),
    new Map(),
  ).markup;

  test('scalars carry their type; big integers keep every digit', () => {
    expect(html).toContain(
      '<span class="value integer">9007199254740993</span> <small class="type">integer</small>',
    );
    expect(html).toContain('<span class="value float">1.5</span>');
    expect(html).toContain('<span class="value boolean">true</span>');
  });

  test('a struct is an open tree, collections and maps are folded behind their count', () => {
    expect(html).toMatch(/<details open><summary>struct \(1 field\)<\/summary>/);
    expect(html).toContain('<details><summary>list of 2</summary>');
    expect(html).toContain('<details><summary>map of 1</summary>');
  });

  test('struct keys and values are escaped', () => {
    expect(html).toContain('<span class="key">&lt;b&gt;</span>');
    expect(html).toContain('&lt;i&gt;');
    expect(html).not.toContain('<i>');
  });
});
