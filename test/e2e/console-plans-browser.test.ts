import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { nextRunOf } from '../../src/server/http/console.js';
import { axeViolations } from '../helpers/axe.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { send } from '../helpers/raw-http.js';
import { clientCredentialsToken, mintApiKey, startTestServer, type TestServer } from '../helpers/server.js';
import { idOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// Activating and deactivating a scheduled launch plan from its console page, in headless Chromium
// by role and label; who may, and the hostile requests the state form refuses.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-plans-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;
const X = { variables: { x: { type: parseType('integer') } } };
/** Once a year, so that no tick fires while the test runs. */
const SCHEDULE = { schedule: { cron_schedule: { schedule: '0 0 1 1 *' } } };
const PLAN_PAGE = '/console/projects/default/domains/development/launch_plans/p.sched';
const TOKEN = 'd'.repeat(43);

maybe('launch plan activation in the console', () => {
  let server: TestServer;
  let browser: Browser;
  let base: string;
  let viewerToken: string;

  const stateOf = async (version: string) =>
    (await server.client.getLaunchPlan(idOf('LAUNCH_PLAN', 'p.sched', version))).closure?.state;
  /** The text of a version's row in the versions table. */
  const rowOf = (page: Page, version: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: version, exact: true }) });

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    server = await startTestServer();
    base = server.addresses.httpEndpoint;
    const task = idOf('TASK', 'p.task', 'v1');
    await server.client.createTask(
      task,
      nodeTask('p.task', 'v1', 'process.exit(0)', { x: 'integer' }, { o0: 'integer' }),
    );
    const wf = idOf('WORKFLOW', 'p.wf', 'v1');
    await server.client.createWorkflow(wf, oneNodeWorkflow('p.wf', 'v1', task));
    for (const version of ['v1', 'v2']) {
      await server.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'p.sched', version), {
        workflow_id: wf,
        ...SCHEDULE,
        fixed_inputs: literalMapFromJson({ x: 1 }, X),
      });
    }
    const minted = await mintApiKey(server, 'plans-viewer', 'VIEWER');
    viewerToken = await clientCredentialsToken(base, minted);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('an admin activates a version (showing its next fire), then another, then deactivates it', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}${PLAN_PAGE}`);
    expect(await rowOf(page, 'v1').textContent()).toContain('INACTIVE');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Activate v1' }).click();
    await page.getByRole('button', { name: 'Deactivate v1' }).waitFor();
    expect(page.url()).toBe(`${base}${PLAN_PAGE}`);
    expect(await stateOf('v1')).toBe('ACTIVE');
    const next = new Date(nextRunOf(JSON.stringify(SCHEDULE)) ?? 0).toISOString();
    expect(await rowOf(page, 'v1').textContent()).toContain(next);

    // Activating v2 deactivates v1 (one active version a name).
    await page.getByRole('button', { name: 'Activate v2' }).click();
    await page.getByRole('button', { name: 'Deactivate v2' }).waitFor();
    expect([await stateOf('v1'), await stateOf('v2')]).toEqual(['INACTIVE', 'ACTIVE']);
    expect(await rowOf(page, 'v1').textContent()).not.toContain(next);

    await page.getByRole('button', { name: 'Deactivate v2' }).click();
    await page.getByRole('button', { name: 'Activate v2' }).waitFor();
    expect(await stateOf('v2')).toBe('INACTIVE');
    await page.close();
  });

  test('a viewer sees the states but no button, and a viewer’s post is refused', async () => {
    const page = await browser.newPage({ extraHTTPHeaders: { authorization: `Bearer ${viewerToken}` } });
    await page.goto(`${base}${PLAN_PAGE}`);
    await page.getByRole('heading', { name: 'Launch plan p.sched' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'state' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Activate|Deactivate/ }).count()).toBe(0);
    await page.close();

    const res = await send(
      `${base}${PLAN_PAGE}/v1/state`,
      'POST',
      {
        authorization: `Bearer ${viewerToken}`,
        origin: base,
        cookie: `orch_console_csrf=${TOKEN}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      `csrf=${TOKEN}&state=ACTIVE`,
    );
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/VIEWER|permission|not allowed/i);
    expect(await stateOf('v1')).toBe('INACTIVE');
  });

  test('hostile state posts are refused and change nothing', async () => {
    const post = (path: string, headers: Record<string, string>, body: string) =>
      send(
        `${base}${path}`,
        'POST',
        {
          cookie: `orch_console_csrf=${TOKEN}`,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body,
      );
    const ok = `csrf=${TOKEN}&state=ACTIVE`;
    const own = { origin: base };
    const cases: [string, Awaited<ReturnType<typeof post>>, number, RegExp][] = [
      [
        'foreign Origin',
        await post(`${PLAN_PAGE}/v1/state`, { origin: 'https://evil.example' }, ok),
        403,
        /another origin/,
      ],
      [
        'foreign Host',
        await post(`${PLAN_PAGE}/v1/state`, { host: 'evil.example' }, ok),
        403,
        /another host/,
      ],
      [
        'cross-site, no token',
        await post(`${PLAN_PAGE}/v1/state`, { 'sec-fetch-site': 'cross-site' }, 'state=ACTIVE'),
        403,
        /cross-site/,
      ],
      ['no token', await post(`${PLAN_PAGE}/v1/state`, own, 'state=ACTIVE'), 403, /no valid console token/],
      [
        'bad bearer',
        await post(`${PLAN_PAGE}/v1/state`, { ...own, authorization: 'Bearer not-a-token' }, ok),
        401,
        /./,
      ],
      [
        'state not a state',
        await post(`${PLAN_PAGE}/v1/state`, own, `csrf=${TOKEN}&state=BOGUS`),
        400,
        /ACTIVE or INACTIVE/,
      ],
      ['no state', await post(`${PLAN_PAGE}/v1/state`, own, `csrf=${TOKEN}`), 400, /ACTIVE or INACTIVE/],
      [
        'state twice',
        await post(`${PLAN_PAGE}/v1/state`, own, `${ok}&state=INACTIVE`),
        400,
        /state must be sent once/,
      ],
      [
        'not a form',
        await post(
          `${PLAN_PAGE}/v1/state`,
          { ...own, 'content-type': 'application/json' },
          '{"state":"ACTIVE"}',
        ),
        403,
        /no valid console token/,
      ],
      ['no such version', await post(`${PLAN_PAGE}/v9/state`, own, ok), 404, /does not exist/],
    ];
    for (const [name, res, status, text] of cases) {
      expect([name, res.status]).toEqual([name, status]);
      expect([name, text.test(res.text)]).toEqual([name, true]);
    }
    expect([await stateOf('v1'), await stateOf('v2')]).toEqual(['INACTIVE', 'INACTIVE']);
  });
});
