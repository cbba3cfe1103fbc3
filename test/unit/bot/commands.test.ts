import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { type BotCommand, MAX_COMMAND_LENGTH, parseCommand } from '../../../src/bot/commands.js';

/** The message of an invalid command; fails the test when the command is anything else. */
function invalidMessage(command: BotCommand | undefined): string {
  expect(command?.kind).toBe('invalid');
  return (command as { message: string }).message;
}

/** The launch plan and inputs of a run command; fails the test when the command is anything else. */
function run(command: BotCommand | undefined): { launchPlan: string; inputs: Record<string, unknown> } {
  expect(command?.kind).toBe('run');
  return command as { launchPlan: string; inputs: Record<string, unknown> };
}

describe('comments that are not commands', () => {
  test.each([
    ['plain text', 'looks good to me'],
    ['an empty comment', ''],
    ['only blank lines', '\n   \n\t\n'],
    ['a longer word starting with /orch', '/orchestra run lp'],
    ['/orch glued to a word', '/orchrun lp'],
    ['/orch on a later line', 'please run it\n/orch run lp'],
    ['/orch in the middle of a line', 'try /orch run lp'],
  ])('%s is not for the bot', (_what, body) => {
    expect(parseCommand(body)).toBeUndefined();
  });

  test('the first non-empty line counts, after leading blank lines and indentation', () => {
    expect(parseCommand('\n  \r\n   /orch register  \r\nthanks')).toEqual({ kind: 'register' });
  });

  test('only the first line is read: later lines are not arguments', () => {
    expect(parseCommand('/orch approve\nplease, the fork looks fine')).toEqual({ kind: 'approve' });
  });
});

describe('verbs without arguments', () => {
  test('/orch alone asks for help', () => {
    expect(parseCommand('/orch')).toEqual({ kind: 'help' });
    expect(parseCommand('   /orch   ')).toEqual({ kind: 'help' });
  });

  test.each([
    ['/orch help', 'help'],
    ['/orch register', 'register'],
    ['/orch approve', 'approve'],
  ])('%s', (body, kind) => {
    expect(parseCommand(body)).toEqual({ kind });
  });

  test.each(['register', 'approve', 'help'])('/orch %s with an argument is refused', (verb) => {
    const message = invalidMessage(parseCommand(`/orch ${verb} now`));
    expect(message).toContain(`/orch ${verb}`);
    expect(message).toContain('no arguments');
  });
});

describe('unknown verbs', () => {
  test.each([
    ['rnu', 'run'],
    ['rn', 'run'],
    ['RUN', 'run'],
    ['registr', 'register'],
    ['aprove', 'approve'],
    ['hepl', 'help'],
  ])('/orch %s suggests /orch %s', (typo, verb) => {
    const message = invalidMessage(parseCommand(`/orch ${typo} lp`));
    expect(message).toContain(`"${typo}"`);
    expect(message).toContain(`did you mean \`/orch ${verb}\`?`);
  });

  test.each(['deploy', 'zzzzzz', 'status'])('/orch %s gets no suggestion', (verb) => {
    const message = invalidMessage(parseCommand(`/orch ${verb}`));
    expect(message).toContain(`"${verb}"`);
    expect(message).not.toContain('did you mean');
  });

  test('a very long unknown verb is not echoed in full', () => {
    const verb = 'x'.repeat(1000);
    const message = invalidMessage(parseCommand(`/orch ${verb}`));
    expect(message.length).toBeLessThan(200);
  });
});

