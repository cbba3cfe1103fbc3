import { parseExactJson } from '../api/exact-json.js';
import { editDistance } from '../api/names.js';

/**
 * ChatOps commands in pull request comments (README, "Self-hosting the bot"): a comment whose first
 * non-empty line starts with `/orch` is a command; any other comment is not for the bot.
 *
 * - `/orch run <launch plan> [key=value ...]`: launch at the pull request's head version. A value is
 *   read as JSON when it is valid JSON (`x=2` is the number 2, `flag=true` a boolean, `o='{"a":1}'` an
 *   object), else as text; quotes keep spaces in a value, as in a shell.
 * - `/orch register`: register the head commit's workflow files.
 * - `/orch approve`: run a fork's pull request at its current head.
 * - `/orch help`: the commands.
 */

/** A parsed command. */
export type BotCommand =
  | { kind: 'run'; launchPlan: string; inputs: Record<string, unknown> }
  | { kind: 'register' }
  | { kind: 'approve' }
  | { kind: 'help' }
  /** Not a command the bot knows, or one written wrong: `message` says what and how to write it. */
  | { kind: 'invalid'; message: string };

/** The commands, as `/orch help` lists them. */
export const COMMAND_HELP = [
  "`/orch run <launch plan> [key=value ...]`: launch a launch plan at this pull request's head version; values are JSON when they parse as JSON (`x=2`), else text",
  '`/orch register`: register the workflow files of the head commit',
  '`/orch approve`: run the configured launch plans of a pull request from a fork at its current head',
  '`/orch help`: this list',
];

const VERBS = ['run', 'register', 'approve', 'help'];
/** Longest comment line read as a command, in characters: a longer one is refused, not parsed. */
export const MAX_COMMAND_LENGTH = 4096;

/**
 * Splits a command line into words at white space, as a shell does: a quoted stretch keeps its
 * spaces, `'single quotes'` keep everything as written (`o='{"a": 1}'`), `\"` is a quote inside
 * double quotes. Undefined when a quote is not closed.
 */
function words(line: string): string[] | undefined {
  const out: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    if (quote) {
      if (quote === '"' && char === '\\' && line[i + 1] === '"') {
        word += '"';
        i++;
      } else if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  if (quote) return undefined;
  if (word !== undefined) out.push(word);
  return out;
}

/**
 * Reads the command of a comment body.
 * @returns the command, `{kind: 'invalid'}` for a `/orch` line the bot cannot act on (with what to
 *   write instead), or undefined when the comment is not a command.
 */
export function parseCommand(body: string): BotCommand | undefined {
  const first =
    body
      .split(/\r?\n/)
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  if (first !== '/orch' && !/^\/orch\s/.test(first)) return undefined;
  if (first.length > MAX_COMMAND_LENGTH) {
    return { kind: 'invalid', message: `the command is longer than ${MAX_COMMAND_LENGTH} characters` };
  }
  const parts = words(first.slice('/orch'.length));
  if (!parts) return { kind: 'invalid', message: 'a quote is not closed' };
  const [verb, ...rest] = parts;
  if (verb === undefined) return { kind: 'help' };
  if (!VERBS.includes(verb)) {
    const near = VERBS.find((v) => editDistance(v, verb.toLowerCase()) <= 2);
    return {
      kind: 'invalid',
      message: `unknown command "${verb.slice(0, 40)}"${near ? `; did you mean \`/orch ${near}\`?` : ''}`,
    };
  }
  if (verb === 'register' || verb === 'approve' || verb === 'help') {
    if (rest.length) return { kind: 'invalid', message: `\`/orch ${verb}\` takes no arguments` };
    return { kind: verb };
  }
  const [launchPlan, ...pairs] = rest;
  if (!launchPlan || launchPlan.includes('=')) {
    return { kind: 'invalid', message: 'name the launch plan: `/orch run <launch plan> [key=value ...]`' };
  }
  const inputs: Record<string, unknown> = Object.create(null);
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) {
      return { kind: 'invalid', message: `"${pair.slice(0, 40)}" is not key=value` };
    }
    const key = pair.slice(0, at);
    const text = pair.slice(at + 1);
    let value: unknown = text;
    try {
      value = parseExactJson(text);
    } catch {
      // Not JSON: the text itself.
    }
    inputs[key] = value;
  }
  return { kind: 'run', launchPlan, inputs: { ...inputs } };
}
