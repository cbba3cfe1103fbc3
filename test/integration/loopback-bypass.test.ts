import { request } from 'node:http';
import type { ServiceError } from '@grpc/grpc-js';
import { credentials, Metadata, status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadApi } from '../../src/api/proto.js';
import { mintApiKey, startTestServer, TEST_DATABASES, type TestServer } from '../helpers/server.js';

// The sandbox's loopback bypass (allowLocalhostAccess) as a browser on the same machine meets it:
// a page of another origin, a DNS-rebound host name, a no-cors request, CORS preflights, and a
// private network access preflight. Requests carry the headers a browser sends.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to the admin with exactly these headers (fetch would not let Host be set). */
function send(
  endpoint: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, method, path, headers: { host: url.host, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(TEST_DATABASES)('the loopback bypass on %s', (database) => {
  let server: TestServer;
  let http: string;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer(database);
    http = server.addresses.httpEndpoint;
    port = new URL(http).port;
  });
  afterAll(async () => {
    await server.stop();
  });

  const keyNames = async () => {
    const res = await send(http, 'GET', '/api/v1/api_keys', {});
    expect(res.status).toBe(200);
    return (JSON.parse(res.body) as { keys: { name: string }[] }).keys.map((k) => k.name);
  };

  test('a page of another origin cannot create an admin key without a token', async () => {
    // What a page on https://evil.example sends with fetch(..., {method: 'POST', body}) : a "simple"
    // request (text/plain, no preflight), and the JSON one a preflight would have let through.
    for (const contentType of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await send(
        http,
        'POST',
        '/api/v1/api_keys',
        {
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
          'sec-fetch-mode': 'cors',
          'content-type': contentType,
        },
        JSON.stringify({ name: 'stolen', role: 'ADMIN' }),
      );
      expect(res.status).toBe(401);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.parse(res.body).message).toMatch(
        /loopback access without a token is not given to a request from another origin \("https:\/\/evil\.example"\)/,
      );
      expect(res.body).not.toContain('client_secret');
    }
    expect(await keyNames()).not.toContain('stolen');
  });

  test("a DNS-rebound host name gets no bypass; the admin's own names do", async () => {
    const rebound = await send(
      http,
      'POST',
      '/api/v1/api_keys',
      {
        host: `evil.example:${port}`,
        'content-type': 'application/json',
      },
      JSON.stringify({ name: 'rebound', role: 'ADMIN' }),
    );
    expect(rebound.status).toBe(401);
    expect(JSON.parse(rebound.body).message).toMatch(/a request for another host \("evil\.example:\d+"\)/);
    expect(await keyNames()).not.toContain('rebound');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      const res = await send(http, 'GET', '/api/v1/projects', { host });
      expect([host, res.status]).toEqual([host, 200]);
    }
  });

  test("the console's own origin keeps the bypass; an app's page and a no-cors request do not", async () => {
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
      const res = await send(http, 'GET', '/api/v1/projects', { origin, 'sec-fetch-site': 'same-origin' });
      expect([origin, res.status]).toEqual([origin, 200]);
    }
    const foreign: Record<string, string>[] = [
      { origin: `http://webhook.apps.localhost:${port}`, 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      // <img src> or fetch(url, {mode: 'no-cors'}): a browser sends no Origin on a GET, but says where from.
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    ];
    for (const headers of foreign) {
      const res = await send(http, 'GET', '/api/v1/projects', headers);
      expect([headers, res.status]).toEqual([headers, 401]);
    }
    const console = await send(http, 'GET', '/console', { 'sec-fetch-site': 'cross-site' });
    expect(console.status).toBe(401);
  });

  test('CORS lets another origin in only with a token, and never a private network preflight', async () => {
    const preflight = (origin: string, requestHeaders: string, extra: Record<string, string> = {}) =>
      send(http, 'OPTIONS', '/api/v1/api_keys', {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': requestHeaders,
        ...extra,
      });
    const tokenless = await preflight('https://evil.example', 'content-type');
    expect(tokenless.headers['access-control-allow-origin']).toBeUndefined();
    const withToken = await preflight('https://console.example.com', 'content-type,orch-authorization');
    expect(withToken.headers['access-control-allow-origin']).toBe('*');
    expect(withToken.headers['access-control-allow-credentials']).toBeUndefined();
    const own = await preflight(`http://localhost:${port}`, 'content-type');
    expect(own.headers['access-control-allow-origin']).toBe(`http://localhost:${port}`);

    const pna = await preflight('https://evil.example', 'orch-authorization', {
      'access-control-request-private-network': 'true',
    });
    expect(pna.status).toBe(403);
    expect(pna.headers['access-control-allow-private-network']).toBeUndefined();
    expect(pna.headers['access-control-allow-origin']).toBeUndefined();

    // A real token from another origin works and its answer is readable there.
    const minted = await mintApiKey(server, 'cors-key', 'VIEWER');
    const grant = await send(
      http,
      'POST',
      '/oauth2/token',
      {
        authorization: `Basic ${Buffer.from(`${minted.clientId}:${minted.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials',
    );
    const token = (JSON.parse(grant.body) as { access_token: string }).access_token;
    const answer = await send(http, 'GET', '/api/v1/projects', {
      origin: 'https://console.example.com',
      'sec-fetch-site': 'cross-site',
      authorization: `Bearer ${token}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    // Public discovery documents are readable from anywhere.
    const metadata = await send(http, 'GET', '/.well-known/oauth-authorization-server', {
      origin: 'https://evil.example',
    });
    expect(metadata.status).toBe(200);
    expect(metadata.headers['access-control-allow-origin']).toBe('*');
  });

  test('over gRPC, a call that names a foreign origin gets no bypass', async () => {
    const admin = new (loadApi().grpc.orch.service.v1.AdminService)(
      server.addresses.grpcEndpoint,
      credentials.createInsecure(),
    );
    const list = (metadata: Metadata) =>
      new Promise<number>((resolve) =>
        admin.ListProjects({}, metadata, (err: ServiceError | null) => resolve(err ? err.code : status.OK)),
      );
    expect(await list(new Metadata())).toBe(status.OK);
    const foreign = new Metadata();
    foreign.set('origin', 'https://evil.example');
    expect(await list(foreign)).toBe(status.UNAUTHENTICATED);
    admin.close();
  });
});
