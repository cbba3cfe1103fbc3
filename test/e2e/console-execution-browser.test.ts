import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../scripts/main-job.js';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import type { TaskSpec, WorkflowSpec } from '../../src/api/types.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask } from '../helpers/specs.js';

// The execution page in headless Chromium, driven by role and label: the timeline of attempts
// (a retry, a cache hit), typed inputs and outputs (a struct as a tree, a folded list, a blob's
// download), the failing node's stderr, a running node's log followed live, the log download;
// and the log follow stream refusing what it must. Writes the README's screenshots.

const required = process.env.ORCH_TEST_BROWSER === 'required';
const available = existsSync(CHROMIUM);
if (!available && !required) {
  console.warn(
    `console-execution-browser: skipped, ${CHROMIUM} is not installed (set ORCH_TEST_BROWSER=required to fail instead)`,
  );
}
const maybe = available || required ? describe : describe.skip;
const scope = { project: 'default', domain: 'development' };
const VIEWPORT = { width: 1280, height: 1000 };

/** A script reading the task's inputs as `i`, with `fs` and `out(o)` writing its outputs. */
const script = (body: string) =>
  "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
  `const out=(o)=>fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify(o));${body}`;

/** Waits (in the task) for the file `name` in the input folder, then runs `then`. */
const whenFile = (name: string, then: string) =>
  `const t${name}=setInterval(()=>{if(fs.existsSync(i.dir+'/${name}')){clearInterval(t${name});${then}}},20);`;

function task(name: string, body: string, inputs: Record<string, string>, outputs: Record<string, string>) {
  const spec = nodeTask(name, 'v1', script(body), inputs, outputs);
  return spec;
}

const vars = (types: Record<string, string>) => ({
  variables: Object.fromEntries(
    Object.entries(types).map(([k, t]) => [k, { type: parseType(t), description: '' }]),
  ),
});
const fromStart = (...names: string[]) =>
  names.map((n) => ({ var: n, binding: { promise: { node_id: 'start-node', var: n } } }));

