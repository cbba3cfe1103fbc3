import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import pg from 'pg';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { type ChildAdmin, startChildAdmin } from '../helpers/child-admin.js';
import { dockerSuiteRuns, nodeTestImage, removeLabelled, testEngine } from '../helpers/docker.js';
import { createTestDatabase, testCluster } from '../helpers/postgres.js';
import { s3Flags, startTestS3, type TestS3 } from '../helpers/s3rver.js';
import { waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';
import { waitUntil } from '../helpers/wait.js';

// Two admin replicas with the docker runtime on one PostgreSQL database and one S3 store (s3rver), each
// a process of its own over its own data folder. The replica driving a long task is killed (SIGKILL);
// the other takes the execution over once its lease lapses and re-attaches to the running container:
// the task runs once, and its outputs reach the execution.

const cluster = testCluster();
const maybe = cluster && (await dockerSuiteRuns('docker takeover')) ? describe : describe.skip;
const engine = testEngine();
const scope = { project: 'default', domain: 'development' };
const dirs: string[] = [];
const children: ChildAdmin[] = [];
let s3: TestS3 | undefined;

afterAll(async () => {
  for (const admin of children) {
    admin.client.close();
    if (admin.child.exitCode === null) admin.child.kill('SIGKILL');
  }
  await s3?.stop();
  await removeLabelled('org.orch.kind=task', engine);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function adminProcess(flags: Record<string, string>): Promise<ChildAdmin> {
  const dir = await mkdtemp(join(tmpdir(), 'orch-takeover-'));
  dirs.push(dir);
  const admin = await startChildAdmin(dir, flags);
  children.push(admin);
  return admin;
}

maybe('a killed docker admin replica', () => {
  test('another replica re-attaches to its running container: one run, outputs kept, one attempt', async () => {
    if (!cluster) return;
    const image = await nodeTestImage(engine);
    s3 = await startTestS3();
    const db = await createTestDatabase(cluster);
    const flags = {
      ...db,
      ...s3Flags(s3, 'orch-takeover'),
      'runtime.type': 'docker',
      'runtime.docker.stopGracePeriod': '2s',
      'server.executionLease.duration': '2s',
      'server.executionLease.renewInterval': '500ms',
    };
    const dying = await adminProcess(flags);
    const survivor = await adminProcess(flags);
    // The task prints its container's host name at start and outputs it after 6 s.
    const script =
      "console.log('host='+require('os').hostname());setTimeout(()=>require('fs').writeFileSync(" +
      "process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:require('os').hostname()})),6000)";
    const spec = nodeTask('slow', 'v1', script, { x: 'integer' }, { o0: 'string' });
    if (spec.template?.container) spec.template.container.image = image;
    const taskId = idOf('TASK', 'slow', 'v1');
    const wf = idOf('WORKFLOW', 'slow_wf', 'v1');
    await dying.client.createTask(taskId, spec);
    const workflow = oneNodeWorkflow('slow_wf', 'v1', taskId);
    if (workflow.template) {
      workflow.template.interface = {
        inputs: { variables: { x: { type: parseType('integer'), description: '' } } },
        outputs: { variables: { o0: { type: parseType('string'), description: '' } } },
      };
    }
    await dying.client.createWorkflow(wf, workflow);
    await dying.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'slow_wf', 'v1'), launchPlanOf(wf));
    const id = await dying.client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'slow_wf', 'v1') },
      inputs: literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } }),
    });
    const sql = new pg.Client({
      host: cluster.host,
      port: cluster.port,
      user: 'postgres',
      database: db['database.postgres.dbname'],
    });
    await sql.connect();
    try {
      const holderOf = async () =>
        (await sql.query<{ lease_holder: string | null }>('select lease_holder from executions')).rows[0]
          ?.lease_holder;
      const running = await waitUntil(
        async () => {
          const found = await engine.listContainers({
            filters: { label: [`org.orch.execution=${id.name}`], status: ['running'] },
          });
          return found[0]?.Id;
        },
        { what: 'the task container to run', timeoutMs: 60_000 },
      );
      const dead = await holderOf();
      expect(dead).toBeTruthy();
      dying.child.kill('SIGKILL');
      await once(dying.child, 'exit');
      // The survivor holds the lease once it lapsed, and finishes the execution with the same container.
      await waitUntil(async () => ((await holderOf()) ?? dead) !== dead, {
        what: 'the survivor to take the execution over',
        timeoutMs: 30_000,
      });
      const done = await waitForExecution(survivor.client, id, 60_000);
      expect([done.closure?.phase, done.closure?.error?.message]).toEqual(['SUCCEEDED', undefined]);
      expect(literalMapToJson(done.closure?.outputs).o0).toBe(running.slice(0, 12));
      const attempts = await sql.query<{ n: number }>('select count(*)::int as n from task_attempts');
      expect(attempts.rows[0]?.n).toBe(1);
      const log = await fetch(
        `${survivor.addresses.httpEndpoint}/console/projects/default/domains/development/executions/${id.name}/nodes/n0/log`,
      );
      expect((await log.text()).match(/host=\w+/g)).toEqual([`host=${running.slice(0, 12)}`]);
      // The harvested container is removed right after its attempt.
      await waitUntil(
        async () =>
          (await engine.listContainers({ all: true, filters: { label: [`org.orch.execution=${id.name}`] } }))
            .length === 0,
        { what: 'the harvested container to be removed', timeoutMs: 30_000, intervalMs: 100 },
      );
    } finally {
      await sql.end();
    }
  }, 120_000);
});
