/** The forms an endpoint may take, for messages. */
const FORMS = 'give host:port, dns:///host:port, http(s)://host:port or unix:/path';

/**
 * Thrown by {@link parseEndpoint} when an endpoint is not an address: an empty or non-numeric port,
 * a port out of range, no host, a host with characters no host name has, or a scheme the client
 * does not speak. The message quotes the endpoint and says what is wrong.
 */
export class InvalidEndpointError extends Error {
  constructor(
    readonly endpoint: string,
    readonly reason: string,
  ) {
    super(`"${endpoint}" is not a valid address (${reason}); ${FORMS}`);
    this.name = 'InvalidEndpointError';
  }
}

/**
 * `host:port` of an authority, checked: a host name, an IPv4 address or a bracketed IPv6 address,
 * and a port from 1 to 65535 (`defaultPort` when there is no `:port`).
 * @throws InvalidEndpointError naming what is wrong.
 */
function hostPort(endpoint: string, authority: string, defaultPort: number): string {
  const bracketed = /^(\[[0-9A-Fa-f:.]+\])(?::(.*))?$/.exec(authority);
  let host: string;
  let port: string | undefined;
  if (bracketed) {
    host = bracketed[1] ?? '';
    port = bracketed[2];
  } else {
    const parts = authority.split(':');
    if (parts.length > 2) {
      throw new InvalidEndpointError(endpoint, 'an IPv6 address goes in brackets, e.g. [::1]:8089');
    }
    host = parts[0] ?? '';
    port = parts[1];
    if (!host) throw new InvalidEndpointError(endpoint, 'there is no host');
    if (!/^[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?$/.test(host)) {
      throw new InvalidEndpointError(endpoint, `"${host}" is not a host name or IP address`);
    }
  }
  if (port === undefined) return `${host}:${defaultPort}`;
  if (port === '') throw new InvalidEndpointError(endpoint, 'the port after ":" is empty');
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw new InvalidEndpointError(endpoint, `the port "${port}" is not a number from 1 to 65535`);
  }
  return `${host}:${Number(port)}`;
}

/**
 * Endpoint forms the client accepts: `dns:///host:port`, `host:port`, `http://host:port` and
 * `https://host:port` (DESIGN.md, client); without a port, 443 (80 for `http://`). `unix:path` and
 * `unix:///path` (a Unix socket, gRPC's own form) go to gRPC unchanged. Returns the gRPC target and
 * whether the URL implied TLS.
 * @throws Error for an empty endpoint, with the flags that set it; InvalidEndpointError for one that
 *   is not an address (`dns:///127.0.0.1:`, `host:http`, `ftp://host`).
 */
export function parseEndpoint(endpoint: string): { target: string; tlsFromScheme?: boolean } {
  const text = endpoint.trim();
  if (!text) {
    throw new Error(
      'no admin endpoint is configured: set --admin.endpoint (orchctl) or --orch.connection.host (orch)',
    );
  }
  if (/^unix:/.test(text)) {
    const path = text.replace(/^unix:(\/\/)?/, '');
    if (!path || path === '/') {
      throw new InvalidEndpointError(text, 'the socket path is empty');
    }
    return { target: text };
  }
  const url = /^(https?):\/\/([^/]*)\/?$/.exec(text);
  if (url) {
    // Both groups take part in every match; the default only satisfies the compiler.
    const [, scheme, authority = ''] = url;
    const tls = scheme === 'https';
    return { target: `dns:///${hostPort(text, authority, tls ? 443 : 80)}`, tlsFromScheme: tls };
  }
  if (text.startsWith('dns:///')) {
    return { target: `dns:///${hostPort(text, text.slice('dns:///'.length), 443)}` };
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
  if (scheme) throw new InvalidEndpointError(text, `the client does not speak ${scheme[1]}://`);
  return { target: `dns:///${hostPort(text, text, 443)}` };
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
