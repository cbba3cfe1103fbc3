import { isIP } from 'node:net';

/** What {@link OwnNames} needs to know about the admin. */
export interface OwnNamesSettings {
  /**
   * Host names or addresses this admin is reached by besides the loopback ones: the interface it
   * listens on (unless a wildcard), and the hosts of `--console.endpoint` and of the token issuer.
   * Read per call: the HTTP address is known only after listen.
   */
  hosts: () => readonly string[];
  /** The admin's HTTP port, known after listen (0 until then). */
  httpPort: () => number;
}

/** Most characters of a foreign Origin or Host quoted back in an error. */
const QUOTE_MAX = 200;

/**
 * Which names and origins are the admin's own. Two questions, kept apart:
 * - **Host** (DNS rebinding): a request whose `Host` is not one of the admin's names came through a
 *   name an attacker controls, even from a loopback address. Own hosts are `localhost` and its
 *   sub-domains (RFC 6761 §6.3: they always resolve to loopback), loopback addresses, and the
 *   configured names. A request without `Host` (HTTP/1.0, raw sockets; no browser) counts as own.
 * - **Origin** (cross-site requests): a browser names the page that makes a request in `Origin`
 *   (RFC 6454). Own origins are exactly `http(s)://<own name>:<admin HTTP port>` where the name is
 *   `localhost`, a loopback address or a configured name; an app's page under `*.apps.localhost` is
 *   foreign, so an app cannot act through a visitor's browser. `Origin: null` is foreign.
 */
export class OwnNames {
  constructor(private readonly settings: OwnNamesSettings) {}

  /** True when `hostHeader` (`name`, `name:port`, `[v6]:port`) names this admin, or is absent. */
  isOwnHost(hostHeader: string | undefined): boolean {
    if (hostHeader === undefined || hostHeader === '') return true;
    const name = hostnameOf(hostHeader);
    if (name === undefined) return false;
    return name === 'localhost' || name.endsWith('.localhost') || this.isOwnName(name);
  }

  /** True when `origin` (an `Origin` header value) is this admin's own HTTP origin. */
  isOwnOrigin(origin: string): boolean {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if (port !== this.settings.httpPort()) return false;
    const name = normalise(url.hostname);
    return name === 'localhost' || this.isOwnName(name);
  }

  /**
   * Why a loopback call may not skip authentication, or undefined when it may: a foreign `Origin`, a
   * browser's `Sec-Fetch-Site` other than `same-origin` or `none` (covers no-cors requests, which
   * carry no Origin), or a foreign `Host` (HTTP only; gRPC has no Host a page could choose).
   * @param header reads a request header or metadata value by lower-case name
   */
  foreignReason(
    header: (name: string) => string | undefined,
    transport: 'grpc' | 'http',
  ): string | undefined {
    const origin = header('origin');
    if (origin !== undefined && !this.isOwnOrigin(origin))
      return `a request from another origin (${quote(origin)})`;
    const site = header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      return `a ${quote(site)} browser request`;
    const host = header('host');
    if (transport === 'http' && !this.isOwnHost(host))
      return `a request for another host (${quote(host ?? '')})`;
    return undefined;
  }

  private isOwnName(name: string): boolean {
    if (isLoopbackAddress(name)) return true;
    return this.settings.hosts().some((host) => {
      const own = normalise(host);
      return own !== '' && own !== '0.0.0.0' && own !== '::' && own === name;
    });
  }
}

/** The lower-case host name of a `Host` header value, brackets of an IPv6 literal removed; undefined when malformed. */
export function hostnameOf(hostHeader: string): string | undefined {
  const value = hostHeader.trim();
  const v6 = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(value)?.[1];
  if (v6 !== undefined) return normalise(v6);
  const plain = /^([^:[\]\s/@]+)(?::\d{1,5})?$/.exec(value)?.[1];
  return plain === undefined ? undefined : normalise(plain);
}

function normalise(name: string): string {
  return name
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/** True for IPv4 and IPv6 loopback addresses, including IPv4-mapped ones (`127.0.0.1`, `::1`, `::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

function quote(text: string): string {
  const cut = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}...` : text;
  return JSON.stringify(cut);
}
