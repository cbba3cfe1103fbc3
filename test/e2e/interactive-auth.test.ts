import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type RunningProcess, startBinary } from '../../scripts/main-job.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { UnauthenticatedError } from '../../src/client/errors.js';
import { StaticTokenSource } from '../../src/client/token-source.js';
import {
  BrowserSession,
  type LoginAdmin,
  PROVIDER_CLIENT,
  startLoginAdmin,
  startProvider,
  type TestProvider,
} from '../helpers/oidc.js';
import { type CountingProxy, startCountingProxy } from '../helpers/proxy.js';
import { freePort } from '../helpers/server.js';

// Interactive login as users meet it, against a real OpenID provider (oidc-provider) started here:
// orchctl's Pkce flow completed by a browser-like HTTP client that follows redirects and submits the
// provider's login form; orchctl's device flow approved on the verification page while it polls
// (through an HTTP proxy); and an admin deferring to the provider as its external authorization
// server, accepting its tokens for our audience and refusing tokens for another.

/**
 * Waits until `running` has printed a stderr line matching `pattern` (checked as each chunk
 * arrives); resolves with group 1. Rejects when its output ends first, or after `timeoutMs`.
 */
function stderrMatch(running: RunningProcess, pattern: RegExp, timeoutMs = 20000): Promise<string> {
  const { child } = running;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr?.off('data', check);
      child.off('close', onClose);
      settle();
    };
    const check = () => {
      const match = pattern.exec(running.stderr());
      if (match) finish(() => resolve(match[1] ?? match[0]));
    };
    // 'close' comes once its output is all read: a last check, then it never printed the line.
    const onClose = () => {
      check();
      finish(() =>
        reject(new Error(`exited before printing ${pattern}:\n${running.stdout()}${running.stderr()}`)),
      );
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${running.stderr()}`))),
      timeoutMs,
    );
    // Listeners run in order: startBinary's own has recorded a chunk when this one sees it.
    child.stderr?.on('data', check);
    child.once('close', onClose);
    check();
    if (child.exitCode !== null && child.stderr?.readableEnded) onClose();
  });
}

async function exitOf(running: RunningProcess, timeoutMs = 40000): Promise<number | null> {
  if (running.child.exitCode !== null) return running.child.exitCode;
  const timer = setTimeout(() => running.child.kill('SIGKILL'), timeoutMs);
  const [code] = (await once(running.child, 'exit')) as [number | null];
  clearTimeout(timer);
  return code;
}

describe('interactive login through an OpenID provider', () => {
  let provider: TestProvider;
  let admin: LoginAdmin;
  let callbackPort: number;
  let home: string;

  beforeAll(async () => {
    const httpPort = await freePort();
    callbackPort = await freePort();
    provider = await startProvider([`http://localhost:${httpPort}/callback`]);
    admin = await startLoginAdmin(
      {
        'auth.userAuth.openId.baseUrl': provider.issuer,
        'auth.userAuth.openId.clientId': PROVIDER_CLIENT.id,
        'auth.appAuth.thirdPartyConfig.orchClient.redirectUri': `http://localhost:${callbackPort}/callback`,
      },
      httpPort,
    );
    home = await mkdtemp(join(tmpdir(), 'orch-iauth-home-'));
  });
  afterAll(async () => {
    await admin?.server.close();
    await provider?.stop();
    if (admin) await rm(admin.dataDir, { recursive: true, force: true });
    if (home) await rm(home, { recursive: true, force: true });
  });

  const orchctl = (args: string[], env: Record<string, string> = {}) =>
    startBinary(
      'orchctl',
      [
        'get',
        'project',
        '-o',
        'json',
        '--admin.endpoint',
        admin.addresses.grpcEndpoint,
        '--admin.insecure',
        ...args,
      ],
      { PATH: process.env.PATH, HOME: home, ...env },
    );

  test('the metadata advertises the authorization code (PKCE S256) and device grants', async () => {
    const res = await fetch(`${admin.addresses.httpEndpoint}/.well-known/oauth-authorization-server`);
    const metadata = (await res.json()) as Record<string, unknown>;
    expect(metadata.authorization_endpoint).toBe(`${admin.addresses.httpEndpoint}/oauth2/authorize`);
    expect(metadata.device_authorization_endpoint).toBe(`${admin.addresses.httpEndpoint}/oauth2/device/auth`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    const client = (await (
      await fetch(`${admin.addresses.httpEndpoint}/config/v1/orch_client`)
    ).json()) as Record<string, unknown>;
    expect(client.client_id).toBe('orch-ctl');
    expect(client.redirect_uri).toBe(`http://localhost:${callbackPort}/callback`);
    expect(client.scopes).toEqual(['all', 'offline']);
  });

  test('Pkce: orchctl prints the URL, the browser logs in at the provider, orchctl lists projects', async () => {
    const running = orchctl(['--admin.authType', 'Pkce']);
    const url = await stderrMatch(running, /^\s+(http:\/\/\S+\/oauth2\/authorize\?\S+)$/m);
    expect(url).toContain('code_challenge_method=S256');
    const browser = new BrowserSession();
    const loginForm = await browser.visit(url);
    // The admin sent the browser through /login to the provider's login form.
    expect(loginForm.url.startsWith(provider.issuer)).toBe(true);
    expect(loginForm.body).toContain('name="login"');
    const landed = await browser.loginAtProvider(loginForm, 'alice');
    expect(landed.url.startsWith(`http://localhost:${callbackPort}/callback?code=`)).toBe(true);
    expect(landed.body).toContain('Logged in');
    expect(await exitOf(running)).toBe(0);
    const projects = JSON.parse(running.stdout()) as { id: string }[] | { projects: { id: string }[] };
    expect(JSON.stringify(projects)).toContain('"default"');

    // The tokens are cached (mode 0600): the next command needs no login.
    const dir = join(home, '.orch', 'tokens');
    const files = (await readdir(dir)).filter((f) => f.startsWith('Pkce-'));
    expect(files).toHaveLength(1);
    expect((await stat(join(dir, files[0] as string))).mode & 0o777).toBe(0o600);
    const cached = JSON.parse(await readFile(join(dir, files[0] as string), 'utf8')) as Record<
      string,
      string
    >;
    expect(cached.refresh_token).toBeTruthy();
    const again = orchctl(['--admin.authType', 'Pkce']);
    expect(await exitOf(again)).toBe(0);
    expect(again.stderr()).not.toContain('oauth2/authorize');

    // The login left a session cookie: /me answers who the admin took the browser for.
    const me = await browser.visit(`${admin.addresses.httpEndpoint}/me`);
    expect(JSON.parse(me.body)).toMatchObject({ subject: 'alice', name: 'User alice', method: 'cookie' });
  }, 60000);

  test('Pkce refuses a code without the verifier and a challenge that is not S256', async () => {
    const browser = new BrowserSession();
    const base = `${admin.addresses.httpEndpoint}/oauth2/authorize?response_type=code&client_id=orch-ctl&redirect_uri=${encodeURIComponent(`http://localhost:${callbackPort}/callback`)}&state=s1`;
    // Logged in once, through the provider.
    const login = await browser.visit(`${admin.addresses.httpEndpoint}/login`);
    await browser.loginAtProvider(login, 'bob');
    const res = await fetch(`${base}&code_challenge=abc&code_challenge_method=plain`, {
      redirect: 'manual',
      headers: { cookie: await browser.jar.getCookieString(admin.addresses.httpEndpoint) },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/error=invalid_request.*S256/);
    const foreign = await fetch(
      `${admin.addresses.httpEndpoint}/oauth2/authorize?response_type=code&client_id=orch-ctl&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&code_challenge=abc&code_challenge_method=S256&state=s`,
      {
        redirect: 'manual',
        headers: { cookie: await browser.jar.getCookieString(admin.addresses.httpEndpoint) },
      },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
  }, 30000);

  test('DeviceFlow: orchctl polls (through an HTTP proxy) while the user approves the code', async () => {
    const proxyServer = await startCountingProxy();
    const proxyUrl = proxyServer.url;
    const deviceHome = await mkdtemp(join(tmpdir(), 'orch-iauth-device-'));
    try {
      const running = orchctl(['--admin.authType', 'DeviceFlow', '--admin.httpProxyURL', proxyUrl], {
        HOME: deviceHome,
      });
      const code = await stderrMatch(running, /enter the code ([A-Z]{4}-[A-Z]{4})/);
      const uri = await stderrMatch(running, /^To log in, open (\S+) and enter/m);
      expect(uri).toBe(`${admin.addresses.httpEndpoint}/oauth2/device`);
      const browser = new BrowserSession();
      const loginForm = await browser.visit(uri);
      const page = await browser.loginAtProvider(loginForm, 'carol');
      expect(page.url).toBe(uri);
      expect(page.body).toContain('Approve a device');
      const approved = await browser.submit(page, /\/oauth2\/device$/, {
        user_code: code,
        decision: 'approve',
      });
      expect(approved.body).toContain('Device approved');
      expect(await exitOf(running)).toBe(0);
      expect(running.stdout()).toContain('"default"');
      expect(proxyServer.count()).toBeGreaterThan(0);
      // The code is used up: approving it again fails.
      const reused = await browser.submit(page, /\/oauth2\/device$/, {
        user_code: code,
        decision: 'approve',
      });
      expect(reused.status).toBe(400);
    } finally {
      await proxyServer.close();
      await rm(deviceHome, { recursive: true, force: true });
    }
  }, 60000);

  test('a user the provider logged in reads with the default role; the session never authorizes a change', async () => {
    const browser = new BrowserSession();
    const login = await browser.visit(`${admin.addresses.httpEndpoint}/login?redirect_url=/me`);
    const me = await browser.loginAtProvider(login, 'dave');
    expect(me.url).toBe(`${admin.addresses.httpEndpoint}/me`);
    expect(JSON.parse(me.body)).toMatchObject({ subject: 'dave', role: 'VIEWER' });
    const denied = await fetch(`${admin.addresses.httpEndpoint}/api/v1/projects`, {
      method: 'POST',
      headers: {
        cookie: await browser.jar.getCookieString(admin.addresses.httpEndpoint),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ project: { id: 'p2', name: 'p2' } }),
    });
    // A session cookie admits reads only: another site cannot make the browser change anything (CSRF).
    expect(denied.status).toBe(401);
    // A login may not send the user to another site afterwards.
    const other = new BrowserSession();
    const form = await other.visit(
      `${admin.addresses.httpEndpoint}/login?redirect_url=https://evil.example/`,
    );
    const end = await other.loginAtProvider(form, 'erin');
    expect(end.url).toBe(`${admin.addresses.httpEndpoint}/console`);
    // Logging out ends the session.
    await browser.visit(`${admin.addresses.httpEndpoint}/logout`);
    const after = await fetch(`${admin.addresses.httpEndpoint}/me`, {
      headers: { cookie: await browser.jar.getCookieString(admin.addresses.httpEndpoint) },
    });
    expect(after.status).toBe(401);
  }, 30000);
});

