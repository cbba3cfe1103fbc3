import { status as Status } from '@grpc/grpc-js';
import { _orch_admin_v1_SecretSpec_Type as SecretTypes } from '../../api/generated/orch/admin/v1/SecretSpec.js';
import type { SecretServiceHandlers } from '../../api/generated/orch/service/v1/SecretService.js';
import { open, seal } from '../auth/sealing.js';
import { AuthPageTokenError, type AuthRepository, type SecretKey } from '../db/auth-repository.js';
import { isUniqueViolation } from '../db/connect.js';
import { alreadyExists, invalidArgument, notFound, ServiceError } from '../errors.js';
import type { CallContext, UnaryHandlers } from './handler.js';
import { MAX_PAGE_SIZE } from './requests.js';
import { storedEnum } from './stored.js';

/** Secret names: a letter or underscore, then letters, digits, `_`, `.` and `-`; at most 253 characters. */
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,252}$/;
/** The largest secret value, in bytes. */
export const MAX_SECRET_BYTES = 64 * 1024;

/** What the secret service needs. */
export interface SecretServiceDeps {
  repo: AuthRepository;
  /** 32 bytes sealing values at rest; undefined when the server has no `secrets_sealing_key`. */
  sealingKey: Uint8Array | undefined;
  /** The org of calls that name none (`--sharedservice.security.orgOverride`, else ''). */
  defaultOrg: string;
  now?: () => number;
}

interface SecretIdentifierIn {
  name?: string;
  org?: string;
  domain?: string;
  project?: string;
}
interface SecretSpecIn {
  value?: 'string_value' | 'binary_value';
  string_value?: string;
  binary_value?: Uint8Array;
  type?: string;
}

/** The AAD a value is sealed with: its scope and name, so a value moved to another row fails to open. */
const sealContext = (key: SecretKey) =>
  JSON.stringify(['orch-secret-v1', key.org, key.domain, key.project, key.name]);

/**
 * Checks and normalises a secret's identifier (spec: scope is the org, a domain, or a project and domain).
 * @throws ServiceError INVALID_ARGUMENT naming the field.
 */
export function secretKey(id: SecretIdentifierIn | null | undefined, defaultOrg: string): SecretKey {
  const name = id?.name ?? '';
  if (!SECRET_NAME.test(name)) {
    throw invalidArgument(
      `secret name "${name}" must start with a letter or _ and hold only letters, digits, _, . and - (at most 253)`,
    );
  }
  const project = id?.project ?? '';
  const domain = id?.domain ?? '';
  if (project && !domain) {
    throw invalidArgument(
      'a secret scoped to a project needs its domain too (--domain); or drop --project for the whole org',
    );
  }
  return { org: id?.org || defaultOrg, domain, project, name };
}

function describeKey(key: SecretKey): string {
  const scope = key.project
    ? `project ${key.project}, domain ${key.domain}`
    : key.domain
      ? `domain ${key.domain}`
      : 'the organization';
  return `secret ${key.name} (${scope})`;
}

/**
 * The handlers of `orch.service.v1.SecretService`: values are sealed with AES-256-GCM under the server's
 * `secrets_sealing_key` and never returned, logged or put in an error; Get and List answer metadata only.
 */
