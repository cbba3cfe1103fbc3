import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import type { Identifier } from '../../src/api/types.js';
import { printExecutionDetails } from '../../src/ctl/execution-details.js';
import { openSqliteConnection } from '../../src/server/db/sqlite-driver.js';
import { captureIO } from '../helpers/io.js';
import { startTestServer, TEST_DATABASES, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// The task output cache on a real server: hits skip the process, keys follow inputs and cache_version
// (not the task version), uncached and failing tasks never hit.

const scope = { project: 'default', domain: 'development' };
const types = { x: 'integer' };
const vars = (t: Record<string, string>) => ({
  variables: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, { type: parseType(v) }])),
});

/** Appends a line to $COUNTER_FILE, fails for x = 13, else writes {o0: x + 1}. */
const COUNTING_SCRIPT =
  "const fs=require('fs');fs.appendFileSync(process.env.COUNTER_FILE,'run\\n');" +
  "const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
  "if(i.x===13){console.error('unlucky');process.exit(3)}" +
  'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))';

describe.each(TEST_DATABASES)('task output cache (%s)', (database) => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    dir = await mkdtemp(join(tmpdir(), 'orch-cache-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Registers task `name` at `version` (cached unless `cache` is false) counting its runs in
   * `<dir>/<counter>`, a one-node workflow over it and its launch plan; the launch plan id.
   */
  async function register(
    name: string,
    version: string,
    counter: string,
    cache: { cache: boolean; cache_version?: string },
  ): Promise<Identifier> {
    const spec = nodeTask(`${name}.task`, version, COUNTING_SCRIPT, types, { o0: 'integer' });
    const template = spec.template as NonNullable<typeof spec.template>;
    template.metadata = { ...template.metadata, ...cache };
    template.container = { ...template.container, env: [{ key: 'COUNTER_FILE', value: join(dir, counter) }] };
    const task = idOf('TASK', `${name}.task`, version);
    await server.client.createTask(task, spec);
    const wf = idOf('WORKFLOW', `${name}.wf`, version);
    await server.client.createWorkflow(wf, oneNodeWorkflow(`${name}.wf`, version, task));
    const lp = idOf('LAUNCH_PLAN', `${name}.wf`, version);
    await server.client.createLaunchPlan(lp, launchPlanOf(wf));
    return lp;
  }

  /** Runs the launch plan with `x` to its end; its phase, outputs and node n0's record. */
  async function run(lp: Identifier, x: number) {
    const id = await server.client.createExecution({
      ...scope,
      spec: { launch_plan: lp },
      inputs: literalMapFromJson({ x }, vars(types)),
    });
    const execution = await waitForExecution(server.client, id);
    const node = (await server.client.listNodeExecutions(id)).node_executions[0];
    return {
      id,
      phase: execution.closure?.phase,
      outputs: execution.closure?.outputs ? literalMapToJson(execution.closure.outputs) : undefined,
      cache: node?.closure?.cache_status,
      attempts: node?.closure?.attempts,
      taskAttempts: node?.closure?.task_attempts.length,
    };
  }

  const runs = async (counter: string) =>
    (await readFile(join(dir, counter), 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

  test('the same inputs run once: the second node is a hit with the same outputs', async () => {
    const lp = await register('same', 'v1', 'same', { cache: true });
    const first = await run(lp, 1);
    expect(first).toMatchObject({
      phase: 'SUCCEEDED',
      outputs: { o0: 2 },
      cache: 'CACHE_POPULATED',
      attempts: 1,
    });
    const second = await run(lp, 1);
    expect(second).toMatchObject({
      phase: 'SUCCEEDED',
      outputs: { o0: 2 },
      cache: 'CACHE_HIT',
      attempts: 0,
      taskAttempts: 0,
    });
    expect(await runs('same')).toBe(1);
    const data = await server.client.getNodeExecutionData(second.id, 'n0');
    expect(literalMapToJson(data.outputs as never)).toEqual({ o0: 2 });

    // orchctl get execution --details and the console show the status.
    const io = captureIO({ home: dir });
    await printExecutionDetails(server.client, scope, second.id.name, io);
    expect(io.out()).toMatch(/└── n0 SUCCEEDED \d+\.\d\ds cache CACHE_HIT\n/);
    const page = await fetch(
      `${server.addresses.httpEndpoint}/console/projects/default/domains/development/executions/${second.id.name}`,
    );
    expect(await page.text()).toContain(`<td class="cache" data-cache="n0">CACHE_HIT</td>`);
  });

  test('different inputs miss and populate; the task version is not part of the key', async () => {
    const lp = await register('inputs', 'v1', 'inputs', { cache: true });
    expect(await run(lp, 1)).toMatchObject({ cache: 'CACHE_POPULATED', outputs: { o0: 2 } });
    expect(await run(lp, 2)).toMatchObject({ cache: 'CACHE_POPULATED', outputs: { o0: 3 } });
    expect(await runs('inputs')).toBe(2);
    // The same code registered again under a new version still hits.
    const again = await register('inputs', 'v2', 'inputs', { cache: true });
    expect(await run(again, 2)).toMatchObject({ cache: 'CACHE_HIT', outputs: { o0: 3 }, attempts: 0 });
    expect(await runs('inputs')).toBe(2);
  });

  test('a different cache_version misses', async () => {
    const v1 = await register('versioned', 'v1', 'versioned', { cache: true, cache_version: '1' });
    expect(await run(v1, 5)).toMatchObject({ cache: 'CACHE_POPULATED' });
    expect(await run(v1, 5)).toMatchObject({ cache: 'CACHE_HIT' });
    const v2 = await register('versioned', 'v2', 'versioned', { cache: true, cache_version: '2' });
    expect(await run(v2, 5)).toMatchObject({ cache: 'CACHE_POPULATED', outputs: { o0: 6 } });
    expect(await runs('versioned')).toBe(2);
  });

  test('an uncached task runs each time and records CACHE_DISABLED', async () => {
    const lp = await register('plain', 'v1', 'plain', { cache: false });
    expect(await run(lp, 1)).toMatchObject({ phase: 'SUCCEEDED', cache: 'CACHE_DISABLED', attempts: 1 });
    expect(await run(lp, 1)).toMatchObject({ phase: 'SUCCEEDED', cache: 'CACHE_DISABLED', attempts: 1 });
    expect(await runs('plain')).toBe(2);
    const io = captureIO({ home: dir });
    const listed = await server.client.listExecutions({ id: { ...scope, name: '' } } as never);
    const name = listed.executions.find((e) => e.closure?.workflow_id?.name === 'plain.wf')?.id?.name ?? '';
    await printExecutionDetails(server.client, scope, name, io);
    expect(io.out()).not.toContain('cache');
  });

  test('a failing cached task is not stored: it runs again', async () => {
    const lp = await register('failing', 'v1', 'failing', { cache: true });
    expect(await run(lp, 13)).toMatchObject({ phase: 'FAILED', cache: 'CACHE_MISS' });
    expect(await run(lp, 13)).toMatchObject({ phase: 'FAILED', cache: 'CACHE_MISS' });
    expect(await runs('failing')).toBe(2);
  });

  // The database is broken on purpose through its file, so this one runs on SQLite.
  (database === 'sqlite' ? test : test.skip)(
    'a failed lookup runs the task; a failed write keeps the node success',
    async () => {
      const lp = await register('broken', 'v1', 'broken', { cache: true });
      const db = openSqliteConnection(join(server.dataDir, 'orch.db'));
      try {
        db.exec('alter table task_cache rename to task_cache_away');
        expect(await run(lp, 7)).toMatchObject({
          phase: 'SUCCEEDED',
          outputs: { o0: 8 },
          cache: 'CACHE_LOOKUP_FAILURE',
          attempts: 1,
        });
        db.exec('alter table task_cache_away rename to task_cache');
        db.exec(`create trigger refuse_cache before insert on task_cache
        begin select raise(abort, 'refused'); end`);
        expect(await run(lp, 7)).toMatchObject({
          phase: 'SUCCEEDED',
          outputs: { o0: 8 },
          cache: 'CACHE_PUT_FAILURE',
        });
        db.exec('drop trigger refuse_cache');
        expect(await run(lp, 7)).toMatchObject({ cache: 'CACHE_POPULATED' });
        expect(await run(lp, 7)).toMatchObject({ cache: 'CACHE_HIT' });
        expect(await runs('broken')).toBe(3);
      } finally {
        db.close();
      }
    },
  );
});
