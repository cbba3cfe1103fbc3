/**
 * API keys (`ORCH_API_KEY`): self-describing client credentials. A key is the fixed prefix
 * {@link API_KEY_PREFIX} followed by the base64url (RFC 4648 §5, no padding) of a JSON object
 * `{"v":1,"endpoint":…,"insecure":…,"client_id":…,"client_secret":…,"org":…}`, so that one
 * environment variable is enough to reach and authenticate to an admin with no config file, and so
 * that secret scanners can find keys by their prefix.
 */

/** The prefix every API key starts with (what secret scanners look for). */
export const API_KEY_PREFIX = 'orch_ak_';

/** What an API key holds. */
export interface ApiKeyParts {
  /** The admin's gRPC endpoint, `host:port` (optionally `dns:///host:port`). */
  endpoint: string;
  /** True when the admin is reached without TLS (a local sandbox). */
  insecure: boolean;
  /** The OAuth client id the key authenticates as. */
  clientId: string;
  /** The OAuth client secret (client credentials grant, RFC 6749 §4.4). */
  clientSecret: string;
  /** The organization the key belongs to; empty for the default organization. */
  org: string;
}

/** Thrown by {@link parseApiKey}; its message never contains the key or any part of it. */
export class ApiKeyFormatError extends Error {
  override name = 'ApiKeyFormatError';
}

/** Encodes an API key. */
export function formatApiKey(parts: ApiKeyParts): string {
  const body = {
    v: 1,
    endpoint: parts.endpoint,
    insecure: parts.insecure,
    client_id: parts.clientId,
    client_secret: parts.clientSecret,
    org: parts.org,
  };
  return API_KEY_PREFIX + Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/**
 * Decodes an API key (surrounding whitespace and quotes, as pasted from an `export` line, are ignored).
 * @throws ApiKeyFormatError saying what is wrong (missing prefix, not base64url JSON, a missing field),
 *   never echoing the key.
 */
export function parseApiKey(text: string): ApiKeyParts {
  const key = text.trim().replace(/^(["'])(.*)\1$/, '$2');
  if (!key.startsWith(API_KEY_PREFIX)) {
    throw new ApiKeyFormatError(
      `an API key starts with "${API_KEY_PREFIX}"; create one with \`orch create api-key admin --name <name>\``,
    );
  }
  const encoded = key.slice(API_KEY_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) {
    throw new ApiKeyFormatError('the API key is damaged: it holds characters outside base64url');
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new ApiKeyFormatError('the API key is damaged: it does not decode to its JSON form');
  }
  const record: ReadonlyMap<string, unknown> = new Map(
    body && typeof body === 'object' ? Object.entries(body) : [],
  );
  const version = record.get('v');
  if (version !== 1) throw new ApiKeyFormatError(`unsupported API key version ${String(version)}`);
  const text_ = (field: string, required: boolean): string => {
    const value = record.get(field);
    if (typeof value === 'string' && (value.length > 0 || !required)) return value;
    if (value === undefined && !required) return '';
    throw new ApiKeyFormatError(`the API key is damaged: field ${field} is missing`);
  };
  return {
    endpoint: text_('endpoint', true),
    insecure: record.get('insecure') === true,
    clientId: text_('client_id', true),
    clientSecret: text_('client_secret', true),
    org: text_('org', false),
  };
}

/**
 * The API key of a key just created (CreateApiKey's answer: its client id, org and the client
 * secret shown once), for the admin at `where` (the endpoint and TLS mode the caller reached it by).
 */
export function apiKeyOf(
  created: { key?: { client_id?: string; org?: string } | null; client_secret: string },
  where: { endpoint: string; insecure: boolean },
): string {
  return formatApiKey({
    endpoint: where.endpoint,
    insecure: where.insecure,
    clientId: created.key?.client_id ?? '',
    clientSecret: created.client_secret,
    org: created.key?.org ?? '',
  });
}

/**
 * How a secret's scope reads in messages (spec: a secret is for every project and domain, one
 * domain, or one project and domain): `every project and domain`, `domain D`, `project P, domain D`.
 */
export function describeSecretScope(scope: { project: string; domain: string }): string {
  if (scope.project) return `project ${scope.project}, domain ${scope.domain}`;
  if (scope.domain) return `domain ${scope.domain}`;
  return 'every project and domain';
}
