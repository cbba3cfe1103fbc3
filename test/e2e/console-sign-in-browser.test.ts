import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { AdminServer, ServerAddresses } from '../../src/server/server.js';
import { axeViolations } from '../helpers/axe.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { PROVIDER_CLIENT, startLoginAdmin, startProvider, type TestProvider } from '../helpers/oidc.js';
import { type Answer, send } from '../helpers/raw-http.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';

// Who is signed in, signing out, and links followed from another site (GitHub's check run
// "Details"), in headless Chromium: on a server with person login and on the sandbox (loopback
// bypass). Plus the hostile requests each must refuse.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-sign-in-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;
const DOMAINS_PAGE = '/console/projects/default/domains';

/**
 * A page of "another site" (127.0.0.1, while the admin is reached as localhost) linking to `target`,
 * as GitHub's check run links to the console.
 */
async function startElsewhere(target: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>elsewhere</title><a href="${target()}">Details</a>`);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's headers for following a link from another site to a page. */
const CROSS_SITE_NAVIGATION = {
  accept: 'text/html,application/xhtml+xml',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

maybe('signing in and out of the console (person login)', () => {
  let provider: TestProvider;
  let server: AdminServer;
  let addresses: ServerAddresses;
  let dataDir: string;
  let browser: Browser;
  let elsewhere: Awaited<ReturnType<typeof startElsewhere>>;
  let base: string;

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    const httpPort = await freePort();
    provider = await startProvider([`http://localhost:${httpPort}/callback`]);
    ({ server, addresses, dataDir } = await startLoginAdmin(
      {
        'auth.userAuth.openId.baseUrl': provider.issuer,
        'auth.userAuth.openId.clientId': PROVIDER_CLIENT.id,
      },
      httpPort,
    ));
    base = addresses.httpEndpoint;
    elsewhere = await startElsewhere(() => `${base}${DOMAINS_PAGE}`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await elsewhere?.close();
    await server?.close();
    await provider?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('a link from another site gets a sign-in page that returns to it; the header names the person, who signs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(elsewhere.url);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${base}${DOMAINS_PAGE}`),
      page.getByRole('link', { name: 'Details' }).click(),
    ]);
    expect(answer.status()).toBe(401);
    await page.getByRole('heading', { name: 'Sign in to the orch console' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
    expect(await signIn.getAttribute('href')).toBe(`/login?redirect_url=${encodeURIComponent(DOMAINS_PAGE)}`);

    await signIn.click();
    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`));
    await page.fill('input[name="login"]', 'frank');
    await page.fill('input[name="password"]', 'any-password');
    await Promise.all([page.waitForURL(/.*/), page.click('button[type="submit"]')]);
    if (page.url().startsWith(`${provider.issuer}/interaction/`)) await page.click('button[type="submit"]');
    await page.waitForURL(`${base}${DOMAINS_PAGE}`, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Domains of project default' }).waitFor();
    const banner = page.getByRole('banner');
    expect(await banner.textContent()).toContain('Signed in as User frank');
    expect(await axeViolations(page)).toEqual([]);
    expect(await context.cookies(base)).toContainEqual(expect.objectContaining({ name: 'orch_session' }));

    await banner.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/console/signed-out`);
    await page.getByRole('heading', { name: 'Signed out' }).waitFor();
    expect((await context.cookies(base)).map((c) => c.name)).not.toContain('orch_session');
    // Signed out for real: the console asks for a login again.
    const again = await page.request.get(`${base}/console`, { maxRedirects: 0 });
    expect(again.status()).toBe(302);
    await context.close();
  }, 60_000);

  test('hostile sign-out posts are refused and leave the session alone', async () => {
    const cookie = `orch_console_csrf=${'a'.repeat(43)}`;
    const post = (headers: Record<string, string>, body: string) =>
      send(
        `${base}/console/sign-out`,
        'POST',
        { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
        body,
      );
    const token = `csrf=${'a'.repeat(43)}`;
    const cases: [string, Answer, number, RegExp][] = [
      ['foreign Origin', await post({ origin: 'https://evil.example' }, token), 403, /another origin/],
      ['foreign Host', await post({ host: 'evil.example' }, token), 403, /another host/],
      ['cross-site, no token', await post({ 'sec-fetch-site': 'cross-site' }, ''), 403, /cross-site/],
      ['no token', await post({ origin: base }, ''), 403, /no valid console token/],
      ['wrong token', await post({ origin: base }, `csrf=${'b'.repeat(43)}`), 403, /no valid console token/],
      ['token twice', await post({ origin: base }, `${token}&${token}`), 400, /csrf must be sent once/],
    ];
    for (const [name, res, status, text] of cases) {
      expect([name, res.status]).toEqual([name, status]);
      expect([name, res.headers['set-cookie']]).toEqual([name, undefined]);
      expect(res.text).toMatch(text);
    }
    // The same form from the console's own page signs out.
    const ok = await post({ origin: base, 'sec-fetch-site': 'same-origin' }, token);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/console/signed-out');
    expect(String(ok.headers['set-cookie'])).toMatch(/^orch_session=;/);
  });

  test('a cross-site request for a page gets the sign-in page, never a redirect into the login', async () => {
    const res = await send(`${base}/console/projects`, 'GET', CROSS_SITE_NAVIGATION);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('href="/login?redirect_url=%2Fconsole%2Fprojects"');
    // A program (no HTML asked for) gets plain text.
    const plain = await send(`${base}/console/projects`, 'GET', { 'sec-fetch-site': 'cross-site' });
    expect(plain.status).toBe(401);
    expect(plain.text).toMatch(/^no access token/);
  });
});

