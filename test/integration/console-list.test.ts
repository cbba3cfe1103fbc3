import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import {
  clientCredentialsToken,
  mintApiKey,
  startTestServer,
  type TestServer,
  waitForExecution,
} from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// The console's executions list: filters that live in the URL, going through ListExecutions.

const scope = { project: 'default', domain: 'development' };
const LIST = '/console/projects/default/domains/development/executions';
const inputs = literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } });

let server: TestServer;
let base: string;
let apiClientId: string;

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { res, text: await res.text() };
};
/** The execution names a list page links to, in page order. */
const namesOf = (html: string) =>
  [
    ...html.matchAll(
      /<td><a href="\/console\/projects\/default\/domains\/development\/executions\/([a-z0-9-]+)">/g,
    ),
  ].map((m) => m[1]);

async function register(name: string, script: string) {
  const task = idOf('TASK', `${name}.task`, 'v1');
  await server.client.createTask(
    task,
    nodeTask(`${name}.task`, 'v1', script, { x: 'integer' }, { o0: 'integer' }),
  );
  const wf = idOf('WORKFLOW', name, 'v1');
  await server.client.createWorkflow(wf, oneNodeWorkflow(name, 'v1', task));
  const lp = idOf('LAUNCH_PLAN', name, 'v1');
  await server.client.createLaunchPlan(lp, launchPlanOf(wf));
  return lp;
}

beforeAll(async () => {
  server = await startTestServer('sqlite');
  base = server.addresses.httpEndpoint;
  const ok = await register(
    'list.ok',
    "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE, JSON.stringify({o0: 1}))",
  );
  const bad = await register('list.bad', 'process.exit(3)');
  for (const [name, lp] of [
    ['alpha-one', ok],
    ['beta-two', bad],
    ['alpha-three', ok],
  ] as const) {
    const id = await server.client.createExecution({ ...scope, name, spec: { launch_plan: lp }, inputs });
    await waitForExecution(server.client, id);
  }
  // One launched with an API key, over the JSON API: its principal is the key's client id.
  const minted = await mintApiKey(server, 'list-launcher', 'CONTRIBUTOR');
  apiClientId = minted.clientId;
  const token = await clientCredentialsToken(base, minted);
  const created = await fetch(`${base}/api/v1/executions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...scope,
      name: 'gamma-key',
      spec: { launch_plan: { ...idOf('LAUNCH_PLAN', 'list.ok', 'v1') } },
      inputs: { literals: { x: { scalar: { primitive: { integer: '1' } } } } },
    }),
  });
  expect(created.status).toBe(200);
  await waitForExecution(server.client, { ...scope, name: 'gamma-key' });
});
afterAll(async () => {
  await server.stop();
});

describe('the executions list', () => {
  test('lists newest first, each name, launch plan and workflow a link', async () => {
    const { res, text } = await get(LIST);
    expect(res.status).toBe(200);
    expect(namesOf(text)).toEqual(['gamma-key', 'alpha-three', 'beta-two', 'alpha-one']);
    expect(text).toContain('href="/console/projects/default/domains/development/launch_plans/list.bad"');
    expect(text).toContain('href="/console/projects/default/domains/development/workflows/list.ok"');
    expect(text).toContain('<main id="main">');
  });

  test('filters by phase, launch plan, workflow, name, launcher and mode, each a shareable URL', async () => {
    expect(namesOf((await get(`${LIST}?phase=FAILED`)).text)).toEqual(['beta-two']);
    expect(namesOf((await get(`${LIST}?launch_plan=list.ok`)).text)).toEqual([
      'gamma-key',
      'alpha-three',
      'alpha-one',
    ]);
    expect(namesOf((await get(`${LIST}?workflow=list.bad`)).text)).toEqual(['beta-two']);
    expect(namesOf((await get(`${LIST}?q=alpha`)).text)).toEqual(['alpha-three', 'alpha-one']);
    expect(namesOf((await get(`${LIST}?q=ha-th&phase=SUCCEEDED`)).text)).toEqual(['alpha-three']);
    const byKey = await get(`${LIST}?principal=${encodeURIComponent(apiClientId)}`);
    expect(namesOf(byKey.text)).toEqual(['gamma-key']);
    expect(byKey.text).toContain(`${apiClientId} (MANUAL)`);
    expect(namesOf((await get(`${LIST}?mode=RELAUNCH`)).text)).toEqual([]);
    // The form shows the filter it applied.
    const shown = (await get(`${LIST}?phase=FAILED&q=beta`)).text;
    expect(shown).toMatch(/<option value="FAILED" selected>/);
    expect(shown).toContain('name="q" value="beta"');
  });

  test('filters by creation time and sorts by name', async () => {
    const future = (await get(`${LIST}?created_after=2999-01-01T00:00`)).text;
    expect(namesOf(future)).toEqual([]);
    expect(future).toContain('No executions match.');
    expect(namesOf((await get(`${LIST}?created_before=2999-01-01T00:00&sort=name`)).text)).toEqual([
      'alpha-one',
      'alpha-three',
      'beta-two',
      'gamma-key',
    ]);
    expect(namesOf((await get(`${LIST}?sort=oldest`)).text)[0]).toBe('alpha-one');
  });

  test('pages with the List token, keeping the filter', async () => {
    // 50 a page: add enough executions for a second page.
    const lp = idOf('LAUNCH_PLAN', 'list.ok', 'v1');
    const ids = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        server.client.createExecution({
          ...scope,
          name: `page-${String(i).padStart(2, '0')}`,
          spec: { launch_plan: lp },
          inputs,
        }),
      ),
    );
    for (const id of ids) await waitForExecution(server.client, id);
    const first = await get(`${LIST}?sort=name&launch_plan=list.ok`);
    const names = namesOf(first.text);
    expect(names).toHaveLength(50);
    const next = /<a href="([^"]+)" rel="next">Next page<\/a>/.exec(first.text)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toMatch(
      /^\/console\/projects\/default\/domains\/development\/executions\?launch_plan=list\.ok&sort=name&token=/,
    );
    const second = await get(String(next));
    expect(namesOf(second.text)).toEqual(['page-47']);
    expect(second.text).not.toContain('rel="next"');
    expect(second.text).toContain('First page');
  });

  test('a bad filter or token is answered 400 with the reason, not an error page', async () => {
    for (const [query, reason] of [
      ['?created_after=yesterday', /created_after: &quot;yesterday&quot; is not a date and time/],
      ['?token=forged', /invalid page token/],
      ['?q=a%2Bb', /q may not contain &quot;\+&quot;/],
      ['?phase=FAILED&phase=SUCCEEDED', /phase was given more than once/],
      ['?phase=EXPLODED', /EXPLODED is not one of/],
    ] as const) {
      const { res, text } = await get(`${LIST}${query}`);
      expect(res.status).toBe(400);
      expect(text).toMatch(reason);
    }
  });

  test('workflow and launch plan pages list versions and link to their executions', async () => {
    const lp = await get('/console/projects/default/domains/development/launch_plans/list.ok');
    expect(lp.res.status).toBe(200);
    expect(lp.text).toContain(`href="${LIST}?launch_plan=list.ok"`);
    const wf = await get('/console/projects/default/domains/development/workflows/list.bad');
    expect(wf.text).toContain(`href="${LIST}?workflow=list.bad"`);
    expect((await get('/console/projects/default/domains/development/workflows/nope')).res.status).toBe(404);
  });
});
