import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrations.js';
import { openTestDatabase } from '../helpers/postgres.js';
import { send } from '../helpers/raw-http.js';
import {
  clientCredentialsToken,
  freePort,
  mintApiKey,
  startTestServer,
  TEST_DATABASES,
  type TestServer,
} from '../helpers/server.js';
import { waitUntil } from '../helpers/wait.js';

// An app's revisions (every deployment and how it ended) and the lines its instance printed, through
// AppService ListRevisions and GetLogs on the real admin (HTTP gateway, viewer role), on SQLite and
// PostgreSQL; and the migration that starts the history of apps deployed before it.

const ENV_VALUE = 'plain-env-value-never-in-history-5521';
/** An app that prints one line naming its revision, then serves. */
const serverPrinting = (line: string) =>
  `console.log(${JSON.stringify(line)}); require('http').createServer((q, r) => r.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

interface Revision {
  revision: number;
  args: string[];
  port: number;
  replicas: number;
  env_names: string[];
  deployed_at_ms: string;
  deployed_by: string;
  status: { state: string; message: string };
}

describe.each(TEST_DATABASES)('app revisions and logs on %s', (database) => {
  let server: TestServer;
  let base: string;
  let viewerToken: string;
  const id = { name: 'history', project: 'default', domain: 'development', org: '' };
  const appPath = '/api/v1/apps/default/development/history';

  const asViewer = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${viewerToken}` } });
    return { status: res.status, text: await res.text() };
  };
  const deploy = (port: number, args: string[]) =>
    server.client.deployApp(
      { spec: { id, port, args, secrets: [], requires_auth: false, env: { GREETING: ENV_VALUE } } },
      () => {},
    );

  beforeAll(async () => {
    server = await startTestServer(database);
    base = server.addresses.httpEndpoint;
    const viewer = await mintApiKey(server, 'app-viewer', 'VIEWER');
    viewerToken = await clientCredentialsToken(base, viewer);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('each deployment is a revision, newest first, with how it ended; a viewer reads them and the app’s lines', async () => {
    const before = Date.now();
    const port = await freePort();
    expect((await deploy(port, ['node', '-e', serverPrinting('hello from revision 1')])).state).toBe(
      'Started',
    );
    expect((await deploy(port, ['node', '-e', serverPrinting('hello from revision 2')])).state).toBe(
      'Started',
    );

    const listed = await asViewer(`${appPath}/revisions`);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(ENV_VALUE);
    const revisions = (JSON.parse(listed.text) as { revisions: Revision[] }).revisions;
    expect(revisions.map((r) => [r.revision, r.status.state, r.status.message])).toEqual([
      [2, 'Started', 'Service is ready'],
      [1, 'Stopped', 'Replaced by revision 2'],
    ]);
    expect(revisions[0]).toMatchObject({
      args: ['node', '-e', serverPrinting('hello from revision 2')],
      port,
      replicas: 1,
      env_names: ['GREETING'],
      // The loopback caller the test client is.
      deployed_by: 'localhost',
    });
    for (const r of revisions) {
      expect(Number(r.deployed_at_ms)).toBeGreaterThanOrEqual(before);
      expect(Number(r.deployed_at_ms)).toBeLessThanOrEqual(Date.now());
    }

    // The line revision 2 printed, with the time it arrived; none of revision 1 (replaced).
    const logs = await waitUntil(async () => {
      const answer = await asViewer(`${appPath}/logs`);
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.text) as { revision: number; lines: { at_ms: string; line: string }[] };
      return body.lines.some((l) => l.line === 'hello from revision 2') && body;
    });
    expect(logs.revision).toBe(2);
    expect(logs.lines.map((l) => l.line)).not.toContain('hello from revision 1');
    const at = Number(logs.lines.find((l) => l.line === 'hello from revision 2')?.at_ms);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());

    // A revision that fails to start ends Failed, and keeps that outcome once the app is stopped.
    const failed = await deploy(port, ['node', '-e', "console.error('boom: no config'); process.exit(3)"]);
    expect(failed.state).toBe('Failed');
    await server.client.stopApp({ id });
    const after = JSON.parse((await asViewer(`${appPath}/revisions?limit=2`)).text) as {
      revisions: Revision[];
    };
    expect(after.revisions.map((r) => [r.revision, r.status.state])).toEqual([
      [3, 'Failed'],
      [2, 'Stopped'],
    ]);
    expect(after.revisions[0]?.status.message).toContain('boom: no config');
    const failedLogs = JSON.parse((await asViewer(`${appPath}/logs?limit=1`)).text) as {
      revision: number;
      lines: { line: string }[];
    };
    expect(failedLogs).toMatchObject({ revision: 3, lines: [{ line: 'boom: no config' }] });
  }, 60_000);

  test('callers without valid credentials are refused, and hostile identifiers and limits are answered plainly', async () => {
    for (const rpc of ['revisions', 'logs']) {
      const refused = await send(`${base}${appPath}/${rpc}`, 'GET', { authorization: 'Bearer not-a-token' });
      expect([rpc, refused.status]).toEqual([rpc, 401]);
      const foreign = await send(`${base}${appPath}/${rpc}`, 'GET', { host: 'evil.example' });
      expect([rpc, foreign.status]).toEqual([rpc, 401]);
    }
    const long = 'a'.repeat(5000);
    const cases: [string, number, RegExp][] = [
      ['/api/v1/apps/default/development/no-such-app/revisions', 404, /no app named no-such-app/],
      ['/api/v1/apps/default/development/no-such-app/logs', 404, /no app named no-such-app/],
      ['/api/v1/apps/default/nowhere/history/revisions', 400, /id\.domain "nowhere" is not one of/],
      ['/api/v1/apps/a%20b/development/history/logs', 400, /id\.project "a b" may hold only/],
      ['/api/v1/apps/default/development/Bad_Name/logs', 400, /an app name is a DNS label/],
      [`/api/v1/apps/default/development/${long}/revisions`, 400, /id\.name is 5000 characters long/],
      [`${appPath}/logs?limit=-1`, 400, /limit: "-1" is not a whole number/],
      [`${appPath}/revisions?limit=1e3`, 400, /is not a whole number/],
    ];
    for (const [path, status, message] of cases) {
      const answer = await asViewer(path);
      expect([path.slice(0, 80), answer.status]).toEqual([path.slice(0, 80), status]);
      expect((JSON.parse(answer.text) as { message: string }).message).toMatch(message);
      expect(answer.text).not.toContain(long);
    }
    // A huge limit is capped: every revision, every line kept.
    const huge = await asViewer(`${appPath}/revisions?limit=4294967295`);
    expect(huge.status).toBe(200);
    expect((JSON.parse(huge.text) as { revisions: unknown[] }).revisions.length).toBe(3);
    const hugeLogs = await asViewer(`${appPath}/logs?limit=4294967295`);
    expect(hugeLogs.status).toBe(200);
    // Beyond the field's range: refused, not wrapped around.
    expect((await asViewer(`${appPath}/logs?limit=99999999999999`)).status).toBe(400);
  });
});

