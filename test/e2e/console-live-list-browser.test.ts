import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { axeViolations } from '../helpers/axe.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// The executions list keeps its first page current in headless Chromium: an execution launched
// through the API (not the page) appears in the open list and its phase changes there, without a
// reload; a filtered list shows only what matches. The domain page lists tasks, and a task
// version's page the executions that ran it. Every page touched passes axe.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-live-list-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;
const scope = { project: 'default', domain: 'development' };
const DOMAIN = '/console/projects/default/domains/development';
const LIST = `${DOMAIN}/executions`;
const X = { variables: { x: { type: parseType('integer') } } };
const inputs = literalMapFromJson({ x: 1 }, X);
/** Polls of the list come every 5 s; a few of them, and a task's run, fit in this. */
const SEEN = { timeout: 30_000 };

maybe('the live executions list in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let base: string;
  let dir: string;
  let gate: string;

  const rowOf = (page: Page, name: string) =>
    page
      .getByRole('table', { name: 'Executions' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
  const phaseOf = (page: Page, name: string, phase: string) =>
    rowOf(page, name).getByRole('cell', { name: phase, exact: true });

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    dir = await mkdtemp(join(tmpdir(), 'orch-live-list-'));
    gate = join(dir, 'go');
    server = await startTestServer();
    base = server.addresses.httpEndpoint;
    // live.task waits for the test's go-ahead (a file), so its RUNNING phase can be seen to change.
    const waits =
      "const fs=require('fs');setInterval(()=>{if(fs.existsSync(" +
      JSON.stringify(gate) +
      ')){fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:1}));process.exit(0)}},50)';
    for (const [name, script] of [
      ['live', waits],
      ['dead', 'process.exit(3)'],
    ] as const) {
      const task = idOf('TASK', `${name}.task`, 'v1');
      await server.client.createTask(
        task,
        nodeTask(`${name}.task`, 'v1', script, { x: 'integer' }, { o0: 'integer' }),
      );
      const wf = idOf('WORKFLOW', `${name}.wf`, 'v1');
      await server.client.createWorkflow(wf, oneNodeWorkflow(`${name}.wf`, 'v1', task));
      await server.client.createLaunchPlan(idOf('LAUNCH_PLAN', `${name}.wf`, 'v1'), launchPlanOf(wf));
    }
    const first = await server.client.createExecution({
      ...scope,
      name: 'dead-first',
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'dead.wf', 'v1') },
      inputs,
    });
    await waitForExecution(server.client, first);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a new execution appears in the open list and its phase changes, without a reload; a filtered list shows only matches', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}${LIST}`);
    const failed = await browser.newPage();
    await failed.goto(`${base}${LIST}?phase=FAILED`);
    await rowOf(failed, 'dead-first').waitFor();
    // Reloads would lose this mark.
    await page.evaluate("document.body.setAttribute('data-kept', 'yes')");
    expect(await axeViolations(page)).toEqual([]);

    await server.client.createExecution({
      ...scope,
      name: 'live-new',
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'live.wf', 'v1') },
      inputs,
    });
    await phaseOf(page, 'live-new', 'RUNNING').waitFor(SEEN);
    await page.getByRole('status').filter({ hasText: '1 new execution' }).waitFor(SEEN);
    // The reader's focus stays where it is while the row updates.
    await rowOf(page, 'live-new').getByRole('link', { name: 'live-new' }).focus();

    await writeFile(gate, 'go');
    await phaseOf(page, 'live-new', 'SUCCEEDED').waitFor(SEEN);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('live-new');
    expect(await page.evaluate("document.body.getAttribute('data-kept')")).toBe('yes');
    expect(await axeViolations(page)).toEqual([]);

    // The FAILED list takes a new failure in, but never the execution that succeeded.
    await server.client.createExecution({
      ...scope,
      name: 'dead-second',
      spec: { launch_plan: idOf('LAUNCH_PLAN', 'dead.wf', 'v1') },
      inputs,
    });
    // live-new was listed (and had succeeded) before the poll that brought dead-second in.
    await phaseOf(failed, 'dead-second', 'FAILED').waitFor(SEEN);
    expect(await rowOf(failed, 'live-new').count()).toBe(0);
    expect(await rowOf(failed, 'dead-first').count()).toBe(1);
  });

  test('pages past the first, or sorted otherwise, say they do not update and load no list script', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}${LIST}?sort=name`);
    await page.getByText('This page does not update by itself').waitFor();
    expect(await page.locator('table[data-live]').count()).toBe(0);
    expect(await page.locator('script[src="/console/assets/list.js"]').count()).toBe(0);
  });

  test('the domain page lists its tasks, each a link to its page', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}${DOMAIN}`);
    const tasks = page.getByRole('table', { name: 'Tasks of development' });
    await tasks.getByRole('link', { name: 'live.task', exact: true }).click();
    await page.waitForURL(`${base}${DOMAIN}/tasks/live.task`);
    await page.getByRole('heading', { name: 'Task live.task' }).waitFor();
    await page.goto(`${base}${DOMAIN}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a task version's page lists the executions that ran it, newest first, each a link", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}${DOMAIN}/tasks/dead.task/v1`);
    const ran = page.getByRole('table', { name: 'Recent executions that ran this version' });
    expect(await ran.getByRole('link').allTextContents()).toEqual(['dead-second', 'dead-first']);
    expect(await axeViolations(page)).toEqual([]);
    await ran.getByRole('link', { name: 'dead-first' }).click();
    await page.waitForURL(`${base}${LIST}/dead-first`);
  });
});
