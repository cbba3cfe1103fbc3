import { z } from 'zod';
import type { FileProblem } from '../api/yaml-file.js';
import { cell, code, table } from '../github/markdown.js';
import type { RegistrationReport } from '../registration/register-files.js';

/**
 * What the bot writes on GitHub: check run outputs (title, summary, annotations) and the sticky pull
 * request comment. Pure functions of their inputs, so they are tested without GitHub.
 */

/** One annotation of a check run (GitHub's `output.annotations[]`). */
export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
}

/** A check run's `output`: GitHub caps the title at 255, summary and text at 65535 characters. */
export interface CheckOutput {
  title: string;
  summary: string;
  text?: string;
  annotations?: Annotation[];
}

/** Most annotations GitHub takes in one request (its REST API's rule). */
export const ANNOTATIONS_PER_REQUEST = 50;
/** Longest summary GitHub accepts, in characters. */
const MAX_SUMMARY = 65_535;

/** Text cut to at most `max` UTF-16 units, never inside a character: `…` marks a cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept}…`;
}

/** A check output, clipped to GitHub's limits. */
export function output(title: string, summary: string, annotations: Annotation[] = []): CheckOutput {
  return {
    title: clip(title, 255),
    summary: clip(summary, MAX_SUMMARY),
    ...(annotations.length ? { annotations } : {}),
  };
}

/** File problems as failure annotations, paths relative to the repository's root. */
export function problemAnnotations(
  problems: readonly FileProblem[],
  relativePath: (file: string) => string,
): Annotation[] {
  return problems.map((p) => {
    const line = Math.max(1, p.line);
    const column = Math.max(1, p.column);
    return {
      path: relativePath(p.file),
      start_line: line,
      end_line: line,
      start_column: column,
      end_column: column,
      annotation_level: 'failure',
      message: p.message,
    };
  });
}

/** The summary of a file's problems: the count and each `file:line:column: message`. */
export function problemSummary(
  intro: string,
  problems: readonly FileProblem[],
  relativePath: (file: string) => string,
): string {
  const lines = problems.map(
    (p) => `- ${code(`${relativePath(p.file)}:${p.line}:${p.column}`)} ${cell(p.message)}`,
  );
  return [intro, '', ...lines].join('\n');
}

/**
 * The summary of a registration: the version, where, and a table of entity, type, version and status
 * (with the reason of each failure).
 */
export function registrationSummary(report: RegistrationReport, project: string, domain: string): string {
  const rows = report.entities.map((e) => [
    code(e.id.name ?? ''),
    e.type,
    code(e.id.version || report.version),
    cell(e.reason ? `${e.status}: ${e.reason}` : e.status),
  ]);
  return [
    `${report.computed ? 'Computed version' : 'Version'} ${code(report.version)}, project ${code(project)}, domain ${code(domain)}.`,
    '',
    table(['Entity', 'Type', 'Version', 'Status'], rows),
  ].join('\n');
}

/**
 * The warnings of a loaded configuration (settings that tried to loosen its base's) as a section to
 * append to a summary; empty without warnings.
 */
export function warningsSection(warnings: readonly string[]): string {
  if (!warnings.length) return '';
  const lines = warnings.map((w) => `- ${cell(w)}`);
  return ['', '', '**Warnings** (the base configuration applies):', '', ...lines].join('\n');
}

/** One execution in the sticky comment. */
export interface ExecutionRow {
  launchPlan: string;
  name: string;
  url: string;
  phase: string;
}

/** The state the sticky comment carries (hidden in it as JSON), so any replica can update it. */
export interface StickyState {
  sha: string;
  rows: ExecutionRow[];
}

const STATE_PREFIX = '<!-- orch:bot-state ';
/** What a sticky comment's hidden state must look like to be read back. */
const stateSchema = z.object({
  sha: z.string(),
  rows: z.array(z.object({ launchPlan: z.string(), name: z.string(), url: z.string(), phase: z.string() })),
});

/** A URL as a Markdown link target: the characters that would end the link or the comment are escaped. */
function linkTarget(url: string): string {
  return url.replace(/[\s()<>|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The hidden marker of the bot's one comment on a pull request. */
export const BOT_COMMENT_MARKER = '<!-- orch:bot executions -->';

/**
 * The sticky comment's body: a table of every execution of the head commit, and its state in a hidden
 * HTML comment (`--` never appears in it: JSON escapes it as `\u002d\u002d`).
 */
export function stickyBody(state: StickyState): string {
  // Cells are escaped, and `<` too, so nothing in a row can pass for the hidden state.
  const text = (value: string) => cell(value).replace(/</g, '&lt;');
  const rows = state.rows.map((r) => [
    code(text(r.launchPlan)),
    `[${text(r.name)}](${linkTarget(r.url)})`,
    `**${text(r.phase)}**`,
  ]);
  const json = JSON.stringify(state).replace(/--/g, '\\u002d\\u002d');
  return [
    `### orch executions of ${code(state.sha.slice(0, 12))}`,
    '',
    rows.length ? table(['Launch plan', 'Execution', 'Phase'], rows) : '_No execution yet._',
    '',
    `${STATE_PREFIX}${json} -->`,
  ].join('\n');
}

/**
 * The state hidden in a sticky comment's body (its last state marker, the one the bot writes at the
 * end); undefined when there is none or it is damaged.
 */
export function stickyState(body: string): StickyState | undefined {
  const start = body.lastIndexOf(STATE_PREFIX);
  if (start < 0) return undefined;
  const end = body.indexOf(' -->', start + STATE_PREFIX.length);
  if (end < 0) return undefined;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(body.slice(start + STATE_PREFIX.length, end)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
