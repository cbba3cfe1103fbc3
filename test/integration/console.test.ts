import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { workflowDot } from '../../src/server/http/console.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// The console's pages, served by a real admin server, with hostile data in every printed field.

const HOSTILE = `<script>alert("x")</script>&'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;';
const scope = { project: 'default', domain: 'development' };

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer('sqlite');
  base = server.addresses.httpEndpoint;
});
afterAll(async () => {
  await server.stop();
});

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { res, text: await res.text() };
};

describe('the console', () => {
  test('the execution page escapes outputs, shows nodes, log links and the graph, with a CSP', async () => {
    const script =
      "const fs=require('fs');console.log('hello from the task <b>');" +
      `fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:${JSON.stringify(HOSTILE)}}))`;
    const task = idOf('TASK', 'hostile.task', 'v1');
    await server.client.createTask(
      task,
      nodeTask('hostile.task', 'v1', script, { x: 'integer' }, { o0: 'string' }),
    );
    const wf = idOf('WORKFLOW', 'hostile.wf', 'v1');
    const spec = oneNodeWorkflow('hostile.wf', 'v1', task);
    const out = spec.template?.interface?.outputs?.variables?.o0;
    if (out) out.type = parseType('string');
    await server.client.createWorkflow(wf, spec);
    const lp = idOf('LAUNCH_PLAN', 'hostile.wf', 'v1');
    await server.client.createLaunchPlan(lp, launchPlanOf(wf));
    const id = await server.client.createExecution({
      ...scope,
      name: 'hostile-run',
      spec: { launch_plan: lp },
      inputs: literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } }),
    });
    expect((await waitForExecution(server.client, id)).closure?.phase).toBe('SUCCEEDED');

    const { res, text } = await get('/console/projects/default/domains/development/executions/hostile-run');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(text).not.toContain('<script>alert');
    // The outputs print as JSON, escaped.
    expect(text).toContain(
      String.raw`&quot;o0&quot;: &quot;&lt;script&gt;alert(\&quot;x\&quot;)&lt;/script&gt;&amp;&#39;&quot;`,
    );
    expect(text).toMatch(/id="phase" class="phase SUCCEEDED">SUCCEEDED</);
    expect(text).toContain('<svg');
    expect(text).toContain(
      'href="/console/projects/default/domains/development/executions/hostile-run/nodes/n0/log"',
    );
    // A finished execution's page does not follow the watch stream.
    expect(text).not.toContain('data-watch');

    const log = await get(
      '/console/projects/default/domains/development/executions/hostile-run/nodes/n0/log',
    );
    expect(log.res.status).toBe(200);
    expect(log.res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(log.text).toContain('=== attempt 1 stdout (SUCCEEDED) ===\nhello from the task <b>\n');

    const missing = await get('/console/projects/default/domains/development/executions/nope');
    expect(missing.res.status).toBe(404);
    const noLog = await get(
      '/console/projects/default/domains/development/executions/hostile-run/nodes/zz/log',
    );
    expect(noLog.res.status).toBe(404);
  });

  test('the projects and project pages escape names and descriptions', async () => {
    await server.client.registerProject({ id: 'evil', name: HOSTILE, description: HOSTILE } as never);
    const { res, text } = await get('/console');
    expect(res.status).toBe(200);
    expect(text).toContain('<a href="/console/projects/evil">evil</a>');
    expect(text).toContain(ESCAPED);
    expect(text).not.toContain('<script>alert');

    const project = await get('/console/projects/default');
    expect(project.res.status).toBe(200);
    expect(project.text).toContain(
      'href="/console/projects/default/domains/development/executions/hostile-run"',
    );
    expect(project.text).toContain('hostile.wf');
    expect((await get('/console/projects/missing')).res.status).toBe(404);
  });

  test('the DOT of a graph quotes hostile node ids', () => {
    const dot = workflowDot([{ id: 'a"b\\', upstream_node_ids: [] }], new Map([['a"b\\', 'RUNNING']]));
    expect(dot).toContain(String.raw`"a\"b\\" [label="a\"b\\\nRUNNING"`);
  });
});

describe('schedules', () => {
  test('the project page shows the next fire time of a scheduled launch plan, computed from its cron', async () => {
    const task = idOf('TASK', 'cron.task', 'v1');
    await server.client.createTask(
      task,
      nodeTask('cron.task', 'v1', 'true', { x: 'integer' }, { o0: 'integer' }),
    );
    const wf = idOf('WORKFLOW', 'cron.wf', 'v1');
    await server.client.createWorkflow(wf, oneNodeWorkflow('cron.wf', 'v1', task));
    const nightly = idOf('LAUNCH_PLAN', 'cron.nightly', 'v1');
    await server.client.createLaunchPlan(nightly, {
      ...launchPlanOf(wf),
      schedule: { cron_schedule: { schedule: '30 2 * * *' } },
    });
    const { text } = await get('/console/projects/default');
    expect(text).toContain('<th scope="col">next run (UTC)</th>');
    const row = /<tr><td><a [^>]*>cron\.nightly<\/a><\/td>.*?<\/tr>/.exec(text)?.[0] ?? '';
    const next = /(\d{4}-\d{2}-\d{2}T02:30:00\.000Z)/.exec(row)?.[1];
    expect(next).toBeDefined();
    const ms = Date.parse(String(next)) - Date.now();
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  test('a launch plan whose cron does not parse is refused with InvalidArgument naming the field', async () => {
    const wf = idOf('WORKFLOW', 'cron.wf', 'v1');
    for (const cron of ['a b c d e', '61 * * * *', '* * * *']) {
      await expect(
        server.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'cron.bad', 'v1'), {
          ...launchPlanOf(wf),
          schedule: { cron_schedule: { schedule: cron } },
        }),
      ).rejects.toThrow(/launch plan cron\.bad: schedule: .* is not a cron expression/);
    }
  });
});
