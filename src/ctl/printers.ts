import { stringify } from 'yaml';
import { toJson } from '../api/json.js';
import { ConfigError } from '../config/errors.js';

/** Output formats of `-o, --output` (spec: TABLE, JSON, YAML, DOT, DOTURL; DOT and DOTURL only for workflows). */
export const OUTPUT_FORMATS = ['table', 'json', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * Parses `-o` case-insensitively.
 * @throws ConfigError naming the accepted formats (DOT and DOTURL: only for workflows, not yet offered).
 */
export function parseOutputFormat(value: string): OutputFormat {
  const lower = value.toLowerCase();
  if ((OUTPUT_FORMATS as readonly string[]).includes(lower)) return lower as OutputFormat;
  if (lower === 'dot' || lower === 'doturl')
    throw new ConfigError(`${value} applies only to workflows`, '-o, --output');
  throw new ConfigError(
    `unknown output format ${JSON.stringify(value)}; use TABLE, JSON or YAML`,
    '-o, --output',
  );
}

/** Renders rows as a plain table with a header line; columns padded to their widest cell. */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(headers), ...rows.map(line)].join('\n')}\n`;
}

/**
 * Prints messages of type `typeName` in a machine format: JSON (one document; an array when `many`)
 * or YAML, with the API's JSON mapping (snake_case, enums as names, RFC 3339 times).
 */
export function formatMessages(
  typeName: string,
  messages: object[],
  format: 'json' | 'yaml',
  many: boolean,
): string {
  const docs = messages.map((m) => toJson(typeName, m));
  const value = many ? docs : docs[0];
  return format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : stringify(value);
}
