import { relative } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import type { FileProblem } from '../../../src/api/yaml-file.js';
import {
  output,
  problemAnnotations,
  problemSummary,
  registrationSummary,
  type StickyState,
  stickyBody,
  stickyState,
} from '../../../src/bot/report.js';
import type { RegistrationReport } from '../../../src/registration/register-files.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';

/** The cells of a Markdown table row: split at pipes that are not escaped. */
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/);

/** The last HTML comment of a body, from its `<!--` to the end of the body. */
function lastComment(body: string): string {
  const start = body.lastIndexOf('<!--');
  expect(start).toBeGreaterThanOrEqual(0);
  return body.slice(start);
}

describe('the sticky comment', () => {
  const state: StickyState = {
    sha: SHA,
    rows: [
      {
        launchPlan: 'wf.add_one',
        name: 'bot-0001',
        url: 'https://console.example/executions/bot-0001',
        phase: 'SUCCEEDED',
      },
      { launchPlan: 'wf.other', name: 'bot-0002', url: 'https://console.example/x', phase: 'RUNNING' },
    ],
  };

  test('shows the head commit and each execution as a link with its phase', () => {
    const body = stickyBody(state);
    const visible = body.slice(0, body.lastIndexOf('<!--'));
    expect(visible).toContain(`\`${SHA.slice(0, 12)}\``);
    const rows = visible.split('\n').filter((l) => l.startsWith('|'));
    expect(rows).toHaveLength(4);
    expect(rows[2]).toContain('wf.add_one');
    expect(rows[2]).toContain('[bot-0001](https://console.example/executions/bot-0001)');
    expect(rows[2]).toContain('SUCCEEDED');
    expect(rows[3]).toContain('wf.other');
    expect(rows[3]).toContain('[bot-0002](https://console.example/x)');
    expect(rows[3]).toContain('RUNNING');
  });

  test('says so when there is no execution yet', () => {
    const body = stickyBody({ sha: SHA, rows: [] });
    expect(body).toMatch(/no execution yet/i);
    expect(stickyState(body)).toEqual({ sha: SHA, rows: [] });
  });

  test('its hidden state reads back as written', () => {
    expect(stickyState(stickyBody(state))).toEqual(state);
  });

  test('the state survives the CRLF line endings GitHub may hand back', () => {
    expect(stickyState(stickyBody(state).replace(/\n/g, '\r\n'))).toEqual(state);
  });

  test.each([
    ['an URL with -->', { url: 'https://console.example/a -->b' }],
    ['an URL with --', { url: 'https://console.example/a--b---c' }],
    ['a launch plan name with -->', { launchPlan: 'lp-->x' }],
    ['a launch plan name with --!>', { launchPlan: 'lp--!>x' }],
    ['an execution name with <!-- and -->', { name: '<!-- x --> y' }],
    ['a phase with a backslash before --', { phase: 'A\\--B\\' }],
  ])('the state still reads back with %s', (_what, change) => {
    const written: StickyState = {
      sha: SHA,
      rows: [{ ...(state.rows[0] as StickyState['rows'][0]), ...change }],
    };
    const body = stickyBody(written);
    expect(stickyState(body)).toEqual(written);
    // The hidden state is one HTML comment that ends the body: nothing inside it can close it early.
    const comment = lastComment(body);
    expect(comment.endsWith('-->')).toBe(true);
    expect(comment.slice('<!--'.length, -'-->'.length)).not.toContain('--');
  });

  test.each([
    ['no state at all', 'a comment by a human'],
    ['the marker without a state', '<!-- orch:bot-state -->'],
    ['damaged JSON', '<!-- orch:bot-state {"sha": "abc", "rows": [ -->'],
    ['an unclosed comment', '<!-- orch:bot-state {"sha":"abc","rows":[]}'],
    ['a sha that is not a string', '<!-- orch:bot-state {"sha":1,"rows":[]} -->'],
    ['rows that are not a list', '<!-- orch:bot-state {"sha":"abc","rows":{}} -->'],
    ['null', '<!-- orch:bot-state null -->'],
    ['a number', '<!-- orch:bot-state 42 -->'],
  ])('%s gives no state', (_what, body) => {
    expect(stickyState(body)).toBeUndefined();
  });

  test('a damaged state in a real body gives no state', () => {
    const body = stickyBody(state);
    const damaged = body.replace('"rows":[', '"rows":[[');
    expect(damaged).not.toBe(body);
    expect(stickyState(damaged)).toBeUndefined();
  });
});