maybe('the execution page in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let base: string;
  let dir: string;
  const problems: string[] = [];
  const blobBytes = Buffer.from('a file handed to the workflow\n');
  let blobUrl = '';

  const newPage = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: VIEWPORT, acceptDownloads: true });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    return page;
  };
  const pageOf = (name: string) => `${base}/console/projects/default/domains/development/executions/${name}`;
  const register = async (name: string, tasks: [string, TaskSpec][], wf: WorkflowSpec) => {
    for (const [taskName, spec] of tasks) await server.client.createTask(idOf('TASK', taskName, 'v1'), spec);
    await server.client.createWorkflow(idOf('WORKFLOW', name, 'v1'), wf);
    await server.client.createLaunchPlan(
      idOf('LAUNCH_PLAN', name, 'v1'),
      launchPlanOf(idOf('WORKFLOW', name, 'v1')),
    );
  };
  const launch = (
    plan: string,
    name: string,
    inputs: Record<string, unknown>,
    types: Record<string, string>,
  ) =>
    server.client.createExecution({
      ...scope,
      name,
      spec: { launch_plan: idOf('LAUNCH_PLAN', plan, 'v1') },
      inputs: literalMapFromJson(inputs, vars(types)),
    });

  const PAGE_INPUTS = { dir: 'string', tag: 'string', x: 'integer', s: 'struct', l: '[integer]', b: 'blob' };

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_BROWSER=required but ${CHROMIUM} is not installed`);
    server = await startTestServer();
    base = server.addresses.httpEndpoint;
    dir = await mkdtemp(join(tmpdir(), 'orch-page-'));
    const location = await server.client.createUploadLocation({
      ...scope,
      filename: 'handed.txt',
      content_md5: createHash('md5').update(blobBytes).digest(),
    });
    const put = await fetch(location.signed_url, {
      method: 'PUT',
      body: blobBytes,
      headers: location.headers,
    });
    expect(put.status).toBe(200);
    await put.arrayBuffer();
    blobUrl = location.native_url;

    // p.wf: a node that fails its first attempt and is retried, a cached node, a struct passed through.
    const flaky = task(
      'p.flaky',
      "const m=i.dir+'/flaky-'+i.tag;if(!fs.existsSync(m)){fs.writeFileSync(m,'');console.error('first try fails');process.exit(3)}" +
        "console.log('second try works');out({o0:1})",
      { dir: 'string', tag: 'string' },
      { o0: 'integer' },
    );
    const flakyTemplate = flaky.template as NonNullable<TaskSpec['template']>;
    flakyTemplate.metadata = { ...flakyTemplate.metadata, retries: { retries: 1 } };
    const cached = task(
      'p.cached',
      "console.log('adding one');out({o0:i.x+1})",
      { x: 'integer' },
      { o0: 'integer' },
    );
    const cachedTemplate = cached.template as NonNullable<TaskSpec['template']>;
    cachedTemplate.metadata = { ...cachedTemplate.metadata, cache: true, cache_version: '1' };
    const echo = task('p.echo', 'out({s:i.s})', { s: 'struct' }, { s: 'struct' });
    await register(
      'p.wf',
      [
        ['p.flaky', flaky],
        ['p.cached', cached],
        ['p.echo', echo],
      ],
      {
        template: {
          id: idOf('WORKFLOW', 'p.wf', 'v1'),
          interface: {
            inputs: vars(PAGE_INPUTS),
            outputs: vars({ sum: 'integer', s: 'struct', ok: 'integer' }),
          },
          nodes: [
            {
              id: 'flaky',
              task_node: { reference_id: idOf('TASK', 'p.flaky', 'v1') },
              inputs: fromStart('dir', 'tag'),
            },
            {
              id: 'cached',
              task_node: { reference_id: idOf('TASK', 'p.cached', 'v1') },
              inputs: fromStart('x'),
            },
            { id: 'echo', task_node: { reference_id: idOf('TASK', 'p.echo', 'v1') }, inputs: fromStart('s') },
          ],
          outputs: [
            { var: 'sum', binding: { promise: { node_id: 'cached', var: 'o0' } } },
            { var: 's', binding: { promise: { node_id: 'echo', var: 's' } } },
            { var: 'ok', binding: { promise: { node_id: 'flaky', var: 'o0' } } },
          ],
        },
      },
    );
    const oneNode = (name: string, taskName: string, inputs: Record<string, string>): WorkflowSpec => ({
      template: {
        id: idOf('WORKFLOW', name, 'v1'),
        interface: { inputs: vars(inputs), outputs: vars({ o0: 'integer' }) },
        nodes: [
          {
            id: 'n0',
            task_node: { reference_id: idOf('TASK', taskName, 'v1') },
            inputs: fromStart(...Object.keys(inputs)),
          },
        ],
        outputs: [{ var: 'o0', binding: { promise: { node_id: 'n0', var: 'o0' } } }],
      },
    });
    await register(
      'p.bad',
      [
        [
          'p.bad.task',
          task(
            'p.bad.task',
            "console.error('boom: the answer was wrong');process.exit(1)",
            { x: 'integer' },
            { o0: 'integer' },
          ),
        ],
      ],
      oneNode('p.bad', 'p.bad.task', { x: 'integer' }),
    );
    await register(
      'p.live',
      [
        [
          'p.live.task',
          task(
            'p.live.task',
            `console.log('line one');${whenFile('go', `console.log('line two');${whenFile('go2', 'out({o0:2})')}`)}`,
            { dir: 'string' },
            { o0: 'integer' },
          ),
        ],
      ],
      oneNode('p.live', 'p.live.task', { dir: 'string' }),
    );
    const pageInputs = (tag: string) => ({
      dir,
      tag,
      x: 2,
      s: { a: { b: [1, 2] }, name: 'orch' },
      l: [1, 2, 3],
      b: blobUrl,
    });
    await waitForExecution(server.client, await launch('p.wf', 'page-one', pageInputs('a'), PAGE_INPUTS));
    await waitForExecution(server.client, await launch('p.wf', 'page-two', pageInputs('b'), PAGE_INPUTS));
    await waitForExecution(server.client, await launch('p.bad', 'bad-one', { x: 1 }, { x: 'integer' }));
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the timeline shows each attempt, the retry and the cache hit, and links to the node rows', async () => {
    const page = await newPage();
    await page.goto(pageOf('page-two'));
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.waitFor();
    const row = (name: RegExp) => timeline.getByRole('listitem', { name });
    expect(
      await row(
        /^flaky: queued \d+\.\d\ds, attempt 1 FAILED \d+\.\d\ds, attempt 2 SUCCEEDED \d+\.\d\ds$/,
      ).count(),
    ).toBe(1);
    expect(await row(/^cached: cache hit \d+\.\d\ds$/).count()).toBe(1);
    expect(await row(/^echo: queued \d+\.\d\ds, attempt 1 SUCCEEDED \d+\.\d\ds$/).count()).toBe(1);
    expect(await row(/^execution: queued \d+\.\d\ds, SUCCEEDED \d+\.\d\ds$/).count()).toBe(1);
    // execution: queued and running; flaky: queued and two attempts; cached: its hit; echo: queued, one attempt.
    expect(await timeline.locator('rect.bar').count()).toBe(8);
    // A timeline row and a graph node lead to the node's row in the nodes table.
    await timeline.getByRole('link', { name: 'flaky' }).click();
    await page.waitForURL(/#node-flaky$/);
    const nodes = page.getByRole('table', { name: 'Nodes' });
    expect(await nodes.locator('tr:target td').first().textContent()).toBe('flaky');
    const graphLinks = await page.$$eval('.graph a', (as) =>
      as.map((a) => a.getAttribute('xlink:href') ?? a.getAttribute('href')),
    );
    expect(graphLinks.sort()).toEqual(['#node-cached', '#node-echo', '#node-flaky']);
    // The header: who launched it, and from which launch plan.
    const summary = page.getByRole('table', { name: 'Summary' });
    expect(await summary.locator('#principal').textContent()).toBe('localhost');
    expect(await summary.getByRole('link', { name: 'p.wf' }).getAttribute('href')).toBe(
      '/console/projects/default/domains/development/launch_plans/p.wf',
    );
    await mkdir(join(ROOT, 'docs', 'images'), { recursive: true });
    await page.goto(pageOf('page-two'));
    await page.screenshot({ path: join(ROOT, 'docs', 'images', 'console-execution.png') });
    const launchPage = await newPage();
    await launchPage.goto(`${base}/console/projects/default/domains/development/launch_plans/p.wf/v1/launch`);
    await launchPage.getByRole('button', { name: 'Launch' }).waitFor();
    await launchPage.screenshot({
      path: join(ROOT, 'docs', 'images', 'console-launch.png'),
      clip: { x: 0, y: 0, width: VIEWPORT.width, height: 420 },
    });
    expect(problems).toEqual([]);
  }, 60_000);

  test('inputs and outputs are shown by type: a struct as a tree, a folded list, a blob to download', async () => {
    const page = await newPage();
    await page.goto(pageOf('page-two'));
    const inputs = page.getByLabel('Inputs', { exact: true });
    const value = (name: string) =>
      inputs.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('+ dd');
    expect(await value('x').textContent()).toMatch(/^2\s+integer\s*$/);
    expect(await value('tag').textContent()).toMatch(/^b\s+string\s*$/);
    // The struct: a tree of nested lists, open.
    const struct = value('s');
    expect(await struct.locator('summary').first().textContent()).toBe('struct (2 fields)');
    expect(await struct.getByText('orch', { exact: true }).isVisible()).toBe(true);
    expect(await struct.locator('summary', { hasText: 'array (2 items)' }).isVisible()).toBe(true);
    // The list: folded behind its count until opened.
    const list = value('l');
    expect(await list.locator('summary').textContent()).toBe('list of 3');
    expect(await list.locator('li').first().isVisible()).toBe(false);
    await list.locator('summary').click();
    expect(await list.locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^0: 1\s+integer\s*$/),
      expect.stringMatching(/^1: 2\s+integer\s*$/),
      expect.stringMatching(/^2: 3\s+integer\s*$/),
    ]);
    // The blob: a signed download link of the admin.
    const blob = value('b').getByRole('link', { name: blobUrl });
    const [download] = await Promise.all([page.waitForEvent('download'), blob.click()]);
    expect(await readFile((await download.path()) ?? '')).toEqual(blobBytes);
    const outputs = page.getByLabel('Outputs', { exact: true });
    expect(await outputs.locator('dt', { hasText: /^sum$/ }).locator('+ dd').textContent()).toMatch(
      /^3\s+integer/,
    );
    expect(await outputs.locator('summary').first().textContent()).toBe('struct (2 fields)');
    expect(problems).toEqual([]);
  }, 60_000);

  test("a failed execution shows its error with the end of the failing node's stderr", async () => {
    const page = await newPage();
    await page.goto(pageOf('bad-one'));
    expect(await page.textContent('#error')).toMatch(/exit/i);
    const stderr = page.getByLabel('stderr of the failing node n0');
    expect(await stderr.textContent()).toBe('boom: the answer was wrong');
  });

  test('a running node prints lines and the page shows them without a reload; the log downloads', async () => {
    const { name } = await launch('p.live', 'live-one', { dir }, { dir: 'string' });
    const page = await newPage();
    await page.goto(pageOf(name));
    // A mark on the document: still there at the end, so the page was never reloaded.
    await page.evaluate('window.sameDocument = true');
    const stdout = page.getByLabel('n0 attempt 1 stdout');
    await stdout.filter({ hasText: 'line one' }).waitFor({ timeout: 20_000 });
    const goAt = Date.now();
    await writeFile(join(dir, 'go'), '');
    await stdout.filter({ hasText: 'line two' }).waitFor({ timeout: 20_000 });
    // Each line with the time it was printed: line one before the task was let go on, line two after.
    const lines = async () => {
      const stamps = await stdout
        .locator('time')
        .evaluateAll((ts) =>
          ts.map((t) => [t.getAttribute('datetime'), t.textContent, t.nextSibling?.textContent]),
        );
      return stamps.map(([iso, shown, text]) => ({ at: Date.parse(iso ?? ''), shown, text }));
    };
    const live = await lines();
    expect(live.map((l) => l.text)).toEqual(['line one\n', 'line two\n']);
    expect(live[0]?.at).toBeLessThanOrEqual(goAt);
    expect(live[1]?.at).toBeGreaterThanOrEqual(goAt);
    for (const l of live) expect(l.shown).toBe(new Date(l.at).toISOString().slice(11, 23));
    expect((await stdout.textContent())?.replace(/\d\d:\d\d:\d\d\.\d{3}/g, '')).toBe('line one\nline two\n');
    await writeFile(join(dir, 'go2'), '');
    await page.locator('#phase', { hasText: /^SUCCEEDED$/ }).waitFor({ timeout: 20_000 });
    await page.locator('#outputs').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await page.evaluate('window.sameDocument')).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the log of n0' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('n0.log');
    expect(await readFile((await download.path()) ?? '', 'utf8')).toMatch(
      /=== attempt 1 stdout \(SUCCEEDED\) ===\nline one\nline two\n/,
    );
    // Once stored, the page shows the same times; the other download keeps them in the text.
    await page.reload();
    expect(await lines()).toEqual(live);
    await page.locator('#log-n0 summary').click();
    const [timed] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'with timestamps' }).click(),
    ]);
    const iso = (l: { at: number }) => new Date(l.at).toISOString();
    expect(await readFile((await timed.path()) ?? '', 'utf8')).toContain(
      `=== attempt 1 stdout (SUCCEEDED) ===\n${iso(live[0] ?? { at: 0 })} line one\n${iso(live[1] ?? { at: 0 })} line two\n`,
    );
    expect(problems).toEqual([]);
  }, 60_000);

  test('the log follow stream refuses bad credentials, another origin and names that do not exist', async () => {
    const follow = (name: string, node: string) => `${pageOf(name)}/nodes/${node}/log/follow`;
    const ok = await fetch(follow('page-two', 'flaky'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await ok.text();
    expect(text).toContain('"stream":"stderr","text":"first try fails\\n"');
    expect(text).toMatch(/event: end\n/);

    const bad = await fetch(follow('page-two', 'flaky'), {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.status).toBe(401);
    await bad.arrayBuffer();
    const foreign = await fetch(follow('page-two', 'flaky'), {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect([401, 403]).toContain(foreign.status);
    expect(foreign.headers.get('content-type')).not.toMatch(/event-stream/);
    await foreign.arrayBuffer();
    for (const [name, node] of [
      ['no-such-execution', 'flaky'],
      ['page-two', 'no-such-node'],
      ['page-two', '..%2F..%2Fsecrets'],
      ['page-two', 'start-node'],
    ] as const) {
      const res = await fetch(follow(name, node));
      expect([name, node, res.status]).toEqual([name, node, 404]);
      await res.arrayBuffer();
    }
  });
});
