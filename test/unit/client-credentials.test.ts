import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import {
  type ClientCredentialsOptions,
  ClientCredentialsTokenSource,
} from '../../src/client/auth/client-credentials.js';
import { FileTokenStore } from '../../src/client/auth/token-cache.js';
import { type AuthDiscovery, AuthFlowError } from '../../src/client/token-source.js';

// A minimal RFC 6749 token endpoint on loopback, standing in for an authorization server: it checks
// HTTP Basic client credentials and answers a numbered token, or the §5.2 error body.

const CLIENT = 'ak-test';
const SECRET = 'the-right-secret-0123';

interface Seen {
  authorization: string | undefined;
  form: URLSearchParams;
}

let server: Server;
let tokenUrl: string;
let seen: Seen[] = [];
let expiresIn: number | undefined = 1800;
let delayMs = 0;

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const form = new URLSearchParams(await body(req));
    seen.push({ authorization: req.headers.authorization, form });
    const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')
      .map(decodeURIComponent);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.setHeader('content-type', 'application/json');
    if (form.get('grant_type') !== 'client_credentials') {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'unsupported_grant_type' }));
    } else if (id !== CLIENT || secret !== SECRET) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'invalid_client', error_description: 'client authentication failed' }));
    } else {
      res.end(
        JSON.stringify({
          access_token: `access-${seen.length}`,
          token_type: 'Bearer',
          ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
          scope: form.get('scope') ?? 'all',
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/token`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  expiresIn = 1800;
  delayMs = 0;
});

const source = (options: Partial<ClientCredentialsOptions> = {}) =>
  new ClientCredentialsTokenSource({
    mode: 'ApiKey',
    endpoint: 'localhost:8089',
    clientId: CLIENT,
    clientSecret: () => SECRET,
    tokenUrl,
    ...options,
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as AuthFlowError,
  );

describe('ClientCredentialsTokenSource', () => {
  test('a client_credentials grant with HTTP Basic, scope and audience; the token is reused', async () => {
    const s = source({ scopes: ['all', 'offline'], audience: 'https://admin.example.com' });
    expect(await s.cached()).toBeUndefined();
    expect(await s.token({ refresh: false })).toBe('access-1');
    expect(seen).toHaveLength(1);
    const [request] = seen as [Seen];
    // RFC 6749 §2.3.1: id and secret form-urlencoded ("-", "_", "." stay as they are), ":", base64.
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${CLIENT}:${SECRET}`).toString('base64')}`);
    expect(Object.fromEntries(request.form)).toEqual({
      grant_type: 'client_credentials',
      scope: 'all offline',
      audience: 'https://admin.example.com',
    });
    expect(await s.token({ refresh: false })).toBe('access-1');
    expect(await s.cached()).toBe('access-1');
    expect(seen).toHaveLength(1);
  });

  test('a refused token is replaced; concurrent requests share one token request', async () => {
    delayMs = 100;
    const s = source();
    const tokens = await Promise.all([1, 2, 3, 4].map(() => s.token({ refresh: false })));
    expect(new Set(tokens)).toEqual(new Set(['access-1']));
    expect(seen).toHaveLength(1);
    expect(await s.token({ refresh: true })).toBe('access-2');
  });

  test('renewed at expires_at - tokenRefreshWindow (capped at half the lifetime)', async () => {
    let now = 1_000_000;
    const s = source({ refreshWindowSeconds: 300, now: () => now });
    expect(await s.token({ refresh: false })).toBe('access-1');
    now += (1800 - 301) * 1000;
    expect(await s.token({ refresh: false })).toBe('access-1');
    now += 2000;
    expect(await s.token({ refresh: false })).toBe('access-2');
    // A 1h window against 30-minute tokens: reused for the first half of each token's life.
    const long = source({ refreshWindowSeconds: 3600, now: () => now });
    expect(await long.token({ refresh: false })).toBe('access-3');
    now += 14 * 60_000;
    expect(await long.token({ refresh: false })).toBe('access-3');
    now += 2 * 60_000;
    expect(await long.token({ refresh: false })).toBe('access-4');
  });

  describe('with a file cache', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'orch-cc-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    test('a second source with the same credentials reuses the cached token without a request', async () => {
      const store = new FileTokenStore(join(dir, 'a'));
      expect(await source({ store }).token({ refresh: false })).toBe('access-1');
      const second = source({ store });
      expect(await second.cached()).toBe('access-1');
      expect(await second.token({ refresh: false })).toBe('access-1');
      expect(seen).toHaveLength(1);
      // Another endpoint, or another secret, never rides on it.
      expect(await source({ store, endpoint: 'other:1' }).cached()).toBeUndefined();
      const wrong = source({ store, clientSecret: () => 'a-wrong-secret' });
      expect(await wrong.cached()).toBeUndefined();
      await expect(wrong.token({ refresh: false })).rejects.toThrow(/invalid_client/);
      // A refresh drops the cached token for everyone.
      expect(await second.token({ refresh: true })).toBe('access-3');
      expect(await source({ store }).cached()).toBe('access-3');
    });

    test('a token without expires_in is kept in memory only', async () => {
      expiresIn = undefined;
      const store = new FileTokenStore(join(dir, 'b'));
      const s = source({ store });
      expect(await s.token({ refresh: false })).toBe('access-1');
      expect(await s.token({ refresh: false })).toBe('access-1');
      await expect(readdir(join(dir, 'b'))).rejects.toThrow();
    });

    test('a cache that cannot be written does not fail the token request', async () => {
      // Its directory would have to be inside a regular file.
      await writeFile(join(dir, 'file'), '');
      const store = new FileTokenStore(join(dir, 'file', 'tokens'));
      expect(await source({ store }).token({ refresh: false })).toBe('access-1');
    });
  });

  test('a wrong secret fails once, at once, naming the flow, client and token URL but not the secret', async () => {
    const s = source({ clientSecret: () => 'wrong-secret-xyz', refusedHint: 'create a new key' });
    const error = await failure(s.token({ refresh: false }));
    // Once: the token endpoint saw a single request, not a retry.
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(AuthFlowError);
    expect(error.message).toBe(
      `ApiKey: the token endpoint ${tokenUrl} refused client "${CLIENT}": invalid_client (client authentication failed), HTTP 401`,
    );
    expect(error.hint).toBe('create a new key');
    expect(error.message).not.toContain('wrong-secret-xyz');
  });

  test('the token endpoint is discovered from the admin when not configured', async () => {
    const asked: string[] = [];
    const discovery: AuthDiscovery = {
      oauth2Metadata: async () => {
        asked.push('metadata');
        return {
          token_endpoint: tokenUrl,
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        } as never;
      },
      publicClientConfig: async () => {
        asked.push('config');
        return { audience: 'from-admin' } as never;
      },
    };
    const s = source({ tokenUrl: undefined, useAudienceFromAdmin: true });
    expect(await s.token({ refresh: false, discovery })).toBe('access-1');
    expect(asked).toEqual(['metadata', 'config']);
    expect(seen[0]?.form.get('audience')).toBe('from-admin');

    const none = await failure(source({ tokenUrl: undefined }).token({ refresh: false }));
    expect(none.message).toMatch(/^ApiKey: cannot find the token endpoint/);
    const broken = await failure(
      source({ tokenUrl: undefined }).token({
        refresh: false,
        discovery: { ...discovery, oauth2Metadata: async () => Promise.reject(new Error('Unimplemented')) },
      }),
    );
    expect(broken.message).toBe(
      "ApiKey: cannot find the token endpoint: the admin's GetOAuth2Metadata failed: Unimplemented",
    );
  });

  test('credentials never go over plain http beyond loopback unless the admin is plaintext too', async () => {
    const error = await failure(
      source({ tokenUrl: 'http://auth.example.invalid/token' }).token({ refresh: false }),
    );
    expect(error.message).toBe(
      'ApiKey: refusing to send client credentials over plain http to http://auth.example.invalid/token',
    );
    const allowed = await failure(
      source({ tokenUrl: 'http://auth.example.invalid/token', allowInsecureHttp: true }).token({
        refresh: false,
      }),
    );
    expect(allowed.message).toMatch(/^ApiKey: no token from http:\/\/auth\.example\.invalid\/token: /);
  });

  test('the secret is read once, and again after a refresh (a rotated secret file is picked up)', async () => {
    let reads = 0;
    const s = source({
      clientSecret: () => {
        reads += 1;
        return SECRET;
      },
    });
    await s.token({ refresh: false });
    await s.token({ refresh: false });
    expect(reads).toBe(1);
    await s.token({ refresh: true });
    expect(reads).toBe(2);
  });

  test('a secret that cannot be read fails the token request with its own message, and is read again later', async () => {
    let reads = 0;
    const s = source({
      clientSecret: () => {
        reads += 1;
        if (reads === 1) throw new AuthFlowError('ClientSecret: no client secret', 'ClientSecret');
        return SECRET;
      },
    });
    const error = await failure(s.token({ refresh: false }));
    expect(error.message).toBe('ClientSecret: no client secret');
    expect(seen).toHaveLength(0);
    expect(await s.token({ refresh: false })).toBe('access-1');
    expect(reads).toBe(2);
  });
});