export function createSecretHandlers(deps: SecretServiceDeps): UnaryHandlers<SecretServiceHandlers> {
  const now = deps.now ?? Date.now;
  const sealValue = (key: SecretKey, spec: SecretSpecIn | null | undefined) => {
    if (!deps.sealingKey) {
      throw new ServiceError(
        Status.FAILED_PRECONDITION,
        'this server has no secrets_sealing_key server secret, so it cannot store secrets (the sandbox generates one)',
      );
    }
    const binary = spec?.value === 'binary_value';
    const bytes = binary
      ? Buffer.from(spec?.binary_value ?? [])
      : Buffer.from(spec?.string_value ?? '', 'utf8');
    if (bytes.length === 0) throw invalidArgument(`${describeKey(key)}: the value is empty`);
    if (bytes.length > MAX_SECRET_BYTES) {
      throw invalidArgument(
        `${describeKey(key)}: the value is ${bytes.length} bytes; at most ${MAX_SECRET_BYTES}`,
      );
    }
    return {
      type: spec?.type === 'IMAGE_PULL_SECRET' ? 'IMAGE_PULL_SECRET' : 'GENERIC',
      binary: binary ? 1 : 0,
      sealed: seal(deps.sealingKey, bytes, sealContext(key)),
    };
  };
  const principal = (context: CallContext | undefined) => context?.identity?.subject ?? 'anonymous';
  const toMessage = (row: Awaited<ReturnType<AuthRepository['getSecret']>> & object) => ({
    id: { name: row.name, org: row.org, domain: row.domain, project: row.project },
    secret_metadata: {
      created_at_ms: String(row.created_at),
      updated_at_ms: String(row.updated_at),
      type: storedEnum(SecretTypes, row.type, 'secrets.type'),
      updated_by: row.updated_by,
    },
  });

  return {
    async CreateSecret(request, context) {
      const key = secretKey(request.id, deps.defaultOrg);
      const sealed = sealValue(key, request.secret_spec);
      const at = now();
      try {
        await deps.repo.insertSecret({
          ...key,
          ...sealed,
          created_at: at,
          updated_at: at,
          updated_by: principal(context),
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw alreadyExists(`${describeKey(key)} already exists; update it instead`);
        throw error;
      }
      return {};
    },

    async UpdateSecret(request, context) {
      const key = secretKey(request.id, deps.defaultOrg);
      const sealed = sealValue(key, request.secret_spec);
      const updated = await deps.repo.updateSecret(key, {
        ...sealed,
        updated_at: now(),
        updated_by: principal(context),
      });
      if (!updated) throw notFound(`${describeKey(key)} does not exist`);
      return {};
    },

    async GetSecret(request) {
      const key = secretKey(request.id, deps.defaultOrg);
      const row = await deps.repo.getSecret(key);
      if (!row) throw notFound(`${describeKey(key)} does not exist`);
      return { secret: toMessage(row) };
    },

    async ListSecrets(request) {
      const domain = typeof request.domain === 'string' ? request.domain : '';
      const project = typeof request.project === 'string' ? request.project : '';
      if (project && !domain) throw invalidArgument("listing a project's secrets needs its domain too");
      const limit = Math.min(Number(request.limit) || 100, MAX_PAGE_SIZE);
      const org = (typeof request.org === 'string' && request.org) || deps.defaultOrg;
      try {
        const page = await deps.repo.listSecrets(
          org,
          domain || project ? { domain, project } : undefined,
          limit,
          typeof request.token === 'string' ? request.token : '',
        );
        return { secrets: page.rows.map(toMessage), token: page.token };
      } catch (error) {
        if (error instanceof AuthPageTokenError) throw invalidArgument(error.message);
        throw error;
      }
    },

    async DeleteSecret(request) {
      const key = secretKey(request.id, deps.defaultOrg);
      if (!(await deps.repo.deleteSecret(key))) throw notFound(`${describeKey(key)} does not exist`);
      return {};
    },
  };
}

/**
 * The value of the secret a task or app asks for by `name`, looked up from the narrowest scope out:
 * the project and domain, then the domain, then the organization. Undefined when none has it.
 * @throws SealError when the stored value does not open with `sealingKey` (a changed key).
 */
export async function resolveSecret(
  repo: AuthRepository,
  sealingKey: Uint8Array | undefined,
  scope: { org: string; project: string; domain: string },
  name: string,
): Promise<string | undefined> {
  if (!sealingKey) return undefined;
  const candidates: SecretKey[] = [
    { org: scope.org, domain: scope.domain, project: scope.project, name },
    { org: scope.org, domain: scope.domain, project: '', name },
    { org: scope.org, domain: '', project: '', name },
  ];
  for (const key of candidates) {
    const row = await repo.getSecret(key);
    if (row) return open(sealingKey, row.sealed, sealContext(key)).toString(row.binary ? 'base64' : 'utf8');
  }
  return undefined;
}
