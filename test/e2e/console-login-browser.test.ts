import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { AdminClient } from '../../src/client/admin-client.js';
import { StaticTokenSource } from '../../src/client/token-source.js';
import type { AdminServer, ServerAddresses } from '../../src/server/server.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { PROVIDER_CLIENT, startLoginAdmin, startProvider, type TestProvider } from '../helpers/oidc.js';
import { freePort } from '../helpers/server.js';
import { registerAddOne } from '../helpers/specs.js';

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
        // People who log in may launch (the API's own rule decides what the console lets them do).
        'authorizer.organizationConfig.PolicyConfig.defaultUserPolicyRoleType': 'Contributor',
      },
      httpPort,
    ));
  });
  /** Registers examples' add-one launch plan as the admin's built-in client (client credentials). */
  async function registerAsAdmin(): Promise<void> {
    const secret = (await readFile(join(dataDir, 'secrets', 'client_secret'), 'utf8')).trim();
    const answer = await fetch(`${addresses.httpEndpoint}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`orch-propeller:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const token = ((await answer.json()) as { access_token: string }).access_token;
    const admin = new AdminClient({
      endpoint: addresses.grpcEndpoint,
      insecure: true,
      tokenSource: new StaticTokenSource(token, 'test'),
    });
    try {
      await registerAddOne(admin, 'v1');
    } finally {
      admin.close();
    }
  }

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

      // Signed in, the person acts through the console's forms as their role allows: a launch.
      await registerAsAdmin();
      await page.goto(
        `${addresses.httpEndpoint}/console/projects/default/domains/development/launch_plans/wf.add_one_wf/v1/launch`,
      );
      await page.getByLabel(/^x/).fill('41');
      await page.getByRole('button', { name: 'Launch' }).click();
      await page.waitForURL(/\/executions\/[a-z][a-z0-9]{19}$/);
      await page.getByRole('cell', { name: 'frank' }).waitFor();
      // The session acts only through the console's own forms: a post without the form's token, or
      // from another site, is refused although it carries the session cookie.
      const terminate = `${page.url()}/terminate`;
      const tokenless = await page.request.post(terminate, { form: { reason: 'forged' } });
      expect(tokenless.status()).toBe(403);
      const foreign = await page.request.post(terminate, {
        form: { reason: 'forged' },
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(foreign.status()).toBe(403);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
