import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { AdminServer, ServerAddresses } from '../../src/server/server.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { PROVIDER_CLIENT, startLoginAdmin, startProvider, type TestProvider } from '../helpers/oidc.js';
import { freePort } from '../helpers/server.js';

// Logging into the console in headless Chromium: with authentication on and user login configured,
// opening the console sends the browser to the OpenID provider (oidc-provider, started here); after
// its login form the browser lands on /console with a session.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-login-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;

maybe('console login in headless Chromium', () => {
  let provider: TestProvider;
  let server: AdminServer;
  let addresses: ServerAddresses;
  let dataDir: string;

  beforeAll(async () => {
    const httpPort = await freePort();
    provider = await startProvider([`http://localhost:${httpPort}/callback`]);
    ({ server, addresses, dataDir } = await startLoginAdmin(
      {
        'auth.userAuth.openId.baseUrl': provider.issuer,
        'auth.userAuth.openId.clientId': PROVIDER_CLIENT.id,
      },
      httpPort,
    ));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('opening the console asks for a login at the provider, then lands on /console', async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    // Without a session the console does not answer.
    const anonymous = await fetch(`${addresses.httpEndpoint}/console`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?redirect_url=%2Fconsole');

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${addresses.httpEndpoint}/console`);
      expect(page.url().startsWith(`${provider.issuer}/interaction/`)).toBe(true);
      await page.fill('input[name="login"]', 'frank');
      await page.fill('input[name="password"]', 'any-password');
      await Promise.all([page.waitForURL(/.*/), page.click('button[type="submit"]')]);
      // oidc-provider's consent step, when it asks.
      if (page.url().startsWith(`${provider.issuer}/interaction/`)) {
        await page.click('button[type="submit"]');
      }
      await page.waitForURL(`${addresses.httpEndpoint}/console`, { timeout: 15_000 });
      expect(await page.textContent('nav')).toContain('orch console');
      const cookies = await page.context().cookies(addresses.httpEndpoint);
      const session = cookies.find((c) => c.name === 'orch_session');
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe('Lax');
      const me = await page.request.get(`${addresses.httpEndpoint}/me`);
      expect(await me.json()).toMatchObject({ subject: 'frank', method: 'cookie' });
    } finally {
      await browser.close();
    }
  }, 60_000);
});
