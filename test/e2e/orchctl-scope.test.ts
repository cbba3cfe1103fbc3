import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT, runBinary } from '../../scripts/main-job.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// `orchctl get` reads in the project and domain `orch run` launches in, given the same configuration:
// -p/-d, else ORCHCTL_PROJECT/ORCHCTL_DOMAIN, else the config file's project:/domain:, else default and
// development. Both built binaries, one config file each, a real admin server.

type Listed = { id: { project: string; domain: string; name: string } };

describe('orchctl get and orch run share their project and domain defaults', () => {
  let server: TestServer;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let wfFile: string;
  /** A config file for both CLIs (`admin:` for orchctl, `orch:` for orch) plus `extra` lines. */
  const configFile = async (name: string, extra = '') => {
    const file = join(home, name);
    const endpoint = server.addresses.grpcEndpoint;
    await writeFile(
      file,
      `admin:\n  endpoint: ${endpoint}\n  insecure: true\norch:\n  connection:\n    host: ${endpoint}\n    insecure: true\n${extra}`,
    );
    return file;
  };
  /** `orch run wf.add_one_wf` with `config`; resolves to the execution's project, domain and name. */
  const run = async (config: string) => {
    const launched = await runBinary(
      'orch',
      ['run', 'wf.add_one_wf', '--input', 'x=1', '--config', config],
      env,
    );
    expect([launched.code, launched.stderr]).toEqual([0, '']);
    const match = /\/console\/projects\/([^/]+)\/domains\/([^/]+)\/executions\/([a-z0-9-]+)\n$/.exec(
      launched.stdout,
    );
    expect(match).not.toBeNull();
    return { project: match?.[1], domain: match?.[2], name: match?.[3] ?? '' };
  };
  const getJson = async (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
    const got = await runBinary('orchctl', ['get', ...args, '-o', 'json'], { ...env, ...extraEnv });
    expect([args, got.code, got.stderr]).toEqual([args, 0, '']);
    return JSON.parse(got.stdout) as unknown;
  };
  /** A list prints one item as an object and several as an array (as flytectl prints them). */
  const listOf = (printed: unknown) => [printed].flat() as Listed[];
  const scopesOf = (printed: unknown) =>
    new Set(listOf(printed).map((item) => `${item.id.project}/${item.id.domain}`));

  beforeAll(async () => {
    server = await startTestServer();
    await server.client.registerProject({ id: 'cfgproj', name: 'cfgproj' });
    home = await mkdtemp(join(tmpdir(), 'orchctl-scope-'));
    env = { PATH: process.env.PATH, HOME: home };
    wfFile = join(home, 'wf.yaml');
    await cp(join(ROOT, 'examples', 'add-one', 'wf.yaml'), wfFile);
  });
  afterAll(async () => {
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('with no -p/-d anywhere, orchctl get reads default/development, where orch run launched', async () => {
    const config = await configFile('plain.yaml');
    expect((await runBinary('orch', ['register', wfFile, '--config', config], env)).code).toBe(0);
    const execution = await run(config);
    expect([execution.project, execution.domain]).toEqual(['default', 'development']);

    const launchPlans = await getJson(['launchplan', '--config', config]);
    expect(scopesOf(launchPlans)).toEqual(new Set(['default/development']));
    expect(listOf(launchPlans).map((lp) => lp.id.name)).toContain('wf.add_one_wf');
    const got = (await getJson(['execution', execution.name, '--config', config])) as Listed;
    expect(got.id).toMatchObject({ project: 'default', domain: 'development', name: execution.name });
  });

  test("the config file's project: and domain: are where both act", async () => {
    const config = await configFile('scoped.yaml', 'project: cfgproj\ndomain: staging\n');
    expect((await runBinary('orch', ['register', wfFile, '--config', config], env)).code).toBe(0);
    const execution = await run(config);
    expect([execution.project, execution.domain]).toEqual(['cfgproj', 'staging']);

    expect(scopesOf(await getJson(['launchplan', '--config', config]))).toEqual(new Set(['cfgproj/staging']));
    expect(scopesOf(await getJson(['task', '--config', config]))).toEqual(new Set(['cfgproj/staging']));
    const got = (await getJson(['execution', execution.name, '--config', config])) as Listed;
    expect(got.id).toMatchObject({ project: 'cfgproj', domain: 'staging', name: execution.name });
  });

  test('flags, then ORCHCTL_PROJECT/ORCHCTL_DOMAIN, override the file', async () => {
    const config = await configFile('override.yaml', 'project: cfgproj\ndomain: staging\n');
    const byFlags = await getJson(['launchplan', '--config', config, '-p', 'default', '-d', 'development']);
    expect(scopesOf(byFlags)).toEqual(new Set(['default/development']));
    const byEnv = await getJson(['launchplan', '--config', config], {
      ORCHCTL_PROJECT: 'default',
      ORCHCTL_DOMAIN: 'development',
    });
    expect(scopesOf(byEnv)).toEqual(new Set(['default/development']));
    // Only the domain given: the project still comes from the file.
    const none = await getJson(['launchplan', '--config', config, '-d', 'production']);
    expect(none).toEqual([]);
  });
});
