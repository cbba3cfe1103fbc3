import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT, runBinary } from '../../scripts/main-job.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

describe('orch run as a subprocess', () => {
  let server: TestServer;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let connection: string[];
  beforeAll(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'orch-run-'));
    env = { PATH: process.env.PATH, HOME: home };
    connection = ['--orch.connection.host', server.addresses.grpcEndpoint, '--orch.connection.insecure'];
    const wfFile = join(home, 'wf.yaml');
    await cp(join(ROOT, 'examples', 'add-one', 'wf.yaml'), wfFile);
    await cp(join(ROOT, 'examples', 'add-one', 'add_one.js'), join(home, 'add_one.js')).catch(
      () => undefined,
    );
    const registered = await runBinary('orch', ['register', wfFile, ...connection], env);
    expect(registered.code).toBe(0);
  });
  afterAll(async () => {
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('--wait follows the phases, prints the outputs and exits 0 on SUCCEEDED', async () => {
    const result = await runBinary(
      'orch',
      ['run', 'wf.add_one_wf', '--input', 'x=2', '--wait', '--name', 'run-ok', ...connection],
      env,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      `${server.addresses.httpEndpoint}/console/projects/default/domains/development/executions/run-ok`,
    );
    expect(lines).toContain('[SUCCEEDED] execution run-ok');
    expect(lines).toContain('[SUCCEEDED] node n0');
    expect(lines[lines.length - 1]).toBe('o0=3');
  });

  test('without --wait it prints the URL only; --inputs-file gives the inputs', async () => {
    const file = join(home, 'inputs.json');
    await writeFile(file, JSON.stringify({ x: 5 }));
    const result = await runBinary(
      'orch',
      ['run', 'wf.add_one_wf', '--inputs-file', file, ...connection],
      env,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^http:\/\/localhost:\d+\/console\/projects\/default\/domains\/development\/executions\/[a-z][a-z0-9]{19}\n$/,
    );
  });

  test('a failing execution exits 1 with its error; a bad input is a usage error (2)', async () => {
    await registerAddOne(server.client, 'broken', "console.error('boom');process.exit(4)");
    const failed = await runBinary(
      'orch',
      ['run', 'wf.add_one_wf', '--version', 'broken', '--input', 'x=1', '--wait', ...connection],
      env,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('[FAILED] node n0');
    expect(failed.stderr).toMatch(/ended FAILED: USER NonZeroExit: node n0: task exited with code 4: boom/);

    const unknown = await runBinary('orch', ['run', 'wf.add_one_wf', '--input', 'y=1', ...connection], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no input "y"/);
    const mistyped = await runBinary(
      'orch',
      ['run', 'wf.add_one_wf', '--input', 'x=two', ...connection],
      env,
    );
    expect(mistyped.code).toBe(2);
  });

  test('orchctl get execution --details prints the node tree; --logs a node log', async () => {
    const admin = [
      '--admin.endpoint',
      server.addresses.grpcEndpoint,
      '--admin.insecure',
      '-p',
      'default',
      '-d',
      'development',
    ];
    const details = await runBinary('orchctl', ['get', 'execution', 'run-ok', '--details', ...admin], env);
    expect(details.stderr).toBe('');
    expect(details.code).toBe(0);
    const lines = details.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^run-ok SUCCEEDED \d+\.\d\ds$/);
    expect(lines[1]).toMatch(/^└── n0 SUCCEEDED \d+\.\d\ds$/);
    expect(lines[2]).toMatch(/^ {4}└── attempt 1 SUCCEEDED \d+\.\d\ds$/);

    const failed = (
      await server.client.listExecutions({
        id: { project: 'default', domain: 'development', name: '' },
        filters: 'eq(phase,FAILED)',
      } as never)
    ).executions[0];
    const failedName = failed?.id?.name ?? '';
    const failedDetails = await runBinary(
      'orchctl',
      ['get', 'execution', failedName, '--details', ...admin],
      env,
    );
    expect(failedDetails.stdout).toMatch(
      /└── n0 FAILED \d+\.\d\ds {2}USER NonZeroExit: node n0: task exited with code 4: boom/,
    );
    const log = await runBinary('orchctl', ['get', 'execution', failedName, '--logs', 'n0', ...admin], env);
    expect(log.code).toBe(0);
    expect(log.stdout).toContain('=== attempt 1 stderr (FAILED) ===\nboom\n');
    const noNode = await runBinary(
      'orchctl',
      ['get', 'execution', failedName, '--logs', 'zz', ...admin],
      env,
    );
    expect(noNode.code).toBe(1);
    expect(noNode.stderr).toMatch(/has no log of node zz/);
    const noName = await runBinary('orchctl', ['get', 'execution', '--details', ...admin], env);
    expect(noName.code).toBe(2);
  });
});
