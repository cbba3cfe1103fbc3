import type { Insertable, Kysely, Selectable } from 'kysely';
import { cutPage } from './pages.js';
import type { Database, TrustPolicyTable } from './schema.js';

/** Thrown for a trust policy list page token this server did not issue. */
export class PolicyPageTokenError extends Error {
  override name = 'PolicyPageTokenError';
}

/** A stored trust policy. */
export type TrustPolicyRow = Selectable<TrustPolicyTable>;

/**
 * Rows of the OIDC token exchange, shared by every admin replica on one database: trust policies
 * (`trust_policies`, by org and name) and the `jti` of every ID token already exchanged
 * (`oidc_seen_jtis`), so that no replica exchanges one ID token twice. Times are ms since the epoch.
 */
export class TrustRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a policy. @throws the driver's unique violation when `org`/`name` exists. */
  async insertPolicy(row: Insertable<TrustPolicyTable>): Promise<void> {
    await this.db.insertInto('trust_policies').values(row).execute();
  }

  /** The policy `name` of `org`, or undefined. */
  getPolicy(org: string, name: string): Promise<TrustPolicyRow | undefined> {
    return this.db
      .selectFrom('trust_policies')
      .selectAll()
      .where('org', '=', org)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** Every policy for tokens of `issuer`, in every org, by org and name. */
  policiesOf(issuer: string): Promise<TrustPolicyRow[]> {
    return this.db
      .selectFrom('trust_policies')
      .selectAll()
      .where('issuer', '=', issuer)
      .orderBy('org')
      .orderBy('name')
      .execute();
  }

  /** Deletes the policy `name` of `org`; true when there was one. */
  async deletePolicy(org: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('trust_policies')
      .where('org', '=', org)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A page of `org`'s policies by name. @throws PolicyPageTokenError for a token this server did not issue. */
  async listPolicies(org: string, limit: number, token: string) {
    let after: string | undefined;
    if (token) {
      after = Buffer.from(token, 'base64url').toString('utf8');
      if (!after.startsWith('tp:')) throw new PolicyPageTokenError('invalid pagination token');
      after = after.slice(3);
    }
    let query = this.db.selectFrom('trust_policies').selectAll().where('org', '=', org);
    if (after !== undefined) query = query.where('name', '>', after);
    const rows = await query
      .orderBy('name')
      .limit(limit + 1)
      .execute();
    return cutPage(rows, limit, (last) => Buffer.from(`tp:${last.name}`).toString('base64url'));
  }

  /**
   * Records that the ID token `jti` of `issuer` (valid until `expiresAt`) is being exchanged: true for
   * the one caller whose insert stored it, false when it was seen before (a replay), on this replica or
   * another. Also deletes a few rows expired at `now` (bounded work on the request path).
   */
  async claimJti(issuer: string, jti: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db
      .deleteFrom('oidc_seen_jtis')
      .where('jti', 'in', (eb) =>
        eb.selectFrom('oidc_seen_jtis').select('jti').where('expires_at', '<=', now).limit(100),
      )
      .where('expires_at', '<=', now)
      .execute();
    const result = await this.db
      .insertInto('oidc_seen_jtis')
      .values({ issuer, jti, expires_at: expiresAt })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
