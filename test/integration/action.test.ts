import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { setupServer } from 'msw/node';
import { main } from '../../src/action/main.js';
import { runOrch } from '../../src/cli/program.js';
import { parseApiKey } from '../../src/client/auth/api-key.js';
import {
  displayed,
  inputEnv,
  parseOutputs,
  pullRequestFromFork,
  pullRequestOpened,
  writeEvent,
} from '../helpers/action-env.js';
import { FakeGithub } from '../helpers/github-api.js';
import { captureIO } from '../helpers/io.js';
import { freePort, mintApiKey, startTestServer, type TestServer } from '../helpers/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const API = 'https://api.github.test';
// An API key for an admin that lets local callers in: no token is ever asked for.
// A real API key of the test admin, made in beforeAll.
let API_KEY_SECRET = '';
let API_KEY = '';
const MARKER = '<!-- orch:run project=default domain=development launch-plan=wf.add_one_wf -->';

describe('the Action in-process against a real admin server, with GitHub mocked by msw', () => {
  let server: TestServer;
  let dir: string;
  let summaryFile: string;
  const github = new FakeGithub(2);
  const msw = setupServer(...github.handlers);
  let stdout = '';
  let setVars: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    ({ key: API_KEY, clientSecret: API_KEY_SECRET } = await mintApiKey(server, 'action-key'));
    dir = await mkdtemp(join(tmpdir(), 'orch-action-'));
    // @actions/core keeps the first summary path it sees: one file for the suite, emptied per run.
    summaryFile = join(dir, 'summary.md');
    await writeFile(summaryFile, '');
    msw.listen({ onUnhandledRequest: 'bypass' });
  });
  afterAll(async () => {
    msw.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    stdout = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    for (const name of setVars) delete process.env[name];
    setVars = [];
    process.exitCode = 0;
  });

  /** Runs the Action once with `inputs` and `env`; resolves to what it wrote. */
  async function act(inputs: Record<string, string>, env: Record<string, string> = {}) {
    const outputFile = join(dir, `output-${Date.now()}-${Math.random()}`);
    await writeFile(outputFile, '');
    await writeFile(summaryFile, '');
    const vars: Record<string, string> = {
      ...inputEnv({ endpoint: server.addresses.grpcEndpoint, insecure: 'true', ...inputs }),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_WORKSPACE: ROOT,
      GITHUB_API_URL: API,
      GITHUB_SHA: '0000000000000000000000000000000000000001',
      GITHUB_EVENT_NAME: 'push',
      ...env,
    };
    for (const name of setVars) delete process.env[name];
    setVars = [];
    stdout = '';
    for (const [name, value] of Object.entries(vars)) {
      process.env[name] = value;
      setVars.push(name);
    }
    process.exitCode = 0;
    await main({ fetch: globalThis.fetch });
    const failed = process.exitCode === 1;
    return {
      failed,
      stdout,
      outputs: parseOutputs(await readFile(outputFile, 'utf8')),
      summary: await readFile(summaryFile, 'utf8'),
    };
  }

  const prEnv = async (payload: unknown, name: string) => ({
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: await writeEvent(dir, name, payload),
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    'INPUT_GITHUB-TOKEN': 'ghs_faketoken0123456789',
  });

  let version = '';

  test('register prints the CLI lines, sets version and entities, and writes a summary table', async () => {
    const result = await act({ command: 'register', files: 'examples/add-one/*.yaml' });
    expect(result.failed).toBe(false);
    expect(result.stdout).toMatch(/^Computed version is [A-Za-z0-9_-]{22}$/m);
    expect(result.stdout).toContain('[✔] Task: wf.add_one');
    expect(result.stdout).toContain('[✔] Workflow: wf.add_one_wf');
    expect(result.stdout).toContain('[✔] Launch Plan: wf.add_one_wf');
    expect(result.stdout).toContain('Successfully registered 3 entities');
    version = result.outputs.version ?? '';
    expect(version).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const entities = JSON.parse(result.outputs.entities ?? '[]') as { type: string; status: string }[];
    expect(entities.map((e) => [e.type, e.status])).toEqual([
      ['Task', 'registered'],
      ['Workflow', 'registered'],
      ['Launch Plan', 'registered'],
    ]);
    expect(result.summary).toContain('| Entity | Type | Version | Status | Console |');
    expect(result.summary).toContain(`| \`wf.add_one\` | Task | \`${version}\` | registered | [project](`);
    expect(result.summary).toMatch(/\]\(http:\/\/[^)]+\/console\/projects\/default\)/);
  });

  test('a register that finds everything registered says so; entities is what orch register -o json gives', async () => {
    const again = await act({ command: 'register', files: 'examples/add-one/*.yaml' });
    expect(again.failed).toBe(false);
    expect(again.stdout).toContain('[✔] Task: wf.add_one (already registered)');
    expect(again.stdout).toContain('All 3 entities were already registered');
    expect(again.stdout).not.toContain('Successfully registered');
    expect(again.summary).toContain('All 3 entities were already registered.');
    const home = await mkdtemp(join(dir, 'home-'));
    const io = captureIO({ home });
    const code = await runOrch(
      [
        'register',
        join(ROOT, 'examples/add-one/wf.yaml'),
        '-o',
        'json',
        '--orch.connection.host',
        server.addresses.grpcEndpoint,
        '--orch.connection.insecure',
      ],
      io,
    );
    expect(code).toBe(0);
    const cli = JSON.parse(io.out()) as { version: string; entities: unknown[] };
    expect(cli.version).toBe(again.outputs.version);
    expect(JSON.parse(again.outputs.entities ?? '')).toEqual(cli.entities);
    expect(cli.entities[0]).toEqual({
      type: 'Task',
      id: {
        resourceType: 'TASK',
        project: 'default',
        domain: 'development',
        name: 'wf.add_one',
        version: again.outputs.version,
        org: '',
      },
      status: 'already registered',
    });

    // A mix: one new entity beside one registered already (one version for both, given; one folder,
    // so one code bundle).
    const mix = await mkdtemp(join(dir, 'mix-'));
    await writeFile(join(mix, 'first.yaml'), 'tasks:\n  t:\n    command: [node, -e, "0"]\n');
    await writeFile(join(mix, 'second.yaml'), 'tasks:\n  t:\n    command: [node, -e, "1"]\n');
    const first = await act({ command: 'register', files: join(mix, 'first.yaml'), version: 'mixed-1' });
    expect(first.stdout).toContain('Successfully registered 1 entity');
    const mixed = await act({
      command: 'register',
      files: `${join(mix, 'first.yaml')},${join(mix, 'second.yaml')}`,
      version: 'mixed-1',
    });
    expect(mixed.stdout).not.toContain('::error');
    expect(mixed.failed).toBe(false);
    expect(mixed.stdout).toContain('[✔] Task: second.t\n');
    expect(mixed.stdout).toContain('Registered 1 new entity; 1 was already registered');
  });

  test('run on a pull request launches, waits, and creates one comment found through every page', async () => {
    for (let i = 0; i < 5; i++) github.seed(2, `an unrelated comment ${i}`);
    const payload = pullRequestOpened();
    const result = await act(
      { command: 'run', 'launch-plan': 'wf.add_one_wf', inputs: '{"x": 2}', wait: 'true' },
      await prEnv(payload, 'opened'),
    );
    expect(result.stdout).not.toContain('::error');
    expect(result.failed).toBe(false);
    const { outputs } = result;
    expect(outputs.phase).toBe('SUCCEEDED');
    expect(outputs['execution-name']).toMatch(/^[a-z][a-z0-9]{19}$/);
    expect(outputs['execution-url']).toMatch(
      new RegExp(`/console/projects/default/domains/development/executions/${outputs['execution-name']}$`),
    );
    const data = await server.client.getExecutionData({
      project: 'default',
      domain: 'development',
      name: outputs['execution-name'] ?? '',
    });
    expect(data.full_outputs?.literals?.o0?.scalar?.primitive?.integer).toBe('3');
    // The execution's outputs, as one JSON object and one output each.
    expect(outputs.outputs).toBe('{"o0":3}');
    expect(outputs['output-o0']).toBe('3');

    // Listed every page (5 comments, 2 a page), then created the comment once.
    expect(github.seen('GET').length).toBe(3);
    expect(github.seen('POST').length).toBe(1);
    const ours = github.comments.filter((c) => c.body.includes(MARKER));
    expect(ours.length).toBe(1);
    const body = ours[0]?.body ?? '';
    expect(outputs['comment-id']).toBe(String(ours[0]?.id));
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body).toContain(outputs['execution-url']);
    expect(body).toContain('**SUCCEEDED**');
    expect(body).toContain(`\`${version}\``);
    expect(body).toContain(payload.pull_request.head.sha);
    expect(result.summary).toContain(outputs['execution-url']);
  });

  test('a second run updates the same comment in place (PATCH, no second POST)', async () => {
    const before = github.comments.find((c) => c.body.includes(MARKER));
    github.requests = [];
    const result = await act(
      { command: 'run', 'launch-plan': 'wf.add_one_wf', version, inputs: '{"x": 5}', wait: 'true' },
      await prEnv(pullRequestOpened(), 'opened-again'),
    );
    expect(result.failed).toBe(false);
    expect(github.seen('POST')).toEqual([]);
    expect(github.seen('PATCH').map((r) => r.path)).toEqual([
      `/repos/Codertocat/Hello-World/issues/comments/${before?.id}`,
    ]);
    expect(result.outputs['comment-id']).toBe(String(before?.id));
    const ours = github.comments.filter((c) => c.body.includes(MARKER));
    expect(ours.length).toBe(1);
    expect(ours[0]?.body).toContain(result.outputs['execution-url']);
  });

  test('a pull request from a fork warns and reports in the job summary, without calling GitHub', async () => {
    github.requests = [];
    const result = await act(
      { command: 'run', 'launch-plan': 'wf.add_one_wf', inputs: '{"x": 1}' },
      await prEnv(pullRequestFromFork(), 'fork'),
    );
    expect(result.failed).toBe(false);
    expect(result.stdout).toMatch(/^::warning::pull request #2 comes from a fork \(forker\/Hello-World\)/m);
    expect(github.requests).toEqual([]);
    expect(result.outputs['comment-id']).toBeUndefined();
    expect(result.summary).toContain('### orch run of `wf.add_one_wf`');
    expect(result.summary).toContain(result.outputs['execution-url']);
  });

  test('a 403 from GitHub is a warning; the summary holds the report', async () => {
    github.forbidden = true;
    try {
      const result = await act(
        { command: 'run', 'launch-plan': 'wf.add_one_wf', inputs: '{"x": 1}', comment: 'true' },
        await prEnv(pullRequestOpened(), 'forbidden'),
      );
      expect(result.failed).toBe(false);
      expect(result.stdout).toMatch(/^::warning::GitHub refused to write the comment .*403/m);
      expect(result.summary).toContain(result.outputs['execution-url']);
    } finally {
      github.forbidden = false;
    }
  });

  test('a failed execution names the failing node and its error in the annotation, the summary and the comment', async () => {
    await writeFile(
      join(dir, 'boom.yaml'),
      [
        'tasks:',
        '  exit3:',
        '    command: [node, -e, "process.exit(3)"]',
        'workflows:',
        '  boom_wf:',
        '    nodes:',
        '      - { id: n0, task: exit3 }',
        '',
      ].join('\n'),
    );
    const registered = await act({ command: 'register', files: join(dir, 'boom.yaml') });
    expect(registered.failed).toBe(false);
    const result = await act(
      { command: 'run', 'launch-plan': 'boom.boom_wf', wait: 'true' },
      await prEnv(pullRequestOpened(), 'boom'),
    );
    expect(result.failed).toBe(true);
    const name = result.outputs['execution-name'] ?? '';
    const url = result.outputs['execution-url'] ?? '';
    expect(result.outputs.phase).toBe('FAILED');
    expect(result.outputs.outputs).toBeUndefined();
    expect(result.stdout).toContain(
      `::error::execution ${name} ended FAILED: node n0: task exited with code 3 (${url})`,
    );
    expect(result.summary).toContain('**Error:** `node n0: task exited with code 3`');
    const comment = github.comments.find((c) => c.body.includes('launch-plan=boom.boom_wf'));
    expect(comment?.body).toContain('**Error:** `node n0: task exited with code 3`');
    expect(comment?.body).toContain(url);
  });

  test('an invalid workflow file gives one ::error annotation per problem, with file, line and column', async () => {
    await writeFile(join(dir, 'bad.yaml'), 'tasks:\n  t:\n    command: [echo]\n    inputs: { x: integr }\n');
    const result = await act({ command: 'register', files: 'bad.yaml' }, { GITHUB_WORKSPACE: dir });
    expect(result.failed).toBe(true);
    expect(result.stdout).toMatch(/^::error title=invalid workflow file,file=bad\.yaml,line=4,col=\d+::/m);
    expect(result.stdout).toMatch(/^::error::\d+ problems? in workflow files; nothing was registered$/m);
    const tasks = await server.client.listTasks({
      id: { project: 'default', domain: 'development', name: 'bad.t' },
    });
    expect(tasks.tasks).toEqual([]);
  });

  test('every invalid input is reported at once; booleans are strict', async () => {
    const result = await act({
      command: 'run',
      wait: 'yes',
      inputs: '[1]',
      'wait-timeout': 'soon',
      endpoint: 'dns:///127.0.0.1:',
    });
    expect(result.failed).toBe(true);
    expect(result.stdout).toContain('5 inputs are invalid');
    for (const text of [
      'endpoint: "dns:///127.0.0.1:" is not a valid address (the port after ":" is empty)',
      'launch-plan: required by command "run"',
      'inputs: must be a JSON object',
      'wait-timeout: \\"soon\\" is not a duration'.replace(/\\/g, ''),
      'wait: "yes" is not a boolean',
    ]) {
      expect(result.stdout).toContain(text);
    }
  });

  test('inputs that do not fit the launch plan fail before launching, naming each problem', async () => {
    const result = await act({
      command: 'run',
      'launch-plan': 'wf.add_one_wf',
      inputs: '{"x": "two", "y": 1}',
    });
    expect(result.failed).toBe(true);
    expect(result.stdout).toMatch(/^::error::the inputs do not fit the launch plan: /m);
    expect(result.stdout).toContain('x: not an integer (expected integer)');
    expect(result.stdout).toContain('y: unknown input; known inputs are x');
    expect(result.outputs['execution-name']).toBeUndefined();
  });

  test('run with a launch plan name without its file prefix fails: not found, naming the one meant', async () => {
    const result = await act({ command: 'run', 'launch-plan': 'add_one_wf', inputs: '{"x": 1}' });
    expect(result.failed).toBe(true);
    expect(result.stdout).toContain(
      '::error::launch plan "add_one_wf" not found in default/development; did you mean "wf.add_one_wf"?',
    );
    expect(result.outputs['execution-name']).toBeUndefined();
    // A real name with a version it lacks names the version and the newest one.
    const pinned = await act({
      command: 'run',
      'launch-plan': 'wf.add_one_wf',
      version: 'nope',
      inputs: '{"x": 1}',
    });
    expect(pinned.failed).toBe(true);
    expect(pinned.stdout).toMatch(
      /^::error::launch plan "wf\.add_one_wf" version "nope" not found in default\/development; its newest version is "[A-Za-z0-9_-]{22}"$/m,
    );
  });

  test('create-secret masks the value first, creates the secret, and updates it on a re-run', async () => {
    const value = 'hunter2-secret-value';
    const inputs = {
      command: 'create-secret',
      'secret-name': 'WEBHOOK_API_KEY',
      'secret-value': value,
      'api-key': API_KEY,
    };
    const result = await act(inputs);
    expect(result.failed).toBe(false);
    expect(result.stdout.split('\n')[0]).toBe(`::add-mask::${value}`);
    expect(result.stdout).toContain('Created secret with name: WEBHOOK_API_KEY (every project and domain)');
    expect(displayed(result.stdout)).not.toContain(value);
    expect(displayed(result.stdout)).not.toContain(API_KEY);
    const stored = await server.client.getSecret({
      id: { name: 'WEBHOOK_API_KEY', org: '', project: '', domain: '' },
    });
    expect(stored.secret?.id?.name).toBe('WEBHOOK_API_KEY');
    expect(JSON.stringify(stored)).not.toContain(value);

    const again = await act({ ...inputs, 'secret-value': 'rotated-value-2', domain: 'production' });
    expect(again.stdout).toContain('Created secret with name: WEBHOOK_API_KEY (domain production)');
    const rerun = await act({ ...inputs, 'secret-value': 'rotated-value-3' });
    expect(rerun.failed).toBe(false);
    expect(rerun.stdout).toContain('Updated secret with name: WEBHOOK_API_KEY (every project and domain)');

    const missing = await act({ command: 'create-secret', 'secret-name': '1bad' });
    expect(missing.stdout).toContain('secret-name: "1bad" is not a valid name');
    expect(missing.stdout).toContain('secret-value: required by command "create-secret"');
    const projectOnly = await act({ ...inputs, project: 'default' });
    expect(projectOnly.stdout).toContain('project: a project-scoped secret needs the domain input too');
  });

  test('create-api-key sets the new key as a masked output that authenticates; deploy-app deploys and checks its inputs', async () => {
    const result = await act({ command: 'create-api-key', 'key-name': 'ci-key', 'key-role': 'contributor' });
    expect(result.failed).toBe(false);
    const key = result.outputs['api-key'] ?? '';
    expect(key).toMatch(/^orch_ak_/);
    expect(result.stdout.indexOf(`::add-mask::${key}`)).toBeGreaterThanOrEqual(0);
    expect(displayed(result.stdout)).not.toContain(key);
    expect(result.outputs['client-id']).toBe('ci-key');
    const parts = parseApiKey(key);
    expect(parts).toMatchObject({
      endpoint: server.addresses.grpcEndpoint,
      insecure: true,
      clientId: 'ci-key',
    });
    expect(displayed(result.stdout)).not.toContain(parts.clientSecret);
    const token = await fetch(`${server.addresses.httpEndpoint}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${parts.clientId}:${parts.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    const twice = await act({ command: 'create-api-key', 'key-name': 'ci-key' });
    expect(twice.failed).toBe(true);
    expect(twice.stdout).toContain('an API key named ci-key already exists');
    const badRole = await act({ command: 'create-api-key', 'key-name': 'x', 'key-role': 'root' });
    expect(badRole.stdout).toContain('key-role: "root" is not a role');

    const port = await freePort();
    const appFile = join(dir, 'app.yaml');
    await writeFile(
      appFile,
      [
        'apps:',
        '  hello:',
        '    container_image: { name: hello }',
        `    port: ${port}`,
        `    args: node -e "require('http').createServer((q, r) => r.end('hi')).listen(${port})"`,
        '    requires_auth: false',
        '',
      ].join('\n'),
    );
    const deployed = await act({ command: 'deploy-app', 'app-file': appFile, 'app-name': 'hello' });
    expect(deployed.failed).toBe(false);
    expect(deployed.stdout).toContain('::group::Deploying app hello of');
    expect(deployed.stdout).toMatch(
      /::group::[\s\S]*\[Status\] Pending: App is pending deployment[\s\S]*::endgroup::/,
    );
    expect(deployed.stdout).toContain('[Status] Started: Service is ready');
    expect(deployed.outputs['app-endpoint']).toMatch(/^http:\/\/hello\.apps\.localhost:\d+$/);
    await server.client.stopApp({
      id: { name: 'hello', project: 'default', domain: 'development', org: '' },
    });
    const unknown = await act({ command: 'deploy-app', 'app-file': appFile, 'app-name': 'nope' });
    expect(unknown.failed).toBe(true);
    expect(unknown.stdout).toContain('defines no app "nope"; its apps are: hello');

    const app = await act({ command: 'deploy-app', 'app-file': 'no/such/app.yaml' });
    expect(app.stdout).toContain('app-file: no/such/app.yaml does not exist');
    expect(app.stdout).toContain('app-name: required by command "deploy-app"');
  });

  test('api-key is an API key: the client secret inside is masked too; a damaged key is an input problem', async () => {
    const result = await act({ command: 'register', files: 'examples/add-one/wf.yaml', 'api-key': API_KEY });
    expect(result.failed).toBe(false);
    expect(result.stdout).toContain(`::add-mask::${API_KEY}`);
    expect(result.stdout).toContain(`::add-mask::${API_KEY_SECRET}`);
    expect(displayed(result.stdout)).not.toContain(API_KEY_SECRET);

    const damaged = await act({
      command: 'register',
      files: 'examples/add-one/wf.yaml',
      'api-key': 'not-a-key-987',
    });
    expect(damaged.failed).toBe(true);
    expect(damaged.stdout).toContain('api-key: an API key starts with "orch_ak_"');
    expect(displayed(damaged.stdout)).not.toContain('not-a-key-987');
  });
});
