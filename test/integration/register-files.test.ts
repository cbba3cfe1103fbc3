import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { runOrch } from '../../src/cli/program.js';
import { NotFoundError } from '../../src/client/errors.js';
import { captureIO } from '../helpers/io.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';

// `orch register` in-process against a real admin server: bundles uploaded through the data proxy,
// the spec's output lines, the --files.* flags, and the examples run end to end.

const scope = { project: 'default', domain: 'development' };

describe('orch register', () => {
  let server: TestServer;
  let work: string;
  let connection: string[];
  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(join(tmpdir(), 'orch-register-'));
    connection = ['--orch.connection.host', server.addresses.grpcEndpoint, '--orch.connection.insecure'];
  });
  afterAll(async () => {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  });

  /** Runs `orch` in-process; resolves to its exit code and output. */
  async function orch(...argv: string[]) {
    const io = captureIO({ home: work });
    const code = await runOrch([...argv, ...connection], io);
    return { code, out: io.out(), err: io.err() };
  }

  /** Copies an example directory to a fresh place; resolves to the copy. */
  async function copyExample(name: string, as = name): Promise<string> {
    const dir = join(work, as);
    await cp(join(ROOT, 'examples', name), dir, { recursive: true });
    return dir;
  }

  async function launch(
    launchPlan: string,
    version: string,
    inputs: Record<string, unknown>,
    types: Record<string, string>,
  ) {
    const id = await server.client.createExecution({
      ...scope,
      spec: { launch_plan: { resource_type: 'LAUNCH_PLAN', ...scope, name: launchPlan, version } },
      inputs: literalMapFromJson(inputs, {
        variables: Object.fromEntries(Object.entries(types).map(([k, t]) => [k, { type: parseType(t) }])),
      }),
    });
    return waitForExecution(server.client, id, 30000);
  }

  const versionIn = (out: string) => /^Computed version is (\S+)$/m.exec(out)?.[1] as string;

  test('registers add-one with the spec lines, then again as already registered; it runs', async () => {
    const dir = await copyExample('add-one');
    const first = await orch('register', join(dir, 'wf.yaml'));
    expect(first.code).toBe(0);
    const version = versionIn(first.out);
    expect(version).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.out).toBe(
      [
        `Computed version is ${version}`,
        '[✔] Task: wf.add_one',
        '[✔] Workflow: wf.add_one_wf',
        '[✔] Launch Plan: wf.add_one_wf',
        'Successfully registered 3 entities',
        '',
      ].join('\n'),
    );
    const task = await server.client.getTask({
      resource_type: 'TASK',
      ...scope,
      name: 'wf.add_one',
      version,
    });
    expect(task.closure?.compiled_task?.template?.container?.code_bundle).toMatch(/\S+:\/\/\S+/);

    const again = await orch('register', join(dir, 'wf.yaml'));
    expect(again.code).toBe(0);
    expect(again.out).toContain('[✔] Task: wf.add_one (already registered)');
    expect(again.out).toContain('Successfully registered 3 entities');

    const done = await launch('wf.add_one_wf', version, { x: 2 }, { x: 'integer' });
    expect(done.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(done.closure?.outputs)).toEqual({ o0: 3 });
  });

  test('the csv pipeline fans out over the CSV in its bundle and fans in; its schedule is activated', async () => {
    const dir = await copyExample('csv-pipeline');
    const result = await orch('register', join(dir, 'pipeline.yaml'), '--files.enableSchedule');
    expect(result.code).toBe(0);
    expect(result.out).toContain('[✔] Launch Plan: pipeline.sales_report_weekly (activated)');
    const version = versionIn(result.out);
    const active = await server.client.getActiveLaunchPlan({
      ...scope,
      name: 'pipeline.sales_report_weekly',
    });
    expect(active.id?.version).toBe(version);

    const done = await launch('pipeline.sales_report', version, { target: 100 }, { target: 'float' });
    expect(done.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(done.closure?.outputs)).toEqual({
      grand_total: 222.75,
      best_region: 'south',
      above_target: true,
    });
  });

  test('the flaky example succeeds on its retry', async () => {
    const dir = await copyExample('flaky');
    const result = await orch('register', join(dir, 'flaky.yaml'));
    expect(result.code).toBe(0);
    const done = await launch('flaky.quote', versionIn(result.out), { symbol: 'ORC' }, { symbol: 'string' });
    expect(done.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(done.closure?.outputs)).toEqual({ quote: 'ORC: 42.00', attempts: 2 });
  });

  test('the same tree gives the same version from two checkouts; one changed byte changes it', async () => {
    const a = await copyExample('csv-pipeline', 'checkout-a');
    const b = await copyExample('csv-pipeline', 'elsewhere/checkout-b');
    await utimes(join(b, 'data', 'sales.csv'), new Date('2012-03-04'), new Date('2012-03-04'));
    const dry = (dir: string) => orch('register', join(dir, 'pipeline.yaml'), '--files.dryRun');
    const [va, vb] = [versionIn((await dry(a)).out), versionIn((await dry(b)).out)];
    expect(vb).toBe(va);
    const csv = join(b, 'data', 'sales.csv');
    await writeFile(csv, (await readFile(csv, 'utf8')).replace('north,widget,12', 'north,widget,13'));
    expect(versionIn((await dry(b)).out)).not.toBe(va);
  });

  test('--files.dryRun registers nothing and marks every line', async () => {
    const dir = await copyExample('add-one', 'dry');
    await writeFile(
      join(dir, 'wf.yaml'),
      (await readFile(join(dir, 'wf.yaml'), 'utf8')).replaceAll('add_one', 'dry_one'),
    );
    const result = await orch('register', join(dir, 'wf.yaml'), '--files.dryRun');
    expect(result.code).toBe(0);
    expect(result.out).toContain('[✔] Task: wf.dry_one (dry run)');
    expect(result.out).toMatch(
      /Dry run: 3 entities compiled and validated; nothing was uploaded or registered/,
    );
    const version = versionIn(result.out);
    await expect(
      server.client.getTask({ resource_type: 'TASK', ...scope, name: 'wf.dry_one', version }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  test('--files.dryRun needs no admin: it works with no endpoint configured', async () => {
    const dir = await copyExample('add-one', 'offline');
    const io = captureIO({ home: work });
    const code = await runOrch(['register', join(dir, 'wf.yaml'), '--files.dryRun'], io);
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toContain('[✔] Launch Plan: wf.add_one_wf (dry run)');
    // Without --files.dryRun the same command names what is missing.
    const live = captureIO({ home: work });
    expect(await runOrch(['register', join(dir, 'wf.yaml')], live)).toBe(2);
    expect(live.err()).toContain('no admin endpoint is configured');
  });

  test('--files.k8ServiceAccount says once, truly, that its value is used for --files.k8sServiceAccount', async () => {
    const dir = await copyExample('add-one', 'old-account');
    const io = captureIO({ home: work });
    const code = await runOrch(
      ['register', join(dir, 'wf.yaml'), '--files.dryRun', '--files.k8ServiceAccount', 'runner'],
      io,
    );
    expect(code).toBe(0);
    expect(io.err()).toContain(
      '--files.k8ServiceAccount is deprecated: use --files.k8sServiceAccount (its value is used for it)',
    );
    expect(io.err()).not.toContain('ignored');
  });

  test('--files.version replaces the computed one; -o json reports every entity', async () => {
    const dir = await copyExample('add-one', 'pinned');
    const result = await orch('register', join(dir, 'wf.yaml'), '--files.version', 'v-pinned', '-o', 'json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report.version).toBe('v-pinned');
    expect(report.entities.map((e: { type: string; status: string }) => [e.type, e.status])).toEqual([
      ['Task', expect.stringMatching(/registered/)],
      ['Workflow', expect.stringMatching(/registered/)],
      ['Launch Plan', expect.stringMatching(/registered/)],
    ]);
    expect(report.entities[0].id).toMatchObject({
      name: 'wf.add_one',
      version: 'v-pinned',
      resourceType: 'TASK',
    });
  });

  test('failures are marked, dependants fail with them, --files.continueOnError registers the rest, exit 1', async () => {
    const dir = await copyExample('add-one', 'conflict');
    const file = join(dir, 'wf.yaml');
    await writeFile(join(dir, 'other.yaml'), (await readFile(file, 'utf8')).replaceAll('add_one', 'other'));
    expect((await orch('register', file, '--files.version', 'v-conflict')).code).toBe(0);
    // Same version, different command: the server refuses the task.
    await writeFile(file, (await readFile(file, 'utf8')).replace('x + 1', 'x + 2'));
    const result = await orch(
      'register',
      file,
      join(dir, 'other.yaml'),
      '--files.version',
      'v-conflict',
      '--files.continueOnError',
    );
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^\[✘\] Task: wf\.add_one \(.+\)$/m);
    expect(result.out).toContain('[✘] Workflow: wf.add_one_wf (depends on wf.add_one, which failed)');
    expect(result.out).toContain('[✔] Task: other.other');
    expect(result.out).toContain('Successfully registered 3 entities');
    expect(result.out).toContain('Failed to register 3 entities');
  });

  test('several files and a glob in one call; --files.archive registers a .tgz with its code', async () => {
    const dir = await copyExample('add-one', 'many');
    const text = await readFile(join(dir, 'wf.yaml'), 'utf8');
    for (const n of [1, 2, 3]) await writeFile(join(dir, `copy${n}.yaml`), text);
    const result = await orch('register', join(dir, 'copy*.yaml'), '--files.dryRun');
    expect(result.code).toBe(0);
    expect(result.out.match(/^\[✔\] Task: copy\d\.add_one \(dry run\)$/gm)).toHaveLength(3);

    const archive = join(work, 'flaky.tgz');
    execFileSync('tar', ['-czf', archive, '-C', join(ROOT, 'examples', 'flaky'), '.']);
    const fromArchive = await orch('register', archive, '--files.archive');
    expect(fromArchive.code).toBe(0);
    expect(fromArchive.out).toContain('Successfully registered 3 entities');
  });

  test('--files.k8sServiceAccount and --files.outputLocationPrefix are recorded on launch plans', async () => {
    const dir = await copyExample('add-one', 'identity');
    const result = await orch(
      'register',
      join(dir, 'wf.yaml'),
      '--files.version',
      'v-identity',
      '--files.k8sServiceAccount',
      'runner',
      '--files.outputLocationPrefix',
      's3://bucket/raw',
    );
    expect(result.code).toBe(0);
    const plan = await server.client.getLaunchPlan({
      resource_type: 'LAUNCH_PLAN',
      ...scope,
      name: 'wf.add_one_wf',
      version: 'v-identity',
    });
    expect(plan.spec?.auth_role?.kubernetes_service_account).toBe('runner');
    expect(plan.spec?.raw_output_data_config?.output_location_prefix).toBe('s3://bucket/raw');
  });
});
