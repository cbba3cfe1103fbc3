import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from '@jest/globals';
import {
  GithubPausedError,
  GithubTimeoutError,
  githubFetch,
  githubTimeoutOf,
} from '../../src/github/fetch.js';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/** A local HTTP server on port 0 answering with `handler` (the request's 1-based number as `n`). */
async function serve(handler: Handler) {
  const seen: string[] = [];
  const times: number[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    times.push(Date.now());
    handler(req, res, seen.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  closers.push(close);
  return { url, seen, times };
}
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('githubFetch, the fetch of the GitHub clients', () => {
  test('a 503 with retry-after is tried again after that wait, then the answer stands', async () => {
    const api = await serve((_req, res, n) => {
      if (n === 1) res.writeHead(503, { 'retry-after': '1' }).end('busy');
      else res.writeHead(200).end('ok');
    });
    const started = Date.now();
    const response = await githubFetch()(`${api.url}/repos/o/r/issues/2/comments`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(api.seen).toEqual(['POST /repos/o/r/issues/2/comments', 'POST /repos/o/r/issues/2/comments']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  test('a retry-after beyond the budget is not waited for: the 503 is the answer', async () => {
    const api = await serve((_req, res) => res.writeHead(503, { 'retry-after': '120' }).end('busy'));
    const response = await githubFetch()(`${api.url}/repos/o/r`);
    expect(response.status).toBe(503);
    expect(api.seen).toHaveLength(1);
  });

  test('a plain 429 with retry-after is tried again after that wait', async () => {
    const api = await serve((_req, res, n) => {
      if (n === 1) res.writeHead(429, { 'retry-after': '2' }).end('slow down');
      else res.writeHead(201).end('ok');
    });
    const response = await githubFetch()(`${api.url}/repos/o/r/check-runs`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(201);
    expect(api.times).toHaveLength(2);
    expect(api.times[1]! - api.times[0]!).toBeGreaterThanOrEqual(2000 - 5);
  });

  test("a retry-after on one answer holds the client's other requests until it has passed", async () => {
    // A secondary rate limit on one write: GitHub asks for no request at all for 2 s.
    const api = await serve((req, res, n) => {
      if (n === 1)
        res
          .writeHead(403, { 'retry-after': '2' })
          .end('{"message":"You have exceeded a secondary rate limit"}');
      else res.writeHead(200).end(req.url);
    });
    const client = githubFetch({ pause: { until: 0 } });
    const first = await client(`${api.url}/repos/o/r/issues/2/comments`, { method: 'POST', body: '{}' });
    expect(first.status).toBe(403);
    const [a, b] = await Promise.all([client(`${api.url}/repos/o/r/a`), client(`${api.url}/repos/o/r/b`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(api.times).toHaveLength(3);
    expect(Math.min(api.times[1]!, api.times[2]!) - api.times[0]!).toBeGreaterThanOrEqual(2000 - 5);
  });

  test('a request that cannot wait out the pause fails unsent, naming the wait', async () => {
    const api = await serve((_req, res) => res.writeHead(429, { 'retry-after': '120' }).end('no'));
    const client = githubFetch({ pause: { until: 0 } });
    expect((await client(`${api.url}/repos/o/r`)).status).toBe(429);
    const error = await client(`${api.url}/repos/o/r/pulls`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GithubPausedError);
    expect(String(error)).toMatch(
      /GitHub asked for 1[12]\d s without requests.*\(GET \/repos\/o\/r\/pulls\)/,
    );
    expect(api.seen).toHaveLength(1);
  });

  test('answers other than 429/500/502/503/504 are never retried', async () => {
    const api = await serve((_req, res) => res.writeHead(404).end('no'));
    expect((await githubFetch()(`${api.url}/repos/o/r`)).status).toBe(404);
    expect(api.seen).toHaveLength(1);
  });

  test('a server that never answers: a GithubTimeoutError naming the request, not sent again', async () => {
    const api = await serve(() => {});
    const error = await githubFetch({ requestSeconds: 1 })(
      `${api.url}/app/installations/7/access_tokens?x=1`,
      {
        method: 'POST',
      },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GithubTimeoutError);
    expect(String(error)).toContain(
      "GitHub's API did not answer within 1 s (POST /app/installations/7/access_tokens)",
    );
    expect(githubTimeoutOf(new Error('wrapped', { cause: error }))).toBe(error);
    expect(api.seen).toHaveLength(1);
  });

  test('the time allotted to a whole operation bounds each request and is named when it runs out', async () => {
    const api = await serve(() => {});
    const error = await githubFetch({ until: Date.now() + 1000 })(
      `${api.url}/repos/o/r/issues/2/comments`,
    ).catch((caught: unknown) => caught);
    expect(String(error)).toContain(
      "GitHub's API did not answer within 1 s (GET /repos/o/r/issues/2/comments)",
    );
    expect(String(error)).toContain('the 1 s allotted to this call ran out');
  });

  test("a caller's abort is the caller's: no timeout error, no retry", async () => {
    const api = await serve(() => {});
    const controller = new AbortController();
    const pending = githubFetch()(`${api.url}/repos/o/r`, { signal: controller.signal });
    while (api.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('stop'));
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(GithubTimeoutError);
    expect(api.seen).toHaveLength(1);
  });
});
