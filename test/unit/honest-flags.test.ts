import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { flagHelp } from '../../src/config/commander.js';
import { ConfigError } from '../../src/config/errors.js';
import { loadConfig } from '../../src/config/load.js';
import { findFlag } from '../../src/config/registry.js';

describe('flags that change nothing say so', () => {
  test('--authorizer.type refuses a value outside its set, naming the flag and the values', () => {
    const load = () => loadConfig({ flags: { 'authorizer.type': 'bogus' }, env: {}, home: '/nonexistent' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/--authorizer\.type.*one of UserClouds/);
    expect(() =>
      loadConfig({ flags: {}, env: { ORCHCTL_AUTHORIZER_TYPE: 'bogus' }, home: '/nonexistent' }),
    ).toThrow(/ORCHCTL_AUTHORIZER_TYPE.*one of UserClouds/);
  });

  test.each([
    'admin.authorizationServerUrl',
    'sharedservice.connectPort',
    'sharedservice.sync.syncInterval',
    'authorizer.syncRuleRefreshInterval',
    'authorizer.organizationConfig.PolicyConfig.viewerPolicyDescription',
    'db.log_level',
    'connection.environment',
    'orch.connection.trustedIdentityClaims.enabled',
    'storage.cache.target_gc_percent',
    'sharedservice.security.ssl.certificateAuthorityFile',
  ])('--%s: its help says it has no effect', (name) => {
    const flag = findFlag(name);
    expect(flag).toBeDefined();
    expect(flagHelp(flag ?? { section: '', name, type: 'string', usage: '' })).toMatch(
      /accepted and validated; (has no effect|takes effect with .*, not built yet)/,
    );
  });
});

describe('files named by flags exist at start', () => {
  test.each([
    ['sharedservice.security.ssl.certificateAuthorityFile', 'flag'],
    ['admin.caCertFilePath', 'flag'],
    ['server.security.ssl.keyFile', 'environment'],
  ])('--%s naming a missing file (%s) fails, naming the flag and the path', (name, from) => {
    const path = `/nonexistent/${name}.pem`;
    const env = `ORCHCTL_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
    const load = () =>
      loadConfig({
        flags: from === 'flag' ? { [name]: path } : {},
        env: from === 'flag' ? {} : { [env]: path },
        home: '/nonexistent',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`file ${path} does not exist`);
    expect(load).toThrow(`--${name}`);
  });
});

describe('enum-like flags take only their values, from every source', () => {
  test.each([
    ['auth.userAuth.cookieSetting.sameSitePolicy', 'DefaultMode, LaxMode, StrictMode, NoneMode'],
    ['authorizer.organizationConfig.PolicyConfig.defaultUserPolicyRoleType', 'Viewer, Contributor, Admin'],
    ['otel.sampler.parentSampler', 'always, never'],
    ['authorizer.type', 'UserClouds'],
  ])('--%s bogus in a config file fails at load, naming the values', async (name, values) => {
    const dir = await mkdtemp(join(tmpdir(), 'enum-'));
    const file = join(dir, 'config.yaml');
    const parts = name.split('.');
    const yaml = parts.map((part, i) => `${'  '.repeat(i)}${part}:${i === parts.length - 1 ? ' bogus' : ''}`);
    await writeFile(file, `${yaml.join('\n')}\n`);
    try {
      expect(() => loadConfig({ flags: { config: file }, env: {}, home: dir })).toThrow(
        new RegExp(`config\\.yaml:${parts.length}:\\d+: expected one of ${values}`),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
