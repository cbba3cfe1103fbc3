import { readFile } from 'node:fs/promises';
import { describe, expect, test } from '@jest/globals';
import { runBinary } from '../../scripts/main-job.js';
import { findFlag } from '../../src/config/registry.js';

interface SpecFlag {
  name: string;
  short?: string;
  type: string;
  default: string;
}
const specFlags = JSON.parse(
  await readFile(new URL('../fixtures/spec-flags.json', import.meta.url), 'utf8'),
) as SpecFlag[];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each([
  ['get', ['get', '-h']],
  ['config', ['config', '-h']],
])('orchctl %s -h', (_name, args) => {
  let help = '';
  test('exits 0', async () => {
    const result = await runBinary('orchctl', args, { PATH: process.env.PATH, HOME: '/home/someone' });
    expect(result.code).toBe(0);
    help = result.stdout;
  });

  test.each(specFlags.map((f) => [f.name, f] as const))(
    'prints --%s with its type and default',
    (_flag, spec) => {
      const argument = spec.type === 'bool' ? '\\[bool\\]' : `<${escapeRegExp(spec.type)}>`;
      const term = `${spec.short ? `-${spec.short}, ` : ''}--${escapeRegExp(spec.name)} ${argument}`;
      const line = new RegExp(`^ {2}${term} .*$`, 'm').exec(help)?.[0];
      expect(line).toBeDefined();
      // The spec's default, or for a flag whose spec default is a description, the real one or none.
      const flag = findFlag(spec.name);
      const shown = flag?.placeholder ? flag.helpDefault?.replace(/^~\//, '/home/someone/') : spec.default;
      if (shown) expect(line).toContain(`(default: ${shown})`);
      else expect(line).not.toContain('(default:');
      if (flag?.placeholder) expect(line).not.toContain(spec.default);
    },
  );

  test("shows real defaults, never the spec's descriptions of them", () => {
    expect(help).toContain('config file (default: /home/someone/.orchctl/config.yaml)');
    expect(help).toContain('gRPC service config (default: {"loadBalancingConfig":[{"round_robin":{}}]})');
    for (const description of [
      '<home>',
      'dns:///<tenant_host>',
      'round-robin load balancing JSON',
      'built-in default (omitted)',
    ]) {
      expect(help).not.toContain(description);
    }
  });

  test('groups flags by the sections of the spec', () => {
    for (const heading of [
      'Client to admin flags:',
      'Server flags:',
      'Storage flags:',
      'Pod webhook flags:',
    ]) {
      expect(help).toContain(heading);
    }
    expect(help).toMatch(/-h, --help/);
  });
});

describe('commands of subcommands, and errors, as cobra users expect', () => {
  test.each([
    ['orchctl', ['get']],
    ['orchctl', ['config']],
    ['orchctl', []],
    ['orch', ['create']],
    ['orch', ['get']],
  ] as const)('%s %j with no subcommand prints its help on stdout and exits 0', async (binary, args) => {
    const result = await runBinary(binary, [...args], { PATH: process.env.PATH });
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toMatch(
      new RegExp(`^Usage: ${binary}${args.length ? ` ${args[0]}` : ''} \\[options\\] \\[command\\]`),
    );
  });

  test.each([
    ['orchctl', ['get', 'project', '--bogus'], "Error: unknown option '--bogus'"],
    ['orchctl', ['get', 'bogus'], "Error: unknown command 'bogus'"],
    ['orch', ['register', '--bogus'], "Error: unknown option '--bogus'"],
  ] as const)('%s %j: every error starts with Error:', async (binary, args, message) => {
    const result = await runBinary(binary, [...args], { PATH: process.env.PATH });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
  });
});