describe('output', () => {
  test('keeps a title of 255 and a summary of 65535 characters as they are', () => {
    const title = 't'.repeat(255);
    const summary = 's'.repeat(65_535);
    expect(output(title, summary)).toEqual({ title, summary });
  });

  test('clips a longer title to 255 and summary to 65535 characters, marking the cut', () => {
    const title = `${'a'.repeat(254)}bcdef`;
    const summary = `${'x'.repeat(65_534)}yz`;
    const clipped = output(title, summary);
    expect(clipped.title).toHaveLength(255);
    expect(clipped.title.startsWith('a'.repeat(254))).toBe(true);
    expect(clipped.title).not.toContain('b');
    expect(clipped.summary).toHaveLength(65_535);
    expect(clipped.summary.startsWith('x'.repeat(65_534))).toBe(true);
    expect(clipped.summary).not.toContain('y');
  });

  test('includes annotations only when there are some', () => {
    expect(output('t', 's')).not.toHaveProperty('annotations');
    expect(output('t', 's', [])).not.toHaveProperty('annotations');
    const annotation = {
      path: 'a.yaml',
      start_line: 1,
      end_line: 1,
      annotation_level: 'failure' as const,
      message: 'm',
    };
    expect(output('t', 's', [annotation]).annotations).toEqual([annotation]);
  });
});

describe('problem annotations and summaries', () => {
  const root = '/checkout/repo';
  const toRelative = (file: string) => relative(root, file);
  const problems: FileProblem[] = [
    { file: `${root}/flows/a.yaml`, line: 7, column: 3, message: 'tasks.t: unknown key' },
    { file: `${root}/flows/b.yaml`, line: 0, column: 0, message: 'cannot be read' },
    { file: `${root}/c.yaml`, line: -2, column: -5, message: 'negative' },
  ];

  test('each problem is a failure at its 1-based line and column, with a relative path', () => {
    expect(problemAnnotations(problems, toRelative)).toEqual([
      {
        path: 'flows/a.yaml',
        start_line: 7,
        end_line: 7,
        start_column: 3,
        end_column: 3,
        annotation_level: 'failure',
        message: 'tasks.t: unknown key',
      },
      {
        path: 'flows/b.yaml',
        start_line: 1,
        end_line: 1,
        start_column: 1,
        end_column: 1,
        annotation_level: 'failure',
        message: 'cannot be read',
      },
      {
        path: 'c.yaml',
        start_line: 1,
        end_line: 1,
        start_column: 1,
        end_column: 1,
        annotation_level: 'failure',
        message: 'negative',
      },
    ]);
  });

  test('no problem, no annotation', () => {
    expect(problemAnnotations([], toRelative)).toEqual([]);
  });

  test('the summary lists each problem with its relative position, one a line', () => {
    const summary = problemSummary('2 problems', problems.slice(0, 2), toRelative);
    const lines = summary.split('\n');
    expect(lines[0]).toBe('2 problems');
    expect(lines.filter((l) => l.startsWith('- '))).toHaveLength(2);
    expect(summary).toContain('flows/a.yaml:7:3');
    expect(summary).toContain('tasks.t: unknown key');
    expect(summary).not.toContain(root);
  });
});

describe('registrationSummary', () => {
  const report: RegistrationReport = {
    version: 'v-abc',
    computed: true,
    entities: [
      { type: 'Task', id: { name: 'wf.t' }, status: 'registered' },
      { type: 'Workflow', id: { name: 'wf.w', version: 'pinned' }, status: 'already registered' },
      { type: 'Launch Plan', id: { name: 'wf.lp' }, status: 'failed', reason: 'bad | input\nsecond line' },
    ],
  };

  test('says the version, project and domain', () => {
    const summary = registrationSummary(report, 'flytesnacks', 'development');
    const first = summary.split('\n')[0] as string;
    expect(first).toMatch(/^Computed version/);
    expect(first).toContain('v-abc');
    expect(first).toContain('flytesnacks');
    expect(first).toContain('development');
    expect(registrationSummary({ ...report, computed: false }, 'p', 'd')).not.toMatch(/computed/i);
  });

  test('has one table row per entity, each with the same columns as the header', () => {
    const rows = registrationSummary(report, 'p', 'd')
      .split('\n')
      .filter((l) => l.startsWith('|'));
    expect(rows).toHaveLength(2 + report.entities.length);
    const header = cellsOf(rows[0] as string);
    expect(header.map((c) => c.trim())).toEqual(['Entity', 'Type', 'Version', 'Status']);
    for (const row of rows) expect(cellsOf(row)).toHaveLength(header.length);
  });

  test('a failure shows its reason, a | in it escaped so the table keeps its columns', () => {
    const rows = registrationSummary(report, 'p', 'd')
      .split('\n')
      .filter((l) => l.startsWith('|'));
    const failed = rows.find((r) => r.includes('wf.lp')) as string;
    const cells = cellsOf(failed).map((c) => c.trim());
    expect(cells).toHaveLength(4);
    expect(cells[3]).toContain('failed');
    expect(cells[3]).toContain('bad \\| input');
    expect(cells[3]).toContain('second line');
  });

  test("an entity's own version is shown, else the report's", () => {
    const rows = registrationSummary(report, 'p', 'd')
      .split('\n')
      .filter((l) => l.startsWith('|'));
    expect(cellsOf(rows.find((r) => r.includes('wf.t')) as string)[2]).toContain('v-abc');
    expect(cellsOf(rows.find((r) => r.includes('wf.w')) as string)[2]).toContain('pinned');
  });
});
