import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { mintApiKey, startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// The console's actions on an execution (terminate, relaunch): POST forms through the same handlers
// and role checks as the API, refused when cross-site or without the console token.

const scope = { project: 'default', domain: 'development' };
const PAGE = '/console/projects/default/domains/development/executions';
const inputs = literalMapFromJson({ x: 7 }, { variables: { x: { type: parseType('integer') } } });

let server: TestServer;
let base: string;
let viewerToken: string;
let contributorToken: string;

/** A bearer token of a new API key with `role`, minted as a client would. */
async function tokenOf(role: 'VIEWER' | 'CONTRIBUTOR'): Promise<string> {
  const minted = await mintApiKey(server, `console-${role.toLowerCase()}`, role);
  const grant = await fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${minted.clientId}:${minted.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await grant.json()) as { access_token: string }).access_token;
}

/** The execution page as a browser gets it: its console cookie and the token its forms carry. */
async function openPage(name: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${PAGE}/${name}`, { headers });
  const text = await res.text();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1] ?? '';
  return { res, text, cookie, csrf };
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

/** A running execution (its task sleeps until terminated). */
async function sleeper(name: string) {
  return server.client.createExecution({
    ...scope,
    name,
    spec: { launch_plan: idOf('LAUNCH_PLAN', 'act.sleep', 'v1') },
    inputs,
  });
}
const phaseOf = async (name: string) =>
  String((await server.client.getExecution({ ...scope, name })).closure?.phase);

beforeAll(async () => {
  server = await startTestServer('sqlite');
  base = server.addresses.httpEndpoint;
  const task = idOf('TASK', 'act.task', 'v1');
  await server.client.createTask(
    task,
    nodeTask('act.task', 'v1', 'setTimeout(() => {}, 600000)', { x: 'integer' }, { o0: 'integer' }),
  );
  const wf = idOf('WORKFLOW', 'act.sleep', 'v1');
  await server.client.createWorkflow(wf, oneNodeWorkflow('act.sleep', 'v1', task));
  await server.client.createLaunchPlan(idOf('LAUNCH_PLAN', 'act.sleep', 'v1'), launchPlanOf(wf));
  viewerToken = await tokenOf('VIEWER');
  contributorToken = await tokenOf('CONTRIBUTOR');
});
afterAll(async () => {
  await server.stop();
});

describe('console actions', () => {
  test('terminate with a reason goes through TerminateExecution and redirects to the page', async () => {
    await sleeper('to-stop');
    const page = await openPage('to-stop');
    expect(page.text).toContain('<button type="submit">Terminate</button>');
    expect(page.res.headers.get('set-cookie')).toMatch(
      /orch_console_csrf=[^;]+; Path=\/console; HttpOnly; SameSite=Strict/,
    );
    const res = await post(
      `${PAGE}/to-stop/terminate`,
      `csrf=${page.csrf}&cause=${encodeURIComponent('not needed <now>')}`,
      {
        cookie: page.cookie,
        origin: base,
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PAGE}/to-stop`);
    const done = await waitForExecution(server.client, { ...scope, name: 'to-stop' });
    expect(done.closure?.phase).toBe('ABORTED');
    const after = await openPage('to-stop');
    expect(after.text).toContain('not needed &lt;now&gt;');
    // A finished execution offers no terminate button, but still relaunch.
    expect(after.text).not.toContain('>Terminate</button>');
    expect(after.text).toContain('Relaunch with the same inputs');
  });

  test('relaunch creates a new execution with the same inputs and redirects to it', async () => {
    const page = await openPage('to-stop');
    const res = await post(`${PAGE}/to-stop/relaunch`, `csrf=${page.csrf}`, { cookie: page.cookie });
    expect(res.status).toBe(303);
    const name = /\/executions\/([a-z][a-z0-9]{19})$/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    expect(name).not.toBe('');
    const data = await server.client.getExecutionData({ ...scope, name });
    expect(JSON.stringify(data.full_inputs)).toContain('"7"');
    const relaunched = await server.client.getExecution({ ...scope, name });
    expect(relaunched.spec?.metadata?.mode).toBe('RELAUNCH');
    await server.client.terminateExecution({ ...scope, name }, 'test over');
  });

  test('a viewer sees no action and is refused 403 with no effect; a contributor may act', async () => {
    await sleeper('viewer-target');
    const viewer = await openPage('viewer-target', { authorization: `Bearer ${viewerToken}` });
    expect(viewer.res.status).toBe(200);
    expect(viewer.text).not.toContain('<form method="post"');
    // With a valid console token, the role alone refuses.
    const token = viewer.cookie.replace(/^orch_console_csrf=/, '');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const refused = await post(`${PAGE}/viewer-target/terminate`, `csrf=${token}`, {
      cookie: viewer.cookie,
      authorization: `Bearer ${viewerToken}`,
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/lacks permission/);
    expect(await phaseOf('viewer-target')).not.toBe('ABORTED');

    const contributor = await openPage('viewer-target', { authorization: `Bearer ${contributorToken}` });
    expect(contributor.text).toContain('>Terminate</button>');
    const ok = await post(`${PAGE}/viewer-target/terminate`, `csrf=${contributor.csrf}`, {
      cookie: contributor.cookie,
      authorization: `Bearer ${contributorToken}`,
    });
    expect(ok.status).toBe(303);
    expect((await waitForExecution(server.client, { ...scope, name: 'viewer-target' })).closure?.phase).toBe(
      'ABORTED',
    );
  });

  test('forged posts are refused 403 and change nothing', async () => {
    await sleeper('forged-target');
    const page = await openPage('forged-target');
    const path = `${PAGE}/forged-target/terminate`;
    const cases: [string, string, Record<string, string>, RegExp][] = [
      ['no token', '', { cookie: page.cookie }, /no valid console token/],
      ['wrong token', `csrf=${'A'.repeat(43)}`, { cookie: page.cookie }, /no valid console token/],
      ['no cookie', `csrf=${page.csrf}`, {}, /no valid console token/],
      [
        'foreign Origin',
        `csrf=${page.csrf}`,
        { cookie: page.cookie, origin: 'https://evil.example' },
        /another origin/,
      ],
      ['Origin null', `csrf=${page.csrf}`, { cookie: page.cookie, origin: 'null' }, /another origin/],
      [
        'cross-site fetch',
        `csrf=${page.csrf}`,
        { cookie: page.cookie, 'sec-fetch-site': 'cross-site' },
        /cross-site/,
      ],
    ];
    for (const [label, body, headers, reason] of cases) {
      const res = await post(path, body, headers);
      expect([label, res.status]).toEqual([label, 403]);
      expect([label, await res.text()]).toEqual([label, expect.stringMatching(reason)]);
    }
    // A foreign Host (DNS rebinding); fetch does not let a caller set Host, node:http does.
    const { port } = new URL(base);
    const rebound = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: {
            host: `evil.example:${port}`,
            cookie: page.cookie,
            'content-type': 'application/x-www-form-urlencoded',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(`csrf=${page.csrf}`);
    });
    expect(rebound.status).toBe(403);
    expect(rebound.text).toMatch(/another host/);
    expect(await phaseOf('forged-target')).not.toBe('ABORTED');
  });

  test('a huge body is 413, wrong types 400, and neither acts', async () => {
    const page = await openPage('forged-target');
    const huge = await post(
      `${PAGE}/forged-target/terminate`,
      `csrf=${page.csrf}&cause=${'a'.repeat(200_000)}`,
      {
        cookie: page.cookie,
      },
    );
    expect(huge.status).toBe(413);
    const twice = await post(`${PAGE}/forged-target/terminate`, `csrf=${page.csrf}&cause=a&cause=b`, {
      cookie: page.cookie,
    });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toMatch(/cause must be sent once, as text/);
    const tokenTwice = await post(`${PAGE}/forged-target/terminate`, `csrf=${page.csrf}&csrf=${page.csrf}`, {
      cookie: page.cookie,
    });
    expect(tokenTwice.status).toBe(400);
    const json = await post(`${PAGE}/forged-target/terminate`, JSON.stringify({ csrf: page.csrf }), {
      cookie: page.cookie,
      'content-type': 'application/json',
    });
    expect(json.status).toBe(403);
    const long = await post(
      `${PAGE}/forged-target/terminate`,
      `csrf=${page.csrf}&cause=${'a'.repeat(2000)}`,
      {
        cookie: page.cookie,
      },
    );
    expect(long.status).toBe(400);
    expect(await phaseOf('forged-target')).not.toBe('ABORTED');
    await server.client.terminateExecution({ ...scope, name: 'forged-target' }, 'test over');
  });
});
