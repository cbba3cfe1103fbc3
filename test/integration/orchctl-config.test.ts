import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from '@jest/globals';
import { ALL_FLAGS, type FlagSpec } from '../../src/config/registry.js';
import { runOrchctl } from '../../src/ctl/program.js';
import { captureIO } from '../helpers/io.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'orchctl-config-'));
});

async function orchctl(
  args: string[],
  options: { env?: Record<string, string>; confirm?: () => Promise<boolean> } = {},
) {
  const io = captureIO({ home, env: options.env, confirm: options.confirm });
  const code = await runOrchctl(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** A valid command-line value for a flag (a file that exists, for a flag naming a file to read). */
function validValue(flag: FlagSpec): string {
  if (flag.choices) return flag.choices[0] as string;
  if (flag.inputFile) return join(process.cwd(), 'package.json');
  if (flag.format === 'duration') return '1m30s';
  if (flag.format === 'quantity') return '2Mi';
  switch (flag.type) {
    case 'bool':
      return 'true';
    case 'int':
    case 'int32':
      return '7';
    case 'stringToString':
      return 'a=b';
    default:
      return 'some-value';
  }
}

describe('orchctl config validate', () => {
  test('accepts every flag with a valid value', async () => {
    const args = ALL_FLAGS.flatMap((flag) => [`--${flag.name}=${validValue(flag)}`]);
    const result = await orchctl(['config', 'validate', ...args.filter((a) => !a.startsWith('--config='))]);
    // Only the deprecated flags, given alongside their replacements, are warned about.
    expect(result.err.split('\n').filter((line) => line && !/is deprecated: use --/.test(line))).toEqual([]);
    expect(result.err.match(/is deprecated/g)?.length).toBe(ALL_FLAGS.filter((f) => f.replacedBy).length);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Configuration is valid');
  });

  const typed = ALL_FLAGS.filter(
    (f) => f.type === 'int' || f.type === 'int32' || f.type === 'bool' || f.format === 'duration',
  );
  test.each(
    typed.map((f) => [f.name, f.type === 'bool' ? 'maybe' : f.format === 'duration' ? '5 minutes' : '1.5']),
  )('rejects a malformed --%s (%s) with exit 2', async (name, bad) => {
    // A boolean's value only ever follows `=`: a bare boolean flag never takes the next word.
    const args = bad === 'maybe' ? [`--${name}=${bad}`] : [`--${name}`, bad];
    const result = await orchctl(['config', 'validate', ...args]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`--${name}`);
  });

  test('reports every problem of a file with file:line:column and exits 1', async () => {
    const file = join(home, 'bad.yaml');
    await writeFile(file, 'admin:\n  maxRetries: many\n  perRetryTimeout: soon\nserver:\n  httpPort: 8080\n');
    const result = await orchctl(['config', 'validate', '--file', file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${file}:2:15: expected a whole number, got "many"`);
    expect(result.err).toContain(`${file}:3:20: expected a duration`);
  });

  test('warns about unknown keys naming the nearest known key; --strict makes them errors', async () => {
    const file = join(home, 'typo.yaml');
    await writeFile(file, 'admin:\n  endpont: dns:///x:1\n');
    const lenient = await orchctl(['config', 'validate', '--file', file]);
    expect(lenient.code).toBe(0);
    expect(lenient.err).toContain(`${file}:2:3: unknown key admin.endpont (did you mean admin.endpoint?)`);
    const strict = await orchctl(['config', 'validate', '--strict', '--file', file]);
    expect(strict.code).toBe(1);
    expect(strict.err).toContain('did you mean admin.endpoint?');
  });

  test('without --file, searches the config file path first', async () => {
    const none = await orchctl(['config', 'validate']);
    expect(none.out).toContain('No config file found');
    await mkdir(join(home, '.orchctl'));
    await writeFile(join(home, '.orchctl', 'config.yaml'), 'admin:\n  endpoint: dns:///h:1\n');
    const found = await orchctl(['config', 'validate']);
    expect(found.out).toContain(`Loaded ${join(home, '.orchctl', 'config.yaml')}`);
  });
});

describe('orchctl config init', () => {
  const path = () => join(home, '.orchctl', 'config.yaml');

  test('writes the file, which then validates; discover shows its values', async () => {
    const init = await orchctl(['config', 'init', '--host', 'admin.example.com:443', '--authType', 'pkce']);
    expect(init.code).toBe(0);
    const text = await readFile(path(), 'utf8');
    expect(text).toContain('endpoint: dns:///admin.example.com:443');
    expect(text).toContain('authType: Pkce');
    expect(text).toContain('insecure: false');
    expect((await orchctl(['config', 'validate'])).code).toBe(0);
    const discover = await orchctl(['config', 'discover']);
    expect(discover.out).toContain('admin.endpoint: dns:///admin.example.com:443 (file)');
    expect(discover.out).toContain('admin.authType: Pkce (file)');
  });

  test('honours --config', async () => {
    const custom = join(home, 'elsewhere', 'orch.yaml');
    expect((await orchctl(['config', 'init', '--config', custom])).code).toBe(0);
    expect(await readFile(custom, 'utf8')).toContain('endpoint: dns:///localhost:8089');
  });

  test('an existing file: --force overwrites; declining leaves it byte for byte; no terminal refuses', async () => {
    await orchctl(['config', 'init', '--host', 'first:1']);
    const before = await readFile(path());
    const declined = await orchctl(['config', 'init', '--host', 'second:2'], { confirm: async () => false });
    expect(declined.code).toBe(1);
    expect(declined.out).not.toContain('Wrote');
    expect(declined.err).toContain('left unchanged');
    expect(await readFile(path())).toEqual(before);

    const noTerminal = await orchctl(['config', 'init', '--host', 'second:2']);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.err).toMatch(/--force/);
    expect(await readFile(path())).toEqual(before);

    const accepted = await orchctl(['config', 'init', '--host', 'third:3'], { confirm: async () => true });
    expect(accepted.code).toBe(0);
    expect(await readFile(path(), 'utf8')).toContain('third:3');

    const forced = await orchctl(['config', 'init', '--host', 'fourth:4', '--force']);
    expect(forced.code).toBe(0);
    expect(await readFile(path(), 'utf8')).toContain('fourth:4');
  });
});

describe('orchctl config discover', () => {
  test('names the source of each changed value and redacts secrets', async () => {
    await mkdir(join(home, '.orchctl'));
    await writeFile(
      join(home, '.orchctl', 'config.yaml'),
      'db:\n  password: hunter2\nadmin:\n  endpoint: dns:///f:1\n',
    );
    const result = await orchctl(['config', 'discover', '--admin.maxRetries', '9'], {
      env: { ORCHCTL_OTEL_TYPE: 'file' },
    });
    expect(result.code).toBe(0);
    expect(result.out).toContain('admin.maxRetries: 9 (flag)');
    expect(result.out).toContain('otel.type: file (environment)');
    expect(result.out).toContain('admin.endpoint: dns:///f:1 (file)');
    expect(result.out).toContain('db.password: [redacted] (file)');
    expect(result.out).not.toContain('hunter2');
  });
});

describe('usage errors', () => {
  test('an unknown flag exits 2 with a suggestion', async () => {
    const result = await orchctl(['get', 'project', '--admin.endpont', 'x:1']);
    expect(result.code).toBe(2);
    expect(result.err).toContain("unknown option '--admin.endpont'");
    expect(result.err).toContain('--admin.endpoint');
    expect(result.err.match(/error/gi)?.length).toBe(1);
  });

  test('a bad enum value exits 2 naming the choices', async () => {
    const result = await orchctl(['config', 'validate', '--admin.authType', 'Password']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('expected one of ClientSecret, Pkce, ExternalCommand, DeviceFlow');
  });

  test('-o accepts its values in any case', async () => {
    for (const output of ['json', 'Yaml', 'TABLE', 'dot', 'DotUrl']) {
      expect((await orchctl(['config', 'validate', '-o', output])).code).toBe(0);
    }
  });
});
