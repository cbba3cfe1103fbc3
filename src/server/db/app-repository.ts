import type { Insertable, Kysely, Selectable } from 'kysely';
import { revisionSummaryOf } from './migrations.js';
import type { AppRevisionTable, AppTable, Database } from './schema.js';

/** An app's place: organization, project, domain, name. */
export interface AppKey {
  org: string;
  project: string;
  domain: string;
  name: string;
}

/** The key columns of an app's rows, in `apps` and `app_revisions`. */
function keyColumns(key: AppKey): AppKey {
  return { org: key.org, project: key.project, domain: key.domain, name: key.name };
}

/**
 * Rows of the `apps` table (each app's current spec, revision and last status) and of
 * `app_revisions` (every deployment, with a summary of its spec and its last status).
 */
export class AppRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The app at `key`, or undefined. */
  get(key: AppKey): Promise<Selectable<AppTable> | undefined> {
    return this.db
      .selectFrom('apps')
      .selectAll()
      .where((eb) => eb.and(keyColumns(key)))
      .executeTakeFirst();
  }

  /**
   * Inserts or replaces the app at the row's key, and records its revision `row.revision` in the
   * history (a summary of `row.spec`, never an env value; `deployedBy` the authenticated subject, ''
   * when not known). A revision recorded before keeps its row.
   */
  async put(row: Insertable<AppTable>, deployedBy = ''): Promise<void> {
    await this.db
      .insertInto('app_revisions')
      .values({
        org: row.org,
        project: row.project,
        domain: row.domain,
        name: row.name,
        revision: row.revision,
        spec: JSON.stringify(revisionSummaryOf(JSON.parse(row.spec))),
        deployed_at: row.updated_at,
        deployed_by: deployedBy,
        state: row.state,
        message: row.message,
        updated_at: row.updated_at,
      })
      .onConflict((oc) => oc.columns(['org', 'project', 'domain', 'name', 'revision']).doNothing())
      .execute();
    await this.db
      .insertInto('apps')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['org', 'project', 'domain', 'name']).doUpdateSet({
          spec: row.spec,
          revision: row.revision,
          state: row.state,
          message: row.message,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /**
   * Records an app's status, also as the last status of its current revision unless that one
   * ended Failed.
   */
  async setStatus(
    key: AppKey,
    status: { state: string; message: string; updated_at: number },
  ): Promise<void> {
    await this.db
      .updateTable('apps')
      .set(status)
      .where((eb) => eb.and(keyColumns(key)))
      .execute();
    const current = this.db
      .selectFrom('apps')
      .select('revision')
      .where((eb) => eb.and(keyColumns(key)));
    await this.db
      .updateTable('app_revisions')
      .set(status)
      .where((eb) => eb.and(keyColumns(key)))
      .where('revision', '=', current)
      // A revision that failed keeps that outcome (a later Stop of the app does not hide it).
      .where('state', '!=', 'Failed')
      .execute();
  }

  /**
   * Records how revision `revision` of an app ended (e.g. Stopped, replaced by a newer one), unless
   * it already ended Failed or Stopped.
   */
  async endRevision(
    key: AppKey,
    revision: number,
    status: { state: string; message: string; updated_at: number },
  ): Promise<void> {
    await this.db
      .updateTable('app_revisions')
      .set(status)
      .where((eb) => eb.and(keyColumns(key)))
      .where('revision', '=', revision)
      .where('state', 'not in', ['Failed', 'Stopped'])
      .execute();
  }

  /** The revisions of the app at `key`, highest number first; at most `limit`. */
  listRevisions(key: AppKey, limit: number): Promise<Selectable<AppRevisionTable>[]> {
    return this.db
      .selectFrom('app_revisions')
      .selectAll()
      .where((eb) => eb.and(keyColumns(key)))
      .orderBy('revision', 'desc')
      .limit(limit)
      .execute();
  }

  /** Every app of every org whose last status is `state`, by name; at most `limit`. */
  listInState(state: string, limit: number): Promise<Selectable<AppTable>[]> {
    return this.db
      .selectFrom('apps')
      .selectAll()
      .where('state', '=', state)
      .orderBy('name')
      .limit(limit)
      .execute();
  }

  /** Every app of an org (optionally one project and domain), by name; at most `limit`. */
  list(
    scope: { org: string; project?: string; domain?: string },
    limit: number,
  ): Promise<Selectable<AppTable>[]> {
    let query = this.db.selectFrom('apps').selectAll().where('org', '=', scope.org);
    if (scope.project) query = query.where('project', '=', scope.project);
    if (scope.domain) query = query.where('domain', '=', scope.domain);
    return query.orderBy('project').orderBy('domain').orderBy('name').limit(limit).execute();
  }
}
