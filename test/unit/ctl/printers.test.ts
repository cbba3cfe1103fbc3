import { describe, expect, test } from '@jest/globals';
import { ConfigError } from '../../../src/config/errors.js';
import {
  cellText,
  colorEnabled,
  formatDocument,
  formatMessages,
  formatTable,
  parseOutputFormat,
} from '../../../src/ctl/printers.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape sequences
const ANSI = /\u001b\[/;

describe('formatTable', () => {
  const headers = ['NAME', 'PHASE', 'OUTPUTS'];
  const rows = [
    ['ok-run', 'SUCCEEDED', 'o0=3'],
    ['a-much-longer-name', 'FAILED', ''],
  ];

  test('pads every column to its widest cell, two spaces apart, no trailing spaces', () => {
    expect(formatTable(headers, rows)).toBe(
      [
        'NAME                PHASE      OUTPUTS',
        'ok-run              SUCCEEDED  o0=3',
        'a-much-longer-name  FAILED',
        '',
      ].join('\n'),
    );
  });

  test('an empty list prints the header only', () => {
    expect(formatTable(headers, [])).toBe('NAME  PHASE  OUTPUTS\n');
  });

  test('cells lose control characters, so a server string cannot break lines or inject escapes', () => {
    const table = formatTable(['A', 'B'], [['line one\nline two', '\u001b[31mred\u001b[0m']]);
    expect(table).toBe('A                  B\nline one line two  [31mred [0m\n');
    expect(table).not.toMatch(ANSI);
    expect(cellText('\ttabbed\t\tvalue ')).toBe('tabbed value');
  });

  test('no ANSI escapes without colour, whatever the style says', () => {
    const table = formatTable(headers, rows, { color: false, style: () => 'red' });
    expect(table).not.toMatch(ANSI);
  });

  test('with colour: a bold header and styled cells, columns still aligned by visible width', () => {
    const table = formatTable(headers, rows, {
      color: true,
      style: (column, text) => (column === 1 && text === 'FAILED' ? 'red' : undefined),
    });
    expect(table).toMatch(ANSI);
    expect(table).toContain('\u001b[31mFAILED\u001b[0m');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping escape sequences
    const plain = table.replace(/\u001b\[\d+m/g, '');
    expect(plain).toBe(formatTable(headers, rows));
  });
});

describe('colorEnabled', () => {
  const tty = { isTTY: true };
  const pipe = { write: () => true };

  test('only for a terminal', () => {
    expect(colorEnabled(tty, {})).toBe(true);
    expect(colorEnabled(pipe, {})).toBe(false);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
  });

  test('never with NO_COLOR set to a non-empty value, or TERM=dumb', () => {
    expect(colorEnabled(tty, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled(tty, { TERM: 'dumb' })).toBe(false);
  });
});

describe('parseOutputFormat', () => {
  test.each([
    ['TABLE', 'table'],
    ['json', 'json'],
    ['Yaml', 'yaml'],
  ])('%s is %s, case-insensitively', (value, format) => {
    expect(parseOutputFormat(value, 'tasks')).toBe(format);
  });

  test('DOT and DOTURL only where graphs apply (workflows)', () => {
    expect(parseOutputFormat('DOT', 'workflows', true)).toBe('dot');
    expect(parseOutputFormat('doturl', 'workflows', true)).toBe('doturl');
    expect(() => parseOutputFormat('DOT', 'tasks')).toThrow(ConfigError);
    expect(() => parseOutputFormat('dot', 'tasks')).toThrow(/DOT applies only to workflows, not to tasks/);
  });

  test('an unknown format names the accepted ones', () => {
    expect(() => parseOutputFormat('xml', 'tasks')).toThrow(/TABLE, JSON, YAML, DOT or DOTURL/);
  });
});

describe('formatMessages', () => {
  const project = { id: 'p', name: 'P', description: 'd', labels: {}, state: 'ACTIVE', domains: [], org: '' };

  test('one message is an object, a list of one too (as flytectl prints it), more an array, none an empty array; keys in field order', () => {
    const one = formatMessages('orch.admin.v1.Project', [project], 'json', false);
    expect(Object.keys(JSON.parse(one))).toEqual([
      'id',
      'name',
      'domains',
      'description',
      'labels',
      'state',
      'org',
    ]);
    expect(one).toMatch(/^\{\n {2}"id": "p",\n/);
    expect(JSON.parse(formatMessages('orch.admin.v1.Project', [project], 'json', true))).toMatchObject({
      id: 'p',
    });
    expect(
      JSON.parse(formatMessages('orch.admin.v1.Project', [project, project], 'json', true)),
    ).toHaveLength(2);
    expect(formatMessages('orch.admin.v1.Project', [], 'json', true)).toBe('[]\n');
    expect(formatMessages('orch.admin.v1.Project', [], 'yaml', true)).toBe('[]\n');
  });

  test('keys are the proto3 JSON names (lowerCamelCase); map keys are data and stay as they are', () => {
    const execution = {
      id: { project: 'p', domain: 'd', name: 'e', org: '' },
      spec: { launch_plan: { resource_type: 'LAUNCH_PLAN', name: 'wf.x', version: 'v1' } },
      closure: {
        phase: 'SUCCEEDED',
        outputs: { literals: { snake_var: { scalar: { primitive: { integer: '3' } } } } },
      },
    };
    const json = JSON.parse(formatMessages('orch.admin.v1.Execution', [execution], 'json', false));
    expect(json.spec.launchPlan).toMatchObject({ resourceType: 'LAUNCH_PLAN', name: 'wf.x' });
    expect(json.spec.launch_plan).toBeUndefined();
    expect(Object.keys(json.closure.outputs.literals)).toEqual(['snake_var']);
    expect(json.closure).toHaveProperty('startedAt');
  });

  test('YAML keeps the JSON key order', () => {
    const yaml = formatMessages('orch.admin.v1.Project', [project], 'yaml', false);
    expect(yaml.split('\n').map((l) => l.split(':')[0])).toEqual([
      'id',
      'name',
      'domains',
      'description',
      'labels',
      'state',
      'org',
      '',
    ]);
    expect(formatDocument({ b: 1, a: 2 }, 'yaml')).toBe('b: 1\na: 2\n');
  });
});
