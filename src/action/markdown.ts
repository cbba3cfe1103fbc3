import * as core from '@actions/core';

/** Escapes text for a cell of a Markdown table: pipes, backslashes and line breaks. */
export function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Inline code that survives backticks inside the text. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** A Markdown table: a header row, a separator, and one row per entry; escape cells with {@link cell}. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Appends Markdown to the job summary (`GITHUB_STEP_SUMMARY`). Outside a runner (no summary file) it
 * says so in the debug log instead of failing the step.
 */
export async function writeJobSummary(markdown: string): Promise<void> {
  try {
    await core.summary.addRaw(markdown).write();
  } catch (error) {
    core.summary.emptyBuffer();
    core.debug(`no job summary written: ${error instanceof Error ? error.message : String(error)}`);
  }
}
