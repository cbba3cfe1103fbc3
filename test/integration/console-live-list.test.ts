import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { openSqliteConnection } from '../../src/server/db/sqlite-driver.js';
import { send } from '../helpers/raw-http.js';
import {
  clientCredentialsToken,
  mintApiKey,
  startTestServer,
  type TestServer,
  waitForExecution,
} from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// The executions list's rows-only answer (`?fragment=rows`, what its script polls), the domain
// page's tasks and a task version's executions, on a real admin server with SQLite; hostile
// names, values and requests.

const scope = { project: 'default', domain: 'development' };
const DOMAIN = '/console/projects/default/domains/development';
const LIST = `${DOMAIN}/executions`;
const HOSTILE = `<script>alert("x")</script>&'`;
const inputs = literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } });
const OK = "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE, JSON.stringify({o0: 1}))";

let server: TestServer;
let base: string;
let port: string;
let viewerToken: string;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
  return { res, text: await res.text() };
};
/** The execution names a list page or its rows link to, in order. */
const namesOf = (html: string) =>
  [
    ...html.matchAll(
      /<td><a href="\/console\/projects\/default\/domains\/development\/executions\/([a-z0-9-]+)">/g,
    ),
  ].map((m) => m[1]);

async function launch(name: string, plan: string, version = 'v1') {
  const id = await server.client.createExecution({
    ...scope,
    name,
    spec: { launch_plan: idOf('LAUNCH_PLAN', plan, version) },
    inputs,
  });
  await waitForExecution(server.client, id);
}

beforeAll(async () => {
  server = await startTestServer('sqlite');
  base = server.addresses.httpEndpoint;
  port = new URL(base).port;
  // live.task v1 and v2, run by live.wf v1 and v2 (launch plan live.wf v1 and v2); a failing one.
  for (const version of ['v1', 'v2']) {
    const task = idOf('TASK', 'live.task', version);
    await server.client.createTask(
      task,
      nodeTask('live.task', version, OK, { x: 'integer' }, { o0: 'integer' }),
    );
    const wf = idOf('WORKFLOW', 'live.wf', version);
    await server.client.createWorkflow(wf, oneNodeWorkflow('live.wf', version, task));
    await server.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'live.wf', version), launchPlanOf(wf));
  }
  const bad = idOf('TASK', 'bad.task', 'v1');
  await server.client.createTask(
    bad,
    nodeTask('bad.task', 'v1', 'process.exit(3)', { x: 'integer' }, { o0: 'integer' }),
  );
  await server.client.createWorkflow(idOf('WORKFLOW', 'bad.wf', 'v1'), oneNodeWorkflow('bad.wf', 'v1', bad));
  await server.client.createLaunchPlan(
    idOf('LAUNCH_PLAN', 'bad.wf', 'v1'),
    launchPlanOf(idOf('WORKFLOW', 'bad.wf', 'v1')),
  );
  await launch('one-v1', 'live.wf', 'v1');
  await launch('two-bad', 'bad.wf');
  await launch('three-v2', 'live.wf', 'v2');
  await launch('five-v1', 'live.wf', 'v1');
  // Names the API refuses (it allows only letters, digits and _ . : @ -), written straight into the
  // database: the rows must print them escaped all the same.
  const db = openSqliteConnection(join(server.dataDir, 'orch.db'));
  const now = Date.now();
  db.prepare(
    `insert into executions (project, domain, name, launch_plan_name, launch_plan_version, workflow_name,
       workflow_version, phase, spec, inputs_key, created_at, updated_at, started_at, duration_ms, principal, launch_mode)
     values ('default', 'development', 'six-evil', ?, 'v1', ?, 'v1', 'SUCCEEDED', ?, 'k', ?, ?, ?, 40, ?, 'MANUAL')`,
  ).run([
    HOSTILE,
    HOSTILE,
    JSON.stringify({
      launch_plan: { resource_type: 'LAUNCH_PLAN', ...scope, name: HOSTILE, version: 'v1' },
      metadata: { mode: 'MANUAL', principal: HOSTILE },
    }),
    now,
    now,
    now,
    HOSTILE,
  ]);
  db.close();

  const minted = await mintApiKey(server, 'live-viewer', 'VIEWER');
  viewerToken = await clientCredentialsToken(base, minted);
});
afterAll(async () => {
  await server.stop();
});

