import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import { GrantRepository } from './grant-repository.js';
import { cutPage } from './pages.js';
import type { AuthKeyFingerprintTable, Database, OAuthClientTable, SecretTable } from './schema.js';
import { TrustRepository } from './trust-repository.js';

/** A secret's place: organization, then domain (or ''), then project (or ''), then name. */
export interface SecretKey {
  org: string;
  domain: string;
  project: string;
  name: string;
}

/** Thrown for a list page token this server did not issue. */
export class AuthPageTokenError extends Error {
  override name = 'AuthPageTokenError';
}

/** The condition of the one secret at `key` (its org, domain, project and name). */
function secretAt(key: SecretKey) {
  return (eb: ExpressionBuilder<Database, 'secrets'>) =>
    eb.and([
      eb('org', '=', key.org),
      eb('domain', '=', key.domain),
      eb('project', '=', key.project),
      eb('name', '=', key.name),
    ]);
}

const encode = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
function decode(token: string, size: number): string[] | undefined {
  if (!token) return undefined;
  try {
    const values = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === size && values.every((v) => typeof v === 'string')) {
      return values;
    }
  } catch {}
  throw new AuthPageTokenError('invalid pagination token');
}

/**
 * Rows of the authentication tables: API key clients (`oauth_clients`), platform secrets
 * (`secrets`, values sealed by the caller), the fingerprints of the admins' auth keys
 * (`auth_key_fingerprints`), and the interactive grants' codes ({@link grants}). Lists page by key
 * order with opaque keyset tokens.
 */
export class AuthRepository {
  /** The interactive grants' pending codes, on the same database. */
  readonly grants: GrantRepository;
  /** Trust policies and exchanged ID token ids of the OIDC token exchange, on the same database. */
  readonly trust: TrustRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.grants = new GrantRepository(db);
    this.trust = new TrustRepository(db);
  }

  /** The fingerprints of the auth keys the admin that last started here used, or undefined. */
  getKeyFingerprint(): Promise<Selectable<AuthKeyFingerprintTable> | undefined> {
    return this.db
      .selectFrom('auth_key_fingerprints')
      .selectAll()
      .where('name', '=', 'shared')
      .executeTakeFirst();
  }

  /** Records the fingerprints of this admin's auth keys (replacing the last ones). */
  async putKeyFingerprint(row: Omit<AuthKeyFingerprintTable, 'name'>): Promise<void> {
    await this.db
      .insertInto('auth_key_fingerprints')
      .values({ name: 'shared', ...row })
      .onConflict((oc) => oc.column('name').doUpdateSet(row))
      .execute();
  }

  /** Inserts an API key client. @throws the driver's unique violation when the name or id exists. */
  async insertClient(row: Insertable<OAuthClientTable>): Promise<void> {
    await this.db.insertInto('oauth_clients').values(row).execute();
  }

  /** The client `clientId`, or undefined. */
  getClient(clientId: string): Promise<Selectable<OAuthClientTable> | undefined> {
    return this.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** The client named `name` in `org`, or undefined. */
  getClientByName(org: string, name: string): Promise<Selectable<OAuthClientTable> | undefined> {
    return this.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where('org', '=', org)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** Deletes the client named `name` in `org`; resolves with its client id, or undefined when none. */
  async deleteClientByName(org: string, name: string): Promise<string | undefined> {
    const row = await this.getClientByName(org, name);
    if (!row) return undefined;
    await this.db.deleteFrom('oauth_clients').where('client_id', '=', row.client_id).execute();
    return row.client_id;
  }

  /** A page of `org`'s clients by name. @throws AuthPageTokenError for a foreign token. */
  async listClients(org: string, limit: number, token: string) {
    const [after] = decode(token, 1) ?? [];
    let query = this.db.selectFrom('oauth_clients').selectAll().where('org', '=', org);
    if (after !== undefined) query = query.where('name', '>', after);
    const rows = await query
      .orderBy('name')
      .limit(limit + 1)
      .execute();
    return cutPage(rows, limit, (last) => encode([last.name]));
  }

  /** Inserts a secret. @throws the driver's unique violation when it exists in that scope. */
  async insertSecret(row: Insertable<SecretTable>): Promise<void> {
    await this.db.insertInto('secrets').values(row).execute();
  }

  /** Replaces a secret's value; false when it does not exist. */
  async updateSecret(
    key: SecretKey,
    changes: Pick<SecretTable, 'type' | 'binary' | 'sealed' | 'updated_at' | 'updated_by'>,
  ): Promise<boolean> {
    const result = await this.db.updateTable('secrets').set(changes).where(secretAt(key)).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The secret at `key`, or undefined. */
  getSecret(key: SecretKey): Promise<Selectable<SecretTable> | undefined> {
    return this.db.selectFrom('secrets').selectAll().where(secretAt(key)).executeTakeFirst();
  }

  /** Deletes the secret at `key`; false when it does not exist. */
  async deleteSecret(key: SecretKey): Promise<boolean> {
    const result = await this.db.deleteFrom('secrets').where(secretAt(key)).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * A page of secrets of `org`: with `scope` undefined every scope, else only that domain/project
   * scope; ordered by domain, project, name. @throws AuthPageTokenError for a foreign token.
   */
  async listSecrets(
    org: string,
    scope: { domain: string; project: string } | undefined,
    limit: number,
    token: string,
  ) {
    const after = decode(token, 3);
    let query = this.db.selectFrom('secrets').selectAll().where('org', '=', org);
    if (scope) query = query.where('domain', '=', scope.domain).where('project', '=', scope.project);
    if (after) {
      const [domain = '', project = '', name = ''] = after;
      query = query.where((eb) =>
        eb.or([
          eb('domain', '>', domain),
          eb.and([eb('domain', '=', domain), eb('project', '>', project)]),
          eb.and([eb('domain', '=', domain), eb('project', '=', project), eb('name', '>', name)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('domain')
      .orderBy('project')
      .orderBy('name')
      .limit(limit + 1)
      .execute();
    return cutPage(rows, limit, (last) => encode([last.domain, last.project, last.name]));
  }
}
