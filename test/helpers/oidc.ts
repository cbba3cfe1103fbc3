import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import makeFetchCookie from 'fetch-cookie';
import { CookieJar } from 'tough-cookie';
import { loadConfig } from '../../src/config/load.js';
import {
  type AdminServer,
  createServer as createAdminServer,
  type ServerAddresses,
} from '../../src/server/server.js';

/** A real OpenID provider (panva's oidc-provider) on a free port of 127.0.0.1. */
export interface TestProvider {
  /** The issuer, e.g. `http://127.0.0.1:40123`. */
  issuer: string;
  /** Client credentials tokens (JWT, RS256) for the resource `audience`. */
  clientCredentialsToken(audience: string): Promise<string>;
  stop(): Promise<void>;
}

/** The confidential client the admin logs users in as, and a machine client for client credentials. */
export const PROVIDER_CLIENT = { id: 'orch-admin', secret: 'provider-client-secret-0123456789abcdef' };
export const MACHINE_CLIENT = { id: 'ci-robot', secret: 'machine-client-secret-0123456789abcdef' };

/**
 * Starts oidc-provider with its development login form (any login and password are accepted; the
 * login becomes the subject), the confidential client {@link PROVIDER_CLIENT} redirecting to
 * `redirectUris`, and the machine client {@link MACHINE_CLIENT} whose client credentials tokens are
 * RS256 JWTs for the requested resource (RFC 8707), so an external-server setup can verify them.
 */
export async function startProvider(redirectUris: string[]): Promise<TestProvider> {
  const { default: Provider } = await import('oidc-provider');
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PROVIDER_CLIENT.id,
        client_secret: PROVIDER_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: MACHINE_CLIENT.id,
        client_secret: MACHINE_CLIENT.secret,
        redirect_uris: [],
        grant_types: ['client_credentials'],
        response_types: [],
      },
    ],
    claims: { openid: ['sub'], profile: ['name'] },
    // Profile claims go into the ID token too, where the admin reads the user's name.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ sub, name: `User ${sub}` }) };
    },
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => false,
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({
          scope: 'all',
          audience: resource,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    pkce: { required: () => true },
  } as never);
  server.on('request', provider.callback());
  return {
    issuer,
    async clientCredentialsToken(audience) {
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${MACHINE_CLIENT.id}:${MACHINE_CLIENT.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource: audience, scope: 'all' }),
      });
      const body = (await res.json()) as {
        access_token?: string;
        error?: string;
        error_description?: string;
      };
      if (!body.access_token) throw new Error(`provider refused: ${body.error} ${body.error_description}`);
      return body.access_token;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One step of a browser session: where it ended and what it showed. */
export interface Visit {
  url: string;
  status: number;
  body: string;
}

/**
 * An HTTP client that behaves like a browser for redirects, cookies and forms: fetch with a cookie
 * jar (fetch-cookie over tough-cookie), following redirects one at a time; `stopAt` leaves the
 * redirect to a URL starting with it unfollowed (the CLI's loopback callback is reached for real by
 * `visit`).
 */
export class BrowserSession {
  readonly jar = new CookieJar();
  private readonly fetch = makeFetchCookie(fetch, this.jar);

  /** Loads `url` (GET, or POST of `form`) and follows redirects; answers the last page. */
  async visit(url: string, form?: Record<string, string>): Promise<Visit> {
    let target = url;
    let init: RequestInit = form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : { method: 'GET' };
    for (let hops = 0; hops < 20; hops++) {
      const res = await this.fetch(target, { ...init, redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.arrayBuffer();
        target = new URL(location, target).href;
        init = { method: 'GET' };
        continue;
      }
      return { url: target, status: res.status, body: await res.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /**
   * Submits the first form of `page` whose action matches `action` (or whose HTML does, for a
   * function), with `fields` added to its hidden inputs.
   */
  async submit(
    page: Visit,
    action: RegExp | ((html: string) => boolean),
    fields: Record<string, string> = {},
  ) {
    const forms = [...page.body.matchAll(/<form\b[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)];
    const found = forms.find((f) => (typeof action === 'function' ? action(f[0]) : action.test(f[1] ?? '')));
    if (!found) throw new Error(`no form matching ${action} on ${page.url}:\n${page.body.slice(0, 500)}`);
    const hidden: Record<string, string> = {};
    for (const input of (found[2] ?? '').matchAll(/<input\b[^>]*>/g)) {
      const tag = input[0];
      const name = /name="([^"]*)"/.exec(tag)?.[1];
      const value = /value="([^"]*)"/.exec(tag)?.[1];
      if (name && /type="hidden"/.test(tag)) hidden[name] = value ?? '';
    }
    return this.visit(new URL(found[1] ?? '', page.url).href, { ...hidden, ...fields });
  }

  /**
   * Logs in at the provider: from a page showing its login form, submits a login, then confirms the
   * consent form when one follows. Answers the page the last redirect ended on.
   */
  async loginAtProvider(page: Visit, login: string): Promise<Visit> {
    let current = await this.submit(page, (html) => html.includes('name="login"'), {
      login,
      password: 'any-password',
    });
    // oidc-provider's development consent form, when the grant needs one.
    for (let i = 0; i < 3 && /\/interaction\//.test(new URL(current.url).pathname); i++) {
      current = await this.submit(current, (html) => html.includes('method="post"'));
    }
    return current;
  }
}

/** An admin server started by {@link startLoginAdmin}, with its data folder (remove it when done). */
export interface LoginAdmin {
  server: AdminServer;
  addresses: ServerAddresses;
  dataDir: string;
}

/**
 * Starts an admin server in-process on a fresh data folder with `flags` (gRPC on a free port, HTTP on
 * `httpPort`, 0 for a free one; the provider's redirect URI must name it), its secrets generated, and
 * the provider client's secret as server secret `oidc_client_secret`.
 */
export async function startLoginAdmin(flags: Record<string, string>, httpPort = 0): Promise<LoginAdmin> {
  const dataDir = await mkdtemp(join(tmpdir(), 'orch-login-'));
  const server = createAdminServer({
    config: loadConfig({
      flags: { 'server.httpPort': String(httpPort), 'server.grpc.port': '0', ...flags },
      env: {},
      home: dataDir,
    }),
    dataDir,
    generatedSecretsDir: join(dataDir, 'secrets'),
    secretEnv: { ORCH_SECRET_oidc_client_secret: PROVIDER_CLIENT.secret },
    taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  return { server, addresses: await server.listen(), dataDir };
}
