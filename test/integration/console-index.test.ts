import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { ADD_ONE_SCRIPT, idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// Every prefix of an execution's console URL is a page linking to its children, and a path nothing
// serves answers the console's 404 page; served by a real admin server.

const HOSTILE = `<script>alert("x")</script>&'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;';
const DOMAIN = '/console/projects/default/domains/development';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer('sqlite');
  base = server.addresses.httpEndpoint;
  await server.client.registerProject({ id: 'evil', name: HOSTILE, description: HOSTILE } as never);
  const task = idOf('TASK', 'idx.add_one', 'v1');
  await server.client.createTask(
    task,
    nodeTask('idx.add_one', 'v1', ADD_ONE_SCRIPT, { x: 'integer' }, { o0: 'integer' }),
  );
  const wf = idOf('WORKFLOW', 'idx.wf', 'v1');
  await server.client.createWorkflow(wf, oneNodeWorkflow('idx.wf', 'v1', task));
  const lp = idOf('LAUNCH_PLAN', 'idx.nightly', 'v1');
  await server.client.createLaunchPlan(lp, launchPlanOf(wf));
  const id = await server.client.createExecution({
    project: 'default',
    domain: 'development',
    name: 'idx-run',
    spec: { launch_plan: lp },
    inputs: literalMapFromJson({ x: 1 }, { variables: { x: { type: parseType('integer') } } }),
  });
  await waitForExecution(server.client, id);
});
afterAll(async () => {
  await server.stop();
});

const get = async (path: string, at = base) => {
  const res = await fetch(`${at}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { res, text: await res.text() };
};

/** The hrefs of a page's links. */
const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);

describe('the console index pages', () => {
  test('/console/projects lists every project as a link, its name escaped', async () => {
    const { res, text } = await get('/console/projects');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(hrefs(text)).toEqual(
      expect.arrayContaining(['/console/projects/default', '/console/projects/evil']),
    );
    expect(text).toContain(ESCAPED);
    expect(text).not.toContain('<script>alert');
    expect(text).toContain('<link rel="stylesheet" href="/console/assets/console.css">');
  });

  test('a project page links to its domains page and each domain page', async () => {
    const { res, text } = await get('/console/projects/default');
    expect(res.status).toBe(200);
    expect(hrefs(text)).toEqual(expect.arrayContaining(['/console/projects/default/domains', DOMAIN]));
  });

  test('/console/projects/<p>/domains lists the domains as links', async () => {
    const { res, text } = await get('/console/projects/default/domains');
    expect(res.status).toBe(200);
    expect(hrefs(text)).toEqual(
      expect.arrayContaining([
        DOMAIN,
        '/console/projects/default/domains/staging',
        '/console/projects/default/domains/production',
        '/console/projects/default',
      ]),
    );
    const evil = await get('/console/projects/evil/domains');
    expect(evil.res.status).toBe(200);
    expect(hrefs(evil.text)).toContain('/console/projects/evil/domains/development');
  });

  test('a domain page links to its executions list, workflows and launch plans', async () => {
    const { res, text } = await get(DOMAIN);
    expect(res.status).toBe(200);
    expect(hrefs(text)).toEqual(
      expect.arrayContaining([
        `${DOMAIN}/executions`,
        `${DOMAIN}/workflows/idx.wf`,
        `${DOMAIN}/launch_plans/idx.nightly`,
        '/console/projects/default/domains',
      ]),
    );
    // Each link leads to a page, down to the execution.
    for (const href of [
      `${DOMAIN}/executions`,
      `${DOMAIN}/workflows/idx.wf`,
      `${DOMAIN}/launch_plans/idx.nightly`,
    ])
      expect((await get(href)).res.status).toBe(200);
    expect(hrefs((await get(`${DOMAIN}/executions`)).text)).toContain(`${DOMAIN}/executions/idx-run`);
    const empty = await get('/console/projects/default/domains/production');
    expect(empty.res.status).toBe(200);
    expect(empty.text).toContain('No workflows registered.');
  });

  test('the execution page links up to its domain page', async () => {
    const { text } = await get(`${DOMAIN}/executions/idx-run`);
    expect(hrefs(text)).toContain(DOMAIN);
  });

  test('a missing project or domain is the 404 page, the name escaped', async () => {
    const project = await get('/console/projects/nope/domains');
    expect(project.res.status).toBe(404);
    expect(project.text).toContain('project nope does not exist');
    const domain = await get(`/console/projects/default/domains/${encodeURIComponent(HOSTILE)}`);
    expect(domain.res.status).toBe(404);
    expect(domain.text).toContain(`domain ${ESCAPED} does not exist`);
    expect(domain.text).not.toContain('<script>alert');
  });
});

describe('paths nothing serves', () => {
  test('an unknown console path and an unknown path are the styled 404 page, linking back to /console', async () => {
    for (const path of [
      '/console/nowhere',
      '/console/projects/default/domains/development/elsewhere',
      '/nowhere',
    ]) {
      const { res, text } = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(text).not.toContain('Cannot GET');
      expect(text).toContain('<h1>Not found</h1>');
      expect(text).toContain('<a href="/console">Back to the console</a>');
      expect(text).toContain('href="/console/assets/console.css"');
    }
    const posted = await fetch(`${base}/nowhere`, { method: 'POST', signal: AbortSignal.timeout(10_000) });
    expect(posted.status).toBe(404);
    expect(await posted.text()).toContain('<h1>Not found</h1>');
  });

  test('an unknown API path still answers JSON', async () => {
    const res = await fetch(`${base}/api/v1/nowhere`, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 5 });
  });
});

describe('without loopback access', () => {
  test('the index pages need credentials like every console page; the 404 page and its stylesheet do not', async () => {
    const locked = await startTestServer('sqlite', {
      flags: { 'sharedservice.security.allowLocalhostAccess': 'false' },
    });
    try {
      const at = locked.addresses.httpEndpoint;
      for (const path of ['/console/projects', '/console/projects/default/domains', `${DOMAIN}`])
        expect((await get(path, at)).res.status).toBe(401);
      expect((await get('/nowhere', at)).res.status).toBe(404);
      const css = await get('/console/assets/console.css', at);
      expect(css.res.status).toBe(200);
      expect(css.res.headers.get('content-type')).toMatch(/^text\/css/);
    } finally {
      await locked.stop();
    }
  });
});
