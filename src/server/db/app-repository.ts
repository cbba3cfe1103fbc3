import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AppTable, Database } from './schema.js';

/** An app's place: organization, project, domain, name. */
export interface AppKey {
  org: string;
  project: string;
  domain: string;
  name: string;
}

/** Rows of the `apps` table: each app's current spec, revision and last status. */
export class AppRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The app at `key`, or undefined. */
  get(key: AppKey): Promise<Selectable<AppTable> | undefined> {
    return this.db
      .selectFrom('apps')
      .selectAll()
      .where('org', '=', key.org)
      .where('project', '=', key.project)
      .where('domain', '=', key.domain)
      .where('name', '=', key.name)
      .executeTakeFirst();
  }

  /** Inserts or replaces the app at the row's key. */
  async put(row: Insertable<AppTable>): Promise<void> {
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

  /** Records an app's status. */
  async setStatus(
    key: AppKey,
    status: { state: string; message: string; updated_at: number },
  ): Promise<void> {
    await this.db
      .updateTable('apps')
      .set(status)
      .where('org', '=', key.org)
      .where('project', '=', key.project)
      .where('domain', '=', key.domain)
      .where('name', '=', key.name)
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
