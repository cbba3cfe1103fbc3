import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT, runBinary } from '../../scripts/main-job.js';
import { createApp } from '../../src/webhook/app.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The console in a real browser: register the add-one example, launch it through the webhook, open
// the URL the webhook answers in headless Chromium and watch the execution succeed with output 3.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;

maybe('the console in headless Chromium', () => {
  let server: TestServer;
  let webhook: Server;
  let webhookUrl: string;
  let home: string;
  let version: string;
  const KEY = 'browser-test-key-0123456789';

  beforeAll(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'orch-browser-'));
    await cp(join(ROOT, 'examples', 'add-one'), home, { recursive: true });
    const registered = await runBinary(
      'orch',
      [
        'register',
        join(home, 'wf.yaml'),
        '--orch.connection.host',
        server.addresses.grpcEndpoint,
        '--orch.connection.insecure',
      ],
      { PATH: process.env.PATH, HOME: home },
    );
    expect(registered.code).toBe(0);
    version = /^Computed version is (\S+)$/m.exec(registered.stdout)?.[1] ?? '';
    expect(version).not.toBe('');
    const app = createApp({ client: server.client, apiKeys: KEY });
    webhook = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => webhook.once('listening', resolve));
    webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => webhook?.close(resolve));
    await server?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  test('the page a webhook launch points to turns SUCCEEDED and shows the output 3', async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    const res = await fetch(`${webhookUrl}/run-workflow/default/development/wf.add_one_wf/${version}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 2 }),
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(
      new RegExp(
        `^${server.addresses.httpEndpoint}/console/projects/default/domains/development/executions/[a-z][a-z0-9]{19}$`,
      ),
    );

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(url);
      await page.waitForFunction("document.getElementById('phase')?.textContent === 'SUCCEEDED'", undefined, {
        timeout: 20_000,
      });
      // A page opened while the execution ran reloads itself once it ends; wait for the outputs.
      await page.waitForSelector('#outputs', { state: 'attached', timeout: 20_000 });
      expect(JSON.parse((await page.textContent('#outputs')) ?? '{}')).toEqual({ o0: 3 });
      expect(await page.textContent('[data-node="n0"]')).toBe('SUCCEEDED');
      expect(await page.locator('.graph svg').count()).toBe(1);
      await mkdir(join(ROOT, 'test-artifacts'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'test-artifacts', 'console-execution.png'), fullPage: true });
      // The node's log link serves its output as text.
      const log = await page.request.get(`${url}/nodes/n0/log`);
      expect(log.status()).toBe(200);
      expect(await log.text()).toMatch(/=== attempt 1 stdout \(SUCCEEDED\) ===/);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  test('a person gets from /console down to an execution by following links, and back from a 404', async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    const res = await fetch(`${webhookUrl}/run-workflow/default/development/wf.add_one_wf/${version}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 2 }),
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const name = url.split('/').pop() ?? '';
    const base = server.addresses.httpEndpoint;

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${base}/console`);
      const follow = async (link: string, path: string) => {
        await page.getByRole('link', { name: link, exact: true }).first().click();
        await page.waitForURL(`${base}${path}`);
      };
      await follow('default', '/console/projects/default');
      await follow('Domains of default', '/console/projects/default/domains');
      await follow('projects', '/console/projects');
      await follow('default', '/console/projects/default');
      await follow('Domains of default', '/console/projects/default/domains');
      await follow('development', '/console/projects/default/domains/development');
      // The workflow, and its default launch plan of the same name.
      expect(await page.getByRole('link', { name: 'wf.add_one_wf', exact: true }).count()).toBe(2);
      await follow('Executions', '/console/projects/default/domains/development/executions');
      await follow(name, `/console/projects/default/domains/development/executions/${name}`);
      expect(page.url()).toBe(url);
      await page.waitForFunction("document.getElementById('phase')?.textContent === 'SUCCEEDED'", undefined, {
        timeout: 20_000,
      });

      const missing = await page.goto(`${base}/console/nowhere`);
      expect(missing?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Not found');
      // The page is styled: its stylesheet loaded under the console's CSP.
      expect(await page.evaluate('getComputedStyle(document.body).fontFamily')).toMatch(/system-ui/);
      await follow('Back to the console', '/console');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Projects');
      expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
