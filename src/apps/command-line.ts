/**
 * Splitting an app's `args` (one command line, as the spec writes it: `orch-webhook --port 8080`) into
 * the argv the app runtime starts, with the quoting rules of a POSIX shell and nothing else: no shell
 * ever runs the command, so nothing is expanded.
 *
 * Rules (those of `sh`, POSIX.1-2017 "Shell Command Language" 2.2 and 2.6.5, restricted to quoting):
 * - Words are separated by unquoted spaces, tabs and newlines.
 * - `'...'` keeps everything up to the next `'` as it is (a single quote cannot occur inside).
 * - `"..."` keeps everything up to the next unescaped `"`; inside, a backslash escapes only `"`, `\`,
 *   `$`, `` ` `` and a newline (which it removes); before any other character it stays.
 * - Outside quotes, a backslash makes the next character literal; a backslash before a newline removes both.
 * - Quoted and unquoted pieces next to each other form one word; `''` or `""` alone is an empty word.
 * - Refused, because a shell would give them a meaning that a plain argv cannot: the unquoted characters
 *   `| & ; < > ( ) $` and `` ` ``, `#` at the start of a word (a comment), and `$` or `` ` `` inside double
 *   quotes (expansions). Single-quote or escape them to pass them through literally.
 */

/** Thrown by {@link splitCommandLine} for a command line that cannot be split; says why and how to fix it. */
export class CommandLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandLineError';
  }
}

const BLANK = new Set([' ', '\t', '\n', '\r']);
const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '$', '`']);
const ESCAPABLE_IN_DOUBLE_QUOTES = new Set(['"', '\\', '$', '`', '\n']);

/** The error for a character a shell would interpret, at 0-based index `at`. */
function operatorError(c: string, at: number): CommandLineError {
  return new CommandLineError(
    `"${c}" at character ${at + 1} means something to a shell, but no shell runs this command: ` +
      `single-quote it ('${c}') or escape it (\\${c}) to pass it as it is`,
  );
}

/**
 * Splits a command line into words (see the rules at the top of this module).
 * `splitCommandLine(`node -e 'console.log("hi")' --flag="a b"`)` is
 * `['node', '-e', 'console.log("hi")', '--flag=a b']`.
 * @returns the words, possibly none (for a blank line).
 * @throws CommandLineError for an unterminated quote, a trailing backslash, or an unquoted shell
 *   operator.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line.charAt(i);
    if (BLANK.has(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new CommandLineError(`the single quote at character ${i + 1} is not closed`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      const start = i;
      i++;
      for (;;) {
        if (i >= line.length) {
          throw new CommandLineError(`the double quote at character ${start + 1} is not closed`);
        }
        const d = line.charAt(i);
        if (d === '"') break;
        if (d === '$' || d === '`') throw operatorError(d, i);
        if (d === '\\' && ESCAPABLE_IN_DOUBLE_QUOTES.has(line[i + 1] ?? '')) {
          if (line[i + 1] !== '\n') word += line[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      inWord = true;
      i++;
    } else if (c === '\\') {
      if (i + 1 >= line.length) {
        throw new CommandLineError('the command line ends with a backslash: escape it as \\\\ or quote it');
      }
      if (line[i + 1] !== '\n') {
        word += line[i + 1];
        inWord = true;
      }
      i += 2;
    } else if (OPERATORS.has(c) || (c === '#' && !inWord)) {
      throw operatorError(c, i);
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}
