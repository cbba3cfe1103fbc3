/**
 * Endpoint forms the client accepts: `dns:///host:port`, `host:port`, `http://host:port` and
 * `https://host:port` (DESIGN.md, client). Returns the gRPC target and whether the URL implied TLS.
 * @throws Error for an empty endpoint, with the flags that set it.
 */
export function parseEndpoint(endpoint: string): { target: string; tlsFromScheme?: boolean } {
  const text = endpoint.trim();
  if (!text) {
    throw new Error(
      'no admin endpoint is configured: set --admin.endpoint (orchctl) or --orch.connection.host (orch)',
    );
  }
  const url = /^(https?):\/\/([^/]+)\/?$/.exec(text);
  if (url) {
    // Both groups take part in every match; the default only satisfies the compiler.
    const [, scheme, host = ''] = url;
    const tls = scheme === 'https';
    return {
      target: `dns:///${host.includes(':') ? host : `${host}:${tls ? 443 : 80}`}`,
      tlsFromScheme: tls,
    };
  }
  if (text.startsWith('dns:///')) {
    const host = text.slice('dns:///'.length);
    return { target: `dns:///${host.includes(':') ? host : `${host}:443`}` };
  }
  return { target: text.includes(':') ? `dns:///${text}` : `dns:///${text}:443` };
}

/**
 * True for `localhost`, `*.localhost`, 127.0.0.0/8 and `::1`: the hosts of a local sandbox, whose
 * traffic never leaves the machine. Accepts any endpoint form of {@link parseEndpoint} and URLs.
 */
export function isLoopbackHost(endpoint: string): boolean {
  const host = endpoint
    .trim()
    .replace(/^(?:dns:\/\/\/|https?:\/\/)/, '')
    .replace(/\/.*$/, '')
    .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1')
    .replace(/^([^:]+):\d+$/, '$1')
    .toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '::1'
  );
}
