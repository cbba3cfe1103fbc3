import { readFile } from 'node:fs/promises';
import { describe, expect, test } from '@jest/globals';
import { defaultValue } from '../../src/config/load.js';
import { ALL_FLAGS, envName, findFlag, nearestFlag, OWN_SECTIONS } from '../../src/config/registry.js';

/** The spec's flag reference, transcribed row by row (compressed rows expanded): name, short, type, default. */
interface SpecFlag {
  name: string;
  short?: string;
  type: string;
  default: string;
}
const specFlags = JSON.parse(
  await readFile(new URL('../fixtures/spec-flags.json', import.meta.url), 'utf8'),
) as SpecFlag[];

describe('the flag registry holds the spec flag reference exactly', () => {
  test("the same flags, no more, no fewer, besides orch's own runtime, image build, replica and keyless sign-in flags", () => {
    const fromSpec = ALL_FLAGS.filter((f) => !OWN_SECTIONS.includes(f.section));
    expect(fromSpec.map((f) => f.name).sort()).toEqual(specFlags.map((f) => f.name).sort());
    const own = ALL_FLAGS.filter((f) => OWN_SECTIONS.includes(f.section)).map((f) => f.name);
    expect(own.length).toBeGreaterThan(0);
    const ownPrefixes = [
      'runtime.',
      'images.',
      'server.executionLease.',
      'server.executor.',
      'server.scheduler.',
      'auth.tokenExchange.',
    ];
    expect(own.filter((name) => !ownPrefixes.some((prefix) => name.startsWith(prefix)))).toEqual([]);
  });

  test.each(specFlags.map((f) => [f.name, f] as const))(
    '%s has the spec type, alias and default',
    (name, spec) => {
      const flag = findFlag(name);
      expect(flag?.type).toBe(spec.type);
      expect(flag?.short).toBe(spec.short);
      expect(flag?.default ?? '').toBe(spec.default);
    },
  );

  test('names are unique, none is a section of another, env variables are unique', () => {
    const names = ALL_FLAGS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(names.filter((n) => n.startsWith(`${name}.`))).toEqual([]);
    const envs = ALL_FLAGS.map(envName);
    expect(new Set(envs).size).toBe(envs.length);
  });

  test('every flag says what it does, and every real default parses as its type', () => {
    for (const flag of ALL_FLAGS) {
      expect(flag.usage.length).toBeGreaterThan(2);
      expect(() => defaultValue(flag)).not.toThrow();
    }
  });

  test('limits of the spec are the defaults', () => {
    expect(defaultValue(findFlag('server.dataProxy.upload.maxSize')!)).toBe('6Mi');
    expect(defaultValue(findFlag('admin.maxRetries')!)).toBe(4);
    expect(defaultValue(findFlag('orch.connection.maxRecvMsgSize')!)).toBe(10485760);
    expect(defaultValue(findFlag('sharedservice.grpc.maxConcurrentStreams')!)).toBe(100);
    expect(defaultValue(findFlag('auth.appAuth.thirdPartyConfig.orchClient.scopes')!)).toEqual([
      'all',
      'offline',
    ]);
    expect(defaultValue(findFlag('webhook.awsSecretManager.sidecarImage')!)).toBeUndefined();
  });

  test('flags of runtimes not built yet say so', () => {
    expect(findFlag('webhook.listenPort')?.runtime).toMatch(/pod webhook/);
    expect(findFlag('rediscache.primaryEndpoint')?.runtime).toBeDefined();
  });

  test('typos find the nearest flag', () => {
    expect(nearestFlag('admin.endpont')).toBe('admin.endpoint');
    expect(nearestFlag('server.httpport')).toBe('server.httpPort');
    expect(nearestFlag('completely.unrelated.thing.here')).toBeUndefined();
  });
});
