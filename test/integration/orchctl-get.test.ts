import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { fromDot } from 'ts-graphviz';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import type { AdminClient } from '../../src/client/admin-client.js';
import { formatTable } from '../../src/ctl/printers.js';
import { runOrchctl } from '../../src/ctl/program.js';
import { compileWorkflowFile, loadWorkflowFile, registerEntities } from '../../src/registration/index.js';
import { captureIO } from '../helpers/io.js';
import { mintApiKey, startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';

/**
 * `orchctl get` and `orchctl version` in-process against a real admin server. Goldens live in
 * test/fixtures/golden/orchctl-get/; regenerate them with
 *   UPDATE_GOLDEN=1 NODE_OPTIONS=--experimental-vm-modules npx jest test/integration/orchctl-get.test.ts
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GOLDEN_DIR = join(ROOT, 'test', 'fixtures', 'golden', 'orchctl-get');
const EXAMPLE = join(ROOT, 'examples', 'add-one', 'wf.yaml');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** A second workflow file: a fan-out/fan-in workflow, a failing one, and a scheduled launch plan. */
const PIPELINE_YAML = `
tasks:
  double:
    command: [node, -e, "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({y:i.x*2}))"]
    inputs: { x: integer }
    outputs: { y: integer }
  sum:
    command: [node, -e, "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({total:i.a+i.b}))"]
    inputs: { a: integer, b: integer }
    outputs: { total: integer }
  boom:
    command: [node, -e, "process.stderr.write('boom: no luck');process.exit(3)"]
    inputs: { x: integer }
    outputs: { y: integer }
workflows:
  fan:
    inputs: { x: integer }
    nodes:
      - { id: left, task: double, inputs: { x: "{{ inputs.x }}" } }
      - { id: right, task: double, inputs: { x: "{{ inputs.x }}" } }
      - { id: join, task: sum, inputs: { a: "{{ left.y }}", b: "{{ right.y }}" } }
    outputs: { total: "{{ join.total }}" }
  explode:
    inputs: { x: integer }
    nodes:
      - { id: n0, task: boom, inputs: { x: "{{ inputs.x }}" } }
    outputs: { y: "{{ n0.y }}" }
launch_plans:
  fan_nightly: { workflow: fan, fixed_inputs: { x: 1 }, schedule: { cron: "0 3 * * *" } }
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers a workflow file under `version`, a few milliseconds apart, so created_at orders them. */
async function register(client: AdminClient, file: string, version: string, domain = 'development') {
  const loaded = await loadWorkflowFile(file);
  const entities = compileWorkflowFile(loaded, { project: 'default', domain }, version);
  const spaced = {
    createTask: async (...args: Parameters<AdminClient['createTask']>) => {
      await sleep(3);
      return client.createTask(...args);
    },
    createWorkflow: async (...args: Parameters<AdminClient['createWorkflow']>) => {
      await sleep(3);
      return client.createWorkflow(...args);
    },
    createLaunchPlan: async (...args: Parameters<AdminClient['createLaunchPlan']>) => {
      await sleep(3);
      return client.createLaunchPlan(...args);
    },
  };
  await registerEntities(spaced, entities);
  await sleep(3);
}

const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/**
 * A table with what changes from run to run replaced: cells are cut at the columns' header positions
 * (which only works when the printer aligned them), times become <TIME>, the DURATION column
 * <DURATION>, and the table is laid out again.
 */
function normaliseTable(text: string): string {
  const [header = '', ...rows] = text.replace(/\n$/, '').split('\n');
  const starts = [...header.matchAll(/(?:^| {2})(\S)/g)].map((m) => (m.index ?? 0) + m[0].length - 1);
  const cut = (line: string) => starts.map((start, i) => line.slice(start, starts[i + 1]).trim());
  const headers = cut(header);
  const cells = rows.map((row) =>
    cut(row).map((cell, i) =>
      headers[i] === 'DURATION' && cell ? '<DURATION>' : cell.replace(TIME, '<TIME>'),
    ),
  );
  return formatTable(headers, cells);
}

/** Replaces what changes from run to run: times and durations. */
function normalise(text: string, format: string): string {
  if (format === 'table') return normaliseTable(text);
  return text
    .replace(TIME, '<TIME>')
    .replace(/("duration": )"[^"]*"/g, '$1"<DURATION>"')
    .replace(/^( *duration: ).*$/gm, '$1<DURATION>');
}

let server: TestServer;
let home: string;
/** Stands for the admin connection flags in argument lists built before the server starts. */
const ADMIN = '<admin>';
const admin = [ADMIN];
let adminFlags: string[];

async function orchctl(args: string[], env: Record<string, string> = {}) {
  const io = captureIO({ home, env });
  const code = await runOrchctl(
    args.flatMap((a) => (a === ADMIN ? adminFlags : [a])),
    io,
  );
  return { code, out: io.out(), err: io.err() };
}
const scoped = (...args: string[]) => [...args, '-p', 'default', '-d', 'development', ...admin];

beforeAll(async () => {
  server = await startTestServer();
  home = await mkdtemp(join(tmpdir(), 'orchctl-get-'));
  adminFlags = ['--admin.endpoint', server.addresses.grpcEndpoint, '--admin.insecure'];
  await server.client.registerProject({ id: 'alpha', name: 'Alpha', description: 'the first project' });

  await register(server.client, EXAMPLE, 'v1');
  await register(server.client, EXAMPLE, 'v2');
  const pipeline = join(home, 'pipeline.yaml');
  await writeFile(pipeline, PIPELINE_YAML);
  await register(server.client, pipeline, 'v1');
  await server.client.updateLaunchPlan(
    {
      resource_type: 'LAUNCH_PLAN',
      project: 'default',
      domain: 'development',
      name: 'pipeline.fan_nightly',
      version: 'v1',
    },
    'ACTIVE',
  );
  for (let i = 1; i <= 5; i++) await register(server.client, EXAMPLE, `p${i}`, 'staging');

  const x = (value: number) =>
    literalMapFromJson({ x: value }, { variables: { x: { type: parseType('integer') } } });
  const launch = async (name: string, launchPlan: string, value: number) => {
    const id = await server.client.createExecution({
      project: 'default',
      domain: 'development',
      name,
      spec: {
        launch_plan: {
          resource_type: 'LAUNCH_PLAN',
          project: 'default',
          domain: 'development',
          name: launchPlan,
          version: 'v1',
        },
      },
      inputs: x(value),
    });
    await waitForExecution(server.client, id);
    await sleep(3);
  };
  await launch('ok-run', 'wf.add_one_wf', 2);
  await launch('fail-run', 'pipeline.explode', 1);
  await launch('fan-run', 'pipeline.fan', 3);
}, 60000);

afterAll(async () => {
  await server?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('goldens: every resource in every format', () => {
  const cases: [string, string[]][] = [];
  const formats = ['table', 'json', 'yaml'] as const;
  for (const format of formats) {
    cases.push([`project-one.${format}`, ['get', 'project', 'alpha', '-o', format, ...admin]]);
    cases.push([`project-list.${format}`, ['get', 'projects', '-o', format, ...admin]]);
    cases.push([`task-one.${format}`, scoped('get', 'task', 'wf.add_one', '--version', 'v1', '-o', format)]);
    cases.push([`task-list.${format}`, scoped('get', 'tasks', '-o', format)]);
    cases.push([
      `workflow-one.${format}`,
      scoped('get', 'workflow', 'pipeline.fan', '--latest', '-o', format),
    ]);
    cases.push([`workflow-list.${format}`, scoped('get', 'workflows', 'wf.add_one_wf', '-o', format)]);
    cases.push([
      `launchplan-one.${format}`,
      scoped('get', 'launchplan', 'pipeline.fan_nightly', '--version', 'v1', '-o', format),
    ]);
    cases.push([`launchplan-list.${format}`, scoped('get', 'launchplans', '-o', format)]);
    cases.push([`execution-one.${format}`, scoped('get', 'execution', 'ok-run', '-o', format)]);
    cases.push([`execution-list.${format}`, scoped('get', 'executions', '-o', format)]);
  }
  for (const format of ['dot', 'doturl'] as const) {
    cases.push([
      `workflow-one.${format}`,
      scoped('get', 'workflow', 'pipeline.fan', '--version', 'v1', '-o', format),
    ]);
    cases.push([`workflow-list.${format}`, scoped('get', 'workflows', 'wf.add_one_wf', '-o', format)]);
  }

  test.each(cases)('%s', async (name, args) => {
    const result = await orchctl(args);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const format = name.slice(name.lastIndexOf('.') + 1);
    const actual = normalise(result.out, format);
    const file = join(GOLDEN_DIR, `${name}${format === 'table' || format === 'doturl' ? '.txt' : ''}`);
    if (UPDATE) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, actual);
    }
    const expected = await readFile(file, 'utf8').catch(() => {
      throw new Error(`golden ${file} is missing; create it with UPDATE_GOLDEN=1`);
    });
    expect(actual).toBe(expected);
  });

  test('table columns are never blank for registered entities (schedule only when there is none)', async () => {
    const lp = await orchctl(scoped('get', 'launchplan', 'pipeline.fan_nightly', '--version', 'v1'));
    expect(lp.out).toMatch(
      /v1\s+pipeline\.fan_nightly\s+ACTIVE\s+0 3 \* \* \*\s+x=1 \(fixed\)\s+total: integer\s+\d{4}-/,
    );
    const task = await orchctl(scoped('get', 'task', 'wf.add_one', '--version', 'v1'));
    expect(task.out).toMatch(/v1\s+wf\.add_one\s+container\s+x: integer\s+o0: integer\s+\d{4}-\d\d-\d\dT/);
    const failed = await orchctl(scoped('get', 'execution', 'fail-run'));
    expect(failed.out).toMatch(
      /fail-run\s+pipeline\.explode\s+v1\s+FAILED\s+\S+Z\s+\S+s\s+localhost\s+error: NonZeroExit: .*boom: no luck/,
    );
  });
});

describe('selection and lists', () => {
  const versionsIn = (out: string) =>
    // One item prints as an object, more (or none) as an array, as flytectl prints them.
    ([JSON.parse(out)].flat() as { id: { version: string } }[]).map((t) => t.id.version);

  test('--latest gets the newest version by created_at, whatever --filter.asc and --filter.sortBy say', async () => {
    for (const extra of [[], ['--filter.asc'], ['--filter.sortBy', 'name', '--filter.asc']]) {
      const result = await orchctl(scoped('get', 'task', 'wf.add_one', '--latest', '-o', 'json', ...extra));
      expect(result.code).toBe(0);
      expect(JSON.parse(result.out).id.version).toBe('v2');
    }
  });

  test('--version gets that version as one JSON object', async () => {
    const result = await orchctl(scoped('get', 'workflow', 'wf.add_one_wf', '--version', 'v1', '-o', 'JSON'));
    expect(result.code).toBe(0);
    const workflow = JSON.parse(result.out);
    expect(Array.isArray(workflow)).toBe(false);
    expect(workflow.id).toMatchObject({ name: 'wf.add_one_wf', version: 'v1', resourceType: 'WORKFLOW' });
  });

  test('a name lists all its versions, newest first; --filter.asc reverses', async () => {
    const staging = (...args: string[]) => [...args, '-p', 'default', '-d', 'staging', ...admin];
    const desc = await orchctl(staging('get', 'tasks', 'wf.add_one', '-o', 'json'));
    expect(versionsIn(desc.out)).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    const asc = await orchctl(staging('get', 'tasks', 'wf.add_one', '-o', 'json', '--filter.asc'));
    expect(versionsIn(asc.out)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  test('--filter.page follows the opaque page token; --all follows it to the end', async () => {
    const page = async (...extra: string[]) => {
      const result = await orchctl([
        ...['get', 'task', 'wf.add_one', '-o', 'json', '--filter.limit', '2', ...extra],
        ...['-p', 'default', '-d', 'staging', ...admin],
      ]);
      expect(result.code).toBe(0);
      return versionsIn(result.out);
    };
    expect(await page()).toEqual(['p5', 'p4']);
    expect(await page('--filter.page', '2')).toEqual(['p3', 'p2']);
    expect(await page('--filter.page', '3')).toEqual(['p1']);
    expect(await page('--filter.page', '4')).toEqual([]);
    expect(await page('--all')).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    expect(await page('--all', '--filter.asc')).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  test('--filter.fieldSelector becomes the admin filter', async () => {
    const staging = (...args: string[]) => [...args, '-p', 'default', '-d', 'staging', ...admin];
    const one = await orchctl(staging('get', 'task', '-o', 'json', '--filter.fieldSelector', 'version=p3'));
    expect(versionsIn(one.out)).toEqual(['p3']);
    const some = await orchctl(
      staging('get', 'task', '-o', 'json', '--filter.fieldSelector', 'version in (p1;p4), name contains add'),
    );
    expect(versionsIn(some.out)).toEqual(['p4', 'p1']);
    const failed = await orchctl(
      scoped('get', 'execution', '-o', 'json', '--filter.fieldSelector', 'phase=FAILED'),
    );
    expect(([JSON.parse(failed.out)].flat() as { id: { name: string } }[]).map((e) => e.id.name)).toEqual([
      'fail-run',
    ]);
    const lp = await orchctl(scoped('get', 'launchplan', '--filter.fieldSelector', 'state=ACTIVE'));
    expect(lp.out.trim().split('\n')).toHaveLength(2);
  });

  test('executions list newest first', async () => {
    const result = await orchctl(scoped('get', 'execution', '-o', 'json'));
    const names = (JSON.parse(result.out) as { id: { name: string } }[]).map((e) => e.id.name);
    expect(names).toEqual(['fan-run', 'fail-run', 'ok-run']);
  });

  test('an empty list prints only the table header, or [] in JSON, and exits 0', async () => {
    const production = (...args: string[]) => [...args, '-p', 'default', '-d', 'production', ...admin];
    const table = await orchctl(production('get', 'tasks'));
    expect(table.code).toBe(0);
    expect(table.out).toBe('VERSION  NAME  TYPE  INPUTS  OUTPUTS  CREATED AT\n');
    const json = await orchctl(production('get', 'executions', '-o', 'json'));
    expect(json.out).toBe('[]\n');
    const yaml = await orchctl(production('get', 'workflows', '-o', 'yaml'));
    expect(yaml.out).toBe('[]\n');
  });

  test('colour only on a terminal, and never with NO_COLOR', async () => {
    const onTerminal = async (env: Record<string, string>) => {
      const io = captureIO({ home, env });
      Object.assign(io.stdout, { isTTY: true });
      const args = ['get', 'execution', 'fail-run', '-p', 'default', '-d', 'development', ...adminFlags];
      expect(await runOrchctl(args, io)).toBe(0);
      return io.out();
    };
    expect(await onTerminal({})).toContain('\u001b[31mFAILED\u001b[0m');
    expect(await onTerminal({ NO_COLOR: '1' })).not.toContain('\u001b[');
    expect((await orchctl(scoped('get', 'execution', 'fail-run'))).out).not.toContain('\u001b[');
  });

  test('plural aliases and the case of -o do not matter', async () => {
    const a = await orchctl(scoped('get', 'launchplans', '-o', 'Yaml'));
    const b = await orchctl(scoped('get', 'launchplan', '-o', 'YAML'));
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
  });
});

describe('DOT of the example workflows', () => {
  test('examples/add-one: start -> n0 -> end, parsed by ts-graphviz', async () => {
    const result = await orchctl(scoped('get', 'workflow', 'wf.add_one_wf', '--version', 'v1', '-o', 'dot'));
    expect(result.code).toBe(0);
    const graph = fromDot(result.out);
    expect(graph.directed).toBe(true);
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(['end-node', 'n0', 'start-node']);
    expect(graph.getNode('n0')?.attributes.get('label')).toBe('n0: wf.add_one [container]');
    const edges = graph.edges.map((e) => e.targets.map((t) => (t as { id: string }).id).join(' -> '));
    expect(edges.sort()).toEqual(['n0 -> end-node', 'start-node -> n0']);
  });

  test('a fan-out/fan-in workflow: edges from the compiled connections', async () => {
    const result = await orchctl(scoped('get', 'workflow', 'pipeline.fan', '--latest', '-o', 'dot'));
    const graph = fromDot(result.out);
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(['end-node', 'join', 'left', 'right', 'start-node']);
    const edges = graph.edges.map((e) => e.targets.map((t) => (t as { id: string }).id).join(' -> '));
    expect(edges.sort()).toEqual([
      'join -> end-node',
      'left -> join',
      'right -> join',
      'start-node -> left',
      'start-node -> right',
    ]);
  });

  test('a list prints one digraph per version; DOTURL one viewer URL per version', async () => {
    const dot = await orchctl(scoped('get', 'workflow', 'wf.add_one_wf', '-o', 'dot'));
    const graphs = dot.out.split(/\n(?=digraph )/);
    expect(graphs).toHaveLength(2);
    for (const text of graphs) expect(fromDot(text).nodes).toHaveLength(3);
    const urls = await orchctl(scoped('get', 'workflow', 'wf.add_one_wf', '-o', 'doturl'));
    const lines = urls.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    const prefix = 'https://dreampuf.github.io/GraphvizOnline/#';
    expect(lines.every((l) => l.startsWith(prefix))).toBe(true);
    expect(decodeURIComponent((lines[0] as string).slice(prefix.length))).toBe(`${graphs[0]?.trimEnd()}\n`);
  });
});

describe('errors', () => {
  test.each([
    [
      ['get', 'task', 'wf.add_one', '--version', 'v9'],
      /^Error: task "wf\.add_one" version "v9" not found in default\/development; its newest versions? (is|are) "/,
    ],
    [
      ['get', 'workflow', 'wf.nope', '--latest'],
      /^Error: workflow "wf\.nope" not found in default\/development[;,] /,
    ],
    [
      ['get', 'execution', 'no-such-run'],
      /^Error: execution "no-such-run" not found in default\/development\b/,
    ],
  ])('a missing item exits 1: %j', async (args, message) => {
    const result = await orchctl(scoped(...args));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(message);
    expect(result.out).toBe('');
  });

  test('a missing project exits 1', async () => {
    const result = await orchctl(['get', 'project', 'nope', ...admin]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Error: project nope not found\n/);
  });

  test.each([
    [['get', 'task', '-p', 'default', '-d', 'development', '-o', 'dot'], /DOT applies only to workflows/],
    [['get', 'project', '-o', 'doturl'], /DOTURL applies only to workflows/],
    [['get', 'task', '-p', 'p', '-d', 'd', '--version', 'v1'], /--version: needs a name/],
    [
      ['get', 'task', 'x', '-p', 'p', '-d', 'd', '--version', 'v1', '--latest'],
      /either --version or --latest/,
    ],
    [
      ['get', 'task', '-p', 'p', '-d', 'd', '--filter.fieldSelector', 'name=a,version'],
      /--filter\.fieldSelector: term "version"/,
    ],
    [
      ['get', 'task', '-p', 'p', '-d', 'd', '--filter.fieldSelector', 'name=a=b'],
      /term "name=a=b": unescaped "="/,
    ],
    [
      ['get', 'task', '-p', 'p', '-d', 'd', '--filter.limit', '0'],
      /--filter\.limit: expected a whole number/,
    ],
    [
      ['get', 'task', '-p', 'p', '-d', 'd', '--filter.page', 'two'],
      /--filter\.page: expected a whole number/,
    ],
    [['get', 'execution', '-p', 'p', '-d', 'd', '--all', '--filter.page', '2'], /--all/],
  ])('usage errors exit 2 before any call: %j', async (args, message) => {
    const result = await orchctl([...args, ...admin]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.out).toBe('');
  });

  test('no admin endpoint is a usage error naming the flag', async () => {
    const result = await orchctl(['get', 'project']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--admin\.endpoint/);
  });
});

describe('orchctl version', () => {
  test('prints the client version and the server version', async () => {
    const result = await orchctl(['version', ...admin]);
    expect(result.code).toBe(0);
    expect(result.out).toBe(`Client: orchctl 0.1.0\nServer: 0.1.0 at ${server.addresses.grpcEndpoint}\n`);
  });

  test('-o json', async () => {
    const result = await orchctl(['version', '-o', 'json', ...admin]);
    expect(JSON.parse(result.out)).toEqual({
      client: { name: 'orchctl', version: '0.1.0' },
      server: {
        reachable: true,
        endpoint: server.addresses.grpcEndpoint,
        version: '0.1.0',
        build: '',
        build_time: '',
      },
    });
  });

  test('an unreachable or unconfigured admin still prints the client version and exits 0', async () => {
    const down = await orchctl(['version', '--admin.endpoint', 'localhost:1', '--admin.insecure']);
    expect(down.code).toBe(0);
    expect(down.out).toMatch(/^Client: orchctl 0\.1\.0\nServer: not reachable \(.*localhost:1.*\)\n$/);
    const none = await orchctl(['version', '-o', 'json']);
    expect(none.code).toBe(0);
    expect(JSON.parse(none.out).server).toMatchObject({ reachable: false });
  });

  test('ORCH_API_KEY alone names the admin, as for every other orchctl command', async () => {
    const { key } = await mintApiKey(server, 'version-key', 'VIEWER');
    const result = await orchctl(['version'], { ORCH_API_KEY: key });
    expect(result.out).toBe(`Client: orchctl 0.1.0\nServer: 0.1.0 at ${server.addresses.grpcEndpoint}\n`);
    const damaged = await orchctl(['version'], { ORCH_API_KEY: 'not-a-key' });
    expect(damaged.code).toBe(0);
    expect(damaged.out).toMatch(/Server: not reachable \(ORCH_API_KEY: an API key starts with "orch_ak_"/);
  });

  test('-o dot is a usage error', async () => {
    expect((await orchctl(['version', '-o', 'dot', ...admin])).code).toBe(2);
  });
});
