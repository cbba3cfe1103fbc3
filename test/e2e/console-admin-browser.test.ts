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

// The admins' pages of the console (the secrets' names, the API keys) in headless Chromium, by role
// and label: an admin sees names and ids but never a value or client secret; a viewer sees neither
// link nor page (403); hostile requests get nothing.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-admin-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;
const SECRET_VALUE = 'never-shown-secret-value-8812';
/** An app that answers every request with "hello". */
const HELLO = `require('http').createServer((q, r) => r.end('hello')).listen(Number(process.env.PORT), '127.0.0.1')`;

maybe('the admins’ console pages', () => {
  let server: TestServer;
  let browser: Browser;
  let base: string;
  let viewer: Awaited<ReturnType<typeof mintApiKey>>;
  let viewerToken: string;

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    server = await startTestServer();
    base = server.addresses.httpEndpoint;
    await server.client.createSecret({
      id: { name: 'DEPLOY_TOKEN', org: '', project: 'default', domain: 'development' },
      secret_spec: { string_value: SECRET_VALUE },
    });
    viewer = await mintApiKey(server, 'console-viewer', 'VIEWER');
    viewerToken = await clientCredentialsToken(base, viewer);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('an admin follows the header to the secrets’ names and the API keys, never their values', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/console`);
    const nav = page.getByRole('navigation', { name: 'console' });
    await nav.getByRole('link', { name: 'Secrets' }).click();
    await page.waitForURL(`${base}/console/secrets`);
    const secrets = page.getByRole('table', { name: 'Secrets by name' });
    expect(await secrets.getByRole('cell', { name: 'DEPLOY_TOKEN' }).count()).toBe(1);
    expect(await secrets.textContent()).toContain('default / development');
    expect(await page.content()).not.toContain(SECRET_VALUE);
    expect(await axeViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(`${base}/console/api-keys`);
    const row = page
      .getByRole('table', { name: 'API keys by name' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'console-viewer', exact: true }) });
    expect(await row.textContent()).toContain(viewer.clientId);
    expect(await row.textContent()).toContain('VIEWER');
    expect(await page.content()).not.toContain(viewer.clientSecret);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  test('a viewer sees no admin link, and gets 403 on the pages', async () => {
    const page = await browser.newPage({ extraHTTPHeaders: { authorization: `Bearer ${viewerToken}` } });
    await page.goto(`${base}/console`);
    const nav = page.getByRole('navigation', { name: 'console' });
    expect(await nav.getByRole('link', { name: 'Projects' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Secrets' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    for (const path of ['/console/secrets', '/console/api-keys']) {
      const answer = await page.goto(`${base}${path}`);
      expect([path, answer?.status()]).toEqual([path, 403]);
      expect(await page.getByRole('alert').textContent()).toMatch(/^Only admins see this page/);
      expect(await page.content()).not.toContain('DEPLOY_TOKEN');
      expect(await page.getByRole('table').count()).toBe(0);
    }
    await page.close();
  });

  test('anyone who may read sees the apps with status and revision, and a link to a started one', async () => {
    const port = await freePort();
    await server.client.deployApp(
      {
        spec: {
          id: { name: 'hello', project: 'default', domain: 'development', org: '' },
          port,
          args: ['node', '-e', HELLO],
          secrets: [],
          requires_auth: false,
          limits: { cpu: '1', mem: '1Gi' },
        },
      },
      () => {},
    );
    const page = await browser.newPage({ extraHTTPHeaders: { authorization: `Bearer ${viewerToken}` } });
    try {
      await page.goto(`${base}/console`);
      await page.getByRole('navigation', { name: 'console' }).getByRole('link', { name: 'Apps' }).click();
      await page.waitForURL(`${base}/console/apps`);
      const row = page
        .getByRole('table', { name: 'Apps by name' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'hello', exact: true }) });
      expect(await row.textContent()).toContain('Started');
      // Its first revision, and its endpoint (the apps ingress's host name for it).
      expect(await row.getByRole('cell', { name: '1', exact: true }).count()).toBe(1);
      const open = row.getByRole('link', { name: 'Open hello' });
      expect(await open.getAttribute('href')).toMatch(/^http:\/\/hello\.apps\.localhost:\d+$/);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
      await server.client.stopApp({
        id: { name: 'hello', project: 'default', domain: 'development', org: '' },
      });
    }
  }, 60_000);

  test('hostile requests get neither page', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['a bad bearer token', { authorization: 'Bearer not-a-token' }, 401],
      ['a foreign Host (DNS rebinding)', { host: 'evil.example' }, 401],
      ['a cross-site fetch', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 401],
      [
        'a cross-site frame',
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
        401,
      ],
    ];
    for (const path of ['/console/secrets', '/console/api-keys', '/console/apps']) {
      for (const [name, headers, status] of cases) {
        const res = await send(`${base}${path}`, 'GET', headers);
        expect([path, name, res.status]).toEqual([path, name, status]);
        expect(res.text).not.toContain('DEPLOY_TOKEN');
        expect(res.text).not.toContain('console-viewer');
      }
      // Not a form: a POST is refused like any console action from elsewhere, else not served.
      const post = await send(`${base}${path}`, 'POST', { origin: 'https://evil.example' }, 'x=1');
      expect(post.status).toBe(403);
    }
  });
});
