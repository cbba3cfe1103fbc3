/**
 * A fetch that sends every request through the HTTP proxy at `proxyUrl` (`http://host:port`, with
 * optional `user:password@`), using undici's ProxyAgent (HTTPS goes through a CONNECT tunnel);
 * undefined when no proxy is configured, so callers keep the global fetch.
 * @throws Error naming `flag` when `proxyUrl` is not an http(s) URL.
 */
export async function proxyFetch(
  proxyUrl: string | undefined,
  flag: string,
): Promise<typeof fetch | undefined> {
  const text = proxyUrl?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${flag} "${text}" is not a URL such as http://proxy.example:3128`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${flag} must be an http:// or https:// URL (got ${url.protocol})`);
  }
  const { ProxyAgent, fetch: undiciFetch } = await import('undici');
  const dispatcher = new ProxyAgent(url.href);
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
}
