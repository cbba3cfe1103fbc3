import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ConfigError } from '../../src/config/errors.js';
import { proxyFetch } from '../../src/config/proxy-fetch.js';
import { type CountingProxy, startCountingProxy } from '../helpers/proxy.js';

describe('proxyFetch, the one proxy-aware fetch of the client and the server', () => {
  let proxy: CountingProxy;
  let target: ReturnType<typeof createServer>;
  let targetUrl: string;
  beforeAll(async () => {
    proxy = await startCountingProxy();
    target = createServer((_req, res) => res.end('through'));
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => target.close(resolve));
  });

  test('no proxy configured: undefined, so the caller keeps the global fetch', () => {
    expect(proxyFetch(undefined, '--admin.httpProxyURL')).toBeUndefined();
    expect(proxyFetch('  ', '--admin.httpProxyURL')).toBeUndefined();
  });

  test.each([
    ['not a url', /^--auth\.httpProxyURL: "not a url" is not a URL such as http:\/\/proxy\.example:3128$/],
    ['ftp://proxy:21', /^--auth\.httpProxyURL: must be an http:\/\/ or https:\/\/ URL \(got ftp:\)$/],
  ])('%s is refused with a ConfigError naming the flag', (value, message) => {
    expect(() => proxyFetch(value, '--auth.httpProxyURL')).toThrow(ConfigError);
    expect(() => proxyFetch(value, '--auth.httpProxyURL')).toThrow(message);
  });

  test('requests go through the proxy', async () => {
    const send = proxyFetch(proxy.url, '--admin.httpProxyURL');
    const before = proxy.count();
    const res = await send?.(targetUrl);
    expect(await res?.text()).toBe('through');
    expect(proxy.count()).toBeGreaterThan(before);
  });
});
