import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT, type RunningProcess, runBinary, startBinary } from '../../scripts/main-job.js';
import { mintApiKey, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A name given without its file prefix (`add_one_wf` for `wf.add_one_wf`) is "not found", with the
 * name that was meant, in every front end: `orch run`, `orchctl get`, the webhook. Before, `orch
 * run` said the launch plan "has no version" and none of them named what existed.
 */
describe('an unknown name is not found, with the closest existing names', () => {
  let server: TestServer;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let connection: string[];
  let admin: string[];
  let version = '';

  beforeAll(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'orch-not-found-'));
    env = { PATH: process.env.PATH, HOME: home };
    connection = ['--orch.connection.host', server.addresses.grpcEndpoint, '--orch.connection.insecure'];
    admin = [
      '--admin.endpoint',
      server.addresses.grpcEndpoint,
      '--admin.insecure',
      '-p',
      'default',
      '-d',
      'development',
    ];
    await cp(join(ROOT, 'examples', 'add-one'), home, { recursive: true });
    const registered = await runBinary('orch', ['register', join(home, 'wf.yaml'), ...connection], env);
    expect(registered.code).toBe(0);
    version = /^Computed version is (\S+)$/m.exec(registered.stdout)?.[1] ?? '';
    expect(version).not.toBe('');
  });
  afterAll(async () => {
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('orch run add_one_wf says not found and suggests wf.add_one_wf, exit 1', async () => {
    const result = await runBinary('orch', ['run', 'add_one_wf', ...connection], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Error: launch plan "add_one_wf" not found in default/development; did you mean "wf.add_one_wf"?\n',
    );
    expect(result.stderr).not.toMatch(/has no version/);

    // With a version, the unknown name is still what is wrong.
    const pinned = await runBinary('orch', ['run', 'add_one_wf', '--version', version, ...connection], env);
    expect(pinned.code).toBe(1);
    expect(pinned.stderr).toBe(
      'Error: launch plan "add_one_wf" not found in default/development; did you mean "wf.add_one_wf"?\n',
    );
  });

  test('orch run of a real name with a version it lacks names that version and the newest one', async () => {
    const result = await runBinary('orch', ['run', 'wf.add_one_wf', '--version', 'nope', ...connection], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: launch plan "wf.add_one_wf" version "nope" not found in default/development; its newest version is "${version}"\n`,
    );
  });

  test('orchctl get launchplan, workflow and task with an unknown name say not found and suggest', async () => {
    for (const [resource, label, meant] of [
      ['launchplan', 'launch plan', 'wf.add_one_wf'],
      ['workflow', 'workflow', 'wf.add_one_wf'],
      ['task', 'task', 'wf.add_one'],
    ] as const) {
      const given = meant.slice('wf.'.length);
      for (const extra of [[], ['--latest'], ['--version', version]]) {
        const result = await runBinary('orchctl', ['get', resource, given, ...extra, ...admin], env);
        expect([resource, extra, result.code, result.stdout]).toEqual([resource, extra, 1, '']);
        expect(result.stderr).toBe(
          `Error: ${label} "${given}" not found in default/development; did you mean "${meant}"?\n` +
            `List the ${label}s with: orchctl get ${resource} -p default -d development\n`,
        );
      }
    }
  });

  test('orchctl get execution with an unknown name suggests the execution meant', async () => {
    const launched = await runBinary(
      'orch',
      ['run', 'wf.add_one_wf', '--input', 'x=1', '--name', 'nightly-run', ...connection],
      env,
    );
    expect(launched.code).toBe(0);
    const result = await runBinary('orchctl', ['get', 'execution', 'nightly-rn', ...admin], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Error: execution "nightly-rn" not found in default\/development; did you mean "nightly-run"\?\n/,
    );
  });

  describe('the webhook', () => {
    let webhook: RunningProcess;
    let url = '';
    const webhookKey = 'webhook-key-for-the-not-found-test';

    beforeAll(async () => {
      const { key } = await mintApiKey(server, 'not-found-webhook');
      webhook = startBinary('orch-webhook', ['--port', '0', ...connection], {
        ...env,
        WEBHOOK_API_KEY: webhookKey,
        ORCH_API_KEY: key,
      });
      url = await webhook.waitFor(/^orch-webhook listening on (http:\S+)$/m);
    });
    afterAll(async () => {
      await webhook.stop();
    });

    test('POST /run-workflow with an unknown launch plan answers 404 not_found naming the one meant', async () => {
      const response = await fetch(`${url}/run-workflow/default/development/add_one_wf/${version}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${webhookKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ x: 2 }),
      });
      expect(response.status).toBe(404);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        code: 'not_found',
        error: 'launch plan "add_one_wf" not found in default/development; did you mean "wf.add_one_wf"?',
      });
    });
  });
});
