import { randomBytes } from 'node:crypto';
import { Role } from '../../api/generated/orch/admin/v1/Role.js';
import type { ApiKeyServiceHandlers } from '../../api/generated/orch/service/v1/ApiKeyService.js';
import { hashClientSecret, type OAuthClients, PROPELLER_CLIENT_ID } from '../auth/oauth-server.js';
import { isRole } from '../auth/tokens.js';
import { AuthPageTokenError, type AuthRepository } from '../db/auth-repository.js';
import { isUniqueViolation } from '../db/connect.js';
import { alreadyExists, invalidArgument, notFound } from '../errors.js';
import type { UnaryHandlers } from './handler.js';
import { MAX_PAGE_SIZE } from './requests.js';
import { storedEnum } from './stored.js';

/** Client ids the server keeps for itself. */
const RESERVED = new Set([PROPELLER_CLIENT_ID, 'orch-ctl']);

/** An API key's name (it is also its client id): a DNS label, RFC 1123 section 2.1. */
const KEY_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Checks an API key's name, as given (never rewritten): 1 to 63 lowercase letters, digits and `-`,
 * starting and ending with a letter or digit.
 * @throws ServiceError INVALID_ARGUMENT naming the rule (and a name that would fit) when it breaks
 *   it, or when the name is reserved.
 */
export function checkKeyName(name: string): string {
  if (!KEY_NAME.test(name)) {
    const suggestion = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63)
      .replace(/-+$/, '');
    throw invalidArgument(
      `API key name "${name.slice(0, 80)}" is not valid: use 1 to 63 lowercase letters, digits and "-", ` +
        `starting and ending with a letter or digit${suggestion && suggestion !== name ? ` (such as "${suggestion}")` : ''}`,
    );
  }
  if (RESERVED.has(name)) throw invalidArgument(`API key name "${name}" is reserved`);
  return name;
}

/** What the API key service needs. */
export interface ApiKeyServiceDeps {
  repo: AuthRepository;
  clients: OAuthClients;
  defaultOrg: string;
  now?: () => number;
}

/**
 * The handlers of `orch.service.v1.ApiKeyService`. A key is a confidential OAuth client with a role;
 * its secret (32 random bytes, base64url) is returned once by CreateApiKey and stored only as its
 * SHA-256. Deleting a key refuses its tokens at once on this server.
 */
export function createApiKeyHandlers(deps: ApiKeyServiceDeps): UnaryHandlers<ApiKeyServiceHandlers> {
  const now = deps.now ?? Date.now;
  const orgOf = (request: { org?: string }) =>
    (typeof request.org === 'string' && request.org) || deps.defaultOrg;
  const toMessage = (row: {
    client_id: string;
    name: string;
    role: string;
    org: string;
    created_at: number;
    created_by: string;
  }) => ({
    client_id: row.client_id,
    name: row.name,
    role: storedEnum(Role, row.role, 'oauth_clients.role'),
    org: row.org,
    created_at_ms: String(row.created_at),
    created_by: row.created_by,
  });
  return {
    async CreateApiKey(request, context) {
      const name = checkKeyName(typeof request.name === 'string' ? request.name : '');
      const role = request.role;
      if (!isRole(role)) throw invalidArgument('role must be ADMIN, CONTRIBUTOR or VIEWER');
      const org = orgOf(request);
      const clientSecret = randomBytes(32).toString('base64url');
      const row = {
        client_id: org ? `${org}.${name}` : name,
        org,
        name,
        role,
        secret_hash: hashClientSecret(clientSecret),
        created_at: now(),
        created_by: context?.identity?.subject ?? 'anonymous',
      };
      try {
        await deps.repo.insertClient(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyExists(`an API key named ${name} already exists`);
        throw error;
      }
      return { key: toMessage(row), client_secret: clientSecret };
    },

    async ListApiKeys(request) {
      const limit = Math.min(Number(request.limit) || 100, MAX_PAGE_SIZE);
      try {
        const page = await deps.repo.listClients(
          orgOf(request),
          limit,
          typeof request.token === 'string' ? request.token : '',
        );
        return { keys: page.rows.map(toMessage), token: page.token };
      } catch (error) {
        if (error instanceof AuthPageTokenError) throw invalidArgument(error.message);
        throw error;
      }
    },

    async DeleteApiKey(request) {
      const name = checkKeyName(typeof request.name === 'string' ? request.name : '');
      const clientId = await deps.repo.deleteClientByName(orgOf(request), name);
      if (!clientId) throw notFound(`no API key named ${name}`);
      deps.clients.forget(clientId);
      return {};
    },
  };
}
