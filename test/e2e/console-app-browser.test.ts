import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../helpers/axe.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { send } from '../helpers/raw-http.js';
import {
  clientCredentialsToken,
  freePort,
  mintApiKey,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// An app's console page in headless Chromium, as a viewer finds it: from the apps list by the app's
// name, its revisions and the lines it printed, with links for every name; and what hostile
// requests get from it.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-app-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;
const ENV_VALUE = 'env-value-not-on-the-page-7731';
/** An app that prints one line, then serves. */
const serverPrinting = (line: string) =>
  `console.log(${JSON.stringify(line)}); require('http').createServer((q, r) => r.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

maybe('an app’s console page', () => {
  let server: TestServer;
  let browser: Browser;
  let base: string;
  let viewerToken: string;
  const id = { name: 'greeter', project: 'default', domain: 'development', org: '' };

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    server = await startTestServer();
    base = server.addresses.httpEndpoint;
    const viewer = await mintApiKey(server, 'app-page-viewer', 'VIEWER');
    viewerToken = await clientCredentialsToken(base, viewer);
    const port = await freePort();
    for (const n of [1, 2]) {
      const last = await server.client.deployApp(
        {
          spec: {
            id,
            port,
            args: ['node', '-e', serverPrinting(`greeting from revision ${n}`)],
            secrets: [],
            requires_auth: false,
            env: { GREETING: ENV_VALUE },
          },
        },
        () => {},
      );
      expect(last.state).toBe('Started');
    }
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a viewer follows the app’s name to its status, revisions and log lines', async () => {
    const page = await browser.newPage({ extraHTTPHeaders: { authorization: `Bearer ${viewerToken}` } });
    try {
      const path = '/console/apps/default/development/greeter';
      // The app's line arrives through its stdout pipe: wait until the page shows it.
      await waitUntil(async () => {
        const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${viewerToken}` } });
        return (await res.text()).includes('greeting from revision 2');
      });
      await page.goto(`${base}/console/apps`);
      const listed = page
        .getByRole('table', { name: 'Apps by name' })
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: 'greeter', exact: true }) });
      expect(await listed.getByRole('link', { name: 'default', exact: true }).getAttribute('href')).toBe(
        '/console/projects/default',
      );
      expect(await listed.getByRole('link', { name: 'development', exact: true }).getAttribute('href')).toBe(
        '/console/projects/default/domains/development',
      );
      await page
        .getByRole('table', { name: 'Apps by name' })
        .getByRole('link', { name: 'greeter', exact: true })
        .click();
      await page.waitForURL(`${base}${path}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('App greeter');
      const main = page.getByRole('main');
      expect(await main.getByRole('link', { name: 'default', exact: true }).getAttribute('href')).toBe(
        '/console/projects/default',
      );
      expect(await main.getByRole('link', { name: 'development', exact: true }).getAttribute('href')).toBe(
        '/console/projects/default/domains/development',
      );
      expect(await main.textContent()).toContain('Started Service is ready');
      expect(await main.getByRole('link', { name: /^http:\/\/greeter\.apps\.localhost:\d+$/ }).count()).toBe(
        1,
      );

      const revisions = page.getByRole('table', { name: 'Revisions of greeter, newest first' });
      const rows = revisions.getByRole('row');
      expect(await rows.count()).toBe(3);
      const newest = (await rows.nth(1).getByRole('cell').allTextContents()).map((c) => c.trim());
      expect(newest[0]).toBe('2');
      expect(newest[2]).toBe('localhost');
      expect(newest[6]).toBe('Started Service is ready');
      const oldest = (await rows.nth(2).getByRole('cell').allTextContents()).map((c) => c.trim());
      expect([oldest[0], oldest[6]]).toEqual(['1', 'Stopped Replaced by revision 2']);
      expect(newest[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const line = page.getByText(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}greeting from revision 2$/m);
      expect(await line.count()).toBe(1);
      expect(await page.content()).not.toContain(ENV_VALUE);
      // A viewer's page: nothing to act with.
      expect(await main.getByRole('button').count()).toBe(0);

      const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
      expect(await crumbs.getByRole('link').allTextContents()).toEqual(['console', 'apps', 'greeter']);
      expect(await axeViolations(page)).toEqual([]);

      const download = await main
        .getByRole('link', { name: 'Download the log of greeter as text' })
        .getAttribute('href');
      const text = await fetch(`${base}${download}`, { headers: { authorization: `Bearer ${viewerToken}` } });
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await text.text()).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}greeting from revision 2$/m);
    } finally {
      await page.close();
    }
  });

  test('hostile requests get neither the page nor the log; odd names are escaped, never reflected raw', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['a bad bearer token', { authorization: 'Bearer not-a-token' }, 401],
      ['a foreign Host (DNS rebinding)', { host: 'evil.example' }, 401],
      ['a cross-site fetch', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 401],
    ];
    for (const path of [
      '/console/apps/default/development/greeter',
      '/console/apps/default/development/greeter/log',
    ]) {
      for (const [name, headers, status] of cases) {
        const res = await send(`${base}${path}`, 'GET', headers);
        expect([path, name, res.status]).toEqual([path, name, status]);
        expect(res.text).not.toContain('greeting from revision');
      }
      const post = await send(`${base}${path}`, 'POST', { origin: 'https://evil.example' }, 'x=1');
      expect(post.status).toBe(403);
    }
    const auth = { authorization: `Bearer ${viewerToken}` };
    const odd = encodeURIComponent('<script>alert(1)</script>');
    for (const path of [
      '/console/apps/default/development/no-such-app',
      `/console/apps/default/development/${odd}`,
      `/console/apps/${odd}/development/greeter`,
      `/console/apps/default/${odd}/greeter`,
      `/console/apps/default/development/${'a'.repeat(300)}`,
    ]) {
      const res = await send(`${base}${path}`, 'GET', { ...auth, accept: 'text/html' });
      expect([path.slice(0, 60), res.status]).toEqual([path.slice(0, 60), 404]);
      expect(res.text).toContain('<h1>Not found</h1>');
      expect(res.text).not.toContain('<script>alert');
      // Reflected, the name is escaped text.
      if (path.includes(odd)) expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(res.text).not.toContain('a'.repeat(300));
      const log = await send(`${base}${path}/log`, 'GET', auth);
      expect([path.slice(0, 60), log.status]).toEqual([path.slice(0, 60), 404]);
      expect(log.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });
});
