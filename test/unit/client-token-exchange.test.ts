import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { TokenExchangeTokenSource } from '../../src/client/token-exchange.js';
import { AuthFlowError } from '../../src/client/token-source.js';

/**
 * The token source's own rules (caching until shortly before `expires_in`, renewal on `refresh`,
 * its deadline) against a token endpoint on 127.0.0.1 that answers the RFC 8693 contract as the
 * admin will (the admin's side is tested where it is built).
 */
describe('TokenExchangeTokenSource', () => {
  let server: Server;
  let base = '';
  let handler: (req: IncomingMessage, body: URLSearchParams, res: ServerResponse) => void = () => undefined;
  let exchanges = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      req.on('end', () => handler(req, new URLSearchParams(text), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const issue = (expiresIn: number) => {
    exchanges = 0;
    handler = (_req, body, res) => {
      exchanges += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          access_token: `at-${exchanges}-for-${body.get('subject_token')}`,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
          expires_in: expiresIn,
        }),
      );
    };
  };

  test('keeps the token until 60 s before expires_in, then exchanges a new ID token; refresh renews at once', async () => {
    issue(3600);
    let clock = 1_000_000;
    let subjects = 0;
    const source = new TokenExchangeTokenSource({
      tokenUrl: `${base}/oauth2/token`,
      subjectToken: async () => `id${++subjects}`,
      now: () => clock,
    });
    expect(await source.cached()).toBeUndefined();
    expect(await source.token({ refresh: false })).toBe('at-1-for-id1');
    clock += (3600 - 61) * 1000;
    expect(await source.cached()).toBe('at-1-for-id1');
    expect(await source.token({ refresh: false })).toBe('at-1-for-id1');
    clock += 2000;
    expect(await source.cached()).toBeUndefined();
    expect(await source.token({ refresh: false })).toBe('at-2-for-id2');
    expect(await source.token({ refresh: true })).toBe('at-3-for-id3');
    // Concurrent callers share one exchange.
    await Promise.all([source.token({ refresh: true }), source.token({ refresh: false })]);
    expect(exchanges).toBe(4);
  });

  test('an RFC 6749 §5.2 error names the token URL and the description, never the ID token', async () => {
    handler = (_req, _body, res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: 'invalid_grant',
          error_description: 'no trust policy admits repo acme/flows',
        }),
      );
    const source = new TokenExchangeTokenSource({
      tokenUrl: `${base}/oauth2/token`,
      subjectToken: async () => 'secret-id-token',
      refusedHint: 'check the trust policy',
    });
    const error = await source.token({ refresh: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthFlowError);
    expect((error as AuthFlowError).message).toBe(
      `TokenExchange: the token endpoint ${base}/oauth2/token refused the ID token: ` +
        'invalid_grant (no trust policy admits repo acme/flows), HTTP 400',
    );
    expect((error as AuthFlowError).hint).toBe('check the trust policy');
    expect(String((error as Error).message)).not.toContain('secret-id-token');
  });

  test('a token endpoint that does not answer fails at the stated deadline', async () => {
    handler = () => undefined; // never answers
    const source = new TokenExchangeTokenSource({
      tokenUrl: `${base}/oauth2/token`,
      subjectToken: async () => 'id',
      timeoutSeconds: 0.2,
    });
    await expect(source.token({ refresh: false })).rejects.toThrow(
      `TokenExchange: no token from ${base}/oauth2/token: no answer within 0.2 s`,
    );
  });

  test('a plain http token URL off loopback is refused before the ID token is asked for', async () => {
    let asked = false;
    const source = new TokenExchangeTokenSource({
      tokenUrl: 'http://orch.example.com/oauth2/token',
      subjectToken: async () => {
        asked = true;
        return 'id';
      },
    });
    await expect(source.token({ refresh: false })).rejects.toThrow(
      'TokenExchange: refusing to send an ID token over plain http to http://orch.example.com/oauth2/token',
    );
    expect(asked).toBe(false);
  });
});
