import { ConfigError } from './errors.js';

/**
 * A fetch that sends every request through the HTTP proxy a flag names (`--admin.httpProxyURL`,
 * `--auth.userAuth.httpProxyURL`, ...): `http://host:port`, with optional `user:password@`, through
 * undici's ProxyAgent (HTTPS goes through a CONNECT tunnel), loaded on the first request. Undefined
 * when no proxy is configured, so callers keep the global fetch.
 *
 * It lives in `config` because a proxy URL is configuration and `config` is the one room both the
 * admin client and the admin server may import (DESIGN.md, module boundaries).
 * @throws ConfigError naming `flag` when `proxyUrl` is not an http(s) URL.
 */
export function proxyFetch(proxyUrl: string | undefined, flag: string): typeof fetch | undefined {
  const text = proxyUrl?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`"${text}" is not a URL such as http://proxy.example:3128`, flag);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`must be an http:// or https:// URL (got ${url.protocol})`, flag);
  }
  let loaded: Promise<typeof fetch> | undefined;
  return (input, init) => {
    loaded ??= import('undici').then(({ ProxyAgent, fetch: undiciFetch }) => {
      const dispatcher = new ProxyAgent(url.href);
      const proxied: typeof fetch = (to, options) => undiciFetch(to, { ...options, dispatcher });
      return proxied;
    });
    return loaded.then((send) => send(input, init));
  };
}