describe('login settings: cookie attributes, the IdP hint, the server-side proxy', () => {
  test('the session cookie carries the configured SameSite and Domain; /login passes the IdP on; the admin reaches the provider through its proxy', async () => {
    const proxyServer = await startCountingProxy();
    const proxyUrl = proxyServer.url;
    const httpPort = await freePort();
    const provider = await startProvider([`http://localhost:${httpPort}/callback`]);
    const admin = await startLoginAdmin(
      {
        'auth.userAuth.openId.baseUrl': provider.issuer,
        'auth.userAuth.openId.clientId': PROVIDER_CLIENT.id,
        'auth.userAuth.cookieSetting.sameSitePolicy': 'StrictMode',
        'auth.userAuth.cookieSetting.domain': 'localhost',
        'auth.userAuth.idpQueryParameter': 'idp',
        'auth.userAuth.httpProxyURL': proxyUrl,
      },
      httpPort,
    );
    try {
      // The IdP the user picked on /login reaches the provider's authorization request.
      const start = await fetch(`${admin.addresses.httpEndpoint}/login?idp=corp-sso`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      const authorization = new URL(start.headers.get('location') ?? '');
      expect(authorization.origin).toBe(new URL(provider.issuer).origin);
      expect(authorization.searchParams.get('idp')).toBe('corp-sso');
      // Without the flag's parameter, nothing extra is sent.
      const plain = await fetch(`${admin.addresses.httpEndpoint}/login?other=x`, { redirect: 'manual' });
      expect(new URL(plain.headers.get('location') ?? '').searchParams.has('other')).toBe(false);

      const browser = new BrowserSession();
      const login = await browser.visit(`${admin.addresses.httpEndpoint}/login?redirect_url=/me`);
      const me = await browser.loginAtProvider(login, 'gina');
      expect(me.url).toBe(`${admin.addresses.httpEndpoint}/me`);
      expect(JSON.parse(me.body)).toMatchObject({ subject: 'gina' });
      const session = (await browser.jar.getCookies(admin.addresses.httpEndpoint)).find(
        (cookie) => cookie.key === 'orch_session',
      );
      expect(session).toMatchObject({ sameSite: 'strict', domain: 'localhost', httpOnly: true, path: '/' });
      // Discovery and the code exchange went through --auth.userAuth.httpProxyURL.
      expect(proxyServer.count()).toBeGreaterThan(0);
    } finally {
      await admin.server.close();
      await provider.stop();
      await rm(admin.dataDir, { recursive: true, force: true });
      await proxyServer.close();
    }
  }, 30000);
});

describe('an external authorization server', () => {
  let provider: TestProvider;
  let admin: LoginAdmin;
  // The admin reaches the external server through --auth.appAuth.externalAuthServer.httpProxyURL.
  let proxyServer: CountingProxy;

  beforeAll(async () => {
    proxyServer = await startCountingProxy();
    provider = await startProvider([]);
    const httpPort = await freePort();
    admin = await startLoginAdmin(
      {
        'auth.appAuth.externalAuthServer.httpProxyURL': proxyServer.url,
        'auth.appAuth.externalAuthServer.baseUrl': provider.issuer,
        'auth.appAuth.externalAuthServer.metadataUrl': `${provider.issuer}/.well-known/openid-configuration`,
        'auth.tokenEndpointProxyPath': '/oauth2/proxied-token',
      },
      httpPort,
    );
  });
  afterAll(async () => {
    await admin?.server.close();
    await provider?.stop();
    if (admin) await rm(admin.dataDir, { recursive: true, force: true });
    await proxyServer?.close();
  });

  const clientWith = (token: string) =>
    new AdminClient({
      endpoint: admin.addresses.grpcEndpoint,
      insecure: true,
      tokenSource: new StaticTokenSource(token),
      retry: { maxAttempts: 0 },
    });

  test("the metadata endpoint answers the external server's document, token endpoint proxied", async () => {
    const client = clientWith('unused');
    try {
      const metadata = await client.getOAuth2Metadata();
      expect(metadata.issuer).toBe(provider.issuer);
      expect(metadata.jwks_uri).toBe(`${provider.issuer}/jwks`);
      expect(metadata.token_endpoint).toBe(`${admin.addresses.httpEndpoint}/oauth2/proxied-token`);
    } finally {
      client.close();
    }
    // The metadata was read through the configured proxy.
    expect(proxyServer.count()).toBeGreaterThan(0);
    const res = await fetch(`${admin.addresses.httpEndpoint}/oauth2/proxied-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=ci-robot&client_secret=wrong',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
  });

  test("the provider's tokens for our audience are accepted; tokens for another audience are refused", async () => {
    const ours = await provider.clientCredentialsToken(admin.addresses.httpEndpoint);
    const good = clientWith(ours);
    try {
      const me = await good.userInfo();
      expect(me.subject).toBe('ci-robot');
      expect(me.role).toBe('VIEWER');
      expect((await good.listProjects({ limit: 10 })).projects.map((p) => p.id)).toContain('default');
    } finally {
      good.close();
    }
    const theirs = await provider.clientCredentialsToken('https://another-api.example');
    const bad = clientWith(theirs);
    try {
      const error = await bad.listProjects({ limit: 10 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnauthenticatedError);
      expect((error as Error).message).toMatch(/another audience/);
      expect((error as Error).message).not.toContain(theirs);
    } finally {
      bad.close();
    }
  });

  test('a provider that cannot be reached is retried, then the server refuses to start naming the URL', async () => {
    const started = Date.now();
    const error = await startLoginAdmin({
      'auth.appAuth.externalAuthServer.baseUrl': 'http://127.0.0.1:1',
      'auth.appAuth.externalAuthServer.retryAttempts': '3',
      'auth.appAuth.externalAuthServer.retryDelay': '200ms',
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(
      /externalAuthServer: cannot read the metadata at http:\/\/127\.0\.0\.1:1\/\.well-known\/oauth-authorization-server/,
    );
    // 3 attempts, 200 ms apart.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
