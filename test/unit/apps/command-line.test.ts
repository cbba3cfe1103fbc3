import { describe, expect, test } from '@jest/globals';
import { CommandLineError, splitCommandLine } from '../../../src/apps/index.js';

describe('splitting an app command line into argv', () => {
  test('words are separated by blanks', () => {
    expect(splitCommandLine('orch-webhook --port 8080')).toEqual(['orch-webhook', '--port', '8080']);
    expect(splitCommandLine('  a \t b\n\nc  ')).toEqual(['a', 'b', 'c']);
    expect(splitCommandLine('')).toEqual([]);
    expect(splitCommandLine(' \t ')).toEqual([]);
  });

  test('single quotes keep everything as it is', () => {
    expect(splitCommandLine(`node -e 'console.log("a b", 1 | 2, $HOME, \\n)'`)).toEqual([
      'node',
      '-e',
      'console.log("a b", 1 | 2, $HOME, \\n)',
    ]);
  });

  test('double quotes keep blanks; a backslash escapes only " \\ $ ` and a newline there', () => {
    expect(splitCommandLine('echo "a  b" "say \\"hi\\"" "back\\\\slash" "\\$HOME" "keep\\tthis"')).toEqual([
      'echo',
      'a  b',
      'say "hi"',
      'back\\slash',
      '$HOME',
      'keep\\tthis',
    ]);
    expect(splitCommandLine('"one\\\ntwo"')).toEqual(['onetwo']);
  });

  test('outside quotes a backslash makes the next character literal; before a newline it joins lines', () => {
    expect(splitCommandLine("a\\ b \\'c\\' \\| \\$x")).toEqual(['a b', "'c'", '|', '$x']);
    expect(splitCommandLine('web \\\n  --port 1')).toEqual(['web', '--port', '1']);
  });

  test('pieces next to each other make one word; empty quotes an empty word', () => {
    expect(splitCommandLine(`--x="a b"'c'd`)).toEqual(['--x=a bcd']);
    expect(splitCommandLine(`a '' "" b`)).toEqual(['a', '', '', 'b']);
  });

  test('# is literal inside a word, * and ~ are never expanded', () => {
    expect(splitCommandLine('a#b *.js ~/x')).toEqual(['a#b', '*.js', '~/x']);
  });

  test.each([
    ['web | tee log', '"|" at character 5'],
    ['a && b', '"&" at character 3'],
    ['a; b', '";" at character 2'],
    ['a > out', '">" at character 3'],
    ['a < in', '"<" at character 3'],
    ['(a)', '"(" at character 1'],
    ['echo $HOME', '"$" at character 6'],
    ['echo `id`', '"`" at character 6'],
    ['echo "$HOME"', '"$" at character 7'],
    ['echo "`id`"', '"`" at character 7'],
    ['web # comment', '"#" at character 5'],
  ])('%j is refused: no shell runs it', (line, start) => {
    expect(() => splitCommandLine(line)).toThrow(CommandLineError);
    expect(() => splitCommandLine(line)).toThrow(
      new RegExp(
        `^${start.replace(/[|&;<>()$`]/g, '\\$&')} means something to a shell, but no shell runs this command`,
      ),
    );
  });

  test('unclosed quotes and a trailing backslash are refused', () => {
    expect(() => splitCommandLine("node -e 'x")).toThrow('the single quote at character 9 is not closed');
    expect(() => splitCommandLine('say "hi')).toThrow('the double quote at character 5 is not closed');
    expect(() => splitCommandLine('say "hi\\"')).toThrow('the double quote at character 5 is not closed');
    expect(() => splitCommandLine('web \\')).toThrow('the command line ends with a backslash');
  });
});