describe.each(TEST_DATABASES)('migration 0018_app_revisions on %s', (database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(database);
  });
  afterAll(async () => {
    await handle?.close();
  });

  test('an app deployed before it gets its current revision as the first row of its history', async () => {
    const { db } = handle;
    // The schema as it was before the migration, with one app at revision 4.
    await db.schema.dropTable('app_revisions').execute();
    await db.schema.dropIndex('executions_by_workflow_version').execute();
    await sql`delete from kysely_migration where name in ('0018_app_revisions', '0019_executions_by_workflow_version')`.execute(
      db,
    );
    const spec = {
      id: { name: 'old-app', project: 'p1', domain: 'staging', org: '' },
      image: { name: 'web', registry: 'registry.local:5000', tag: 'abc123' },
      port: 8080,
      args: ['python', 'app.py'],
      env: { TOKEN_LIKE: ENV_VALUE, MODE: 'x' },
      secrets: [{ key: 'DB_PASSWORD', env_var: 'DB' }],
      replicas: 2,
    };
    await db
      .insertInto('apps')
      .values({
        org: '',
        project: 'p1',
        domain: 'staging',
        name: 'old-app',
        spec: JSON.stringify(spec),
        revision: 4,
        state: 'Started',
        message: 'Service is ready',
        updated_at: 1_700_000_000_000,
      })
      .execute();
    expect(await migrateToLatest(db, handle.dialect)).toEqual([
      '0018_app_revisions',
      '0019_executions_by_workflow_version',
    ]);
    const rows = await db.selectFrom('app_revisions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'old-app',
      project: 'p1',
      domain: 'staging',
      revision: 4,
      state: 'Started',
      message: 'Service is ready',
      deployed_by: '',
    });
    expect(Number(rows[0]?.deployed_at)).toBe(1_700_000_000_000);
    expect(JSON.parse(rows[0]?.spec ?? '{}')).toEqual({
      image: 'registry.local:5000/web:abc123',
      args: ['python', 'app.py'],
      port: 8080,
      replicas: 2,
      env_names: ['MODE', 'TOKEN_LIKE'],
      secret_names: ['DB_PASSWORD'],
    });
    expect(rows[0]?.spec).not.toContain(ENV_VALUE);
  });
});
