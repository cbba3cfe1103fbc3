import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import {
  clientCredentialsToken,
  mintApiKey,
  startTestServer,
  type TestServer,
  waitForExecution,
} from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// The console's list, actions and launch form in headless Chromium, driven by role and label.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-actions-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;
const scope = { project: 'default', domain: 'development' };
const X = { variables: { x: { type: parseType('integer') } } };

maybe('console actions in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let base: string;
  const problems: string[] = [];

  const newPage = async (headers: Record<string, string> = {}): Promise<Page> => {
    const page = await browser.newPage({ extraHTTPHeaders: headers });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    return page;
  };
  const launch = (name: string, plan: string, x = 1, annotations: Record<string, string> = {}) =>
    server.client.createExecution({
      ...scope,
      name,
      spec: { launch_plan: idOf('LAUNCH_PLAN', plan, 'v1'), annotations },
      inputs: literalMapFromJson({ x }, X),
    });

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    server = await startTestServer();
    base = server.addresses.httpEndpoint;
    for (const [name, script] of [
      ['b.sleep', 'setTimeout(() => {}, 600000)'],
      ['b.ok', "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE, JSON.stringify({o0: 1}))"],
      ['b.bad', 'process.exit(2)'],
    ] as const) {
      const task = idOf('TASK', `${name}.task`, 'v1');
      await server.client.createTask(
        task,
        nodeTask(`${name}.task`, 'v1', script, { x: 'integer' }, { o0: 'integer' }),
      );
      const wf = idOf('WORKFLOW', name, 'v1');
      await server.client.createWorkflow(wf, oneNodeWorkflow(name, 'v1', task));
      await server.client.createLaunchPlan(idOf('LAUNCH_PLAN', name, 'v1'), launchPlanOf(wf));
    }
    await waitForExecution(server.client, await launch('good-one', 'b.ok'));
    await waitForExecution(server.client, await launch('bad-one', 'b.bad'));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the filter form makes a shareable URL and lists only what matches', async () => {
    const page = await newPage();
    await page.goto(`${base}/console/projects/default/domains/development/executions`);
    await expect(page.getByRole('link', { name: 'good-one' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Phase').selectOption('FAILED');
    await page.getByLabel('Name contains').fill('one');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/phase=FAILED/);
    expect(page.url()).toMatch(/\?phase=FAILED&.*q=one/);
    await page.getByRole('link', { name: 'bad-one' }).waitFor();
    expect(await page.getByRole('link', { name: 'good-one' }).count()).toBe(0);
    // The launch plan link leads to its page.
    await page.getByRole('link', { name: 'b.bad' }).first().click();
    await page.getByRole('heading', { name: 'Launch plan b.bad' }).waitFor();
    await page.close();
  });

  test('terminate with a reason, then relaunch, from the execution page', async () => {
    const annotations = {
      'orch.dev/pull-request': 'https://github.com/acme/repo/pull/7',
      'orch.dev/commit': 'javascript:alert(1)',
      team: 'data',
    };
    await launch('stop-me', 'b.sleep', 1, annotations);
    const page = await newPage();
    await page.goto(`${base}/console/projects/default/domains/development/executions/stop-me`);
    // Annotations in the header: a well-known one holding a web URL is a link; others are text.
    const summary = page.getByRole('table', { name: 'Summary' });
    expect(await summary.getByRole('link', { name: 'pull request' }).getAttribute('href')).toBe(
      annotations['orch.dev/pull-request'],
    );
    expect(await summary.getByRole('link', { name: 'commit' }).count()).toBe(0);
    expect(await page.locator('#annotations li').allTextContents()).toEqual([
      'orch.dev/commit javascript:alert(1)',
      'pull request',
      'team data',
    ]);
    await page.getByLabel('Reason').fill('no longer needed');
    await page.getByRole('button', { name: 'Terminate' }).click();
    await page.getByText('no longer needed').first().waitFor();
    await page.locator('#phase', { hasText: 'ABORTED' }).waitFor();
    expect(await page.getByRole('button', { name: 'Terminate' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Relaunch with the same inputs' }).click();
    await page.waitForURL(/\/executions\/[a-z][a-z0-9]{19}$/);
    const name = page.url().split('/').pop() ?? '';
    const relaunched = await server.client.getExecution({ ...scope, name });
    expect(relaunched.spec?.metadata?.mode).toBe('RELAUNCH');
    expect(relaunched.spec?.metadata?.reference_execution).toMatchObject({ ...scope, name: 'stop-me' });
    expect(relaunched.spec?.annotations).toEqual(annotations);
    await server.client.terminateExecution({ ...scope, name }, 'test over');
    // The relaunch's header links to the execution it relaunched, and that one's to its relaunch.
    await page.getByRole('table', { name: 'Summary' }).getByRole('link', { name: 'stop-me' }).click();
    await page.getByRole('heading', { name: 'Execution stop-me' }).waitFor();
    await page.locator('#relaunches').getByRole('link', { name }).click();
    await page.getByRole('heading', { name: `Execution ${name}` }).waitFor();
    // A bad annotation is refused, naming it.
    await expect(launch('bad-note', 'b.ok', 1, { 'no spaces allowed': 'x' })).rejects.toThrow(
      /spec\.annotations key "no spaces allowed"/,
    );
    await page.close();
  });

  test('a viewer sees the execution but no action', async () => {
    await launch('watch-me', 'b.sleep');
    const minted = await mintApiKey(server, 'browser-viewer', 'VIEWER');
    const token = await clientCredentialsToken(base, minted);
    const page = await newPage({ authorization: `Bearer ${token}` });
    await page.goto(`${base}/console/projects/default/domains/development/executions/watch-me`);
    await page.getByRole('heading', { name: 'Execution watch-me' }).waitFor();
    expect(await page.getByRole('button', { name: 'Terminate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Relaunch/ }).count()).toBe(0);
    await server.client.terminateExecution({ ...scope, name: 'watch-me' }, 'test over');
    await page.close();
  });

  test('the launch form checks a value as it is typed, then launches', async () => {
    const page = await newPage();
    await page.goto(`${base}/console/projects/default/domains/development/launch_plans/b.ok/v1/launch`);
    const x = page.getByLabel(/^x/);
    await x.fill('ten');
    await page.getByText('not a whole number').waitFor();
    expect(await x.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Launch' }).click();
    // The script kept the form from being sent.
    expect(page.url()).toMatch(/\/launch$/);
    await x.fill('41');
    expect(await page.getByText('not a whole number').count()).toBe(0);
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.waitForURL(/\/executions\/[a-z][a-z0-9]{19}$/);
    const name = page.url().split('/').pop() ?? '';
    expect((await waitForExecution(server.client, { ...scope, name })).closure?.phase).toBe('SUCCEEDED');
    await page.close();
  });

  test('without script the server answers the error beside the field', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/console/projects/default/domains/development/launch_plans/b.ok/v1/launch`);
    await page.getByLabel(/^x/).fill('1.5');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByText('not a whole number (expected integer)').waitFor();
    expect(await page.getByLabel(/^x/).inputValue()).toBe('1.5');
    await context.close();
  });

  test('no page broke its Content-Security-Policy or threw', () => {
    expect(problems).toEqual([]);
  });
});
