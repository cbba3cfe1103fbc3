import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runBinary } from '../../scripts/main-job.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// `orch create project` and `orch update project` as a user runs them: the built binary against a real
// admin server (in-process, port 0, SQLite), checked through the admin's own GetProject.

describe('orch create|update project as subprocesses', () => {
  let server: TestServer;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let connection: string[];
  const orch = (args: string[]) => runBinary('orch', [...args, ...connection], env);

  beforeAll(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'orch-projects-'));
    env = { PATH: process.env.PATH, HOME: home };
    connection = ['--orch.connection.host', server.addresses.grpcEndpoint, '--orch.connection.insecure'];
  });
  afterAll(async () => {
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('create project registers the id, name, description and labels and says so', async () => {
    const created = await orch([
      'create',
      'project',
      '--id',
      'data-team',
      '--name',
      'Data team',
      '--description',
      'nightly loads',
      '--labels',
      'team=data',
      '--labels',
      'cost=a=b,tier=gold',
    ]);
    expect([created.code, created.stdout, created.stderr]).toEqual([0, 'Created project data-team\n', '']);
    const project = await server.client.getProject('data-team');
    expect(project).toMatchObject({
      id: 'data-team',
      name: 'Data team',
      description: 'nightly loads',
      labels: { team: 'data', cost: 'a=b', tier: 'gold' },
      state: 'ACTIVE',
    });
  });

  test('-o json prints the project as the admin has it; the name defaults to the id', async () => {
    const created = await orch(['create', 'project', '--id', 'scratch', '-o', 'json']);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({
      id: 'scratch',
      name: 'scratch',
      description: '',
      state: 'ACTIVE',
    });
  });

  test('an existing project, a missing id and a bad label are clear errors; nothing changes', async () => {
    const again = await orch(['create', 'project', '--id', 'data-team', '--name', 'Other']);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(/^Error: project data-team already exists\n/);
    expect(again.stderr).toContain('orch update project --id data-team');
    expect((await server.client.getProject('data-team')).name).toBe('Data team');

    const noId = await orch(['create', 'project', '--name', 'x']);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toMatch(/--id: the project id is required/);

    for (const label of ['team', '=data', 'a=1,a=2']) {
      const bad = await orch(['create', 'project', '--id', 'labelled', '--labels', label]);
      expect([label, bad.code]).toEqual([label, 2]);
      expect(bad.stderr).toMatch(/^Error: --labels: /);
    }
    const badId = await orch(['create', 'project', '--id', 'Bad_Id']);
    expect(badId.code).toBe(1);
    expect(badId.stderr).toMatch(/project\.id "Bad_Id" must match/);
    const long = await orch(['create', 'project', '--id', 'labelled', '--labels', `k=${'v'.repeat(64)}`]);
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/labels\.k is 64 characters long; at most 63/);
    const projects = (await server.client.listProjects()).projects.map((p) => p.id);
    expect(projects).not.toContain('labelled');
    expect(projects).not.toContain('Bad_Id');
  });

  test('update project archives and activates, keeping name, description and labels', async () => {
    const archived = await orch(['update', 'project', '--id', 'data-team', '--archive']);
    expect([archived.code, archived.stdout]).toEqual([0, 'Project data-team archived\n']);
    expect(await server.client.getProject('data-team')).toMatchObject({
      state: 'ARCHIVED',
      name: 'Data team',
      description: 'nightly loads',
      labels: { team: 'data', cost: 'a=b', tier: 'gold' },
    });
    const again = await orch(['update', 'project', '--id', 'data-team', '--archive']);
    expect([again.code, again.stdout]).toEqual([
      0,
      'Project data-team is already archived; nothing changed\n',
    ]);

    // -p names the project too, as flytectl's update project takes it.
    const activated = await orch(['update', 'project', '-p', 'data-team', '--activate', '-o', 'json']);
    expect(activated.code).toBe(0);
    expect(JSON.parse(activated.stdout)).toMatchObject({
      id: 'data-team',
      state: 'ACTIVE',
      name: 'Data team',
    });
    expect((await server.client.getProject('data-team')).state).toBe('ACTIVE');
  });

  test('update project: usage errors exit 2, an unknown project exits 1 with how to create it', async () => {
    const both = await orch(['update', 'project', '--id', 'data-team', '--archive', '--activate']);
    expect([both.code, both.stderr]).toEqual([
      2,
      'Error: --archive: give either --archive or --activate, not both\n',
    ]);
    const neither = await orch(['update', 'project', '--id', 'data-team']);
    expect([neither.code, neither.stderr]).toEqual([
      2,
      'Error: --archive: say what to do: --archive or --activate\n',
    ]);
    const noId = await orch(['update', 'project', '--archive']);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toMatch(/--id: the project id is required/);
    const twoIds = await orch(['update', 'project', '--id', 'a', '-p', 'b', '--archive']);
    expect(twoIds.code).toBe(2);
    const unknown = await orch(['update', 'project', '--id', 'nowhere', '--archive']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'Error: project nowhere does not exist\nCreate it with: orch create project --id nowhere\n',
    );
    expect((await server.client.getProject('data-team')).state).toBe('ACTIVE');
  });

  test('--help lists the flags with what they do', async () => {
    const create = await runBinary('orch', ['create', 'project', '--help'], env);
    expect(create.code).toBe(0);
    for (const line of [
      /--id <id>\s+project id \(required\)/,
      /--name <name>\s+display name/,
      /--description <text>\s+description/,
      /--labels <key=value>\s+a label \(repeatable/,
      /-o, --output <string>/,
    ])
      expect(create.stdout).toMatch(line);
    const update = await runBinary('orch', ['update', 'project', '--help'], env);
    for (const line of [
      /--id <id>\s+project id/,
      /--archive\s+mark the project ARCHIVED/,
      /--activate\s+mark the project ACTIVE/,
    ])
      expect(update.stdout).toMatch(line);
    const verbs = await runBinary('orch', ['create', '--help'], env);
    expect(verbs.stdout).toMatch(/project \[options\]\s+create a project/);
  });
});
