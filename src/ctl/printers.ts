import type protobuf from 'protobufjs';
import { toJson } from '../api/json.js';
import { messageType } from '../api/proto.js';
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
  if (!(OUTPUT_FORMATS as readonly string[]).includes(lower)) {
    throw new ConfigError(
      `unknown output format ${JSON.stringify(value)}; use TABLE, JSON, YAML, DOT or DOTURL`,
      '-o, --output',
    );
  }
  if ((lower === 'dot' || lower === 'doturl') && !graphs) {
    throw new ConfigError(
      `${value.toUpperCase()} applies only to workflows, not to ${what}; use TABLE, JSON or YAML`,
      '-o, --output',
    );
  }
  return lower as OutputFormat;
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
  return (stdout as { isTTY?: boolean } | null)?.isTTY === true;
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
 * A message's JSON with its keys in the order the `.proto` file declares the fields (`id` first),
 * at every depth; keys the type does not declare keep their place after the declared ones.
 */
export function inFieldOrder(type: protobuf.Type, json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const input = json as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const nested = (field: protobuf.Field, value: unknown): unknown => {
    field.resolve();
    const child = field.resolvedType;
    if (!child || !('fieldsArray' in child) || value === null || typeof value !== 'object') return value;
    const childType = child as protobuf.Type;
    if (field.map) {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, inFieldOrder(childType, v)]),
      );
    }
    if (Array.isArray(value)) return value.map((v) => inFieldOrder(childType, v));
    return inFieldOrder(childType, value);
  };
  for (const field of type.fieldsArray) {
    if (field.name in input) out[field.name] = nested(field, input[field.name]);
  }
  for (const [key, value] of Object.entries(input)) if (!(key in out)) out[key] = value;
  return out;
}

/**
 * Prints messages of type `typeName` in a machine format with the API's JSON mapping (`toJson`:
 * snake_case, enums as names, 64-bit integers as strings, RFC 3339 times), keys in field order (see
 * {@link inFieldOrder}): JSON with a 2-space indent, or YAML with the same key order. One message
 * prints as an object; with `many`, the messages print as an array (`[]` when there are none).
 */
export function formatMessages(
  typeName: string,
  messages: readonly object[],
  format: 'json' | 'yaml',
  many: boolean,
): string {
  const type = messageType(typeName);
  const docs = messages.map((m) => inFieldOrder(type, toJson(typeName, m)));
  return formatDocument(many ? docs : (docs[0] ?? null), format);
}

/** Prints a plain JSON value as JSON (2-space indent) or YAML (keys in insertion order). */
export function formatDocument(value: unknown, format: 'json' | 'yaml'): string {
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`;
  return loadYaml().stringify(value);
}
