import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AuthorizationCodeTable, Database, DeviceGrantTable } from './schema.js';

/** A stored authorization code. */
export type AuthorizationCodeRow = Selectable<AuthorizationCodeTable>;
/** A stored device authorization. */
export type DeviceGrantRow = Selectable<DeviceGrantTable>;

/** The approving user of a device authorization, as stored. */
export interface DeviceApproval {
  user_sub: string;
  user_org: string;
  user_role: string;
}

/**
 * Rows of the interactive grants (`oauth_authorization_codes`, `oauth_device_grants`), shared by every
 * admin replica on one database. Every change that decides something is one conditional statement
 * whose affected row count says whether this caller won: a code is deleted by exactly one redemption,
 * a device grant is approved only while pending and handed out by exactly one poll. Times are
 * milliseconds since the epoch; keys are the SHA-256 digests of the codes (the codes are never stored).
 */
export class GrantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores an authorization code. @throws the driver's unique violation when the digest exists. */
  async insertCode(row: Insertable<AuthorizationCodeTable>): Promise<void> {
    await this.db.insertInto('oauth_authorization_codes').values(row).execute();
  }

  /** The code of `digest` when it has not expired at `now`, else undefined. */
  getCode(digest: string, now: number): Promise<AuthorizationCodeRow | undefined> {
    return this.db
      .selectFrom('oauth_authorization_codes')
      .selectAll()
      .where('digest', '=', digest)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * Deletes the code of `digest`: true for the one caller whose statement deleted it, false for every
   * other (already used, or never issued).
   */
  async deleteCode(digest: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('oauth_authorization_codes')
      .where('digest', '=', digest)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Deletes at most `limit` codes expired at `now` and at most `limit` device grants expired before
   * `devicesBefore` (later than `now` minus a grace, so a polling client still hears `expired_token`).
   * Bounded, so a caller on a request path does a small, index-driven piece of work.
   * @returns how many rows were deleted.
   */
  async sweep(now: number, devicesBefore: number, limit: number): Promise<number> {
    const codes = await this.db
      .deleteFrom('oauth_authorization_codes')
      .where('digest', 'in', (eb) =>
        eb
          .selectFrom('oauth_authorization_codes')
          .select('digest')
          .where('expires_at', '<=', now)
          .limit(limit),
      )
      .executeTakeFirst();
    const devices = await this.db
      .deleteFrom('oauth_device_grants')
      .where('digest', 'in', (eb) =>
        eb
          .selectFrom('oauth_device_grants')
          .select('digest')
          .where('expires_at', '<=', devicesBefore)
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(codes.numDeletedRows) + Number(devices.numDeletedRows);
  }

  /** How many device authorizations have not expired at `now` (pending, or decided and not yet polled). */
  async countDevices(now: number): Promise<number> {
    const row = await this.db
      .selectFrom('oauth_device_grants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Stores a device authorization; false (nothing stored) when its user code or digest is taken,
   * so the caller draws another user code.
   */
  async insertDevice(row: Insertable<DeviceGrantTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('oauth_device_grants')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The device authorization of `digest`, expired or not, or undefined. */
  getDevice(digest: string): Promise<DeviceGrantRow | undefined> {
    return this.db
      .selectFrom('oauth_device_grants')
      .selectAll()
      .where('digest', '=', digest)
      .executeTakeFirst();
  }

  /**
   * Approves (with `approval`) or denies (undefined) the device authorization of `userCode` when it is
   * still pending and unexpired at `now`; false when there is none such (unknown, expired, decided).
   */
  async decideDevice(userCode: string, now: number, approval: DeviceApproval | undefined): Promise<boolean> {
    const result = await this.db
      .updateTable('oauth_device_grants')
      .set(approval ? { ...approval } : { denied: 1 })
      .where('user_code', '=', userCode)
      .where('expires_at', '>', now)
      .where('user_sub', 'is', null)
      .where('denied', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records a poll of a pending device authorization: sets `last_poll` and `poll_interval` to `next`
   * only while the row still holds `seen` (its values when read) and is undecided; false when another
   * poll or a decision came first (read again and retry).
   */
  async recordPoll(
    digest: string,
    seen: Pick<DeviceGrantTable, 'last_poll' | 'poll_interval'>,
    next: Pick<DeviceGrantTable, 'last_poll' | 'poll_interval'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('oauth_device_grants')
      .set(next)
      .where('digest', '=', digest)
      .where('last_poll', '=', seen.last_poll)
      .where('poll_interval', '=', seen.poll_interval)
      .where('user_sub', 'is', null)
      .where('denied', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Deletes the device authorization of `digest` in the state `state` (`approved`: has a user;
   * `denied`; `any`); true for the one caller whose statement deleted it.
   */
  async deleteDevice(digest: string, state: 'approved' | 'denied' | 'any'): Promise<boolean> {
    let query = this.db.deleteFrom('oauth_device_grants').where('digest', '=', digest);
    if (state === 'approved') query = query.where('user_sub', 'is not', null);
    if (state === 'denied') query = query.where('denied', '=', 1);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
