import { stringifyExactJson } from '../api/exact-json.js';
import { property } from '../api/guards.js';
import { oneOrMany, toMappedJson } from '../api/json.js';
import { ConfigError } from '../config/errors.js';
import { loadYaml } from '../config/load.js';

/**
 * Output formats of `-o, --output` (spec, "Control CLI commands": TABLE, JSON, YAML, DOT, DOTURL, case
 * insensitive; DOT and DOTURL only for workflows).
 */
export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'dot', 'doturl'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * Parses `-o` case-insensitively.
 * @param what the resource printed, for the message when a graph format does not apply to it.
 * @param graphs whether DOT and DOTURL apply (workflows only).
 * @throws ConfigError (exit 2) for an unknown format, or DOT/DOTURL where `graphs` is false.
 */
export function parseOutputFormat(value: string, what: string, graphs = false): OutputFormat {
  const lower = value.trim().toLowerCase();
  const format = OUTPUT_FORMATS.find((known) => known === lower);
  if (!format) {
    throw new ConfigError(
      `unknown output format ${JSON.stringify(value)}; use TABLE, JSON, YAML, DOT or DOTURL`,
      '-o, --output',
    );
  }
  if ((format === 'dot' || format === 'doturl') && !graphs) {
    throw new ConfigError(
      `${value.toUpperCase()} applies only to workflows, not to ${what}; use TABLE, JSON or YAML`,
      '-o, --output',
    );
  }
  return format;
}

/** Styles a table may give a cell when colour is on. */
export type CellStyle = 'bold' | 'green' | 'red' | 'yellow' | 'dim';

const SGR: Record<CellStyle, string> = {
  bold: '\u001b[1m',
  green: '\u001b[32m',
  red: '\u001b[31m',
  yellow: '\u001b[33m',
  dim: '\u001b[2m',
};
const RESET = '\u001b[0m';

/** Options of {@link formatTable}. */
export interface TableOptions {
  /** Emit ANSI styles (bold header, styled cells); see {@link colorEnabled}. @default false */
  color?: boolean;
  /** The style of a cell, by column index and text; only used with `color`. */
  style?: (column: number, text: string) => CellStyle | undefined;
}

/**
 * Whether a command may print ANSI colour: only to a terminal, and never when `NO_COLOR` is set to a
 * non-empty value (https://no-color.org) or `TERM` is `dumb`.
 */
export function colorEnabled(stdout: unknown, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR) return false;
  if (env.TERM === 'dumb') return false;
  return property(stdout, 'isTTY') === true;
}

/**
 * A cell's text made safe for one table line: control characters (newlines, tabs, ESC, ...) become
 * spaces, runs of spaces collapse, and the ends are trimmed.
 */
export function cellText(value: string): string {
  const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
  return Array.from(value, (c) => (isControl(c.charCodeAt(0)) ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Renders rows as a plain table: a header line, then one line per row; columns are padded to their
 * widest cell and separated by two spaces; trailing spaces are trimmed. An empty list prints the header
 * only. Without `options.color` the output holds no escape sequences.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): string {
  const clean = rows.map((row) => headers.map((_, i) => cellText(row[i] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...clean.map((r) => (r[i] ?? '').length)));
  const paint = (text: string, style: CellStyle | undefined) =>
    options.color && style && text ? `${SGR[style]}${text}${RESET}` : text;
  const line = (cells: readonly string[], styleOf: (i: number, text: string) => CellStyle | undefined) =>
    cells
      .map((c, i) => {
        const last = i === cells.length - 1;
        const pad = last ? '' : ' '.repeat((widths[i] ?? 0) - c.length);
        return paint(c, styleOf(i, c)) + pad;
      })
      .join('  ')
      .trimEnd();
  const header = line(headers, () => 'bold');
  const body = clean.map((r) => line(r, (i, text) => options.style?.(i, text)));
  return `${[header, ...body].join('\n')}\n`;
}

/**
 * Prints messages of type `typeName` in a machine format with the API's proto3 JSON mapping, as
 * flytectl does: lowerCamelCase keys (`launchPlan`, `startedAt`), enums as names, 64-bit integers as
 * strings, RFC 3339 times, keys in field order (see {@link inFieldOrder}); JSON with a 2-space indent,
 * or YAML with the same key order. An answer of one message prints as an object; with `many`, more
 * or none print as an array (`[]` when there are none).
 */
export function formatMessages(
  typeName: string,
  messages: readonly object[],
  format: 'json' | 'yaml',
  many: boolean,
): string {
  const docs = messages.map((m) => toMappedJson(typeName, m));
  return formatDocument(oneOrMany(docs, many), format);
}

/** Prints a plain JSON value as JSON (2-space indent) or YAML (keys in insertion order). */
export function formatDocument(value: unknown, format: 'json' | 'yaml'): string {
  if (format === 'json') return `${stringifyExactJson(value, 2)}\n`;
  return loadYaml().stringify(value);
}