describe('the rows-only answer of the executions list', () => {
  test('carries only the rows the page shows, names escaped, and is not cached', async () => {
    const page = await get(LIST);
    expect(page.text).toContain(`data-live="${LIST}?fragment=rows"`);
    expect(page.text).toContain('<script src="/console/assets/list.js"></script>');
    expect(page.text).toMatch(/role="status" aria-live="polite"/);
    const rows = await get(`${LIST}?fragment=rows`);
    expect(rows.res.status).toBe(200);
    expect(rows.res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(rows.res.headers.get('cache-control')).toBe('no-store');
    expect(rows.res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(namesOf(rows.text)).toEqual(['six-evil', 'five-v1', 'three-v2', 'two-bad', 'one-v1']);
    expect(namesOf(rows.text)).toEqual(namesOf(page.text));
    expect(rows.text.trim()).toMatch(/^<tr data-name="six-evil">/);
    for (const part of ['<html', '<form', '<table', '<nav', '<script', '<h1'])
      expect(rows.text).not.toContain(part);
    expect(rows.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39; (MANUAL)');
    expect(rows.text).toContain(
      `href="${DOMAIN}/launch_plans/${encodeURIComponent(HOSTILE).replace(/'/g, '&#39;')}"`,
    );
    expect(rows.text).not.toContain('<script>alert');
  });

  test('applies the filters exactly as the page does', async () => {
    for (const query of [
      'phase=FAILED',
      'launch_plan=live.wf',
      'q=v1',
      'workflow=live.wf&q=three',
      'sort=name',
    ]) {
      const page = await get(`${LIST}?${query}`);
      const rows = await get(`${LIST}?${query}&fragment=rows`);
      expect([query, rows.res.status]).toEqual([query, 200]);
      expect([query, namesOf(rows.text)]).toEqual([query, namesOf(page.text)]);
      expect([query, rows.text.trim().startsWith('<tr data-name=')]).toEqual([query, true]);
    }
    expect(namesOf((await get(`${LIST}?phase=FAILED&fragment=rows`)).text)).toEqual(['two-bad']);
  });

  test('only the first page sorted newest first is live; the others say they are not', async () => {
    for (const query of ['?sort=name', '?sort=oldest']) {
      const { text } = await get(`${LIST}${query}`);
      expect(text).not.toContain('data-live');
      expect(text).not.toContain('list.js');
      expect(text).toContain('This page does not update by itself');
    }
    const filtered = await get(`${LIST}?phase=FAILED`);
    expect(filtered.text).toContain(`data-live="${LIST}?phase=FAILED&amp;fragment=rows"`);
    const script = await get('/console/assets/list.js');
    expect(script.res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.text).toContain('visibilityState');
  });

  test('a bad value of fragment, a filter or a token is 400 with the reason as text, never rows', async () => {
    for (const [query, reason] of [
      ['fragment=all', /fragment must be "rows" or absent, not "all"/],
      ['fragment=rows&fragment=rows', /fragment must be "rows" or absent, not given more than once/],
      [`fragment=${encodeURIComponent(HOSTILE)}`, /fragment must be "rows" or absent/],
      ['fragment=rows&token=forged', /invalid page token/],
      ['fragment=rows&phase=EXPLODED', /EXPLODED is not one of/],
      ['fragment=rows&created_after=yesterday', /created_after: "yesterday" is not a date and time/],
      [`fragment=rows&q=${'a'.repeat(600)}`, /q is longer than 512 characters/],
    ] as const) {
      const { res, text } = await get(`${LIST}?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect([query, text]).toEqual([query, expect.stringMatching(reason)]);
      expect(text).not.toContain('<tr');
    }
    // A query string past Node's header limit is refused before the console reads it.
    const huge = await send(`${base}${LIST}?fragment=rows&q=${'a'.repeat(20_000)}`, 'GET', {});
    expect(huge.status).toBe(431);
    // Parameters it does not know are ignored, as the page ignores them.
    const many = await get(`${LIST}?fragment=rows&${'x=1&'.repeat(1500)}`);
    expect(many.res.status).toBe(200);
  });

  test('is admitted exactly as the page: a foreign Host or Origin is refused, a viewer token is served', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['loopback', {}, 200],
      ['foreign Host', { host: `evil.example:${port}` }, 401],
      ['foreign Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 401],
      ['no-cors from another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }, 401],
      [
        'viewer token on a foreign Host',
        { host: `evil.example:${port}`, authorization: `Bearer ${viewerToken}` },
        200,
      ],
      ['forged token', { host: `evil.example:${port}`, authorization: 'Bearer forged' }, 401],
    ];
    for (const [label, headers, status] of cases) {
      const page = await send(`${base}${LIST}`, 'GET', headers);
      const rows = await send(`${base}${LIST}?fragment=rows`, 'GET', headers);
      expect([label, page.status, rows.status]).toEqual([label, status, status]);
      if (status !== 200) expect([label, namesOf(rows.text)]).toEqual([label, []]);
      else {
        expect([label, namesOf(rows.text)]).toEqual([label, namesOf(page.text)]);
        expect([label, rows.text]).toEqual([label, expect.not.stringContaining('<html')]);
      }
    }
  });
});

describe('tasks on the domain page and task version pages', () => {
  test('the domain page lists its tasks in a table, each a link', async () => {
    const { res, text } = await get(DOMAIN);
    expect(res.status).toBe(200);
    expect(text).toContain('<caption>Tasks of development</caption>');
    expect(text).toContain(`<a href="${DOMAIN}/tasks/live.task">live.task</a>`);
    expect(text).toContain(`<a href="${DOMAIN}/tasks/bad.task">bad.task</a>`);
    expect((await get(`${DOMAIN}/tasks/live.task`)).res.status).toBe(200);
    expect((await get('/console/projects/default/domains/production')).text).toContain(
      'No tasks registered.',
    );
  });

  test('a task version page lists the executions of the workflow versions that run it, newest first', async () => {
    const caption = '<caption>Recent executions that ran this version</caption>';
    const v1 = await get(`${DOMAIN}/tasks/live.task/v1`);
    expect(v1.res.status).toBe(200);
    expect(v1.text).toContain(caption);
    expect(namesOf(v1.text)).toEqual(['five-v1', 'one-v1']);
    expect(namesOf((await get(`${DOMAIN}/tasks/live.task/v2`)).text)).toEqual(['three-v2']);
    expect(namesOf((await get(`${DOMAIN}/tasks/bad.task/v1`)).text)).toEqual(['two-bad']);
    await server.client.createTask(
      idOf('TASK', 'idle.task', 'v1'),
      nodeTask('idle.task', 'v1', OK, { x: 'integer' }, { o0: 'integer' }),
    );
    const idle = await get(`${DOMAIN}/tasks/idle.task/v1`);
    expect(idle.text).toContain(caption);
    expect(idle.text).toContain('No executions yet.');
  });
});
