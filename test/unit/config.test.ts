import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { ConfigError } from '../../src/config/errors.js';
import { loadConfig } from '../../src/config/load.js';
import { envName, FLAGS } from '../../src/config/registry.js';

async function homeWithConfig(yaml?: string): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'orch-home-'));
  if (yaml !== undefined) {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(home, '.orchctl'));
    await writeFile(join(home, '.orchctl', 'config.yaml'), yaml);
  }
  return home;
}

describe('configuration precedence: flag > environment > config file > default', () => {
  test('defaults come from the registry', async () => {
    const config = loadConfig({ flags: {}, env: {}, home: await homeWithConfig() });
    expect(config.server.httpPort).toBe(8088);
    expect(config.server.grpc.port).toBe(8089);
    expect(config.output).toBe('TABLE');
    expect(config.admin.insecure).toBe(false);
  });

  test('each source overrides the ones below it', async () => {
    const home = await homeWithConfig(
      'admin:\n  endpoint: file:1\nserver:\n  httpPort: 9000\n  grpc:\n    port: 9001\n',
    );
    const fileOnly = loadConfig({ flags: {}, env: {}, home });
    expect(fileOnly.admin.endpoint).toBe('file:1');
    expect(fileOnly.server.httpPort).toBe(9000);
    const withEnv = loadConfig({
      flags: {},
      env: { ORCHCTL_ADMIN_ENDPOINT: 'env:2', ORCHCTL_SERVER_HTTPPORT: '9100' },
      home,
    });
    expect(withEnv.admin.endpoint).toBe('env:2');
    expect(withEnv.server.httpPort).toBe(9100);
    expect(withEnv.server.grpc.port).toBe(9001);
    const withFlag = loadConfig({
      flags: { 'admin.endpoint': 'flag:3' },
      env: { ORCHCTL_ADMIN_ENDPOINT: 'env:2' },
      home,
    });
    expect(withFlag.admin.endpoint).toBe('flag:3');
  });

  test('a --config that does not exist is an error, not a silent fallback', async () => {
    const home = await homeWithConfig('admin:\n  endpoint: file:1\n');
    expect(() => loadConfig({ flags: { config: join(home, 'nope.yaml') }, env: {}, home })).toThrow(
      ConfigError,
    );
  });

  test('a bad value names where it came from', async () => {
    const home = await homeWithConfig();
    expect(() => loadConfig({ flags: { 'server.httpPort': 'eighty' }, env: {}, home })).toThrow(
      /--server\.httpPort/,
    );
    expect(() => loadConfig({ flags: {}, env: { ORCHCTL_ADMIN_INSECURE: 'maybe' }, home })).toThrow(
      /ORCHCTL_ADMIN_INSECURE/,
    );
  });

  test('the configuration is frozen', async () => {
    const config = loadConfig({ flags: {}, env: {}, home: await homeWithConfig() });
    expect(Object.isFrozen(config.server)).toBe(true);
  });

  test('every flag maps to one environment variable and the names are unique', () => {
    const names = FLAGS.map(envName);
    expect(new Set(names).size).toBe(names.length);
    expect(envName({ name: 'orch.connection.host' })).toBe('ORCHCTL_ORCH_CONNECTION_HOST');
  });
});

describe('deprecated flags are used for their replacements', () => {
  test('the value goes to the replacement unless that is given as strongly; one warning either way', async () => {
    const { loadConfigReport } = await import('../../src/config/load.js');
    const home = await homeWithConfig('server:\n  grpc:\n    port: 9001\n');
    const used = loadConfigReport({ flags: { 'server.grpcPort': '7000' }, env: {}, home });
    expect(used.config.server.grpc.port).toBe(7000);
    expect(used.warnings).toEqual([
      {
        source: '--server.grpcPort',
        message: '--server.grpcPort is deprecated: use --server.grpc.port (its value is used for it)',
      },
    ]);
    const ignored = loadConfigReport({
      flags: { 'server.grpc.port': '7100' },
      env: { ORCHCTL_SERVER_GRPCSERVERREFLECTION: 'true', ORCHCTL_SERVER_GRPCPORT: '7200' },
      home,
    });
    expect(ignored.config.server.grpc.port).toBe(7100);
    expect(ignored.config.server.grpc.serverReflection).toBe(true);
    expect(ignored.warnings.map((w) => w.message)).toEqual([
      '--server.grpcPort is deprecated: use --server.grpc.port (ignored: --server.grpc.port is given by --server.grpc.port)',
      '--server.grpcServerReflection is deprecated: use --server.grpc.serverReflection (its value is used for it)',
    ]);
  });

  test('every replacement is a flag of the same type', () => {
    for (const flag of FLAGS) {
      const replacedBy = (flag as { replacedBy?: string }).replacedBy;
      if (!replacedBy) continue;
      const target = FLAGS.find((f) => f.name === replacedBy);
      expect([flag.name, target?.type]).toEqual([flag.name, flag.type]);
    }
  });
});
