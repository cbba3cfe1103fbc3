/**
 * GitHub-flavoured Markdown for what orch writes on GitHub (the Action's job summary and comments,
 * the bot's check runs and comments): escaping that keeps user text from breaking a table or code span.
 */

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