maybe('the sandbox console (loopback bypass)', () => {
  let server: TestServer;
  let browser: Browser;
  let elsewhere: Awaited<ReturnType<typeof startElsewhere>>;
  let base: string;

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    server = await startTestServer();
    base = server.addresses.httpEndpoint;
    elsewhere = await startElsewhere(() => `${base}${DOMAINS_PAGE}`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await elsewhere?.close();
    await server?.stop();
  });

  test('a link from another site opens the page, whose header says the machine is let in', async () => {
    const page = await browser.newPage();
    await page.goto(elsewhere.url);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${base}${DOMAINS_PAGE}`),
      page.getByRole('link', { name: 'Details' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(await answer.request().headerValue('sec-fetch-site')).toBe('cross-site');
    await page.getByRole('heading', { name: 'Domains of project default' }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain(
      'This machine is let in without signing in',
    );
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await page.close();
  });

  test('other cross-site requests keep the loopback rules', async () => {
    const get = (headers: Record<string, string>) => send(`${base}${DOMAINS_PAGE}`, 'GET', headers);
    // Read by another page (no-cors image, fetch) or framed: refused.
    const cases: [string, string][] = [
      ['no-cors', 'image'],
      ['cors', 'empty'],
      ['navigate', 'iframe'],
    ];
    for (const [mode, dest] of cases) {
      const res = await get({
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': mode,
        'sec-fetch-dest': dest,
      });
      expect([mode, dest, res.status]).toEqual([mode, dest, 401]);
    }
    // A navigation through a foreign host name (DNS rebinding) is refused, with the sign-in page.
    const rebound = await get({ ...CROSS_SITE_NAVIGATION, host: 'evil.example' });
    expect(rebound.status).toBe(401);
    const { text } = rebound;
    expect(text).toContain('Sign in to the orch console');
    expect(text).toContain('another host');
    expect(text).not.toContain('Domains of project default');
    // A navigation's POST (a cross-site form) is refused before anything else.
    const form = await send(
      `${base}/console/sign-out`,
      'POST',
      { ...CROSS_SITE_NAVIGATION, 'content-type': 'application/x-www-form-urlencoded' },
      'csrf=x',
    );
    expect(form.status).toBe(403);
  });

  test('signing out of the sandbox says there is no session to end', async () => {
    const token = 'c'.repeat(43);
    const res = await fetch(`${base}/console/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: base,
        cookie: `orch_console_csrf=${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `csrf=${token}`,
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('no person sign-in');
  });
});