describe('/orch run', () => {
  test('a launch plan without inputs', () => {
    const command = run(parseCommand('/orch run wf.add_one_wf'));
    expect(command.launchPlan).toBe('wf.add_one_wf');
    expect(command.inputs).toEqual({});
  });

  test('values are JSON when they parse as JSON, else text', () => {
    const command = run(
      parseCommand(`/orch run lp n=2 f=-1.5 yes=true no=false nothing=null list=[1,2] o='{"a": 1}' s=hello`),
    );
    expect(command.launchPlan).toBe('lp');
    expect(command.inputs).toEqual({
      n: 2,
      f: -1.5,
      yes: true,
      no: false,
      nothing: null,
      list: [1, 2],
      o: { a: 1 },
      s: 'hello',
    });
  });

  test('quotes keep spaces; \\" is a quote inside double quotes', () => {
    const command = run(
      parseCommand('/orch run lp greeting="hello  world" q="say \\"hi\\"" single=\'a "b" c\''),
    );
    expect(command.inputs).toEqual({ greeting: 'hello  world', q: 'say "hi"', single: 'a "b" c' });
  });

  test('a double-quoted JSON string is the string itself', () => {
    // The shell-like quotes go, so "\"x\"" is the JSON text "x": the string x.
    const command = run(parseCommand('/orch run lp s="\\"x\\""'));
    expect(command.inputs).toEqual({ s: 'x' });
  });

  test('an empty value is the empty string, and only the first = splits', () => {
    const command = run(parseCommand('/orch run lp empty= eq=a=b'));
    expect(command.inputs).toEqual({ empty: '', eq: 'a=b' });
  });

  test('words are split at any white space, not only single spaces', () => {
    const command = run(parseCommand('/orch run\tlp   x=1\t y=2'));
    expect(command).toEqual({ kind: 'run', launchPlan: 'lp', inputs: { x: 1, y: 2 } });
  });

  test('a later value of the same key wins', () => {
    expect(run(parseCommand('/orch run lp x=1 x=2')).inputs).toEqual({ x: 2 });
  });

  test('the launch plan is required', () => {
    expect(invalidMessage(parseCommand('/orch run'))).toContain('name the launch plan');
    expect(invalidMessage(parseCommand('/orch run   '))).toContain('name the launch plan');
  });

  test('a key=value where the launch plan belongs is not taken as the launch plan', () => {
    expect(invalidMessage(parseCommand('/orch run x=1'))).toContain('name the launch plan');
  });

  test.each([
    ['k', '"k" is not key=value'],
    ['=v', '"=v" is not key=value'],
  ])('an argument %j without a key is refused', (argument, expected) => {
    expect(invalidMessage(parseCommand(`/orch run lp x=1 ${argument}`))).toContain(expected);
  });

  test.each([
    ['double quote', '/orch run lp s="unclosed'],
    ['single quote', '/orch run lp o=\'{"a": 1}'],
  ])('an unclosed %s is refused', (_what, body) => {
    expect(invalidMessage(parseCommand(body))).toContain('quote is not closed');
  });

  test(`a command of up to ${MAX_COMMAND_LENGTH} characters is read; a longer one is refused`, () => {
    const prefix = '/orch run lp s=';
    const longest = prefix + 'a'.repeat(MAX_COMMAND_LENGTH - prefix.length);
    expect(longest).toHaveLength(MAX_COMMAND_LENGTH);
    expect(run(parseCommand(longest)).inputs.s).toHaveLength(MAX_COMMAND_LENGTH - prefix.length);

    const message = invalidMessage(parseCommand(`${longest}a`));
    expect(message).toContain(String(MAX_COMMAND_LENGTH));
  });

  test('keys like __proto__ are plain inputs and do not pollute Object.prototype', () => {
    const command = run(
      parseCommand(`/orch run lp __proto__='{"polluted":1}' constructor='{"prototype":{"polluted":2}}' x=1`),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // The inputs hold what was given, as their own keys.
    expect(Object.keys(command.inputs).sort()).toEqual(['__proto__', 'constructor', 'x']);
    expect(Object.getOwnPropertyDescriptor(command.inputs, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(Object.getOwnPropertyDescriptor(command.inputs, 'constructor')?.value).toEqual({
      prototype: { polluted: 2 },
    });
    expect(command.inputs.x).toBe(1);
    // And they survive a JSON round trip (as when sent to the admin).
    expect(JSON.parse(JSON.stringify(command.inputs))).toEqual(
      JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"x":1}'),
    );
  });

  test('property: a formatted run command parses back to its launch plan and inputs', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9_.]{0,30}$/),
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/), fc.integer(), { maxKeys: 8 }),
        (launchPlan, inputs) => {
          const pairs = Object.entries(inputs).map(([k, v]) => `${k}=${v}`);
          const body = ['/orch run', launchPlan, ...pairs].join(' ');
          const command = run(parseCommand(body));
          expect(command.launchPlan).toBe(launchPlan);
          expect(command.inputs).toEqual(inputs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
