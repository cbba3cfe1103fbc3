import { readFile } from 'node:fs/promises';
import { describe, expect, test } from '@jest/globals';
import { runBinary } from '../../scripts/main-job.js';

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
    const result = await runBinary('orchctl', args, { PATH: process.env.PATH });
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
      if (spec.default) expect(line).toContain(`(default: ${spec.default})`);
      else expect(line).not.toContain('(default:');
    },
  );

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
